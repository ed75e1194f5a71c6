package dev.sepax.concave;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The ring checks of {@link Decomposition}: edges may meet only at points, never cross or run
 * along each other; a vertex lying inside another edge is inserted into that edge (touching rings
 * then share a vertex, which the bridges and the ear clipper handle); each hole lies inside the
 * outer ring and outside the other holes. Exact orientation tests only.
 */
final class Topology {
    private Topology() {}

    /** Checks the rings, inserting touching vertices into edges in place. */
    static void check(Decomposition.Pool pool, List<int[]> rings) {
        // Each round inserts at least one (vertex, edge) incidence that cannot recur, so the
        // number of rounds is bounded by the number of vertices.
        int total = 0;
        for (int[] r : rings) {
            total += r.length;
        }
        for (int round = 0; round <= total; round++) {
            if (!insertTouchingVertices(pool, rings)) {
                checkPasses(pool, rings);
                checkNesting(pool, rings);
                return;
            }
        }
        throw new IllegalArgumentException("ring=0: touching vertices did not settle within " + total
                + " rounds (degenerate input)");
    }

    /** Returns true if vertices were inserted (the caller checks again). */
    private static boolean insertTouchingVertices(Decomposition.Pool pool, List<int[]> rings) {
        int edges = 0;
        for (int[] r : rings) {
            edges += r.length;
        }
        // Edge e: ring er[e], position ei[e] (from ring[ei] to ring[ei + 1]); sorted by min x.
        int[] er = new int[edges];
        int[] ei = new int[edges];
        long[] order = new long[edges];
        int e = 0;
        for (int r = 0; r < rings.size(); r++) {
            int[] ring = rings.get(r);
            for (int i = 0; i < ring.length; i++) {
                er[e] = r;
                ei[e] = i;
                e++;
            }
        }
        float[] minX = new float[edges];
        float[] maxX = new float[edges];
        for (int k = 0; k < edges; k++) {
            int[] ring = rings.get(er[k]);
            int a = ring[ei[k]];
            int b = ring[(ei[k] + 1) % ring.length];
            minX[k] = Math.min(pool.x(a), pool.x(b));
            maxX[k] = Math.max(pool.x(a), pool.x(b));
            // Sorted by min x, ties by edge index (Float.compare's order): one primitive sort of
            // (ordered bits of min x, index) instead of boxed indices and a comparator.
            int bits = Float.floatToIntBits(minX[k]);
            order[k] = (long) (bits ^ ((bits >> 31) & 0x7fffffff)) << 32 | k;
        }
        Arrays.sort(order);
        int[] sorted = new int[edges];
        for (int k = 0; k < edges; k++) {
            sorted[k] = (int) order[k];
        }
        List<long[]> inserts = new ArrayList<>();
        for (int s = 0; s < edges; s++) {
            int k = sorted[s];
            int[] rk = rings.get(er[k]);
            int a = rk[ei[k]];
            int b = rk[(ei[k] + 1) % rk.length];
            for (int t = s + 1; t < edges && minX[sorted[t]] <= maxX[k]; t++) {
                int l = sorted[t];
                int[] rl = rings.get(er[l]);
                int c = rl[ei[l]];
                int d = rl[(ei[l] + 1) % rl.length];
                if (Math.max(pool.y(a), pool.y(b)) < Math.min(pool.y(c), pool.y(d))
                        || Math.max(pool.y(c), pool.y(d)) < Math.min(pool.y(a), pool.y(b))) {
                    continue;
                }
                classify(pool, k, a, b, l, c, d, inserts);
            }
        }
        if (inserts.isEmpty()) {
            return false;
        }
        // Per edge, the points to insert, ordered along the edge (by distance from its start).
        List<List<Integer>> perEdge = new ArrayList<>();
        for (int k = 0; k < edges; k++) {
            perEdge.add(null);
        }
        for (long[] in : inserts) {
            int k = (int) in[0];
            if (perEdge.get(k) == null) {
                perEdge.set(k, new ArrayList<>());
            }
            List<Integer> list = perEdge.get(k);
            int p = (int) in[1];
            boolean dup = false;
            for (int q : list) {
                dup |= pool.same(p, q);
            }
            if (!dup) {
                list.add(p);
            }
        }
        int base = 0;
        for (int r = 0; r < rings.size(); r++) {
            int[] ring = rings.get(r);
            int[] out = new int[ring.length + inserts.size()];
            int m = 0;
            for (int i = 0; i < ring.length; i++) {
                out[m++] = ring[i];
                List<Integer> list = perEdge.get(base + i);
                if (list != null) {
                    int a = ring[i];
                    double ax = pool.x(a);
                    double ay = pool.y(a);
                    list.sort((p, q) -> Double.compare(Math.abs(pool.x(p) - ax) + Math.abs(pool.y(p) - ay),
                            Math.abs(pool.x(q) - ax) + Math.abs(pool.y(q) - ay)));
                    for (int p : list) {
                        // The inserted copy is named after the vertex it touches.
                        out[m++] = pool.add(pool.x(p), pool.y(p), pool.ring[p], pool.vertex[p]);
                    }
                }
            }
            base += ring.length;
            rings.set(r, Arrays.copyOf(out, m));
        }
        return true;
    }

    private static void classify(Decomposition.Pool pool, int k, int a, int b, int l, int c, int d,
                                 List<long[]> inserts) {
        int o1 = pool.orient(a, b, c);
        int o2 = pool.orient(a, b, d);
        int o3 = pool.orient(c, d, a);
        int o4 = pool.orient(c, d, b);
        if (o1 * o2 < 0 && o3 * o4 < 0) {
            throw new IllegalArgumentException(pool.where(a) + ": its edge crosses the edge starting at "
                    + pool.where(c) + " (self-intersection)");
        }
        if (o1 == 0 && o2 == 0) {
            // Collinear: overlapping along a segment of positive length is invalid.
            boolean useX = pool.x(a) != pool.x(b);
            float a0 = useX ? pool.x(a) : pool.y(a);
            float b0 = useX ? pool.x(b) : pool.y(b);
            float c0 = useX ? pool.x(c) : pool.y(c);
            float d0 = useX ? pool.x(d) : pool.y(d);
            float lo = Math.max(Math.min(a0, b0), Math.min(c0, d0));
            float hi = Math.min(Math.max(a0, b0), Math.max(c0, d0));
            if (lo < hi) {
                throw new IllegalArgumentException(pool.where(a) + ": edge runs along the edge from "
                        + pool.where(c) + " (rings overlap along a segment)");
            }
        }
        if (o1 == 0 && strictlyInside(pool, a, b, c)) {
            inserts.add(new long[] {k, c});
        }
        if (o2 == 0 && strictlyInside(pool, a, b, d)) {
            inserts.add(new long[] {k, d});
        }
        if (o3 == 0 && strictlyInside(pool, c, d, a)) {
            inserts.add(new long[] {l, a});
        }
        if (o4 == 0 && strictlyInside(pool, c, d, b)) {
            inserts.add(new long[] {l, b});
        }
    }

    /** For p collinear with segment (a, b): is p strictly between a and b? */
    static boolean strictlyInside(Decomposition.Pool pool, int a, int b, int p) {
        if (pool.same(p, a) || pool.same(p, b)) {
            return false;
        }
        return between(pool.x(a), pool.x(b), pool.x(p)) && between(pool.y(a), pool.y(b), pool.y(p));
    }

    private static boolean between(float a, float b, float p) {
        return a <= b ? a <= p && p <= b : b <= p && p <= a;
    }

    /** For p collinear with segment (a, b): is p on the closed segment? */
    static boolean onSegment(Decomposition.Pool pool, int a, int b, int p) {
        return pool.orient(a, b, p) == 0 && between(pool.x(a), pool.x(b), pool.x(p))
                && between(pool.y(a), pool.y(b), pool.y(p));
    }

    /**
     * The winding number of {@code ring} around point {@code p} (exact; Sunday's crossing rule),
     * or {@link Integer#MIN_VALUE} if {@code p} lies on the ring.
     */
    static int winding(Decomposition.Pool pool, int[] ring, int p) {
        int w = 0;
        float py = pool.y(p);
        for (int i = 0; i < ring.length; i++) {
            int u = ring[i];
            int v = ring[(i + 1) % ring.length];
            if (onSegment(pool, u, v, p)) {
                return Integer.MIN_VALUE;
            }
            if (pool.y(u) <= py) {
                if (pool.y(v) > py && pool.orient(u, v, p) > 0) {
                    w++;
                }
            } else if (pool.y(v) <= py && pool.orient(u, v, p) < 0) {
                w--;
            }
        }
        return w;
    }

    /**
     * Where the boundary passes through one point more than once (a ring touching itself or
     * another ring there), the passes must not cross: going round the point, the edges leaving
     * it and the edges arriving at it (seen from the point) alternate, so that each leaving edge
     * has the interior on its left and the next arriving edge closes that sector. The edge checks
     * cannot see a crossing there, as the edges meet only at the shared point: two passes that
     * cross, or a loop on the interior side of a pass with the same winding (its interior covered
     * twice), leave two leaving or two arriving edges next to each other.
     */
    private static void checkPasses(Decomposition.Pool pool, List<int[]> rings) {
        Map<Long, List<int[]>> passes = new HashMap<>();
        for (int r = 0; r < rings.size(); r++) {
            int[] ring = rings.get(r);
            for (int i = 0; i < ring.length; i++) {
                int p = ring[i];
                // "+ 0f": -0 and +0 are one point.
                long key = (long) Float.floatToIntBits(pool.x(p) + 0f) << 32
                        | (Float.floatToIntBits(pool.y(p) + 0f) & 0xffffffffL);
                passes.computeIfAbsent(key, unused -> new ArrayList<>(2)).add(new int[] {r, i});
            }
        }
        for (List<int[]> at : passes.values()) {
            if (at.size() < 2) {
                continue;
            }
            // Per pass two rays from the point: to the next vertex (leaving), to the previous one
            // (arriving). Ray j belongs to pass j / 2; even rays leave.
            int k = at.size();
            int[] end = new int[2 * k];
            for (int j = 0; j < k; j++) {
                int[] ring = rings.get(at.get(j)[0]);
                int i = at.get(j)[1];
                end[2 * j] = ring[(i + 1) % ring.length];
                end[2 * j + 1] = ring[(i + ring.length - 1) % ring.length];
            }
            int centre = rings.get(at.get(0)[0])[at.get(0)[1]];
            Integer[] order = new Integer[2 * k];
            for (int j = 0; j < order.length; j++) {
                order[j] = j;
            }
            Arrays.sort(order, (u, v) -> byAngle(pool, centre, end[u], end[v]));
            for (int j = 0; j < order.length; j++) {
                int u = order[j];
                int v = order[(j + 1) % order.length];
                if ((u & 1) == (v & 1) || byAngle(pool, centre, end[u], end[v]) == 0) {
                    int[] pu = at.get(u / 2);
                    int[] pv = at.get(v / 2);
                    throw new IllegalArgumentException(pool.where(rings.get(pu[0])[pu[1]])
                            + ": the boundary crosses itself at this point, where it passes again at "
                            + pool.where(rings.get(pv[0])[pv[1]]) + " (self-intersection)");
                }
            }
        }
    }

    /**
     * Orders the rays from {@code centre} to {@code a} and to {@code b} counter-clockwise from
     * the positive x axis, exactly: first by half plane (angles in [0, pi) first), then by turn.
     */
    private static int byAngle(Decomposition.Pool pool, int centre, int a, int b) {
        int ha = half(pool, centre, a);
        int hb = half(pool, centre, b);
        if (ha != hb) {
            return ha - hb;
        }
        return -pool.orient(centre, a, b);
    }

    private static int half(Decomposition.Pool pool, int centre, int q) {
        int sy = Decomposition.sign(pool.y(q), pool.y(centre));
        return sy > 0 || sy == 0 && Decomposition.sign(pool.x(q), pool.x(centre)) > 0 ? 0 : 1;
    }

    private static void checkNesting(Decomposition.Pool pool, List<int[]> rings) {
        int[] outer = rings.get(0);
        for (int h = 1; h < rings.size(); h++) {
            int[] hole = rings.get(h);
            if (!insideOrTouching(pool, outer, hole, true)) {
                throw new IllegalArgumentException(pool.where(hole[0]) + ": hole is not inside the outer ring");
            }
            for (int g = 1; g < rings.size(); g++) {
                if (g != h && insideOrTouching(pool, rings.get(g), hole, false)) {
                    throw new IllegalArgumentException(pool.where(hole[0]) + ": hole lies inside the hole "
                            + "ring=" + g);
                }
            }
        }
    }

    /**
     * Is {@code inner} inside {@code container} (judged at its vertices off the container's
     * boundary)? When every vertex lies on the container's boundary, {@code allOnBoundary}.
     */
    private static boolean insideOrTouching(Decomposition.Pool pool, int[] container, int[] inner,
                                            boolean allOnBoundary) {
        for (int p : inner) {
            int w = winding(pool, container, p);
            if (w != Integer.MIN_VALUE) {
                return w != 0;
            }
        }
        return allOnBoundary;
    }
}
