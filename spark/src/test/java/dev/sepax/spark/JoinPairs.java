package dev.sepax.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/** The join tests' view of a result: its rows as {@code "left,right"} strings, and the check that they are a set's pairs, each once. */
final class JoinPairs {
    private JoinPairs() {}

    /** The join's rows as "left,right" strings, duplicates kept. */
    static List<String> pairs(Dataset<Row> result) {
        List<String> out = new ArrayList<>();
        for (Row r : result.collectAsList()) {
            out.add(r.get(0) + "," + r.get(1));
        }
        return out;
    }

    /** {@code actual} holds every pair of {@code expected} exactly once and nothing else. */
    static void assertSameOnce(Set<String> expected, List<String> actual, String what) {
        Set<String> distinct = new TreeSet<>(actual);
        assertEquals(actual.size(), distinct.size(), what + ": a pair reported twice");
        Set<String> missing = new TreeSet<>(expected);
        missing.removeAll(distinct);
        Set<String> extra = new TreeSet<>(distinct);
        extra.removeAll(expected);
        assertEquals(Set.of(), missing, what + ": missing pairs");
        assertEquals(Set.of(), extra, what + ": extra pairs");
    }
}
