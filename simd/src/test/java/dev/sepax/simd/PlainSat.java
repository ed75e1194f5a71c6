package dev.sepax.simd;


import dev.sepax.shape.ConvexPolygons;

/**
 * The decision of {@code dev.sepax.narrow.SatKernel}'s Javadoc written as plainly as possible, for tests: every
 * axis in index order, every vertex, no early exit inside an axis, no caches, no certificates.
 * It evaluates the same float expression as the kernels ({@code nx*(bx-px) + ny*(by-py)} against
 * {@code tol*len}), so its verdicts must equal theirs bit for bit: the kernels' accelerators
 * (witness-first vertex order, best axis first, axis cache, AABB compaction) may only change the
 * work, never the answer.
 */
final class PlainSat {
    private PlainSat() {}

    static boolean intersects(ConvexPolygons s, int a, int b, float tol) {
        if (s.minX(b) - s.maxX(a) > tol || s.minX(a) - s.maxX(b) > tol
                || s.minY(b) - s.maxY(a) > tol || s.minY(a) - s.maxY(b) > tol) {
            return false;
        }
        return !anyEdgeSeparates(s, a, b, tol) && !anyEdgeSeparates(s, b, a, tol);
    }

    private static boolean anyEdgeSeparates(ConvexPolygons s, int ref, int other, float tol) {
        float[] x = s.arrays().x;
        float[] y = s.arrays().y;
        int r = s.start(ref);
        int o = s.start(other);
        boolean any = false;
        for (int i = 0; i < s.count(ref); i++) {
            float nx = s.arrays().enx[r + i];
            float ny = s.arrays().eny[r + i];
            float limit = tol * s.arrays().len[r + i];
            boolean all = true;
            for (int j = 0; j < s.count(other); j++) {
                float sep = nx * (x[o + j] - x[r + i]) + ny * (y[o + j] - y[r + i]);
                all &= sep > limit;
            }
            any |= all;
        }
        return any;
    }
}
