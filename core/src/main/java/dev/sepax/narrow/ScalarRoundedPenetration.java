package dev.sepax.narrow;

import dev.sepax.batch.PairBatch;
import dev.sepax.batch.Penetrations;
import dev.sepax.batch.SimplexCache;
import dev.sepax.internal.RoundedArrays;
import dev.sepax.shape.RoundedShapes;

/**
 * The scalar reference {@link RoundedPenetrationKernel}: {@link ScalarDistance}'s GJK loop on the
 * cores, then this class's {@link #finish tail}: the core gap and the radii when the cores are
 * apart, the separating-axis test on the cores when they touch or overlap. Its float expressions
 * define the bits every other rounded penetration kernel must reproduce.
 *
 * <h2>Error band</h2>
 * Cores apart: the depth is {@code (rA + rB) - |c|} with {@code |c|} the core distance of
 * {@link ScalarDistance}, so its error is that kernel's band on the core distance plus one
 * rounding of the subtraction. Cores overlapping: each separation is the polygon MTV's small-class
 * expression, within {@code 16 u M} of the exact separation along the stored normal
 * ({@link PenetrationKernel}, {@code u = 2^-24}, {@code M} the largest core coordinate), and the
 * stored normals are within {@code 2u} of the exact edges' (one double division rounded to
 * float), which moves a separation by at most {@code 2u * 2 sqrt(2) M < 6 u M}; the sum with the
 * radii adds {@code u (rA + rB + |best|)}. Both cases are inside {@link #band}, which is
 * {@link ScalarDistance#band} at {@code |depth|}: {@code PROGRESS |depth| + 64 u (M + rA + rB)}.
 *
 * <p>Cost: GJK as {@link ScalarDistance} ({@code ka + kb} dot products per iteration), plus for
 * overlapping cores {@code 2 ka kb} dot products. Stateless, thread-safe, allocation-free.
 */
public final class ScalarRoundedPenetration implements RoundedPenetrationKernel {
    /** The shared instance (the kernel is stateless). */
    public static final ScalarRoundedPenetration INSTANCE = new ScalarRoundedPenetration();

    private ScalarRoundedPenetration() {}

    @Override
    public String name() {
        return "scalar";
    }

    @Override
    public boolean penetration(RoundedShapes shapes, int a, int b, Penetrations out, int index) {
        RoundedPenetrationKernel.checkPair(shapes, a, b, out, index);
        return ScalarDistance.pair(shapes.arrays(), a, b, null, index, null, out);
    }

    @Override
    public int penetrations(RoundedShapes shapes, PairBatch pairs, int from, int to, Penetrations out,
                            SimplexCache cache) {
        RoundedPenetrationKernel.checkBatch(shapes, pairs, from, to, out, cache);
        RoundedArrays s = shapes.arrays();
        int[] pa = pairs.arrays().a;
        int[] pb = pairs.arrays().b;
        int hits = 0;
        for (int p = from; p < to; p++) {
            hits += ScalarDistance.pair(s, pa[p], pb[p], cache, p, null, out) ? 1 : 0;
        }
        return hits;
    }

    /**
     * The band within which {@link Penetrations#depth} lies of the exact penetration depth of
     * shapes {@code a} and {@code b} when the computed depth is {@code depth}: see the class doc.
     */
    public static double band(RoundedShapes shapes, int a, int b, double depth) {
        return ScalarDistance.band(shapes, a, b, Math.abs(depth));
    }

    /**
     * The tail after GJK: from the cores' closest points {@code (pa, pb)} (equal when
     * {@code coresTouch}) writes entry {@code p} of {@code out}. Called by
     * {@link ScalarDistance#finish} only.
     *
     * @return true if the shapes touch or overlap
     */
    static boolean finish(RoundedArrays s, int a, int b, float pax, float pay, float pbx, float pby,
                          boolean coresTouch, int p, Penetrations out) {
        float rs = s.radius()[a] + s.radius()[b];
        if (!coresTouch) {
            // The core gap exactly as ScalarDistance measures it, so both kernels agree on contact.
            float cx = pbx - pax;
            float cy = pby - pay;
            float m = Math.max(Math.abs(cx), Math.abs(cy));
            if (m != 0) {
                float ux = cx / m;
                float uy = cy / m;
                float q = (float) Math.sqrt(ux * ux + uy * uy);
                float depth = rs - m * q;
                write(out, p, ux / q, uy / q, depth, Penetrations.AXIS_CORES);
                return depth >= 0;
            }
        }
        return coreSat(s, a, b, rs, p, out);
    }

    /** The separating-axis test on overlapping cores: the class doc of {@link RoundedPenetrationKernel}. */
    private static boolean coreSat(RoundedArrays s, int a, int b, float rs, int p, Penetrations out) {
        float[] x = s.x();
        float[] y = s.y();
        float[] nx = s.nx();
        float[] ny = s.ny();
        int oa = s.start()[a];
        int ob = s.start()[b];
        int ka = s.count()[a];
        int kb = s.count()[b];
        float best = Float.NEGATIVE_INFINITY;
        int code = 0;
        // A one-point core has no edge; strict '>' keeps the first axis of the maximum.
        for (int i = 0; ka > 1 && i < ka; i++) {
            float sep = separation(nx[oa + i], ny[oa + i], x[oa + i], y[oa + i], x, y, ob, kb);
            if (sep > best) {
                best = sep;
                code = 1 + i;
            }
        }
        for (int j = 0; kb > 1 && j < kb; j++) {
            float sep = separation(nx[ob + j], ny[ob + j], x[ob + j], y[ob + j], x, y, oa, ka);
            if (sep > best) {
                best = sep;
                code = -(1 + j);
            }
        }
        if (code == 0) {
            // Two coincident points: every direction is a minimum translation.
            write(out, p, 1f, 0f, rs, Penetrations.AXIS_WORLD_X);
            return true;
        }
        float depth = rs - best;
        if (code > 0) {
            write(out, p, nx[oa + code - 1], ny[oa + code - 1], depth, code);
        } else {
            write(out, p, -nx[ob - code - 1], -ny[ob - code - 1], depth, code);
        }
        return depth >= 0;
    }

    /**
     * {@code min over the k points v from slot o of n . (v - p)}, as
     * {@code nx * (vx - px) + ny * (vy - py) + 0f} (the {@code + 0f} turns -0 into +0). Public
     * only so that the SIMD kernels evaluate exactly this; not an API for callers.
     */
    public static float separation(float nx, float ny, float px, float py, float[] x, float[] y, int o, int k) {
        float min = Float.POSITIVE_INFINITY;
        for (int j = 0; j < k; j++) {
            float d = nx * (x[o + j] - px) + ny * (y[o + j] - py) + 0f;
            if (d < min) {
                min = d;
            }
        }
        return min;
    }

    private static void write(Penetrations out, int p, float nx, float ny, float depth, int code) {
        out.normalXs()[p] = nx;
        out.normalYs()[p] = ny;
        out.depths()[p] = depth;
        out.axes()[p] = code;
    }
}
