package dev.sepax.solid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.testing.SolidFixtures;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Large clouds: they build (the class timeout is the only time bound) or are refused by the
 * documented size limits, {@link QuickHull#MAX_POINTS} points and
 * {@link ConvexPolyhedra#MAX_FEATURES} vertices, faces or edges, naming the shape and the counts.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class HullSizeLimitsTest {
    private static void assertMessage(org.junit.jupiter.api.function.Executable call, String prefix, String part) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        assertTrue(e.getMessage().startsWith(prefix) && e.getMessage().contains(part), e.getMessage());
    }

    /**
     * 5000 points on a sphere: every point a vertex, about 15 000 edges. The edge twins used to
     * take a V * V table (100 MB here, gigabytes at MAX_FEATURES), the quickhull rescanned every
     * triangle at every step.
     */
    @Test
    void aLargeHullBuilds() {
        ConvexPolyhedra s = ConvexPolyhedra.of(SolidFixtures.sphere(5000, 1));
        int v = s.vertexCount(0);
        assertTrue(v > 4900, "vertices " + v);
        assertEquals(2, v - s.edgeCount(0) + s.faceCount(0), "Euler");
        // Every edge runs v0 -> v1 in f0 and back in f1.
        for (int e = 0; e < s.edgeCount(0); e += 97) {
            int[] ed = s.edge(0, e);
            assertTrue(runs(s.faceVertices(0, ed[2]), ed[0], ed[1]), "edge " + e);
            assertTrue(runs(s.faceVertices(0, ed[3]), ed[1], ed[0]), "edge " + e);
        }
    }

    private static boolean runs(int[] loop, int u, int v) {
        for (int k = 0; k < loop.length; k++) {
            if (loop[k] == u && loop[(k + 1) % loop.length] == v) {
                return true;
            }
        }
        return false;
    }

    /** 20 000 points on a sphere give about 60 000 edges: refused, with the counts, before validation. */
    @Test
    void aHullBeyondTheFeatureLimitIsRejectedWithItsCounts() {
        ConvexPolyhedra.Builder b = new ConvexPolyhedra.Builder();
        b.addBox(0, 0, 0, 1, 1, 1);
        assertMessage(() -> b.addHull(SolidFixtures.sphere(20_000, 2)), "shape=1: the hull has ", " edges: at most "
                + ConvexPolyhedra.MAX_FEATURES + " of each");
    }

    /** The most points a cloud may hold, in a cube, most of them inside: builds; one more point is refused. */
    @Test
    void theLargestCloudBuildsAndOneMorePointIsRefused() {
        int max = QuickHull.MAX_POINTS;
        SplittableRandom r = new SplittableRandom(6);
        float[] cube = new float[3 * (max + 1)];
        for (int i = 0; i < cube.length; i++) {
            cube[i] = (float) r.nextDouble(-1, 1);
        }
        ConvexPolyhedra.Builder b = new ConvexPolyhedra.Builder();
        assertEquals(0, b.addHull(cube, 0, max));
        ConvexPolyhedra s = b.build();
        assertEquals(2, s.vertexCount(0) - s.edgeCount(0) + s.faceCount(0), "Euler");
        assertMessage(() -> b.addHull(cube), "shape=1: ", (max + 1) + " points: at most " + max + " per hull");
    }
}
