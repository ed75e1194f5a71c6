package dev.sepax.narrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.Sepax;
import dev.sepax.batch.Distances;
import dev.sepax.batch.PairBatch;
import dev.sepax.batch.SimplexCache;
import dev.sepax.shape.RoundedShapes;
import dev.sepax.testing.PropertyTimeout;
import dev.sepax.testing.RoundedFixtures;
import java.util.SplittableRandom;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Every {@link GjkAcceleration} against the brute-force double-precision distance, on random
 * pairs and on the three regimes (near contact, far apart, deep overlap): within
 * {@link ScalarDistance#band}, finite, within the iteration cap (see {@link GjkGuardsTest#assertSane}).
 */
@Timeout(120)
@AddLifecycleHook(PropertyTimeout.class)
class GjkAccelerationPropertiesTest {
    private static Distances run(GjkAcceleration mode, RoundedShapes s) {
        Distances out = new Distances(1);
        ScalarDistance.of(mode).distance(s, 0, 1, out, 0);
        return out;
    }

    private static void assertSaneInEveryMode(RoundedShapes s, String where) {
        for (GjkAcceleration mode : GjkAcceleration.values()) {
            Distances d = run(mode, s);
            Statistics.label(mode.name()).collect(GjkGuardsTest.name(d.exit(0)));
            GjkGuardsTest.assertSane(s, d, where + " mode=" + mode + " exit=" + GjkGuardsTest.name(d.exit(0))
                    + " iterations=" + d.iterations(0));
        }
    }

    /** Shape 1 of {@code s} moved along the pair's normal so that the pair's gap becomes about {@code gap}. */
    private static RoundedShapes atGap(RoundedShapes s, double gap) {
        Distances first = run(GjkAcceleration.NONE, s);
        if (first.normalX(0) == 0 && first.normalY(0) == 0) {
            return s;
        }
        double move = gap - first.distance(0);
        return RoundedFixtures.withBMoved(s, 0, 1, move * first.normalX(0), move * first.normalY(0));
    }

    private static double centroidX(RoundedShapes s, int i) {
        double c = 0;
        for (int j = 0; j < s.count(i); j++) {
            c += s.pointX(i, j);
        }
        return c / s.count(i);
    }

    private static double centroidY(RoundedShapes s, int i) {
        double c = 0;
        for (int j = 0; j < s.count(i); j++) {
            c += s.pointY(i, j);
        }
        return c / s.count(i);
    }

    private static double size(RoundedShapes s) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < s.count(0); i++) {
            lo = Math.min(lo, s.pointX(0, i));
            hi = Math.max(hi, s.pointX(0, i));
        }
        return Math.max(hi - lo, 0) + 2 * s.radius(0) + 1e-3;
    }

    @Property(tries = 1500)
    void randomPairsAreWithinTheBandInEveryMode(@ForAll long seed) {
        RoundedShapes s = RoundedFixtures.randomPair(new SplittableRandom(seed), 40);
        assertSaneInEveryMode(s, "random");
    }

    @Property(tries = 1000)
    void nearContactPairsAreWithinTheBandInEveryMode(@ForAll long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        RoundedShapes s = RoundedFixtures.randomPair(rnd, 64);
        // 1e-3 of the size apart, or a few ulps either side of touching.
        double gap = rnd.nextBoolean() ? 1e-3 * size(s)
                : (Math.abs(s.pointX(0, 0)) + Math.abs(s.pointY(0, 0)) + 1) * 0x1p-23 * rnd.nextInt(-4, 5);
        assertSaneInEveryMode(atGap(s, gap), "near");
    }

    @Property(tries = 500)
    void farPairsAreWithinTheBandInEveryMode(@ForAll long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        RoundedShapes s = RoundedFixtures.randomPair(rnd, 64);
        assertSaneInEveryMode(atGap(s, 3 * size(s)), "far");
    }

    @Property(tries = 500)
    void deepPairsOverlapInEveryMode(@ForAll long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        RoundedShapes s = RoundedFixtures.randomPair(rnd, 64);
        // B's core centroid onto A's: the cores share (up to rounding) an inner point.
        RoundedShapes deep = RoundedFixtures.withBMoved(s, 0, 1, centroidX(s, 0) - centroidX(s, 1),
                centroidY(s, 0) - centroidY(s, 1));
        assertSaneInEveryMode(deep, "deep");
        if (RoundedFixtures.penetration(deep, 0, 1) > 4 * ScalarDistance.band(deep, 0, 1, 0)) {
            for (GjkAcceleration mode : GjkAcceleration.values()) {
                assertEquals(0f, run(mode, deep).distance(0), "mode=" + mode);
            }
        }
    }

    @Example
    void crossingSegmentsWithTheOriginOnADiagonalOverlapExactly() {
        // Found by deepPairsOverlapInEveryMode (seed 2731): two segments crossing like an X; the
        // origin lies within rounding of a diagonal of A - B, and GJK stopped on the repeated
        // support beyond it with a distance of one ulp instead of 0.
        RoundedShapes deep = RoundedShapes.builder()
                .add(0f, new float[] {47.909916f, 188.48232f, 14.093111f, -6.7198224f})
                .add(0f, new float[] {56.628773f, 70.55164f, 5.3742533f, 111.21085f}).build();
        for (GjkAcceleration mode : GjkAcceleration.values()) {
            Distances d = run(mode, deep);
            assertEquals(0f, d.distance(0), "mode=" + mode);
            assertEquals(Distances.EXIT_OVERLAP, d.exit(0), "mode=" + mode);
        }
    }

    @Property(tries = 1000)
    void modesAgreeWithinTheBand(@ForAll long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        RoundedShapes s = atGap(RoundedFixtures.randomPair(rnd, 64), rnd.nextDouble(0, 0.01));
        float plain = run(GjkAcceleration.NONE, s).distance(0);
        double band = 2 * ScalarDistance.band(s, 0, 1, plain);
        for (GjkAcceleration mode : GjkAcceleration.values()) {
            float d = run(mode, s).distance(0);
            assertTrue(Math.abs(d - plain) <= band, "mode=" + mode + " " + d + " vs plain " + plain);
        }
    }

    @Test
    void largeRoundCoresNearContactEndBeforeTheCapInEveryMode() {
        for (int k : new int[] {64, 256, 1024}) {
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
            for (GjkAcceleration mode : GjkAcceleration.values()) {
                Distances d = run(mode, s);
                GjkGuardsTest.assertSane(s, d, "k=" + k + " mode=" + mode);
                assertTrue(d.exit(0) != Distances.EXIT_ITERATION_CAP, "k=" + k + " mode=" + mode + " iterations=" + d.iterations(0));
            }
        }
    }

    @Test
    void aPointJustAboveALargeFlatCoreEndsWithinTheBandInEveryMode() {
        // Every momentum step passed the guards but gained so little that Nesterov ran into the
        // cap at several times the distance (6.8e-4 for 1.0e-4); the points are above the flat
        // side, where the boundary's 1024 vertices are nearly collinear.
        int k = 1024;
        float[] a = new float[2 * k];
        for (int i = 0; i < k; i++) {
            double t = 2 * Math.PI * (i + 0.5) / k;
            a[2 * i] = (float) Math.cos(t);
            a[2 * i + 1] = (float) (0.05 * Math.sin(t));
        }
        for (int i = 80; i < 120; i++) {
            double th = 2 * Math.PI * i / 400;
            double nx = 0.05 * Math.cos(th);
            double ny = Math.sin(th);
            double nl = Math.hypot(nx, ny);
            RoundedShapes s = RoundedShapes.builder().add(0f, a)
                    .circle((float) (Math.cos(th) + 1e-4 * nx / nl), (float) (0.05 * Math.sin(th) + 1e-4 * ny / nl), 0f)
                    .build();
            for (GjkAcceleration mode : GjkAcceleration.values()) {
                Distances d = run(mode, s);
                String where = "theta=" + th + " mode=" + mode + " iterations=" + d.iterations(0);
                GjkGuardsTest.assertSane(s, d, where);
                assertTrue(d.exit(0) != Distances.EXIT_ITERATION_CAP, where);
            }
        }
    }

    @Test
    void hugeCoordinatesStayFiniteInEveryMode() {
        SplittableRandom rnd = new SplittableRandom(11);
        for (int i = 0; i < 300; i++) {
            RoundedShapes s = RoundedFixtures.randomPair(rnd, 24);
            double m = 1;
            for (int j = 0; j < 2; j++) {
                for (int q = 0; q < s.count(j); q++) {
                    m = Math.max(m, Math.max(Math.abs(s.pointX(j, q)), Math.abs(s.pointY(j, q))) + s.radius(j));
                }
            }
            // Up to the store's limit (2^60 for coordinates) and down to tiny shapes.
            double scale = Math.scalb(1.0, rnd.nextInt(-40, 59 - Math.getExponent(m)));
            RoundedShapes.Builder b = RoundedShapes.builder();
            for (int j = 0; j < 2; j++) {
                float[] c = s.core(j);
                for (int q = 0; q < c.length; q++) {
                    c[q] = (float) (c[q] * scale);
                }
                b.add((float) (s.radius(j) * scale), c);
            }
            RoundedShapes big = b.build();
            for (GjkAcceleration mode : GjkAcceleration.values()) {
                Distances d = run(mode, big);
                for (float v : new float[] {d.distance(0), d.pointAX(0), d.pointAY(0), d.pointBX(0), d.pointBY(0),
                    d.normalX(0), d.normalY(0)}) {
                    assertTrue(Float.isFinite(v), "scale=" + scale + " mode=" + mode + ": " + v);
                }
                assertTrue(d.iterations(0) <= ScalarDistance.MAX_ITERATIONS);
            }
        }
    }

    @Test
    void theFacadeServesEveryModeWithItsBits() {
        SplittableRandom rnd = new SplittableRandom(7);
        RoundedShapes s = RoundedFixtures.mixedStore(rnd, 40, 24);
        PairBatch pairs = RoundedFixtures.nearbyPairs(s, 2.5);
        assertEquals(ScalarDistance.DEFAULT_ACCELERATION, Sepax.distance().acceleration());
        for (GjkAcceleration mode : GjkAcceleration.values()) {
            DistanceKernel k = Sepax.distance(mode);
            assertEquals(mode, k.acceleration());
            assertSame(k, Sepax.distance(mode), "a shared instance");
            assertSame(k, k.withAcceleration(mode));
            assertSame(ScalarDistance.of(mode), ScalarDistance.INSTANCE.withAcceleration(mode));
            Distances expected = new Distances(pairs.size());
            Distances actual = new Distances(pairs.size());
            SimplexCache c1 = new SimplexCache(pairs.size());
            SimplexCache c2 = new SimplexCache(pairs.size());
            for (int frame = 0; frame < 2; frame++) {
                int h1 = ScalarDistance.of(mode).distances(s, pairs, 0, pairs.size(), expected, c1);
                int h2 = k.distances(s, pairs, 0, pairs.size(), actual, c2);
                assertEquals(h1, h2);
                for (int p = 0; p < pairs.size(); p++) {
                    assertEquals(Float.floatToRawIntBits(expected.distance(p)), Float.floatToRawIntBits(actual.distance(p)),
                            "mode=" + mode + " pair=" + p);
                    assertEquals(expected.iterations(p), actual.iterations(p), "mode=" + mode + " pair=" + p);
                }
            }
        }
    }
}
