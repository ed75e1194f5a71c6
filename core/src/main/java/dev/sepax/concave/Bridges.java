package dev.sepax.concave;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Joins the holes to the outer ring by bridges, giving one weakly simple ring whose interior is
 * the polygon's: a bridge from hole vertex {@code M} to ring vertex {@code P} is walked twice,
 * {@code ... P, M, (hole), M, P ...}. Holes go in order of their rightmost vertex, right first;
 * {@code M} is that vertex and {@code P} the nearest ring vertex not left of it that {@code M}
 * sees: the open segment {@code MP} touches no edge, and lies inside the polygon's angle at both
 * ends. A hole touching the ring at {@code M} gets a bridge of length zero. Exact tests only.
 */
final class Bridges {
    private Bridges() {}

    static int[] merge(Decomposition.Pool pool, List<int[]> rings) {
        int[] ring = rings.get(0);
        List<int[]> holes = new ArrayList<>(rings.subList(1, rings.size()));
        int[] rightmost = new int[holes.size()];
        Integer[] order = new Integer[holes.size()];
        for (int h = 0; h < holes.size(); h++) {
            rightmost[h] = rightmost(pool, holes.get(h));
            order[h] = h;
        }
        Arrays.sort(order, (p, q) -> {
            int mp = holes.get(p)[rightmost[p]];
            int mq = holes.get(q)[rightmost[q]];
            // By value ("+ 0f": Float.compare puts -0 before +0), as rightmost() compares.
            int c = Float.compare(pool.x(mq) + 0f, pool.x(mp) + 0f);
            return c != 0 ? c : Float.compare(pool.y(mq) + 0f, pool.y(mp) + 0f);
        });
        boolean[] merged = new boolean[holes.size()];
        for (int h : order) {
            ring = bridge(pool, ring, holes, merged, h, rightmost[h]);
            merged[h] = true;
        }
        return ring;
    }

    /** The index of the hole's rightmost vertex (then topmost). */
    private static int rightmost(Decomposition.Pool pool, int[] hole) {
        int best = 0;
        for (int i = 1; i < hole.length; i++) {
            int p = hole[i];
            int q = hole[best];
            if (pool.x(p) > pool.x(q) || (pool.x(p) == pool.x(q) && pool.y(p) > pool.y(q))) {
                best = i;
            }
        }
        return best;
    }

    private static int[] bridge(Decomposition.Pool pool, int[] ring, List<int[]> holes, boolean[] merged,
                                int h, int mi) {
        int[] hole = holes.get(h);
        int n = hole.length;
        int m = hole[mi];
        int mPrev = hole[(mi + n - 1) % n];
        int mNext = hole[(mi + 1) % n];
        // Candidates: ring positions not left of M, nearest first; a coincident vertex first of all.
        int k = ring.length;
        List<Integer> candidates = new ArrayList<>();
        for (int j = 0; j < k; j++) {
            if (pool.x(ring[j]) >= pool.x(m)) {
                candidates.add(j);
            }
        }
        double mx = pool.x(m);
        double my = pool.y(m);
        candidates.sort((p, q) -> Double.compare(dist2(pool, ring[p], mx, my), dist2(pool, ring[q], mx, my)));
        for (int j : candidates) {
            int p = ring[j];
            // The ring's neighbours of P that are other points: a hole bridged where it touches
            // the ring put copies of P next to P (a bridge of length zero), and a wedge is only
            // defined by edges of positive length.
            int pPrev = ring[distinctNeighbour(pool, ring, j, k - 1)];
            int pNext = ring[distinctNeighbour(pool, ring, j, 1)];
            if (pool.same(p, m)) {
                // Touching: splice where the hole's edges leave P inside the ring's angle.
                if (inWedge(pool, pPrev, p, pNext, mNext) || inWedge(pool, pPrev, p, pNext, mPrev)) {
                    return splice(ring, j, hole, mi, false);
                }
                continue;
            }
            if (!inWedge(pool, pPrev, p, pNext, m) || !inWedge(pool, mPrev, m, mNext, p)) {
                continue;
            }
            if (blocked(pool, m, p, ring) || blockedByHoles(pool, m, p, holes, merged)) {
                continue;
            }
            return splice(ring, j, hole, mi, true);
        }
        throw new IllegalArgumentException(pool.where(m) + ": no bridge from this hole to the outer ring "
                + "(the hole is not inside it, or cuts the polygon apart)");
    }

    /**
     * The first position from {@code j} in steps of {@code step} (1 forward, {@code k - 1}
     * backward) whose point is not at P's coordinates. The ring has at least three distinct
     * points, so there is one.
     */
    private static int distinctNeighbour(Decomposition.Pool pool, int[] ring, int j, int step) {
        int k = ring.length;
        int i = (j + step) % k;
        while (pool.same(ring[i], ring[j])) {
            i = (i + step) % k;
        }
        return i;
    }

    private static double dist2(Decomposition.Pool pool, int p, double x, double y) {
        double dx = pool.x(p) - x;
        double dy = pool.y(p) - y;
        return dx * dx + dy * dy;
    }

    /**
     * Is point {@code q} strictly inside the interior angle at {@code b} of a boundary running
     * {@code a -> b -> c} with the interior on its left?
     */
    static boolean inWedge(Decomposition.Pool pool, int a, int b, int c, int q) {
        if (pool.same(q, b)) {
            return false;
        }
        int left1 = pool.orient(a, b, q);
        int left2 = pool.orient(b, c, q);
        int turn = pool.orient(a, b, c);
        if (turn > 0) {
            return left1 > 0 && left2 > 0;
        }
        if (turn < 0) {
            return left1 > 0 || left2 > 0;
        }
        // Straight through: the half plane on the left. A reversal (the two sides of a bridge):
        // everything but the two rays.
        if (Decomposition.reverses(pool, a, b, c)) {
            return !sameRay(pool, b, a, q) && !sameRay(pool, b, c, q);
        }
        return left1 > 0;
    }

    /** Is q on the ray from b through a (q != b)? */
    private static boolean sameRay(Decomposition.Pool pool, int b, int a, int q) {
        return pool.orient(b, a, q) == 0
                && Decomposition.sign(pool.x(q), pool.x(b)) == Decomposition.sign(pool.x(a), pool.x(b))
                && Decomposition.sign(pool.y(q), pool.y(b)) == Decomposition.sign(pool.y(a), pool.y(b));
    }

    /** Does the segment (m, p) touch an edge of {@code ring} anywhere but at m or p themselves? */
    private static boolean blocked(Decomposition.Pool pool, int m, int p, int[] ring) {
        for (int i = 0; i < ring.length; i++) {
            if (touches(pool, m, p, ring[i], ring[(i + 1) % ring.length])) {
                return true;
            }
        }
        return false;
    }

    private static boolean blockedByHoles(Decomposition.Pool pool, int m, int p, List<int[]> holes, boolean[] merged) {
        for (int h = 0; h < holes.size(); h++) {
            if (!merged[h] && blocked(pool, m, p, holes.get(h))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Do segment (m, p) and edge (u, v) share a point other than m or p? Vertices never lie inside
     * another edge here (Topology inserted them), so that is a proper crossing or an endpoint of
     * one lying strictly inside the other.
     */
    static boolean touches(Decomposition.Pool pool, int m, int p, int u, int v) {
        int o1 = pool.orient(m, p, u);
        int o2 = pool.orient(m, p, v);
        if (o1 * o2 > 0) {
            return false;
        }
        int o3 = pool.orient(u, v, m);
        int o4 = pool.orient(u, v, p);
        if (o1 * o2 < 0 && o3 * o4 < 0) {
            return true;
        }
        return o1 == 0 && Topology.strictlyInside(pool, m, p, u)
                || o2 == 0 && Topology.strictlyInside(pool, m, p, v)
                || o3 == 0 && Topology.strictlyInside(pool, u, v, m)
                || o4 == 0 && Topology.strictlyInside(pool, u, v, p);
    }

    /**
     * {@code ring[0..j], hole[mi..], hole[..mi], M again, (P again for a real bridge), ring[j+1..]}.
     */
    private static int[] splice(int[] ring, int j, int[] hole, int mi, boolean twice) {
        int k = ring.length;
        int n = hole.length;
        int[] out = new int[k + n + 2];
        int o = 0;
        for (int i = 0; i <= j; i++) {
            out[o++] = ring[i];
        }
        for (int i = 0; i < n; i++) {
            out[o++] = hole[(mi + i) % n];
        }
        out[o++] = hole[mi];
        if (twice) {
            out[o++] = ring[j];
        }
        for (int i = j + 1; i < k; i++) {
            out[o++] = ring[i];
        }
        return Arrays.copyOf(out, o);
    }
}
