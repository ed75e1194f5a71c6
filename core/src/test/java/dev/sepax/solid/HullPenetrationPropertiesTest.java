package dev.sepax.solid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.testing.PropertyTimeout;
import dev.sepax.testing.SolidFixtures;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Scale;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import org.junit.jupiter.api.Timeout;

/**
 * Geometric truths of the 3D MTV: a rigid motion of the pair keeps the depth and turns the
 * normal with it; translating B by the MTV leaves the pair touching, and by a little more
 * separates it; an intersecting pair's depth never exceeds the overlap along any direction.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
@AddLifecycleHook(PropertyTimeout.class)
class HullPenetrationPropertiesTest {
    private static final HullPenetrationKernel K = ScalarHullPenetration.INSTANCE;
    private static final float[] IDENTITY = {0, 0, 0, 1};

    private static ConvexPolyhedra local(SplittableRandom r, int k) {
        return ConvexPolyhedra.of(SolidFixtures.cloud(r, k, r.nextDouble(0.3, 2)),
                SolidFixtures.cloud(r, 4 + r.nextInt(40), r.nextDouble(0.3, 2)));
    }

    private static ConvexPolyhedra posed(ConvexPolyhedra local, float[] q0, float[] t0, float[] q1, float[] t1) {
        SolidPoses p = new SolidPoses(2);
        p.setQuaternion(0, q0[0], q0[1], q0[2], q0[3], t0[0], t0[1], t0[2]);
        p.setQuaternion(1, q1[0], q1[1], q1[2], q1[3], t1[0], t1[1], t1[2]);
        ConvexPolyhedra w = local.worldCopy();
        p.transform(local, w);
        return w;
    }

    private static float[] offset(SplittableRandom r, double reach) {
        return new float[] {(float) r.nextDouble(-reach, reach), (float) r.nextDouble(-reach, reach),
                (float) r.nextDouble(-reach, reach)};
    }

    private static double band(ConvexPolyhedra s) {
        return 0x1p-15 * Math.max(s.arrays().magnitude[0], s.arrays().magnitude[1]);
    }

    @Property(tries = 200)
    void aRigidMotionKeepsTheDepthAndTurnsTheNormal(@ForAll long seed, @ForAll @IntRange(min = 4, max = 40) int k) {
        SplittableRandom r = new SplittableRandom(seed);
        ConvexPolyhedra local = local(r, k);
        float[] q1 = SolidFixtures.quaternion(r);
        float[] t1 = offset(r, 1.5);
        ConvexPolyhedra before = posed(local, IDENTITY, new float[3], q1, t1);
        float[] m = SolidFixtures.quaternion(r);
        float[] s = offset(r, 20);
        double[] mt = SolidFixtures.rotate(m, t1);
        ConvexPolyhedra after = posed(local, m, s, SolidFixtures.multiply(m, q1),
                new float[] {(float) (mt[0] + s[0]), (float) (mt[1] + s[1]), (float) (mt[2] + s[2])});
        HullPenetrations p0 = new HullPenetrations(1);
        HullPenetrations p1 = new HullPenetrations(1);
        K.penetration(before, 0, 1, p0, 0);
        K.penetration(after, 0, 1, p1, 0);
        // Only intersecting pairs have a unique answer (a separated pair's bound depends on the axes).
        Assume.that(p0.depth(0) > 4 * band(after) + 1e-4);
        // The rounding of the posed coordinates (|s| ~ 20) moves every separation by ~ 1e-5.
        double tolerance = 2 * band(after) + 1e-4;
        assertEquals(p0.depth(0), p1.depth(0), tolerance, "depth");
        // The MTV may be one of several nearly equal axes; where it is unique, the normal turns with the pair.
        double[] turned = SolidFixtures.rotate(m, new float[] {p0.normalX(0), p0.normalY(0), p0.normalZ(0)});
        double dot = turned[0] * p1.normalX(0) + turned[1] * p1.normalY(0) + turned[2] * p1.normalZ(0);
        double overlapAlongTurned = overlap(after, turned);
        assertTrue(dot > 0.999 || Math.abs(overlapAlongTurned - p1.depth(0)) <= 2 * tolerance,
                "normal: dot " + dot + ", overlap along the turned normal " + overlapAlongTurned + " vs depth " + p1.depth(0));
    }

    private static double overlap(ConvexPolyhedra w, double[] n) {
        double maxA = Double.NEGATIVE_INFINITY;
        double minB = Double.POSITIVE_INFINITY;
        for (int i = 0; i < w.vertexCount(0); i++) {
            maxA = Math.max(maxA, n[0] * w.vertex(0, i, 0) + n[1] * w.vertex(0, i, 1) + n[2] * w.vertex(0, i, 2));
        }
        for (int i = 0; i < w.vertexCount(1); i++) {
            minB = Math.min(minB, n[0] * w.vertex(1, i, 0) + n[1] * w.vertex(1, i, 1) + n[2] * w.vertex(1, i, 2));
        }
        return maxA - minB;
    }

    @Property(tries = 200)
    void translatingBByTheMtvSeparatesThePair(@ForAll long seed, @ForAll @IntRange(min = 4, max = 40) int k,
                                              @ForAll @DoubleRange(min = 1e-3, max = 0.1) @Scale(4) double extra) {
        SplittableRandom r = new SplittableRandom(seed);
        ConvexPolyhedra local = local(r, k);
        float[] q1 = SolidFixtures.quaternion(r);
        float[] t1 = offset(r, 1.5);
        ConvexPolyhedra w = posed(local, IDENTITY, new float[3], q1, t1);
        HullPenetrations out = new HullPenetrations(1);
        Assume.that(K.penetration(w, 0, 1, out, 0));
        double d = out.depth(0);
        // Moving B by the MTV leaves it touching; a little further and it is apart, by about 'extra'.
        float[] touching = {(float) (t1[0] + d * out.normalX(0)), (float) (t1[1] + d * out.normalY(0)),
                (float) (t1[2] + d * out.normalZ(0))};
        double gapTouching = SolidFixtures.hullGap(posed(local, IDENTITY, new float[3], q1, touching), 0, 1);
        assertEquals(0, gapTouching, 4 * band(w) + 1e-6, "after the MTV");
        double e = d + extra;
        float[] apart = {(float) (t1[0] + e * out.normalX(0)), (float) (t1[1] + e * out.normalY(0)),
                (float) (t1[2] + e * out.normalZ(0))};
        double gapApart = SolidFixtures.hullGap(posed(local, IDENTITY, new float[3], q1, apart), 0, 1);
        assertTrue(gapApart > extra / 2, "moved " + extra + " beyond the MTV: gap " + gapApart);
    }

    @Property(tries = 200)
    void theDepthIsAtMostTheOverlapAlongAnyDirection(@ForAll long seed, @ForAll @IntRange(min = 4, max = 40) int k) {
        SplittableRandom r = new SplittableRandom(seed);
        ConvexPolyhedra w = posed(local(r, k), IDENTITY, new float[3], SolidFixtures.quaternion(r), offset(r, 1.5));
        HullPenetrations out = new HullPenetrations(1);
        // For a separated pair the depth is only a bound on the distance: some direction may do better.
        Assume.that(K.penetration(w, 0, 1, out, 0));
        for (int t = 0; t < 50; t++) {
            float[] q = SolidFixtures.quaternion(r);
            double[] dir = SolidFixtures.rotate(q, new float[] {1, 0, 0});
            assertTrue(out.depth(0) <= overlap(w, dir) + band(w), "direction " + t);
        }
    }
}
