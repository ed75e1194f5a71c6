package dev.sepax.solid;

import dev.sepax.testing.SolidFixtures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The pruned kernel and the unpruned one against the double-precision brute force (every face
 * normal, every edge-pair cross product, full projections): on posed random hulls of 4 to 64
 * points, at several tolerances, they agree with it wherever its gap is outside the band, and
 * with each other there too. The axis cache never changes a verdict.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class HullSatOracleTest {
    private static final float[] TOLERANCES = {0f, 0.05f, -0.05f};

    @Test
    void prunedAndUnprunedAgreeWithTheBruteForceOutsideTheBand() {
        int[] ks = {4, 8, 16, 32, 64};
        int checked = 0;
        int intersecting = 0;
        for (int ki = 0; ki < ks.length; ki++) {
            SolidFixtures.Scene sc = SolidFixtures.scene(100 + ki, 64, ks[ki], 6, 600);
            ConvexPolyhedra w = sc.world();
            PairBatch pairs = sc.pairs();
            for (float tol : TOLERANCES) {
                OverlapBits pruned = new OverlapBits(pairs.size());
                OverlapBits unpruned = new OverlapBits(pairs.size());
                ScalarHullSat.INSTANCE.test(w, pairs, tol, pruned);
                UnprunedHullSat.INSTANCE.test(w, pairs, tol, unpruned);
                for (int p = 0; p < pairs.size(); p++) {
                    int a = pairs.shapeA(p);
                    int b = pairs.shapeB(p);
                    // Each kernel against the gap over its own candidate axes (HullOverlapKernel).
                    double gap = SolidFixtures.hullGap(w, a, b);
                    double faceGap = SolidFixtures.hullFaceGap(w, a, b);
                    double band = SolidFixtures.hullBand(w, a, b);
                    if (Math.abs(gap - tol) <= band || Math.abs(faceGap - tol) <= band) {
                        continue;
                    }
                    boolean expected = faceGap <= tol;
                    checked++;
                    if (expected) {
                        intersecting++;
                    }
                    if (pruned.get(p) != expected || unpruned.get(p) != (gap <= tol)) {
                        fail("k=" + ks[ki] + ", tol=" + tol + ", pair=" + p + " (" + a + ", " + b + "): gap=" + gap
                                + ", face gap=" + faceGap + ", band=" + band + ", pruned=" + pruned.get(p)
                                + ", unpruned=" + unpruned.get(p));
                    }
                    assertEquals(expected, ScalarHullSat.INSTANCE.intersects(w, a, b, tol));
                }
            }
        }
        assertTrue(checked > 8000, "checked " + checked);
        assertTrue(intersecting > checked / 10 && intersecting < checked * 9 / 10,
                "a mix of verdicts: " + intersecting + " of " + checked + " intersect");
    }

    /**
     * A flat cone against a roof whose ridge crosses the cone's rim: the crossing edge pair's
     * axis lies near the base normal, where the centroid that orients it is within 3e-6 of the
     * support plane while the axis itself, built from the rim's short Gauss arc, is off by about
     * 1e-4 rad. Every pair intersects by about 0.1, 400 bands; an orientation taken on the
     * rounded sign turned that overlap into a gap of the same size (21 of these 600 ordered
     * pairs reported apart). Both kernels, both orders, with and without a cache.
     */
    @Test
    void knifeEdgeCrossingsAreNeverOrientedByRounding() {
        int n = 300;
        ConvexPolyhedra s = SolidFixtures.knifeEdgePairs(11, n, 300, 1e-3);
        PairBatch pairs = new PairBatch(s.size(), 2 * n);
        for (int i = 0; i < n; i++) {
            pairs.add(2 * i, 2 * i + 1);
            pairs.add(2 * i + 1, 2 * i);
        }
        int checked = 0;
        for (int p = 0; p < pairs.size(); p++) {
            double gap = SolidFixtures.hullFaceGap(s, pairs.shapeA(p), pairs.shapeB(p));
            assertTrue(gap < -SolidFixtures.hullBand(s, pairs.shapeA(p), pairs.shapeB(p)), "pair " + p + ": gap=" + gap);
            checked++;
        }
        for (HullOverlapKernel k : new HullOverlapKernel[] {ScalarHullSat.INSTANCE, UnprunedHullSat.INSTANCE}) {
            OverlapBits plain = new OverlapBits(pairs.size());
            OverlapBits cached = new OverlapBits(pairs.size());
            assertEquals(pairs.size(), k.test(s, pairs, 0f, plain), k.name());
            assertEquals(pairs.size(), k.test(s, pairs, 0, pairs.size(), 0f, cached, new int[pairs.size()]), k.name());
        }
        assertEquals(2 * n, checked);
    }

    @Test
    void theAxisCacheNeverChangesAVerdictAndIsReused() {
        SolidFixtures.Scene sc = SolidFixtures.scene(7, 128, 24, 8, 3000);
        PairBatch pairs = sc.pairs();
        int n = pairs.size();
        for (HullOverlapKernel k : new HullOverlapKernel[] {ScalarHullSat.INSTANCE, UnprunedHullSat.INSTANCE}) {
            OverlapBits plain = new OverlapBits(n);
            k.test(sc.world(), pairs, 0f, plain);
            int[] cache = new int[n];
            OverlapBits first = new OverlapBits(n);
            OverlapBits second = new OverlapBits(n);
            k.test(sc.world(), pairs, 0, n, 0f, first, cache);
            int cached = 0;
            for (int c : cache) {
                cached += c != 0 ? 1 : 0;
            }
            assertTrue(cached > 0, "some separating axes were cached");
            k.test(sc.world(), pairs, 0, n, 0f, second, cache);
            assertEquals(-1, plain.firstDifference(first, n), k.name());
            assertEquals(-1, plain.firstDifference(second, n), k.name());
            // Stale or foreign hints are ignored, not trusted.
            int[] junk = new int[n];
            for (int p = 0; p < n; p++) {
                junk[p] = switch (p % 5) {
                    case 0 -> Integer.MIN_VALUE;
                    case 1 -> Integer.MAX_VALUE;
                    case 2 -> 1 + p;
                    case 3 -> -(1 + p);
                    default -> ScalarHullSat.EDGE_PAIR | (p & 0x7fff);
                };
            }
            OverlapBits withJunk = new OverlapBits(n);
            k.test(sc.world(), pairs, 0, n, 0f, withJunk, junk);
            assertEquals(-1, plain.firstDifference(withJunk, n), k.name());
        }
    }

    @Test
    void everyCachedEdgePairOfEveryPairLeavesTheVerdictAlone() {
        // A cached edge pair is trusted only if its Gauss arcs really cross: a stale hint can
        // name a pair whose arcs cross only at their antipodes, whose edges are not the support
        // features along the axis, and whose "gap" is then an overestimate. The junk hints of
        // the test above name few in-range edge pairs, so here every edge pair is the hint of
        // every pair of a scene of small hulls.
        SolidFixtures.Scene sc = SolidFixtures.scene(23, 24, 8, 4, 120);
        ConvexPolyhedra w = sc.world();
        PairBatch pairs = sc.pairs();
        int n = pairs.size();
        OverlapBits plain = new OverlapBits(n);
        ScalarHullSat.INSTANCE.test(w, pairs, 0f, plain);
        int[] cache = new int[1];
        OverlapBits hinted = new OverlapBits(1);
        int intersecting = 0;
        long hints = 0;
        for (int p = 0; p < n; p++) {
            int a = pairs.shapeA(p);
            int b = pairs.shapeB(p);
            PairBatch one = new PairBatch(w.size(), 1);
            one.add(a, b);
            intersecting += plain.get(p) ? 1 : 0;
            for (int ea = 0; ea < w.edgeCount(a); ea++) {
                for (int eb = 0; eb < w.edgeCount(b); eb++) {
                    cache[0] = ScalarHullSat.EDGE_PAIR | (ea << 15) | eb;
                    ScalarHullSat.INSTANCE.test(w, one, 0, 1, 0f, hinted, cache);
                    if (hinted.get(0) != plain.get(p)) {
                        fail("pair " + p + " (" + a + ", " + b + "), hinted edge pair (" + ea + ", " + eb
                                + "): " + hinted.get(0) + " but " + plain.get(p) + " without the hint");
                    }
                    hints++;
                }
            }
        }
        assertTrue(intersecting > n / 10 && intersecting < n * 9 / 10, "a mix of verdicts: " + intersecting + " of " + n);
        assertTrue(hints > 10000, "hints tried: " + hints);
    }

    @Test
    void rangesWriteOnlyTheirWordsAndCountHits() {
        SolidFixtures.Scene sc = SolidFixtures.scene(9, 64, 12, 6, 1000);
        PairBatch pairs = sc.pairs();
        int n = pairs.size();
        OverlapBits whole = new OverlapBits(n);
        int hits = ScalarHullSat.INSTANCE.test(sc.world(), pairs, 0.01f, whole);
        assertEquals(whole.count(n), hits);
        OverlapBits parts = new OverlapBits(n);
        int sum = 0;
        for (int from = 0; from < n; from += 192) {
            sum += ScalarHullSat.INSTANCE.test(sc.world(), pairs, from, Math.min(n, from + 192), 0.01f, parts, null);
        }
        assertEquals(hits, sum);
        assertEquals(-1, whole.firstDifference(parts, n));
    }
}
