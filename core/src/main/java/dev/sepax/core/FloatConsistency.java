package dev.sepax.core;

/**
 * Makes a canonical (strictly convex, CCW) polygon consistent with the float arithmetic of the
 * verdict kernels, or rejects it.
 *
 * <p>Exactly convex is not enough: when three vertices are very nearly collinear, the float
 * separation {@code enx*(x_k - x_i) + eny*(y_k - y_i)} that {@link ScalarSat} computes can put a
 * vertex {@code k} of the polygon slightly <em>outside</em> the line of one of its own edges
 * {@code i}. Another shape touching that vertex exactly would then be reported separated. So
 * every vertex is checked against every edge with the kernels' own expression, and while one is
 * computed outside, the nearly-collinear vertices between the edge and that vertex (the shorter
 * run) are dropped. Each drop moves the boundary by less than the {@link FloatBand}. After this,
 * a vertex shared exactly with another shape always computes a separation {@code <= 0} against
 * every edge of both shapes, so exact touching is reported as intersecting at tolerance 0.
 *
 * <p>It also refuses shapes so small near the origin that the kernels' products would underflow
 * into subnormals (any edge with {@code length * maxCoordinate < 2^-100}): there, rounding is
 * absolute and the float band no longer holds. O(k^2) per shape, at build time only.
 */
final class FloatConsistency {
    /** Smallest allowed {@code edge length * largest |coordinate|} of a shape. */
    static final double MIN_EDGE_SCALE = 0x1p-100;

    private FloatConsistency() {}

    /** Returns {@code ccw} itself when it is already consistent, else a reduced copy. */
    static float[] weld(int shape, float[] ccw) {
        float[] p = ccw;
        // Every round drops at least one vertex, so this terminates within k rounds.
        while (true) {
            int m = p.length / 2;
            if (m < 3) {
                throw new IllegalArgumentException("shape=" + shape
                        + ": zero area at float precision (its vertices are nearly collinear)");
            }
            int[] bad = firstOutside(p, m);
            if (bad == null) {
                break;
            }
            p = dropBetween(p, m, bad[0], bad[1]);
        }
        checkUnderflow(shape, p);
        return p;
    }

    /** {edge i, vertex k} with vertex k computed strictly outside edge i's line, or null. */
    private static int[] firstOutside(float[] p, int m) {
        for (int i = 0; i < m; i++) {
            int i1 = i + 1 == m ? 0 : i + 1;
            float px = p[2 * i];
            float py = p[2 * i + 1];
            // Same expressions as ConvexPolygons' exact edge normal and ScalarSat's separation.
            float nx = p[2 * i1 + 1] - py;
            float ny = -(p[2 * i1] - px);
            for (int k = 0; k < m; k++) {
                float sep = nx * (p[2 * k] - px) + ny * (p[2 * k + 1] - py);
                if (sep > 0) {
                    assert k != i && k != i1 : "an edge's own endpoints compute exactly 0";
                    return new int[] {i, k};
                }
            }
        }
        return null;
    }

    /**
     * Drops the vertices strictly between edge i's far end and vertex k going forward
     * (i+1 .. k-1), or between vertex k and edge i's near end going backward (k+1 .. i),
     * whichever run is shorter. Those vertices are the nearly collinear ones.
     */
    private static float[] dropBetween(float[] p, int m, int i, int k) {
        int forward = Math.floorMod(k - i - 1, m);   // vertices i+1 .. k-1
        int backward = Math.floorMod(i - k, m);      // vertices k+1 .. i
        int first;
        int count;
        if (forward <= backward) {
            first = (i + 1) % m;
            count = forward;
        } else {
            first = (k + 1) % m;
            count = backward;
        }
        assert count >= 1 : "vertex k is not adjacent to edge i, so a run lies between them";
        float[] out = new float[2 * (m - count)];
        int w = 0;
        for (int v = 0; v < m; v++) {
            if (Math.floorMod(v - first, m) < count) {
                continue;
            }
            out[w++] = p[2 * v];
            out[w++] = p[2 * v + 1];
        }
        return out;
    }

    private static void checkUnderflow(int shape, float[] p) {
        int m = p.length / 2;
        double max = 0;
        for (float c : p) {
            max = Math.max(max, Math.abs((double) c));
        }
        for (int i = 0; i < m; i++) {
            int j = i + 1 == m ? 0 : i + 1;
            double dx = (double) p[2 * j] - p[2 * i];
            double dy = (double) p[2 * j + 1] - p[2 * i + 1];
            double len = Math.sqrt(dx * dx + dy * dy);
            if (len * max < MIN_EDGE_SCALE) {
                throw new IllegalArgumentException("shape=" + shape + ": too small for float arithmetic (edge " + i
                        + " has length " + (float) len + " at coordinates up to " + (float) max
                        + "; length * max|coordinate| must be >= 2^-100)");
            }
        }
    }
}
