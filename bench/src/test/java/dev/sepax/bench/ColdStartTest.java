package dev.sepax.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code ./sepax coldstart}: its options, and the child's report of one cold JVM. */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class ColdStartTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void helpAndBadOptions() {
        assertEquals(0, run("coldstart", "--help"));
        assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("Usage: ./sepax coldstart"));
        assertEquals(2, run("coldstart", "--kernel", "manifold"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("--kernel manifold: expected overlap, penetration or sweep"));
        assertEquals(2, run("coldstart", "--runs", "0"));
    }

    @Test
    void theChildReportsItsFirstBatchFirstTenAndFirstSecond() {
        PrintStream saved = System.out;
        ByteArrayOutputStream child = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(child, true, StandardCharsets.UTF_8));
            ColdStart.Child.main(new String[] {"penetration", "4", "1"});
        } finally {
            System.setOut(saved);
        }
        String[] f = child.toString(StandardCharsets.UTF_8).trim().split(" ");
        assertEquals(3, f.length);
        long first = Long.parseLong(f[0]);
        long ten = Long.parseLong(f[1]);
        long pairs = Long.parseLong(f[2]);
        assertTrue(first > 0 && ten >= first, first + " " + ten);
        assertTrue(pairs % 32_768 == 0 && pairs >= 32_768 || ten > 1_000_000_000L, "pairs=" + pairs);
    }
}
