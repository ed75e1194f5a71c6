package dev.sepax.geom;


/**
 * Makes a canonical (strictly convex, CCW) polygon consistent with the float arithmetic of the
 * verdict kernels, or rejects it.
 *
 * <p>Exactly convex is not enough: when three vertices are very nearly collinear, the float
 * separation {@code enx*(x_k - x_i) + eny*(y_k - y_i)} that {@link dev.sepax.narrow.ScalarSat} computes can put a
 * vertex {@code k} of the polygon slightly <em>outside</em> the line of one of its own edges
 * {@code i}. Another shape touching that vertex exactly would then be reported separated. So
 * every vertex is checked against every edge with the kernels' own expression, and while one is
 * computed outside, the nearly-collinear vertices between the edge and that vertex (the shorter
 * run) are dropped. Each drop moves the boundary by less than the float band of the separation ({@code dev.sepax.narrow.FloatBand}). After this,
 * a vertex shared exactly with another shape always computes a separation {@code <= 0} against
 * every edge of both shapes, so exact touching is reported as intersecting at tolerance 0.
 *
 * <p>It also refuses shapes so small near the origin that the kernels' products would underflow
 * into subnormals (any edge with {@code length * maxCoordinate < 2^-100}): there, rounding is
 * absolute and the float band no longer holds. O(k^2) per shape, at build time only.
 */
public final class FloatConsistency {
    /** Smallest allowed {@code edge length * largest |coordinate|} of a shape. */
    public static final double MIN_EDGE_SCALE = 0x1p-100;

    private FloatConsistency() {}

    /**
     * Returns {@code ccw} itself when it is already consistent, else a reduced copy in the same
     * cyclic order. Which vertices go does not depend on where the caller's cycle starts: the
     * search starts at the lexicographically smallest vertex.
     */
    public static float[] weld(int shape, float[] ccw) {
        int n = ccw.length / 2;
        int[] keep = new int[n];
        int first = smallestVertex(ccw, n);
        for (int i = 0; i < n; i++) {
            keep[i] = (first + i) % n;
        }
        int m = n;
        // Every round drops at least one vertex, so this terminates within n rounds.
        while (true) {
            if (m < 3) {
                throw new IllegalArgumentException("shape=" + shape
                        + ": zero area at float precision (its vertices are nearly collinear)");
            }
            int[] bad = firstOutside(ccw, keep, m);
            if (bad == null) {
                break;
            }
            m = dropBetween(keep, m, bad[0], bad[1]);
        }
        float[] p = ccw;
        if (m < n) {
            // Survivors keep the caller's cyclic order, starting where the caller's cycle did.
            int[] survivors = java.util.Arrays.copyOf(keep, m);
            java.util.Arrays.sort(survivors);
            p = new float[2 * m];
            for (int i = 0; i < m; i++) {
                p[2 * i] = ccw[2 * survivors[i]];
                p[2 * i + 1] = ccw[2 * survivors[i] + 1];
            }
        }
        checkUnderflow(shape, p);
        return p;
    }

    private static int smallestVertex(float[] p, int n) {
        int best = 0;
        for (int i = 1; i < n; i++) {
            if (p[2 * i] < p[2 * best] || p[2 * i] == p[2 * best] && p[2 * i + 1] < p[2 * best + 1]) {
                best = i;
            }
        }
        return best;
    }

    /**
     * {edge i, vertex k} (positions in {@code keep}) with vertex k computed strictly outside
     * edge i's line, or null.
     */
    private static int[] firstOutside(float[] p, int[] keep, int m) {
        for (int i = 0; i < m; i++) {
            int a = keep[i];
            int b = keep[i + 1 == m ? 0 : i + 1];
            float px = p[2 * a];
            float py = p[2 * a + 1];
            // Same expressions as ConvexPolygons' exact edge normal and ScalarSat's separation.
            float nx = p[2 * b + 1] - py;
            float ny = -(p[2 * b] - px);
            for (int k = 0; k < m; k++) {
                int v = keep[k];
                float sep = nx * (p[2 * v] - px) + ny * (p[2 * v + 1] - py);
                if (sep > 0) {
                    assert v != a && v != b : "an edge's own endpoints compute exactly 0";
                    return new int[] {i, k};
                }
            }
        }
        return null;
    }

    /**
     * Drops the vertices strictly between edge i's far end and vertex k going forward
     * (i+1 .. k-1), or between vertex k and edge i's near end going backward (k+1 .. i),
     * whichever run is shorter: those are the nearly collinear ones. Works in place on the
     * first {@code m} entries of {@code keep}; returns the new count.
     */
    private static int dropBetween(int[] keep, int m, int i, int k) {
        int forward = Math.floorMod(k - i - 1, m);   // positions i+1 .. k-1
        int backward = Math.floorMod(i - k, m);      // positions k+1 .. i
        int from;
        int count;
        if (forward <= backward) {
            from = (i + 1) % m;
            count = forward;
        } else {
            from = (k + 1) % m;
            count = backward;
        }
        assert count >= 1 : "vertex k is not adjacent to edge i, so a run lies between them";
        int w = 0;
        int[] kept = new int[m - count];
        // Walk from just after the dropped run so the cyclic order is preserved.
        for (int step = 0; step < m; step++) {
            int pos = (from + count + step) % m;
            if (Math.floorMod(pos - from, m) < count) {
                continue;
            }
            kept[w++] = keep[pos];
        }
        System.arraycopy(kept, 0, keep, 0, w);
        return w;
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
