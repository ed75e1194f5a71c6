package dev.sepax.narrow;

import dev.sepax.batch.PairBatch;
import dev.sepax.batch.SweepResults;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.shape.Poses;
import dev.sepax.shape.Velocities;
import dev.sepax.testing.SweepCases;

import static dev.sepax.testing.SweepCases.movedTo;
import static dev.sepax.testing.SweepCases.sweepOne;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import dev.sepax.testing.PropertyTimeout;

/**
 * Geometric truths of the swept test (ScalarSweep, the reference), checked against the static
 * kernels on shapes actually moved to the times in question.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
@AddLifecycleHook(PropertyTimeout.class)
class SweepPropertiesTest {
    private static final SweepKernel K = ScalarSweep.INSTANCE;
    private static final ScalarSat SAT = ScalarSat.INSTANCE;
    private static final float T_MAX = 1f;

    /** The largest float band of the pair over the window (coordinates grow as shapes move). */
    private static float band(ConvexPolygons s, Velocities v) {
        return Math.max(FloatBand.of(s, 0, 1), FloatBand.of(movedTo(s, v, T_MAX), 0, 1));
    }

    /**
     * Just before tFirst the moved shapes are apart, just after they intersect. The bracket is
     * {@code delta = 4 band / |n . u|}: the separation along the contact normal changes at the
     * rate {@code |n . u|}, so after {@code delta} it has moved by four float bands, past what
     * rounding (of the sweep and of the moved coordinates) can explain.
     */
    @Test
    void theShapesAreApartJustBeforeTFirstAndIntersectJustAfter() {
        SplittableRandom rnd = new SplittableRandom(61);
        int firstContacts = 0;
        int checked = 0;
        for (int c = 0; c < 3000; c++) {
            Object[] cs = SweepCases.randomCase(rnd);
            ConvexPolygons s = (ConvexPolygons) cs[0];
            Velocities v = (Velocities) cs[1];
            SweepResults r = sweepOne(K, s, v, T_MAX);
            if (!r.hit(0) || r.tFirst(0) == 0f) {
                continue;
            }
            firstContacts++;
            float ux = v.vx(1) - v.vx(0);
            float uy = v.vy(1) - v.vy(0);
            double approach = Math.abs((double) r.normalX(0) * ux + (double) r.normalY(0) * uy);
            double delta = 4 * band(s, v) / approach;
            float t0 = r.tFirst(0);
            // Meaningful only when the bracket is tight against the window and the contact lasts.
            if (delta > 1e-4 * T_MAX || r.tLast(0) - t0 <= 2 * delta || t0 <= delta) {
                continue;
            }
            checked++;
            float before = (float) (t0 - delta);
            float after = (float) (t0 + delta);
            int cc = c;
            assertFalse(SAT.intersects(movedTo(s, v, before), 0, 1, 0f),
                    () -> "case " + cc + ": intersecting at tFirst - delta = " + before + " (tFirst " + t0 + ")");
            assertTrue(SAT.intersects(movedTo(s, v, after), 0, 1, 0f),
                    () -> "case " + cc + ": apart at tFirst + delta = " + after + " (tFirst " + t0 + ")");
        }
        // The check must not pass by skipping: most first contacts are well conditioned.
        assertTrue(firstContacts > 500, "first contacts " + firstContacts);
        assertTrue(checked > 0.8 * firstContacts, "checked " + checked + " of " + firstContacts);
    }

    /**
     * Brute force: the static verdict at 10 000 time steps agrees with {@code t in [tFirst, tLast]},
     * except within one step of either end, or where the moved shapes are within the float band
     * of touching (where the static verdict itself is not exact).
     */
    @Test
    void sampledStaticTestsAgreeWithTheInterval() {
        SplittableRandom rnd = new SplittableRandom(62);
        int steps = 10_000;
        double h = (double) T_MAX / steps;
        int hits = 0;
        int cases = 60;
        for (int c = 0; c < cases; c++) {
            Object[] cs = SweepCases.randomCase(rnd);
            ConvexPolygons s = (ConvexPolygons) cs[0];
            Velocities v = (Velocities) cs[1];
            if (c % 6 == 0) {
                // Velocity exactly along one of A's edges: rates of (nearly) zero on that axis.
                int i = rnd.nextInt(s.count(0));
                int j = (i + 1) % s.count(0);
                float f = (float) rnd.nextDouble(-3, 3);
                v.set(0, 0, 0).set(1, f * (s.vertexX(0, j) - s.vertexX(0, i)), f * (s.vertexY(0, j) - s.vertexY(0, i)));
            }
            SweepResults r = sweepOne(K, s, v, T_MAX);
            float band = band(s, v);
            if (r.hit(0)) {
                hits++;
            }
            Poses poses = new Poses(2);
            ConvexPolygons world = s.newWorldStore();
            for (int i = 0; i <= steps; i++) {
                float t = (float) (i * h);
                poses.setCosSin(0, v.vx(0) * t, v.vy(0) * t, 1f, 0f).setCosSin(1, v.vx(1) * t, v.vy(1) * t, 1f, 0f);
                poses.transform(s, world);
                boolean sampled = SAT.intersects(world, 0, 1, 0f);
                boolean swept = r.hit(0) && t >= r.tFirst(0) && t <= r.tLast(0);
                if (sampled == swept) {
                    continue;
                }
                boolean nearEnd = r.hit(0) && (Math.abs(t - r.tFirst(0)) <= h || Math.abs(t - r.tLast(0)) <= h);
                double gap = TextbookSat.separation(world, 0, 1);
                int cc = c;
                assertTrue(nearEnd || Math.abs(gap) <= band, () -> "case " + cc + " t=" + t + ": static says "
                        + sampled + ", sweep [" + r.tFirst(0) + ", " + r.tLast(0) + "] hit=" + r.hit(0) + ", gap=" + gap);
            }
        }
        assertTrue(hits > cases / 4 && hits < cases * 3 / 4, "hits " + hits + " of " + cases);
    }

    /** Swapping A and B gives the same times and hit bit exactly, and the opposite normal. */
    @Property(tries = 300)
    void swappingTheShapesFlipsOnlyTheNormal(@ForAll long seed) {
        Object[] cs = SweepCases.randomCase(new SplittableRandom(seed));
        ConvexPolygons s = (ConvexPolygons) cs[0];
        Velocities v = (Velocities) cs[1];
        PairBatch pairs = PairBatch.of(new int[] {0, 1}, new int[] {1, 0}, s);
        SweepResults r = new SweepResults(2);
        K.sweep(s, v, pairs, T_MAX, r);
        assertEquals(r.hit(0), r.hit(1));
        assertEquals(Float.floatToRawIntBits(r.tFirst(0)), Float.floatToRawIntBits(r.tFirst(1)));
        assertEquals(Float.floatToRawIntBits(r.tLast(0)), Float.floatToRawIntBits(r.tLast(1)));
        assertEquals(-r.normalX(0), r.normalX(1), 0f);
        assertEquals(-r.normalY(0), r.normalY(1), 0f);
    }

    /**
     * Without relative motion the sweep is the static test: hit iff ScalarSat intersects (for
     * pairs farther than the band from touching), over the whole window, with no normal.
     */
    @Property(tries = 300)
    void zeroRelativeVelocityIsTheStaticTest(@ForAll long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        Object[] cs = SweepCases.randomCase(rnd);
        ConvexPolygons s = (ConvexPolygons) cs[0];
        float vx = (float) rnd.nextDouble(-3, 3);
        float vy = (float) rnd.nextDouble(-3, 3);
        Velocities v = new Velocities(2).set(0, vx, vy).set(1, vx, vy);
        SweepResults r = sweepOne(K, s, v, T_MAX);
        double gap = TextbookSat.separation(s, 0, 1);
        if (Math.abs(gap) > FloatBand.of(s, 0, 1)) {
            assertEquals(SAT.intersects(s, 0, 1, 0f), r.hit(0), "gap=" + gap);
        }
        if (r.hit(0)) {
            assertEquals(0f, r.tFirst(0));
            assertEquals(T_MAX, r.tLast(0));
            assertEquals(0f, r.normalX(0));
            assertEquals(0f, r.normalY(0));
        }
    }

    /**
     * The merge class's ranges when a group holds most of its shape's turning (17 to 20
     * vertices against 33 to 64, see {@code MergeBandPropertiesTest}): shapes that overlap at
     * the start hit at time 0, and at rest the sweep is the static test (shapes overlapping or
     * apart by up to a fifth of their size).
     */
    @Property(tries = 400)
    void aGroupTurningTheSupportAllTheWayRoundIsStillTheStaticTest(@ForAll long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        float[] few = dev.sepax.testing.FindFixtures.convex(rnd, 17 + rnd.nextInt(4), 0, 0, 1);
        float[] many = dev.sepax.testing.FindFixtures.convex(rnd, 33 + rnd.nextInt(32), 0, 0, 1);
        boolean fewFirst = rnd.nextBoolean();
        ConvexPolygons s = ConvexPolygons.of(fewFirst ? few : many, fewFirst ? many : few);
        double[] axis = new double[2];
        double depth = dev.sepax.testing.FindFixtures.exactDepth(s, axis);
        double offset = rnd.nextDouble(-0.2, 0.2);
        s = dev.sepax.testing.FindFixtures.withBMoved(s, 0, 1, (depth + offset) * axis[0], (depth + offset) * axis[1]);
        float vx = (float) rnd.nextDouble(-3, 3);
        float vy = (float) rnd.nextDouble(-3, 3);
        double gap = TextbookSat.separation(s, 0, 1);
        SweepResults rest = sweepOne(K, s, new Velocities(2).set(0, vx, vy).set(1, vx, vy), T_MAX);
        SweepResults moving = sweepOne(K, s, new Velocities(2).set(0, vx, vy)
                .set(1, (float) rnd.nextDouble(-3, 3), (float) rnd.nextDouble(-3, 3)), T_MAX);
        if (Math.abs(gap) > 1e-3) {
            assertEquals(gap <= 0, rest.hit(0), "at rest, gap=" + gap);
        }
        if (gap < -1e-3) {
            assertTrue(moving.hit(0), "moving, overlapping at the start by " + -gap);
            assertEquals(0f, moving.tFirst(0), "moving, overlapping at the start by " + -gap);
        }
    }

    /** Results are well formed: ordered times inside the window, unit normals, NaN for misses. */
    @Property(tries = 500)
    void resultsAreWellFormed(@ForAll long seed) {
        Object[] cs = SweepCases.randomCase(new SplittableRandom(seed));
        SweepResults r = sweepOne(K, (ConvexPolygons) cs[0], (Velocities) cs[1], T_MAX);
        if (r.hit(0)) {
            assertTrue(0f <= r.tFirst(0) && r.tFirst(0) <= r.tLast(0) && r.tLast(0) <= T_MAX);
            double len = Math.hypot(r.normalX(0), r.normalY(0));
            assertEquals(1.0, len, 1e-6);
        } else {
            assertTrue(Float.isNaN(r.tFirst(0)) && Float.isNaN(r.tLast(0)));
            assertEquals(0f, r.normalX(0));
        }
    }
}
