package dev.sepax.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code ./sepax check --exact}: the exact kernel answers, touching included. */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class CheckExactTest {
    @Test
    void exactCheckReportsTouchingPairsWithTheExactKernel(@TempDir Path dir) throws Exception {
        Path shapes = dir.resolve("shapes.csv");
        // b touches a at the single point (2, 2); c touches b along part of an edge (x = 4); d, one
        // float ulp right of x = 4, touches nothing.
        Files.writeString(shapes, """
                a,0,0,2,0,2,2,0,2
                b,2,2,4,2,4,4,2,4
                c,4,3,6,3,6,5
                d,4.0000005,0,5,0,5,1
                """);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(new String[] {"check", "--shapes", shapes.toString(), "--exact"},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        String e = err.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, e);
        assertEquals(java.util.Set.of("a,b", "b,c"),
                java.util.Set.copyOf(out.toString(StandardCharsets.UTF_8).lines().skip(1).toList()));
        assertTrue(e.contains("kernel simd-exact") || e.contains("kernel scalar-exact"), e);
    }

    @Test
    void exactWithTheTextbookKernelIsAUsageError(@TempDir Path dir) throws Exception {
        Path shapes = dir.resolve("shapes.csv");
        Files.writeString(shapes, "a,0,0,2,0,2,2\n");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(new String[] {"check", "--shapes", shapes.toString(), "--exact", "--kernel", "textbook"},
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(2, code);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("--exact"), err.toString(StandardCharsets.UTF_8));
    }
}
