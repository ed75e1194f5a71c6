package dev.sepax.concave;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.narrow.ScalarSat;
import dev.sepax.shape.ConvexPolygons;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link Lattice} against brute force: the recorded part of every lattice point is the first
 * part containing it, {@link Lattice#common} lists exactly the brute force's part pairs at
 * common points of the coarser lattice (same and different levels), and {@link CompoundOverlap},
 * which tries those pairs first, equals the brute force over all part pairs at several
 * tolerances, in scenes where both the lattice and the full search decide pairs.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class LatticeTest {

    /** Compounds of radii 0.05r..2r around the regime's origin, so that levels differ. */
    private static Compounds scene(ConcaveFixtures.Regime r, long seed, int n) {
        SplittableRandom rnd = new SplittableRandom(seed);
        Compounds.Builder b = Compounds.builder();
        double side = 4 * r.radius();
        for (int i = 0; i < n; i++) {
            boolean small = i % 4 == 0;
            double radius = r.radius() * (small ? 0.05 + 0.2 * rnd.nextDouble() : 0.3 + 1.7 * rnd.nextDouble());
            b.add(ConcaveFixtures.star(rnd, r.originX() + side * rnd.nextDouble(), r.originY() + side * rnd.nextDouble(),
                    radius, small ? 6 + rnd.nextInt(20) : 12 + rnd.nextInt(110), rnd.nextInt(3)));
        }
        return b.build();
    }

    @Test
    void everyLatticePointRecordsTheFirstPartContainingIt() {
        for (ConcaveFixtures.Regime r : ConcaveFixtures.REGIMES) {
            Compounds c = scene(r, 11, 24);
            Lattice l = c.lattice();
            int inside = 0;
            for (int k = 0; k < c.size(); k++) {
                assertTrue(l.rows(k) > 0 && l.rows(k) <= Lattice.WIDTH && l.cols(k) > 0 && l.cols(k) <= Lattice.WIDTH,
                        r.name() + " compound " + k + ": " + l.cols(k) + " x " + l.rows(k));
                double cell = Math.scalb(1.0, l.level(k));
                // the lattice is every point of the level within the compound's AABB
                assertTrue(l.col0(k) * cell >= c.minX(k) && (l.col0(k) - 1) * cell < c.minX(k), r.name());
                assertTrue((l.col0(k) + l.cols(k) - 1) * cell <= c.maxX(k) && (l.col0(k) + l.cols(k)) * cell > c.maxX(k), r.name());
                assertTrue(l.row0(k) * cell >= c.minY(k) && (l.row0(k) + l.rows(k)) * cell > c.maxY(k), r.name());
                for (int row = 0; row < l.rows(k); row++) {
                    for (int q = 0; q < l.cols(k); q++) {
                        double x = Math.scalb((double) (l.col0(k) + q), l.level(k));
                        double y = Math.scalb((double) (l.row0(k) + row), l.level(k));
                        // compounds overlap, so only c's own parts count
                        int expected = -1;
                        for (int p = c.firstPart(k); p < c.firstPart(k + 1) && expected < 0; p++) {
                            if (Lattice.inside(c.parts(), p, x, y)) {
                                expected = p;
                            }
                        }
                        assertEquals(expected, l.partAt(k, row, q), r.name() + " compound " + k + " point " + q + "," + row);
                        inside += expected >= 0 ? 1 : 0;
                    }
                }
            }
            assertTrue(inside > 1000, r.name() + ": only " + inside + " lattice points inside");
        }
    }

    @Test
    void commonPairsAreTheBruteForcePairsOfTheCoarserLattice() {
        int[] outA = new int[64];
        int[] outB = new int[64];
        for (ConcaveFixtures.Regime r : ConcaveFixtures.REGIMES) {
            Compounds c = scene(r, 12, 40);
            Lattice l = c.lattice();
            int same = 0;
            int mixed = 0;
            for (int a = 0; a < c.size(); a++) {
                for (int b = 0; b < c.size(); b++) {
                    if (a == b) {
                        continue;
                    }
                    for (int max : new int[] {1, Compounds.BLOCK, 64}) {
                        List<Long> expected = bruteForceCommon(c, l, a, b, max);
                        int n = l.common(a, b, outA, outB, max);
                        assertEquals(expected.size(), n, r.name() + " " + a + "," + b + " max " + max);
                        for (int i = 0; i < n; i++) {
                            assertEquals((long) expected.get(i), ((long) outA[i] << 32) | outB[i], r.name() + " " + a + "," + b + " #" + i);
                        }
                        if (max == 64 && n > 0) {
                            same += l.level(a) == l.level(b) ? 1 : 0;
                            mixed += l.level(a) != l.level(b) ? 1 : 0;
                        }
                    }
                }
            }
            assertTrue(same >= 20 && mixed >= 20, r.name() + ": pairs with common points at the same level " + same + ", mixed " + mixed);
        }
    }

    /** Points of the coarser level in both lattices, row by row; pairs differing from the one before. */
    private static List<Long> bruteForceCommon(Compounds c, Lattice l, int a, int b, int max) {
        List<Long> out = new ArrayList<>();
        int level = Math.max(l.level(a), l.level(b));
        int fine = Math.min(l.level(a), l.level(b));
        if (level - fine >= 30) {
            return out;
        }
        long last = -1;
        long j0 = Math.min(l.row0(a) >> (level - l.level(a)), l.row0(b) >> (level - l.level(b))) - 1;
        long j1 = Math.max((l.row0(a) + l.rows(a)) >> (level - l.level(a)), (l.row0(b) + l.rows(b)) >> (level - l.level(b))) + 1;
        long i0 = Math.min(l.col0(a) >> (level - l.level(a)), l.col0(b) >> (level - l.level(b))) - 1;
        long i1 = Math.max((l.col0(a) + l.cols(a)) >> (level - l.level(a)), (l.col0(b) + l.cols(b)) >> (level - l.level(b))) + 1;
        for (long j = j0; j <= j1; j++) {
            for (long i = i0; i <= i1; i++) {
                int pa = at(l, a, i, j, level);
                int pb = at(l, b, i, j, level);
                if (pa >= 0 && pb >= 0) {
                    long key = ((long) pa << 32) | pb;
                    if (key != last) {
                        out.add(key);
                        last = key;
                        if (out.size() == max) {
                            return out;
                        }
                    }
                }
            }
        }
        return out;
    }

    /** The part compound {@code k} records at point {@code (i, j) * 2^level}, or -1. */
    private static int at(Lattice l, int k, long i, long j, int level) {
        long q = (i << (level - l.level(k))) - l.col0(k);
        long row = (j << (level - l.level(k))) - l.row0(k);
        if (q < 0 || q >= l.cols(k) || row < 0 || row >= l.rows(k)) {
            return -1;
        }
        return l.partAt(k, (int) row, (int) q);
    }

    @Test
    void overlapWithLatticeSeedsEqualsTheBruteForceAtEveryTolerance() {
        for (ConcaveFixtures.Regime r : ConcaveFixtures.REGIMES) {
            Compounds c = scene(r, 13, 40);
            Lattice l = c.lattice();
            ConvexPolygons parts = c.parts();
            int n = c.size();
            PairBatch pairs = new PairBatch(n, n * n);
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    if (i != j) {
                        pairs.add(i, j);
                    }
                }
            }
            int[] sa = new int[CompoundOverlap.SEEDS];
            int[] sb = new int[CompoundOverlap.SEEDS];
            for (float tol : new float[] {(float) (-0.01 * r.radius()), 0f, (float) (0.05 * r.radius())}) {
                OverlapBits facade = new OverlapBits(pairs.size());
                OverlapBits scalar = new OverlapBits(pairs.size());
                new CompoundOverlap().test(c, pairs, tol, facade);
                new CompoundOverlap(ScalarSat.INSTANCE).test(c, pairs, tol, scalar);
                int bySeed = 0;
                int bySearch = 0;
                for (int p = 0; p < pairs.size(); p++) {
                    int i = pairs.shapeA(p);
                    int j = pairs.shapeB(p);
                    boolean expected = bruteForce(c, i, j, tol);
                    String what = r.name() + " tol " + tol + " pair " + i + "," + j;
                    assertEquals(expected, scalar.get(p), what + " scalar");
                    assertEquals(expected, facade.get(p), what + " facade");
                    if (expected) {
                        boolean seeded = false;
                        int s = l.common(i, j, sa, sb, sa.length);
                        for (int k = 0; k < s && !seeded; k++) {
                            seeded = ScalarSat.INSTANCE.intersects(parts, sa[k], sb[k], tol);
                        }
                        bySeed += seeded ? 1 : 0;
                        bySearch += seeded ? 0 : 1;
                    }
                }
                assertTrue(bySeed >= 50 && bySearch >= 20, what(r, tol) + ": decided by a lattice seed " + bySeed + ", by the search " + bySearch);
            }
        }
    }

    private static String what(ConcaveFixtures.Regime r, float tol) {
        return r.name() + " tol " + tol;
    }

    private static boolean bruteForce(Compounds c, int i, int j, float tol) {
        ConvexPolygons parts = c.parts();
        for (int a = c.firstPart(i); a < c.firstPart(i + 1); a++) {
            for (int b = c.firstPart(j); b < c.firstPart(j + 1); b++) {
                if (ScalarSat.INSTANCE.intersects(parts, a, b, tol)) {
                    return true;
                }
            }
        }
        return false;
    }
}
