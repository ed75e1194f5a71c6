package dev.sepax.spark;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.spark.SparkContext;
import org.apache.spark.util.LongAccumulator;

/**
 * How many rows of each dataset the joins given this object left out under
 * {@link BadRows#SKIP}: pass it to {@link SepaxSpatialJoin#join(PolygonSource, PolygonSource, SkippedRows)}
 * or {@link SepaxSpatialJoin#broadcastJoin(PolygonSource, PolygonSource, SkippedRows)}, run an
 * action on the result, then read {@link #count}. {@link SepaxSpatialJoin#rejects} lists the rows
 * themselves with their reasons.
 *
 * <h2>When a row is counted</h2>
 * The counts are Spark {@link LongAccumulator}s (named {@code sepax skipped rows: dataset=NAME},
 * so the Spark UI shows them too) that the join's tasks add to; every skipped row is counted
 * once each time the join's result is computed. So read them after one action: a second action
 * on a result that is not cached computes it, and counts its skipped rows, again, and Spark may
 * count a retried task's rows again (its rule for accumulators outside actions). The broadcast
 * side of {@link SepaxSpatialJoin#broadcastJoin} is the exception: it is read once, by that call,
 * and its skipped rows are counted then. Under {@link BadRows#FAIL} the counts stay 0.
 *
 * <p>Used on the driver; thread-safe. Joins of datasets of the same name add to the same count.
 */
public final class SkippedRows {
    private final Map<String, LongAccumulator> counts = new LinkedHashMap<>();

    /** Counts of 0, for no dataset yet. */
    public SkippedRows() {}

    /**
     * The count of {@code dataset}, registered with {@code sc} on its first join (or again, with
     * the count so far, if the context it was registered with has gone).
     */
    synchronized LongAccumulator accumulator(SparkContext sc, String dataset) {
        LongAccumulator a = counts.get(dataset);
        if (a == null || !a.isRegistered()) {
            LongAccumulator fresh = sc.longAccumulator("sepax skipped rows: dataset=" + dataset);
            if (a != null) {
                fresh.add(a.value());
            }
            counts.put(dataset, fresh);
            a = fresh;
        }
        return a;
    }

    /**
     * The rows of {@code dataset} skipped so far (see the class comment for when they are counted).
     *
     * @throws IllegalArgumentException if no join given this object has read a dataset of that name
     */
    public synchronized long count(String dataset) {
        LongAccumulator a = counts.get(dataset);
        if (a == null) {
            throw new IllegalArgumentException("dataset=" + dataset + ": no join given these counts has read it (datasets: "
                    + counts.keySet() + ")");
        }
        return a.value();
    }

    /** Every dataset's count, in the order the joins met them. */
    public synchronized Map<String, Long> counts() {
        Map<String, Long> out = new LinkedHashMap<>();
        counts.forEach((name, a) -> out.put(name, a.value()));
        return out;
    }

    @Override
    public String toString() {
        return "SkippedRows" + counts();
    }
}
