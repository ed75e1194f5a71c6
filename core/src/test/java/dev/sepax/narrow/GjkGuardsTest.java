package dev.sepax.narrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.batch.Distances;
import dev.sepax.batch.PairBatch;
import dev.sepax.batch.SimplexCache;
import dev.sepax.testing.RoundedFixtures;
import dev.sepax.shape.RoundedShapes;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The termination guards: near-touching and deep pairs, exact touching, large cores and garbage
 * caches all end within the iteration cap in finite numbers, at the oracle's distance.
 */
@Timeout(60)
class GjkGuardsTest {
    private static final DistanceKernel K = ScalarDistance.INSTANCE;

    private static Distances run(RoundedShapes s, int a, int b) {
        Distances out = new Distances(1);
        K.distance(s, a, b, out, 0);
        return out;
    }

    static void assertSane(RoundedShapes s, Distances d, String where) {
        assertTrue(d.iterations(0) >= 0 && d.iterations(0) <= ScalarDistance.MAX_ITERATIONS, where);
        assertTrue(d.exit(0) >= Distances.EXIT_NO_PROGRESS && d.exit(0) <= Distances.EXIT_ITERATION_CAP, where);
        for (float v : new float[] {d.distance(0), d.pointAX(0), d.pointAY(0), d.pointBX(0), d.pointBY(0), d.normalX(0),
            d.normalY(0)}) {
            assertTrue(Float.isFinite(v), where + ": " + v);
        }
        double truth = RoundedFixtures.distance(s, 0, 1);
        assertTrue(Math.abs(d.distance(0) - truth) <= ScalarDistance.band(s, 0, 1, truth),
                where + ": distance=" + d.distance(0) + " truth=" + truth);
    }

    static String name(int exit) {
        return switch (exit) {
            case Distances.EXIT_NO_PROGRESS -> "no progress";
            case Distances.EXIT_REPEATED_SUPPORT -> "repeated support";
            case Distances.EXIT_OVERLAP -> "overlap";
            case Distances.EXIT_DEGENERATE -> "degenerate";
            default -> "cap";
        };
    }

    @Test
    void exactTouchingIsDistanceZero() {
        RoundedShapes s = RoundedShapes.builder()
                .box(0, 0, 1, 1).box(1, 0, 2, 1)        // shared edge
                .circle(0, 0, 1).circle(2, 0, 1)        // circles touching at (1, 0)
                .segment(0, 0, 2, 0).circle(1, 0, 0)    // a point on a segment
                .box(0, 0, 1, 1).box(1, 1, 2, 2)        // shared corner
                .build();
        for (int p = 0; p < 8; p += 2) {
            Distances d = run(s, p, p + 1);
            assertEquals(0f, d.distance(0), "pair " + p + " exit " + name(d.exit(0)));
            assertTrue(d.intersects(0));
        }
    }

    @Test
    void badBatchCallsAreRejectedNamingTheArgument() {
        RoundedShapes s = RoundedFixtures.mixedStore(new SplittableRandom(1), 10, 8);
        PairBatch pairs = RoundedFixtures.nearbyPairs(s, 100);
        Distances out = new Distances(pairs.size());
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> K.distances(s, pairs, 10, pairs.size(), out, null));
        assertEquals("from=10: must be a multiple of 64", e.getMessage());
        IndexOutOfBoundsException r = org.junit.jupiter.api.Assertions.assertThrows(IndexOutOfBoundsException.class,
                () -> K.distances(s, pairs, 0, pairs.size() + 1, out, null));
        assertTrue(r.getMessage().startsWith("range [0, " + (pairs.size() + 1) + ")"), r.getMessage());
        e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> K.distances(s, pairs, 0, pairs.size(), new Distances(1), null));
        assertEquals("out.capacity=1 < to=" + pairs.size(), e.getMessage());
        e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> K.distances(s, pairs, 0, pairs.size(), out, new SimplexCache(1)));
        assertEquals("cache.capacity=1 < to=" + pairs.size(), e.getMessage());
        r = org.junit.jupiter.api.Assertions.assertThrows(IndexOutOfBoundsException.class,
                () -> K.distance(s, 0, s.size(), out, 0));
        assertEquals("b=" + s.size() + " out of range [0, " + s.size() + ")", r.getMessage());
    }

    @Test
    void aShapeAgainstItselfOverlaps() {
        RoundedShapes s = RoundedFixtures.mixedStore(new SplittableRandom(2), 30, 20);
        for (int i = 0; i < s.size(); i++) {
            Distances d = run(s, i, i);
            assertEquals(0f, d.distance(0), "shape " + i);
        }
    }

    @Test
    void largeRoundCoresNearContactEndBeforeTheCap() {
        int[] ks = {256, 1024};
        for (int k : ks) {
            float[] a = new float[2 * k];
            float[] b = new float[2 * k];
            for (int i = 0; i < k; i++) {
                double t = 2 * Math.PI * (i + 0.5) / k;
                a[2 * i] = (float) (10 * Math.cos(t));
                a[2 * i + 1] = (float) (10 * Math.sin(t));
                b[2 * i] = (float) (20.001 + 10 * Math.cos(t + 0.3));
                b[2 * i + 1] = (float) (0.37 + 10 * Math.sin(t + 0.3));
            }
            RoundedShapes s = RoundedShapes.builder().add(0f, a).add(0.0005f, b).build();
            Distances d = run(s, 0, 1);
            assertSane(s, d, "k=" + k);
            assertTrue(d.exit(0) != Distances.EXIT_ITERATION_CAP, "k=" + k + " iterations=" + d.iterations(0));
        }
    }

    @Test
    void garbageCachesAreIgnoredOrSurvived() {
        SplittableRandom rnd = new SplittableRandom(4);
        RoundedShapes s = RoundedFixtures.mixedStore(rnd, 50, 16);
        PairBatch pairs = RoundedFixtures.nearbyPairs(s, 2.5);
        SimplexCache cache = new SimplexCache(pairs.size());
        Distances out = new Distances(pairs.size());
        for (int round = 0; round < 20; round++) {
            for (int p = 0; p < pairs.size(); p++) {
                // Out-of-range, negative, repeated and collinear index triples.
                cache.set(p, rnd.nextInt(4), rnd.nextInt(-2, 20), rnd.nextInt(-2, 20), rnd.nextInt(3), rnd.nextInt(3),
                        rnd.nextInt(3), rnd.nextInt(3));
            }
            K.distances(s, pairs, 0, pairs.size(), out, cache);
            for (int p = 0; p < pairs.size(); p++) {
                int a = pairs.shapeA(p);
                int b = pairs.shapeB(p);
                double truth = RoundedFixtures.distance(s, a, b);
                assertTrue(Float.isFinite(out.distance(p)) && out.iterations(p) <= ScalarDistance.MAX_ITERATIONS);
                assertTrue(Math.abs(out.distance(p) - truth) <= ScalarDistance.band(s, a, b, truth),
                        "pair " + p + " distance " + out.distance(p) + " truth " + truth);
                int n = cache.count(p);
                assertTrue(n >= 1 && n <= 3, "cache count " + n);
                for (int v = 0; v < n; v++) {
                    assertTrue(cache.indexA(p, v) < s.count(a) && cache.indexB(p, v) < s.count(b));
                }
            }
        }
    }

    @Test
    void aWarmCacheOnAnUnchangedSceneTakesNoMoreIterations() {
        SplittableRandom rnd = new SplittableRandom(6);
        RoundedShapes s = RoundedFixtures.mixedStore(rnd, 80, 24);
        PairBatch pairs = RoundedFixtures.nearbyPairs(s, 2.5);
        SimplexCache cache = new SimplexCache(pairs.size());
        Distances cold = new Distances(pairs.size());
        Distances warm = new Distances(pairs.size());
        K.distances(s, pairs, 0, pairs.size(), cold, cache);
        K.distances(s, pairs, 0, pairs.size(), warm, cache);
        long coldIterations = 0;
        long warmIterations = 0;
        for (int p = 0; p < pairs.size(); p++) {
            coldIterations += cold.iterations(p);
            warmIterations += warm.iterations(p);
        }
        assertTrue(warmIterations * 2 < coldIterations, "cold " + coldIterations + " warm " + warmIterations);
    }
}
