package dev.sepax.contact;

import dev.sepax.shape.RoundedShapes;
import dev.sepax.testing.FindFixtures;
import dev.sepax.testing.Polygons;
import dev.sepax.testing.RoundedFixtures;
import java.util.SplittableRandom;

/**
 * Adversarial rounded pairs for the manifold placement property of {@link RoundedManifoldsTest},
 * and its double-precision oracles. A pair is built by sliding B along a direction until the
 * rounded shapes' exact distance (double, {@link RoundedFixtures#coreDistance}) hits a target:
 * touching within about 1e-8, a small overlap, or a small gap.
 */
final class MidwayCases {
    private MidwayCases() {}

    /** A generated pair (shape 0 = A, 1 = B) and the name of its construction. */
    record Case(RoundedShapes shapes, String label) {}

    private static final String[] LABELS = {"capsule-capsule", "capsule-segment", "polygon-capsule",
        "polygon-circle", "circle-circle", "near-parallel faces", "mixed kinds"};

    static Case pair(SplittableRandom rnd) {
        int kind = rnd.nextInt(LABELS.length);
        double scale = Math.pow(10, rnd.nextDouble(-1, 1));
        double ox = rnd.nextDouble(-5, 5) * scale;
        double oy = rnd.nextDouble(-5, 5) * scale;
        float ra;
        float rb;
        float[] a;
        float[] b;
        double ux;
        double uy;
        double ang = rnd.nextDouble(2 * Math.PI);
        ux = Math.cos(ang);
        uy = Math.sin(ang);
        switch (kind) {
            case 0 -> {
                a = segment(rnd, scale);
                b = segment(rnd, scale);
                ra = radius(rnd, scale);
                rb = radius(rnd, scale);
            }
            case 1 -> {
                a = segment(rnd, scale);
                b = segment(rnd, scale);
                ra = radius(rnd, scale);
                rb = 0f;
            }
            case 2 -> {
                a = FindFixtures.convex(rnd, 3 + rnd.nextInt(6), 0, 0, scale);
                b = segment(rnd, scale);
                ra = rnd.nextBoolean() ? 0f : radius(rnd, scale);
                rb = radius(rnd, scale);
            }
            case 3 -> {
                a = FindFixtures.convex(rnd, 3 + rnd.nextInt(6), 0, 0, scale);
                b = new float[] {0f, 0f};
                ra = rnd.nextBoolean() ? 0f : radius(rnd, scale);
                rb = radius(rnd, scale);
            }
            case 4 -> {
                a = new float[] {0f, 0f};
                b = new float[] {0f, 0f};
                ra = radius(rnd, scale);
                rb = radius(rnd, scale);
            }
            case 5 -> {
                // A face of A, and B's segment turned from anti-parallel by a tiny angle, slid
                // along the face's normal: the clip's ends and the supports nearly tie.
                a = rnd.nextBoolean() ? segment(rnd, scale) : FindFixtures.convex(rnd, 3 + rnd.nextInt(4), 0, 0, scale);
                int e = rnd.nextInt(a.length / 2 == 2 ? 1 : a.length / 2);
                int e2 = (e + 1) % (a.length / 2);
                double ex = (double) a[2 * e2] - a[2 * e];
                double ey = (double) a[2 * e2 + 1] - a[2 * e + 1];
                double el = Math.hypot(ex, ey);
                double tilt = (rnd.nextBoolean() ? 1 : -1) * Math.pow(10, rnd.nextDouble(-8, -1));
                double c = Math.cos(Math.PI + tilt);
                double si = Math.sin(Math.PI + tilt);
                double dx = (c * ex - si * ey) / el;
                double dy = (si * ex + c * ey) / el;
                double len = el * rnd.nextDouble(0.2, 1.5);
                double shift = el * rnd.nextDouble(-0.8, 0.8);
                double mx = (a[2 * e] + a[2 * e2]) / 2.0 + shift * ex / el;
                double my = (a[2 * e + 1] + a[2 * e2 + 1]) / 2.0 + shift * ey / el;
                b = new float[] {(float) (mx - dx * len / 2), (float) (my - dy * len / 2),
                    (float) (mx + dx * len / 2), (float) (my + dy * len / 2)};
                // Slide along the face's outward normal (CCW core: the edge turned right).
                ux = ey / el;
                uy = -ex / el;
                ra = rnd.nextBoolean() ? 0f : radius(rnd, scale);
                rb = radius(rnd, scale);
                if (rnd.nextBoolean()) {
                    float t = ra;
                    ra = rb;
                    rb = t;
                }
            }
            default -> {
                RoundedShapes.Builder bb = RoundedShapes.builder();
                RoundedFixtures.addRandom(bb, rnd, 8, 0, 0, scale);
                RoundedFixtures.addRandom(bb, rnd, 8, 0, 0, scale);
                RoundedShapes m = bb.build();
                a = m.core(0);
                b = m.core(1);
                ra = m.radius(0);
                rb = m.radius(1);
            }
        }
        if (ra + rb == 0) {
            rb = radius(rnd, scale);
        }
        double target = switch (rnd.nextInt(3)) {
            case 0 -> rnd.nextDouble(-1e-8, 1e-8) * scale;
            case 1 -> -rnd.nextDouble(0, 0.05) * Math.min(ra == 0 ? rb : ra, rb == 0 ? ra : rb);
            default -> rnd.nextDouble(0, 0.1) * scale;
        };
        // The cores' distance is 0 at t = 0 (B's centroid moved onto A's, both convex) and, as a
        // convex function of t, does not decrease after: bisect for rA + rB + target.
        double[] ca = Polygons.vertexMean(a);
        double[] cb = Polygons.vertexMean(b);
        double want = (double) ra + rb + target;
        double lo = 0;
        double hi = 1;
        while (RoundedFixtures.coreDistance(a, Polygons.translated(b, ca[0] - cb[0] + hi * ux, ca[1] - cb[1] + hi * uy)) < want) {
            hi *= 2;
        }
        for (int i = 0; i < 200 && lo < hi; i++) {
            double mid = (lo + hi) / 2;
            if (mid == lo || mid == hi) {
                break;
            }
            if (RoundedFixtures.coreDistance(a, Polygons.translated(b, ca[0] - cb[0] + mid * ux, ca[1] - cb[1] + mid * uy)) < want) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        float[] fb = Polygons.translated(b, ox + ca[0] - cb[0] + hi * ux, oy + ca[1] - cb[1] + hi * uy);
        float[] fa = Polygons.translated(a, ox, oy);
        return new Case(RoundedShapes.builder().add(ra, fa).add(rb, fb).build(), LABELS[kind]);
    }

    private static float[] segment(SplittableRandom rnd, double scale) {
        double ang = rnd.nextDouble(2 * Math.PI);
        double h = scale * rnd.nextDouble(0.2, 1);
        return new float[] {(float) (-h * Math.cos(ang)), (float) (-h * Math.sin(ang)), (float) (h * Math.cos(ang)),
            (float) (h * Math.sin(ang))};
    }

    private static float radius(SplittableRandom rnd, double scale) {
        return (float) (scale * rnd.nextDouble(0.02, 0.6));
    }

    /** Signed distance of a point to a core (1, 2 or 3+ CCW points), negative inside a polygon core. */
    static double signedDistance(float[] c, double px, double py) {
        double d = RoundedFixtures.pointToCore(c, px, py);
        int k = c.length / 2;
        if (d > 0 || k < 3) {
            return d;
        }
        double in = Double.POSITIVE_INFINITY;
        for (int i = 0; i < k; i++) {
            int j = (i + 1) % k;
            in = Math.min(in, RoundedFixtures.pointSegment(px, py, c[2 * i], c[2 * i + 1], c[2 * j], c[2 * j + 1]));
        }
        return -in;
    }

    /**
     * {@code 1 - |n . m|} for {@code m} the unit normal of edge {@code e} of a core (0 for a
     * one-point core): a point of a clipped incident edge, offset along the reference normal
     * {@code n} from a point {@code c} of that edge by {@code r + sep / 2}, is at least
     * {@code (r + sep / 2) |n . m|} from the edge's line, so it sits deeper in its own rounded
     * shape than midway by at most this times {@code (r + |sep| / 2)}.
     */
    static double tilt(float[] c, int e, double nx, double ny) {
        int k = c.length / 2;
        if (k < 2) {
            return 0;
        }
        int i = e % k;
        int j = (i + 1) % k;
        double ex = (double) c[2 * j] - c[2 * i];
        double ey = (double) c[2 * j + 1] - c[2 * i + 1];
        return 1 - Math.abs(nx * ey - ny * ex) / Math.hypot(ex, ey);
    }
}
