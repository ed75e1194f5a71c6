package dev.sepax.narrow;

import dev.sepax.batch.PairBatch;
import dev.sepax.batch.Penetrations;
import dev.sepax.shape.ConvexPolygons;

/**
 * The scalar reference {@link PenetrationKernel}: every edge of A against every vertex of B and
 * the other way round, then the world axes. Its float expressions and its tie-breaking (first
 * axis of the maximum, in the order of {@link PenetrationKernel}) define the bits every other
 * penetration kernel must reproduce.
 *
 * <p>Cost: {@code 2 * m * k} dot products per pair, no early exit (the best axis needs all of
 * them). Stateless, thread-safe, allocation-free.
 */
public final class ScalarPenetration implements PenetrationKernel {
    /** The shared instance (the kernel is stateless). */
    public static final ScalarPenetration INSTANCE = new ScalarPenetration();

    private ScalarPenetration() {}

    @Override
    public String name() {
        return "scalar";
    }

    @Override
    public boolean penetration(ConvexPolygons shapes, int a, int b, Penetrations out, int index) {
        Penetrations.checkPair(shapes, a, b, out, index);
        return compute(shapes, a, b, out, index);
    }

    @Override
    public int penetrations(ConvexPolygons shapes, PairBatch pairs, int from, int to, Penetrations out) {
        Penetrations.checkBatch(shapes, pairs, from, to, out);
        int[] pa = pairs.arrays().a;
        int[] pb = pairs.arrays().b;
        int hits = 0;
        for (int p = from; p < to; p++) {
            hits += compute(shapes, pa[p], pb[p], out, p) ? 1 : 0;
        }
        return hits;
    }

    private static boolean compute(ConvexPolygons s, int a, int b, Penetrations out, int p) {
        float best = Float.NEGATIVE_INFINITY;
        int code = 0;
        int oa = s.arrays().start[a];
        int ob = s.arrays().start[b];
        int ka = s.arrays().count[a];
        int kb = s.arrays().count[b];
        // Strict '>' keeps the first axis of the maximum: A's edges, then B's.
        for (int i = 0; i < ka; i++) {
            float sep = edgeSeparation(s, oa + i, ob, kb);
            if (sep > best) {
                best = sep;
                code = 1 + i;
            }
        }
        for (int j = 0; j < kb; j++) {
            float sep = edgeSeparation(s, ob + j, oa, ka);
            if (sep > best) {
                best = sep;
                code = -(1 + j);
            }
        }
        return finish(s, a, b, best, code, out, p);
    }

    /**
     * {@code min_j n . (v_j - p) + 0f} for the unit normal {@code n} and first vertex {@code p}
     * of the edge in {@code slot}, over the {@code k} vertices from slot {@code o}.
     */
    public static float edgeSeparation(ConvexPolygons s, int slot, int o, int k) {
        float[] x = s.arrays().x;
        float[] y = s.arrays().y;
        float nx = s.arrays().nx[slot];
        float ny = s.arrays().ny[slot];
        float px = x[slot];
        float py = y[slot];
        float min = Float.POSITIVE_INFINITY;
        for (int j = o; j < o + k; j++) {
            // The defining expression: plain mul + add, in this order (the SIMD lanes repeat it).
            float d = nx * (x[j] - px) + ny * (y[j] - py);
            if (d < min) {
                min = d;
            }
        }
        // + 0f maps -0 to +0: the float order is then total, so any kernel's max agrees.
        return min + 0f;
    }

    /**
     * Runs {@link #finish} over pairs {@code [from, to)} whose best edge separation and axis code
     * a kernel has already stored in {@code out.depths()} and {@code out.axes()} (a two-pass
     * batch: the vector pass has no data-dependent branches, so pairs overlap in the pipeline).
     * Public only for the SIMD kernel; not an API for callers.
     *
     * @return how many of the pairs intersect or touch
     */
    public static int finishAll(ConvexPolygons s, PairBatch pairs, int from, int to, Penetrations out) {
        int[] pa = pairs.arrays().a;
        int[] pb = pairs.arrays().b;
        float[] best = out.depths();
        int[] code = out.axes();
        int hits = 0;
        for (int p = from; p < to; p++) {
            hits += finish(s, pa[p], pb[p], best[p], code[p], out, p) ? 1 : 0;
        }
        return hits;
    }

    /**
     * The tail shared by every penetration kernel: given the best edge separation {@code best}
     * and its axis code ({@code 1 + i}, {@code -(1 + j)}, or 0 if no edge gave a number), tries
     * the world axes, then writes entry {@code p} of {@code out}. Public only so that the SIMD
     * kernel in another package computes exactly the same tail; not an API for callers.
     *
     * @return true if the pair intersects or touches
     */
    public static boolean finish(ConvexPolygons s, int a, int b, float best, int code, Penetrations out, int p) {
        // Branch-free normal: which edge won is a coin toss per pair, and a mispredicted branch
        // here costs more than the rest of the tail. A's edge i: its outward normal; B's edge j:
        // minus B's outward normal (the sign bit flipped); + 0f turns -0 into +0, so the output
        // has no -0 and swapping A and B negates the normal exactly.
        int slot = code > 0 ? s.arrays().start[a] + code - 1 : code < 0 ? s.arrays().start[b] - code - 1 : s.arrays().start[a];
        int flip = code & 0x80000000;
        float normalX = Float.intBitsToFloat(Float.floatToRawIntBits(s.arrays().nx[slot]) ^ flip) + 0f;
        float normalY = Float.intBitsToFloat(Float.floatToRawIntBits(s.arrays().ny[slot]) ^ flip) + 0f;
        // World axes after all edges, each with strict '>', so an equal edge keeps the win.
        float g = s.arrays().minX[b] - s.arrays().maxX[a] + 0f; // B to the right of A
        if (g > best) {
            best = g;
            code = Penetrations.AXIS_WORLD_X;
            normalX = 1f;
            normalY = 0f;
        }
        g = s.arrays().minX[a] - s.arrays().maxX[b] + 0f; // B to the left of A
        if (g > best) {
            best = g;
            code = Penetrations.AXIS_WORLD_X;
            normalX = -1f;
            normalY = 0f;
        }
        g = s.arrays().minY[b] - s.arrays().maxY[a] + 0f; // B above A
        if (g > best) {
            best = g;
            code = Penetrations.AXIS_WORLD_Y;
            normalX = 0f;
            normalY = 1f;
        }
        g = s.arrays().minY[a] - s.arrays().maxY[b] + 0f; // B below A
        if (g > best) {
            best = g;
            code = Penetrations.AXIS_WORLD_Y;
            normalX = 0f;
            normalY = -1f;
        }
        float depth = 0f - best; // 0f - x: +0 stays +0
        if (code == 0) {
            // No finite separation on any axis (only when the arithmetic overflowed).
            depth = Float.NaN;
            normalX = 0f;
            normalY = 0f;
        }
        out.normalXs()[p] = normalX;
        out.normalYs()[p] = normalY;
        out.depths()[p] = depth;
        out.axes()[p] = code;
        return depth >= 0;
    }
}
