package dev.sepax.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The duplicate rule without Spark: for random boxes on a coarse grid (so that box edges lie
 * on cuts often) and any leaf count, every pair of meeting boxes has its reference point in
 * exactly one leaf, and both boxes were sent to that leaf.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class KdbPartitioningTest {
    @Test
    void everyMeetingPairHasOneLeafHoldingBothBoxes() {
        SplittableRandom r = new SplittableRandom(42);
        for (int n : new int[] {1, 2, 3, 7, 64, 100}) {
            int boxes = 300;
            float[][] b = new float[boxes][];
            float[] xs = new float[boxes];
            float[] ys = new float[boxes];
            double[] ws = new double[boxes];
            for (int i = 0; i < boxes; i++) {
                float x = r.nextInt(40);
                float y = r.nextInt(40);
                b[i] = new float[] {x, y, x + 1 + r.nextInt(4), y + 1 + r.nextInt(4)};
                xs[i] = (b[i][0] + b[i][2]) / 2;
                ys[i] = (b[i][1] + b[i][3]) / 2;
                ws[i] = 1 + r.nextInt(3);
            }
            KdbPartitioning k = KdbPartitioning.build(n, xs, ys, ws);
            assertEquals(n, k.leaves());
            int[] la = new int[n];
            int[] lb = new int[n];
            int pairs = 0;
            for (int i = 0; i < boxes; i++) {
                for (int j = 0; j < boxes; j++) {
                    float[] p = b[i];
                    float[] q = b[j];
                    if (p[0] > q[2] || q[0] > p[2] || p[1] > q[3] || q[1] > p[3]) {
                        continue;
                    }
                    pairs++;
                    int leaf = k.leafOf(Math.max(p[0], q[0]), Math.max(p[1], q[1]));
                    assertTrue(contains(la, k.leavesOf(p[0], p[1], p[2], p[3], la), leaf), "box " + i + " in leaf " + leaf);
                    assertTrue(contains(lb, k.leavesOf(q[0], q[1], q[2], q[3], lb), leaf), "box " + j + " in leaf " + leaf);
                }
            }
            assertTrue(pairs > boxes, "pairs " + pairs);
        }
    }

    /**
     * One sample point and 8 leaves: most nodes get no sample. Two boxes away from the point meet
     * at (0.5, 0.5); exactly one of the leaves that receive both may keep the pair.
     */
    @Test
    void aPairFarFromTheSampleIsKeptByOneLeaf() {
        KdbPartitioning k = KdbPartitioning.build(8, new float[] {1}, new float[] {4}, new double[] {1});
        float[] p = {0.2f, 0, 1.5f, 1};
        float[] q = {0.5f, 0.5f, 2, 2};
        int[] lp = new int[8];
        int[] lq = new int[8];
        int np = k.leavesOf(p[0], p[1], p[2], p[3], lp);
        int nq = k.leavesOf(q[0], q[1], q[2], q[3], lq);
        int keepers = 0;
        for (int i = 0; i < np; i++) {
            if (contains(lq, nq, lp[i]) && KdbPartitioning.contains(k.cell(lp[i]), 0.5f, 0.5f)) {
                keepers++;
                assertEquals(k.leafOf(0.5f, 0.5f), lp[i]);
            }
        }
        assertEquals(1, keepers, "leaves keeping the pair");
    }

    @Test
    void nonFiniteSamplePointsAreRefused() {
        // A NaN cut would route every point beside it to the upper child and leave other leaves
        // unreachable: centres {10, 20, 30, NaN} at 4 cells lost the rows at y >= 30.
        IllegalArgumentException nan = assertThrows(IllegalArgumentException.class, () -> KdbPartitioning.build(4,
                new float[] {10, 20, 30, Float.NaN}, new float[] {10, 20, 30, Float.NaN}, new double[] {1, 1, 1, 1}));
        assertEquals("sample point 3 = (NaN, NaN): not finite", nan.getMessage());
        assertThrows(IllegalArgumentException.class, () -> KdbPartitioning.build(2, new float[] {Float.POSITIVE_INFINITY},
                new float[] {0}, new double[] {1}));
        assertThrows(IllegalArgumentException.class, () -> KdbPartitioning.build(2, new float[] {0}, new float[] {0},
                new double[] {Double.NaN}));
        assertThrows(IllegalArgumentException.class, () -> KdbPartitioning.build(2, new float[] {0}, new float[0],
                new double[] {1}));
    }

    @Test
    void leavesTileThePlaneEvenWithoutSamples() {
        KdbPartitioning k = KdbPartitioning.build(5, new float[0], new float[0], new double[0]);
        int[] out = new int[5];
        assertEquals(5, k.leavesOf(Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.POSITIVE_INFINITY,
                Float.POSITIVE_INFINITY, out), "the whole plane meets every leaf");
        int leaf = k.leafOf(0f, 0f);
        assertTrue(leaf >= 0 && leaf < 5);
    }

    /** The cell bounds give the same leaf as the walk down the tree, at and around every cut. */
    @Test
    void cellBoundsAgreeWithTheTreeWalk() {
        SplittableRandom r = new SplittableRandom(9);
        for (int n : new int[] {1, 2, 7, 40}) {
            int samples = 200;
            float[] xs = new float[samples];
            float[] ys = new float[samples];
            double[] ws = new double[samples];
            for (int i = 0; i < samples; i++) {
                xs[i] = r.nextInt(30);
                ys[i] = r.nextInt(30);
                ws[i] = 1;
            }
            KdbPartitioning k = KdbPartitioning.build(n, xs, ys, ws);
            float[][] cells = new float[n][];
            for (int leaf = 0; leaf < n; leaf++) {
                cells[leaf] = k.cell(leaf);
            }
            float[] probes = {Float.NEGATIVE_INFINITY, -1e30f, -1, -0.5f, 0, 0.5f, Float.POSITIVE_INFINITY, 1e30f};
            for (int t = 0; t < 20_000; t++) {
                // Integers and half-integers (on and beside the cuts), and a few extremes.
                float x = t % 50 == 0 ? probes[r.nextInt(probes.length)] : r.nextInt(-2, 64) / 2f;
                float y = t % 70 == 0 ? probes[r.nextInt(probes.length)] : r.nextInt(-2, 64) / 2f;
                int expected = k.leafOf(x, y);
                for (int leaf = 0; leaf < n; leaf++) {
                    assertEquals(leaf == expected, KdbPartitioning.contains(cells[leaf], x, y),
                            "n=" + n + " point (" + x + ", " + y + ") leaf " + leaf + " walk says " + expected);
                }
            }
        }
    }

    private static boolean contains(int[] a, int n, int v) {
        for (int i = 0; i < n; i++) {
            if (a[i] == v) {
                return true;
            }
        }
        return false;
    }
}
