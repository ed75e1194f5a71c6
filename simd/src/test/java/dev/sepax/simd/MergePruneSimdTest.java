package dev.sepax.simd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.narrow.ScalarPenetration;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.testing.FindFixtures;
import dev.sepax.testing.PropertyTimeout;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The MTV's group bounds in the merge class: the SIMD kernel with groups skipped by their bounds
 * (and the group of the largest bound taken first) gives the same bits as with every group
 * evaluated in index order, and both give the scalar reference's bits: near-touching pairs
 * (exactly antiparallel edges included), random pairs from deep overlap to far apart, and
 * mirror-symmetric polygons whose mirrored edges tie exactly, across groups and across A and B.
 */
@Timeout(300)
@AddLifecycleHook(PropertyTimeout.class)
class MergePruneSimdTest {

    private static void assertSameBits(ConvexPolygons s, int a, int b, String where) {
        long expected = ScalarPenetration.mergeEdges(s, a, b);
        long unpruned = VectorPenetration.mergePair(s, a, b, false);
        long pruned = VectorPenetration.mergePair(s, a, b, true);
        assertEquals(expected, unpruned, () -> where + ": unpruned " + describe(unpruned) + " vs scalar "
                + describe(expected));
        assertEquals(expected, pruned, () -> where + ": pruned " + describe(pruned) + " vs scalar "
                + describe(expected));
    }

    private static String describe(long r) {
        return Float.intBitsToFloat((int) (r >>> 32)) + " axis " + (int) r;
    }

    private static void bothOrders(ConvexPolygons s, String where) {
        assertSameBits(s, 0, 1, where);
        assertSameBits(s, 1, 0, where + " swapped");
    }

    @Property(tries = 400)
    void nearTouchingPairsPrunedEqualUnpruned(@ForAll long seed, @ForAll boolean mirrored) {
        bothOrders(FindFixtures.nearTouching(new SplittableRandom(seed), mirrored), "near touching " + seed);
    }

    @Property(tries = 300)
    void randomPairsPrunedEqualUnpruned(@ForAll long seed, @ForAll @IntRange(min = 33, max = 120) int ka,
                                        @ForAll @IntRange(min = 3, max = 120) int kb) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double ra = rnd.nextDouble(1, 3);
        double rb = rnd.nextDouble(1, 3);
        // Centre distance from deep overlap to well apart.
        double dist = rnd.nextDouble(0, 2.5) * (ra + rb);
        double ang = rnd.nextDouble(2 * Math.PI);
        double ox = rnd.nextDouble(-10, 10);
        double oy = rnd.nextDouble(-10, 10);
        ConvexPolygons s = ConvexPolygons.of(FindFixtures.convex(rnd, ka, ox, oy, ra),
                FindFixtures.convex(rnd, kb, ox + dist * Math.cos(ang), oy + dist * Math.sin(ang), rb));
        bothOrders(s, "random " + seed);
    }

    /**
     * A polygon of {@code k} (even) vertices on a circle of radius {@code r} round
     * {@code (cx, cy)}, vertex 0 at the top, exactly mirror-symmetric about the vertical line
     * through the centre: mirrored edges have bit-identical separations against a shape that is
     * mirror-symmetric about the same line.
     */
    private static float[] symmetric(int k, double r, float cx, float cy) {
        float[] xy = new float[2 * k];
        for (int i = 0; i <= k / 2; i++) {
            double t = Math.PI / 2 + 2 * Math.PI * i / k;
            float dx = i == 0 || 2 * i == k ? 0f : (float) (r * Math.cos(t));
            float y = cy + (float) (r * Math.sin(t));
            xy[2 * i] = cx + dx;
            xy[2 * i + 1] = y;
            if (i > 0 && 2 * i < k) {
                xy[2 * (k - i)] = cx - dx;
                xy[2 * (k - i) + 1] = y;
            }
        }
        return xy;
    }

    /**
     * Exact ties: B straight above or below A, both mirror-symmetric about one vertical line, so
     * the best separation is held by a mirrored pair of edges (with the vertex at the top, the
     * two edges beside it, which fall in different groups at k = 32 j), and with B a copy of A
     * also by a pair of A's and B's edges. The first axis of the maximum must win however the
     * groups are ordered or skipped.
     */
    @Test
    void exactTiesAcrossGroupsAndShapesKeepTheFirstAxis() {
        int[] sizes = {34, 48, 64, 96, 128, 200};
        int cases = 0;
        for (int ka : sizes) {
            for (int kb : new int[] {4, 34, 64, 130}) {
                for (double gap : new double[] {-0.3, -1e-4, 0, 1e-5, 0.2, 3}) {
                    for (int below = 0; below < 2; below++) {
                        float cx = 12.5f;
                        float[] a = symmetric(ka, 1.0, cx, 7f);
                        // B's lowest (highest) point at A's highest (lowest) plus the gap.
                        float dy = (float) ((below == 0 ? 1 : -1) * (1.0 + 0.8 + gap));
                        float[] b = symmetric(kb, 0.8, cx, 7f + dy);
                        ConvexPolygons s = ConvexPolygons.of(a, b);
                        bothOrders(s, "ties ka=" + ka + " kb=" + kb + " gap=" + gap + " below=" + below);
                        float[] copy = symmetric(ka, 1.0, cx, 7f + (float) (2.0 + gap));
                        bothOrders(ConvexPolygons.of(a, copy), "copy ka=" + ka + " gap=" + gap);
                        cases += 2;
                    }
                }
            }
        }
        assertTrue(cases > 500, "cases " + cases);
    }
}
