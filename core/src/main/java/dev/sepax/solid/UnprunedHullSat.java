package dev.sepax.solid;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.internal.HullArrays;
import dev.sepax.internal.SolidArguments;

/**
 * The hull test without Gauss-map pruning: after the same AABB and face axes as
 * {@link ScalarHullSat}, every edge pair's cross product {@code L = gA x gB} is tried, each by
 * projecting both shapes fully onto it ({@code min/max L . v} over all vertices). The baseline
 * that the pruning is measured against ({@code unpruned-hull} in the benchmarks); it decides the
 * same question, within the band of {@link HullOverlapKernel}, at {@code O(E_A E_B (V_A + V_B))}
 * instead of {@code O(E_A E_B)} cheap sign tests.
 *
 * <p>Stateless, thread-safe, allocation-free.
 */
public final class UnprunedHullSat implements HullOverlapKernel {
    /** The shared instance. */
    public static final UnprunedHullSat INSTANCE = new UnprunedHullSat();

    private UnprunedHullSat() {}

    @Override
    public String name() {
        return "unpruned-hull";
    }

    @Override
    public boolean intersects(ConvexPolyhedra shapes, int a, int b, float tolerance) {
        SolidArguments.checkPair(shapes, shapes == null ? 0 : shapes.size(), a, b, tolerance);
        return ScalarHullSat.separatingAxis(shapes.arrays(), a, b, tolerance, 0, false) == ScalarHullSat.NONE;
    }

    @Override
    public int test(ConvexPolyhedra shapes, PairBatch pairs, int from, int to, float tolerance, OverlapBits out,
                    int[] axisCache) {
        return ScalarHullSat.run(shapes, pairs, from, to, tolerance, out, axisCache, false);
    }

    static int edgeAxes(HullArrays r, int a, int b, float tol) {
        for (int ea = 0; ea < r.eCount[a]; ea++) {
            for (int eb = 0; eb < r.eCount[b]; eb++) {
                if (edgePairSeparates(r, a, b, r.eStart[a] + ea, r.eStart[b] + eb, tol)) {
                    return ScalarHullSat.EDGE_PAIR | (ea << 15) | eb;
                }
            }
        }
        return ScalarHullSat.NONE;
    }

    /** Full projections of both shapes on {@code L = gA x gB}: is the gap {@code > tol |L|}? */
    /** @hidden */
    public static boolean edgePairSeparates(HullArrays r, int a, int b, int sa, int sb, float tol) {
        float lx = r.gy[sa] * r.gz[sb] - r.gz[sa] * r.gy[sb];
        float ly = r.gz[sa] * r.gx[sb] - r.gx[sa] * r.gz[sb];
        float lz = r.gx[sa] * r.gy[sb] - r.gy[sa] * r.gx[sb];
        float limit = tol * (float) Math.sqrt(lx * lx + ly * ly + lz * lz);
        long ra = projectionRange(r, a, lx, ly, lz);
        long rb = projectionRange(r, b, lx, ly, lz);
        return least(rb) - greatest(ra) > limit || least(ra) - greatest(rb) > limit;
    }

    /**
     * The least and the greatest of shape {@code s}'s vertices projected on {@code (lx, ly, lz)}
     * (each {@code lx x + ly y + lz z}, in vertex order), packed in one long so that the callers'
     * loops allocate nothing: the least in the high word, see {@link #least} and
     * {@link #greatest}. Every fallback to full projections uses this one expression, so the
     * boolean and MTV kernels round it alike.
     */
    static long projectionRange(HullArrays r, int s, float lx, float ly, float lz) {
        float min = Float.POSITIVE_INFINITY;
        float max = Float.NEGATIVE_INFINITY;
        for (int v = r.vStart[s], end = v + r.vCount[s]; v < end; v++) {
            float p = lx * r.vx[v] + ly * r.vy[v] + lz * r.vz[v];
            min = Math.min(min, p);
            max = Math.max(max, p);
        }
        return (long) Float.floatToRawIntBits(min) << 32 | (Float.floatToRawIntBits(max) & 0xffffffffL);
    }

    /** The least projection of a {@link #projectionRange}. */
    static float least(long range) {
        return Float.intBitsToFloat((int) (range >>> 32));
    }

    /** The greatest projection of a {@link #projectionRange}. */
    static float greatest(long range) {
        return Float.intBitsToFloat((int) range);
    }
}
