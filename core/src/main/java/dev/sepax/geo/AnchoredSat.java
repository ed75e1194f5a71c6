package dev.sepax.geo;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.internal.BatchArguments;
import dev.sepax.internal.PolygonArrays;

/**
 * The separating-axis test for {@link AnchoredPolygons}: pair {@code (a, b)} is evaluated in A's
 * frame, B's vertices translated by the once-rounded offset {@code o} of B's anchor
 * ({@link AnchoredPolygons#offsetX}): {@code b' = fl(b + o)}. Then, as in
 * {@link dev.sepax.narrow.ScalarSat}: the AABB axes, A's edges against the {@code b'} and B's
 * edges (normals from B's local vertices, anchored at {@code b'}) against A's vertices; separated
 * iff some axis gives a separation {@code > tolerance * |edge|}. Touching counts as intersecting at
 * tolerance 0; verdicts are exact outside {@link AnchoredPolygons#band(int, int)}.
 *
 * <p>Scalar only: the translation per pair adds one rounding per B vertex, which the SIMD kernels
 * over a single float store do not have.
 *
 * <p>Stateless, thread-safe, allocation-free.
 */
public final class AnchoredSat {
    private AnchoredSat() {}

    /**
     * Tests one pair.
     *
     * @throws IndexOutOfBoundsException if {@code a} or {@code b} is not a shape of the store
     * @throws IllegalArgumentException if the tolerance is not finite
     */
    public static boolean intersects(AnchoredPolygons shapes, int a, int b, float tolerance) {
        BatchArguments.checkTolerance(tolerance);
        int n = shapes.size();
        if (a < 0 || a >= n || b < 0 || b >= n) {
            throw new IndexOutOfBoundsException("pair (" + a + ", " + b + ") out of range [0, " + n + ")");
        }
        return test(shapes, a, b, tolerance);
    }

    /**
     * Tests every pair of {@code pairs} and writes its verdict to {@code out}.
     *
     * @return the number of intersecting pairs
     * @throws IllegalArgumentException if the batch or the bits do not fit the store, or the
     *     tolerance is not finite
     */
    public static int test(AnchoredPolygons shapes, PairBatch pairs, float tolerance, OverlapBits out) {
        if (shapes == null || pairs == null || out == null) {
            throw new IllegalArgumentException("shapes, pairs or out is null");
        }
        if (pairs.shapeCount() != shapes.size()) {
            throw new IllegalArgumentException("pairs validated against " + pairs.shapeCount() + " shapes, store has "
                    + shapes.size());
        }
        if (out.capacity() < pairs.size()) {
            throw new IllegalArgumentException("out holds " + out.capacity() + " verdicts < " + pairs.size() + " pairs");
        }
        BatchArguments.checkTolerance(tolerance);
        int hits = 0;
        for (int p = 0; p < pairs.size(); p++) {
            boolean hit = test(shapes, pairs.shapeA(p), pairs.shapeB(p), tolerance);
            out.set(p, hit);
            hits += hit ? 1 : 0;
        }
        return hits;
    }

    private static boolean test(AnchoredPolygons shapes, int a, int b, float tol) {
        PolygonArrays r = shapes.local().arrays();
        float ox = shapes.offsetX(a, b);
        float oy = shapes.offsetY(a, b);
        if (r.minX[b] + ox - r.maxX[a] > tol || r.minX[a] - (r.maxX[b] + ox) > tol
                || r.minY[b] + oy - r.maxY[a] > tol || r.minY[a] - (r.maxY[b] + oy) > tol) {
            return false;
        }
        return !aEdgeSeparates(r, a, b, ox, oy, tol) && !bEdgeSeparates(r, a, b, ox, oy, tol);
    }

    /** Does an edge of A separate B's translated vertices {@code fl(b + o)} by more than tol? */
    private static boolean aEdgeSeparates(PolygonArrays r, int a, int b, float ox, float oy, float tol) {
        int oa = r.start[a];
        int ka = r.count[a];
        int ob = r.start[b];
        int kb = r.count[b];
        for (int e = oa; e < oa + ka; e++) {
            float nx = r.enx[e];
            float ny = r.eny[e];
            float px = r.x[e];
            float py = r.y[e];
            float limit = tol * r.len[e];
            boolean separates = true;
            for (int v = ob; v < ob + kb && separates; v++) {
                float bx = r.x[v] + ox;
                float by = r.y[v] + oy;
                separates = nx * (bx - px) + ny * (by - py) > limit;
            }
            if (separates) {
                return true;
            }
        }
        return false;
    }

    /** Does an edge of B, anchored at its translated vertex, separate A's vertices by more than tol? */
    private static boolean bEdgeSeparates(PolygonArrays r, int a, int b, float ox, float oy, float tol) {
        int oa = r.start[a];
        int ka = r.count[a];
        int ob = r.start[b];
        int kb = r.count[b];
        for (int e = ob; e < ob + kb; e++) {
            float nx = r.enx[e];
            float ny = r.eny[e];
            float px = r.x[e] + ox;
            float py = r.y[e] + oy;
            float limit = tol * r.len[e];
            boolean separates = true;
            for (int v = oa; v < oa + ka && separates; v++) {
                separates = nx * (r.x[v] - px) + ny * (r.y[v] - py) > limit;
            }
            if (separates) {
                return true;
            }
        }
        return false;
    }
}
