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
 * computed outside, nearly collinear vertices are dropped (see {@code runToDrop}): only vertices
 * that lie within the float band of the separation ({@code dev.sepax.narrow.FloatBand},
 * 16 u M) of the boundary left without them, so no drop moves the boundary by more than that;
 * a shape that no such drop makes consistent is refused. After this,
 * a vertex shared exactly with another shape always computes a separation {@code <= 0} against
 * every edge of both shapes, so exact touching is reported as intersecting at tolerance 0.
 *
 * <p>It also refuses shapes so small near the origin that the kernels' products would underflow
 * into subnormals (any edge with {@code length * maxCoordinate < 2^-100}): there, rounding is
 * absolute and the float band no longer holds. At build time only: each round checks the edges
 * against the vertices near them only (see {@code firstOutside}), O(k) for ordinary polygons.
 *
 * <p>Stateless and thread-safe. A call allocates its working index arrays, and a reduced copy of
 * the polygon when it drops vertices.
 */
public final class FloatConsistency {
    /** Smallest allowed {@code edge length * largest |coordinate|} of a shape. */
    public static final double MIN_EDGE_SCALE = 0x1p-100;
    /**
     * Most a drop may move the boundary, in units of {@code 2^-24} times the polygon's largest
     * |coordinate|: the separation band of {@code dev.sepax.narrow.FloatBand} (16 u M, with M at
     * least this polygon's largest coordinate in any pair it takes part in).
     */
    static final int BAND_ULPS = 16;

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
        double band = BAND_ULPS * 0x1p-24 * maxAbs(ccw, keep, n);
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
            int[] run = runToDrop(ccw, keep, m, bad[0], bad[1], band);
            if (run == null) {
                throw new IllegalArgumentException("shape=" + shape + ": nearly collinear vertices (vertex "
                        + keep[bad[1]] + " computes outside the edge from vertex " + keep[bad[0]]
                        + ") that no drop within the float band makes consistent");
            }
            m = drop(keep, m, run[0], run[1]);
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
     * edge i's line, or null: the first such pair in the order (i, then k) of a scan over all
     * pairs, found without scanning all pairs.
     *
     * <p>Why a vertex can be computed outside only near the edge: the polygon is exactly
     * strictly convex, so going forward from the edge's far end (or backward from its near end)
     * the exact separation of the vertices from the edge's line falls monotonically until the
     * farthest vertex. The computed separation differs from the exact one by at most
     * {@code err} (below), so once a vertex computes at most {@code -2 err}, every vertex up to
     * the farthest one is exactly at most {@code -err} and computes at most 0. Each edge is
     * scanned from both ends until that happens: O(m) per round for ordinary polygons, and O(m)
     * per edge only for polygons whose vertices all lie within the float band of one line.
     */
    private static int[] firstOutside(float[] p, int[] keep, int m) {
        double max = 0;
        for (int k = 0; k < m; k++) {
            max = Math.max(max, Math.max(Math.abs((double) p[2 * keep[k]]), Math.abs((double) p[2 * keep[k] + 1])));
        }
        for (int i = 0; i < m; i++) {
            int a = keep[i];
            int b = keep[i + 1 == m ? 0 : i + 1];
            float px = p[2 * a];
            float py = p[2 * a + 1];
            // Same expressions as ConvexPolygons' exact edge normal and ScalarSat's separation.
            float nx = p[2 * b + 1] - py;
            float ny = -(p[2 * b] - px);
            // Error of the float separation against the exact one along the exact normal: each
            // of the two products carries three roundings (normal, difference, product) and the
            // sum one more, on terms at most |n| * 2 max; plus an absolute term for underflow.
            double err = 4.01 * 0x1p-24 * (Math.abs((double) p[2 * b + 1] - py) + Math.abs((double) p[2 * b] - px))
                    * 2 * max + 0x1p-140;
            int first = m;
            // Offsets from vertex i: 1 is the edge's far end, m - 1 the vertex before i.
            int lastForward = 1;
            for (int d = 2; d < m; d++) {
                lastForward = d;
                int pos = i + d >= m ? i + d - m : i + d;
                float sep = separation(p, keep[pos], px, py, nx, ny);
                if (sep > 0) {
                    first = Math.min(first, pos);
                } else if (sep <= -2 * err) {
                    break;
                }
            }
            for (int d = m - 1; d > lastForward; d--) {
                int pos = i + d >= m ? i + d - m : i + d;
                float sep = separation(p, keep[pos], px, py, nx, ny);
                if (sep > 0) {
                    first = Math.min(first, pos);
                } else if (sep <= -2 * err) {
                    break;
                }
            }
            if (first < m) {
                assert keep[first] != a && keep[first] != b : "an edge's own endpoints compute exactly 0";
                return new int[] {i, first};
            }
        }
        return null;
    }

    private static float separation(float[] p, int v, float px, float py, float nx, float ny) {
        return nx * (p[2 * v] - px) + ny * (p[2 * v + 1] - py);
    }

    /**
     * Which vertices to drop when vertex k computes outside edge i's line: a run {from, count}
     * of positions in {@code keep}, or null. The candidates: the vertices strictly between the
     * edge's far end and k going forward (i+1 .. k-1), those between k and the edge's near end
     * going backward (k+1 .. i), and k alone; in that order of preference the shorter of the two
     * runs, then k alone, then the longer run. Dropping a run replaces its chain by the segment
     * between its neighbours, and a candidate is taken only if every vertex it drops lies within
     * {@code band} of that segment: so no drop moves the boundary by more than the band. The
     * shorter run is the nearly collinear one in an ordinary polygon; in a needle (every vertex
     * near one line) it can be the far tip, which lies near the edge's line but far beyond the
     * new segment's end, and there k alone, between its neighbours on the line, is the one.
     */
    private static int[] runToDrop(float[] p, int[] keep, int m, int i, int k, double band) {
        int forward = Math.floorMod(k - i - 1, m);   // positions i+1 .. k-1
        int backward = Math.floorMod(i - k, m);      // positions k+1 .. i
        assert forward >= 1 && backward >= 1 : "vertex k is not adjacent to edge i, so a run lies between them";
        int[] shorter = forward <= backward ? new int[] {(i + 1) % m, forward} : new int[] {(k + 1) % m, backward};
        int[] longer = forward <= backward ? new int[] {(k + 1) % m, backward} : new int[] {(i + 1) % m, forward};
        for (int[] run : new int[][] {shorter, {k, 1}, longer}) {
            if (run[1] <= m - 2 && withinBand(p, keep, m, run[0], run[1], band)) {
                return run;
            }
        }
        return null;
    }

    /** True if every vertex of the run lies within {@code band} of the segment joining its neighbours. */
    private static boolean withinBand(float[] p, int[] keep, int m, int from, int count, double band) {
        int a = keep[Math.floorMod(from - 1, m)];
        int b = keep[(from + count) % m];
        double ax = p[2 * a];
        double ay = p[2 * a + 1];
        double ex = p[2 * b] - ax;
        double ey = p[2 * b + 1] - ay;
        double len2 = ex * ex + ey * ey;
        for (int c = 0; c < count; c++) {
            int v = keep[(from + c) % m];
            double vx = p[2 * v] - ax;
            double vy = p[2 * v + 1] - ay;
            double t = len2 > 0 ? Math.max(0, Math.min(1, (vx * ex + vy * ey) / len2)) : 0;
            if (Math.hypot(vx - t * ex, vy - t * ey) > band) {
                return false;
            }
        }
        return true;
    }

    /**
     * Drops {@code count} positions of {@code keep} from {@code from} on (cyclically), keeping
     * the others' cyclic order; works in place on the first {@code m} entries, returns the new count.
     */
    private static int drop(int[] keep, int m, int from, int count) {
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

    private static double maxAbs(float[] p, int[] keep, int m) {
        double max = 0;
        for (int k = 0; k < m; k++) {
            max = Math.max(max, Math.max(Math.abs((double) p[2 * keep[k]]), Math.abs((double) p[2 * keep[k] + 1])));
        }
        return max;
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
