package dev.sepax;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.narrow.SatKernel;
import dev.sepax.shape.ConvexPolygons;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The README's API example, compiled and run by the build; the README must quote it verbatim. */
class ReadmeExampleTest {
    @Test
    void readmeExampleRunsAndIsQuotedVerbatim() throws Exception {
        // README-EXAMPLE-BEGIN
        ConvexPolygons shapes = ConvexPolygons.of(
                new float[] {0, 0, 2, 0, 2, 2, 0, 2},      // square, CCW
                new float[] {1, 1, 1, 3, 3, 3},            // triangle, CW: stored CCW
                new float[] {5, 5, 6, 5, 6, 6});           // far away
        PairBatch pairs = PairBatch.of(new int[] {0, 0}, new int[] {1, 2}, shapes);
        OverlapBits hits = new OverlapBits(pairs.size());  // caller-owned, reusable
        SatKernel kernel = Sepax.overlap();                 // SIMD when available, else scalar
        int n = kernel.test(shapes, pairs, 0f, hits);      // tolerance 0: touching intersects
        // n == 1, hits.get(0) == true, hits.get(1) == false
        // README-EXAMPLE-END
        assertEquals(1, n);
        assertTrue(hits.get(0));
        assertFalse(hits.get(1));

        Path src = Path.of("src/test/java/dev/sepax/ReadmeExampleTest.java");
        String code = Files.readString(src);
        String body = code.substring(code.indexOf("// README-EXAMPLE-BEGIN\n") + 24, code.indexOf("        // README-EXAMPLE-END"));
        String readme = Files.readString(Path.of("../README.md"));
        assertTrue(readme.contains(body.stripTrailing().stripIndent()),
                "README.md must quote the example in ReadmeExampleTest verbatim");
    }
}
