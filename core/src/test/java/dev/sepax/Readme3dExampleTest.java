package dev.sepax;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.solid.ConvexPolyhedra;
import dev.sepax.solid.HullPenetrations;
import dev.sepax.solid.SolidPoses;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The README's 3D example, compiled and run by the build; the README must quote it verbatim. */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class Readme3dExampleTest {
    @Test
    void readme3dExampleRunsAndIsQuotedVerbatim() throws Exception {
        // README-3D-EXAMPLE-BEGIN
        ConvexPolyhedra.Builder b = new ConvexPolyhedra.Builder();
        b.addBox(0, 0, 0, 1, 1, 1);                                        // cube, half-size 1
        b.addHull(new float[] {0, 0, 1, 2, 0, 2, 0, 2, 2, 0, 0, 3});       // tetrahedron on its top
        b.addBox(5, 0, 0, 1, 1, 1);                                        // far away
        ConvexPolyhedra local = b.build(), world = local.worldCopy();      // quickhull, validated
        new SolidPoses(local.size()).transform(local, world);              // poses: one bulk pass
        PairBatch pairs = PairBatch.of(new int[] {0, 0}, new int[] {1, 2}, world.size());
        OverlapBits hits = new OverlapBits(pairs.size());                  // caller-owned, reusable
        int n = Sepax.hullOverlap().test(world, pairs, 0f, hits);          // SIMD when available
        // n == 1, hits.get(0) == true (vertex on face: touching), hits.get(1) == false
        HullPenetrations mtv = new HullPenetrations(pairs.size());        // depth, normal, features
        Sepax.hullPenetration().penetrations(world, pairs, mtv);
        // mtv.depth(0) == 0 along normal (0, 0, 1), mtv.depth(1) == -3 (apart) along (1, 0, 0)
        // README-3D-EXAMPLE-END
        assertEquals(1, n);
        assertTrue(hits.get(0));
        assertFalse(hits.get(1));
        assertEquals(0f, mtv.depth(0));
        assertEquals(1f, mtv.normalZ(0));
        assertEquals(-3f, mtv.depth(1));
        assertEquals(1f, mtv.normalX(1));
        assertTrue(HullPenetrations.faceOfA(mtv.axis(0)) >= 0, "a face of the cube");

        String code = Files.readString(Path.of("src/test/java/dev/sepax/Readme3dExampleTest.java"));
        String begin = "// README-3D-EXAMPLE-BEGIN\n";
        String body = code.substring(code.indexOf(begin) + begin.length(), code.indexOf("        // README-3D-EXAMPLE-END"));
        StringBuilder unindented = new StringBuilder();
        for (String line : body.split("\n")) {
            unindented.append(line.startsWith("        ") ? line.substring(8) : line).append('\n');
        }
        String readme = Files.readString(Path.of("../README.md"));
        assertTrue(readme.contains("```java\n" + unindented + "```"), "README quotes the 3D example verbatim");
    }
}
