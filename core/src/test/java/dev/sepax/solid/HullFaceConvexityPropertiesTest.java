package dev.sepax.solid;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.testing.PropertyTimeout;
import dev.sepax.testing.SolidFixtures;
import java.math.BigDecimal;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.Assume;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import org.junit.jupiter.api.Timeout;

/**
 * Every face outline of a built hull is convex: seen along the face's stored (float) normal,
 * consecutive outline vertices {@code a, b, c} never turn clockwise, by the exact sign of
 * {@code ((b - a) x (c - b)) . n} in BigDecimal. The builder merges triangles coplanar within
 * the weld distance; on nearly flat clouds (just above the {@code 2^-14} acceptance limit) such
 * a patch could have a notch, and the merged face a reflex corner of a few degrees.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
@AddLifecycleHook(PropertyTimeout.class)
class HullFaceConvexityPropertiesTest {
    /**
     * A cloud of k points in the unit ball squashed to {@code factor * 2^-14} in z (so its
     * thickness is about {@code factor} times the acceptance limit), then turned by a random
     * rotation so that no face is axis-aligned.
     */
    static float[] flatCloud(long seed, int k, double factor) {
        SplittableRandom r = new SplittableRandom(seed);
        float[] p = SolidFixtures.cloud(r, k, 1.0);
        float[] q = SolidFixtures.quaternion(r);
        double th = QuickHull.FLAT * factor;
        for (int i = 0; i < p.length; i += 3) {
            double[] v = SolidFixtures.rotate(q, new double[] {p[i], p[i + 1], p[i + 2] * th});
            p[i] = (float) v[0];
            p[i + 1] = (float) v[1];
            p[i + 2] = (float) v[2];
        }
        return p;
    }

    /** The store of one cloud, or null if the builder rejects it (too flat after rounding). */
    private static ConvexPolyhedra buildOrNull(float[] cloud) {
        try {
            return ConvexPolyhedra.of(cloud);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** Fails naming the face and corner if some outline of shape s turns clockwise. */
    static void assertConvexFaces(ConvexPolyhedra s, int shape, String what) {
        for (int f = 0; f < s.faceCount(shape); f++) {
            int[] loop = s.faceVertices(shape, f);
            BigDecimal[] n = new BigDecimal[3];
            for (int i = 0; i < 3; i++) {
                n[i] = new BigDecimal(s.plane(shape, f, i));
            }
            for (int k = 0; k < loop.length; k++) {
                BigDecimal[] a = vertex(s, shape, loop[(k + loop.length - 1) % loop.length]);
                BigDecimal[] b = vertex(s, shape, loop[k]);
                BigDecimal[] c = vertex(s, shape, loop[(k + 1) % loop.length]);
                BigDecimal[] u = new BigDecimal[3];
                BigDecimal[] v = new BigDecimal[3];
                for (int i = 0; i < 3; i++) {
                    u[i] = b[i].subtract(a[i]);
                    v[i] = c[i].subtract(b[i]);
                }
                BigDecimal turn = n[0].multiply(u[1].multiply(v[2]).subtract(u[2].multiply(v[1])))
                        .add(n[1].multiply(u[2].multiply(v[0]).subtract(u[0].multiply(v[2]))))
                        .add(n[2].multiply(u[0].multiply(v[1]).subtract(u[1].multiply(v[0]))));
                assertTrue(turn.signum() >= 0, what + ": face " + f + " of " + loop.length + " corners turns clockwise at corner "
                        + k + " (vertex " + loop[k] + "), turn " + turn.doubleValue());
            }
        }
    }

    private static BigDecimal[] vertex(ConvexPolyhedra s, int shape, int i) {
        return new BigDecimal[] {new BigDecimal(s.vertex(shape, i, 0)), new BigDecimal(s.vertex(shape, i, 1)),
                new BigDecimal(s.vertex(shape, i, 2))};
    }

    /** A cloud that merged a 5-corner face with a reflex corner before outlines were checked. */
    @Example
    void aNearlyFlatCloudThatOnceMergedANonConvexFace() {
        assertConvexFaces(ConvexPolyhedra.of(flatCloud(6243484800206929264L, 27, 2.7086891255511425)), 0, "example");
    }

    /**
     * Nearly flat clouds of 8 to 80 points, 1.05 to 3 times as thick as the acceptance limit,
     * drawn from the seed (jqwik's own ints and doubles crowd their range's ends). About 1 in
     * 200 of them merged a non-convex face; 1000 tries found several.
     */
    @Property(tries = 1000)
    void nearlyFlatCloudsHaveConvexFaces(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int k = 8 + r.nextInt(73);
        double factor = r.nextDouble(1.05, 3);
        ConvexPolyhedra s = buildOrNull(flatCloud(r.nextLong(), k, factor));
        // A cloud that rounding made too flat is the builder's to reject, not a try of this property.
        Assume.that(s != null);
        assertConvexFaces(s, 0, "seed " + seed + ", k " + k + ", factor " + factor);
    }

    @Property(tries = 150)
    void ordinaryCloudsHaveConvexFaces(@ForAll long seed, @ForAll @IntRange(min = 4, max = 300) int k) {
        SplittableRandom r = new SplittableRandom(seed);
        ConvexPolyhedra s = ConvexPolyhedra.of(SolidFixtures.cloud(r, k, r.nextDouble(0.01, 100)),
                SolidFixtures.sphere(k, seed));
        assertConvexFaces(s, 0, "cloud, seed " + seed + ", k " + k);
        assertConvexFaces(s, 1, "sphere, seed " + seed + ", k " + k);
    }
}
