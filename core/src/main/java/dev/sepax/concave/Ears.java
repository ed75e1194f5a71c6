package dev.sepax.concave;

import java.util.ArrayList;
import java.util.List;

/**
 * Ear clipping of one weakly simple ring (interior on the left; bridges walked twice). A vertex
 * {@code i} with neighbours {@code a, c} is an ear when it turns strictly left and no other vertex
 * of the ring lies in the closed triangle {@code a, i, c}, except copies of the triangle's own
 * corners (bridge ends, touching rings) whose edges stay outside the triangle's angle there.
 * Duplicate and collinear vertices are dropped on the way: they change no area.
 */
final class Ears {
    private Ears() {}

    static List<int[]> clip(Decomposition.Pool pool, int[] ring) {
        int k = ring.length;
        int[] prev = new int[k];
        int[] next = new int[k];
        for (int i = 0; i < k; i++) {
            prev[i] = (i + k - 1) % k;
            next[i] = (i + 1) % k;
        }
        List<int[]> triangles = new ArrayList<>(k);
        int count = k;
        int i = 0;
        int stall = 0;
        while (count > 3) {
            int a = prev[i];
            int c = next[i];
            int pa = ring[a];
            int pi = ring[i];
            int pc = ring[c];
            int turn = pool.same(pi, pc) || pool.same(pa, pi) ? 0 : pool.orient(pa, pi, pc);
            // A neighbour that copies its corner or is a spike's tip goes first (it is dropped
            // when visited). Such a spike is left where an earlier ear's diagonal ran along a ring
            // edge (a hole or the ring touching itself there); an ear taking one side of it as
            // its own side would be a triangle outside the polygon.
            boolean ear = turn > 0 && !turnsBack(pool, ring[prev[a]], pa, pi) && !turnsBack(pool, pi, pc, ring[next[c]])
                    && isEar(pool, ring, next, a, i, c);
            if (turn == 0 || ear) {
                if (ear) {
                    triangles.add(new int[] {pa, pi, pc});
                }
                next[a] = c;
                prev[c] = a;
                count--;
                stall = 0;
                i = a;
                continue;
            }
            i = c;
            if (++stall > count) {
                throw new IllegalArgumentException(pool.where(pi) + ": no ear left to clip among " + count
                        + " vertices (degenerate or self-overlapping input)");
            }
        }
        int a = prev[i];
        int c = next[i];
        int last = pool.orient(ring[a], ring[i], ring[c]);
        if (last < 0) {
            // The triangles' areas sum to the ring's: a clockwise rest means that some triangle
            // covered ground outside the polygon. Refused rather than returned.
            throw new IllegalArgumentException(pool.where(ring[i]) + ": the last triangle is clockwise "
                    + "(degenerate or self-overlapping input)");
        }
        if (last > 0) {
            triangles.add(new int[] {ring[a], ring[i], ring[c]});
        }
        return triangles;
    }

    /** Is {@code q} a copy of a neighbour, or the tip of a spike {@code p, q, r}? */
    private static boolean turnsBack(Decomposition.Pool pool, int p, int q, int r) {
        if (pool.same(p, q) || pool.same(q, r)) {
            return true;
        }
        return pool.orient(p, q, r) == 0 && (pool.same(p, r) || Decomposition.reverses(pool, p, q, r));
    }

    private static boolean isEar(Decomposition.Pool pool, int[] ring, int[] next, int a, int i, int c) {
        int pa = ring[a];
        int pi = ring[i];
        int pc = ring[c];
        float minX = Math.min(pool.x(pa), Math.min(pool.x(pi), pool.x(pc)));
        float maxX = Math.max(pool.x(pa), Math.max(pool.x(pi), pool.x(pc)));
        float minY = Math.min(pool.y(pa), Math.min(pool.y(pi), pool.y(pc)));
        float maxY = Math.max(pool.y(pa), Math.max(pool.y(pi), pool.y(pc)));
        int prevJ = c;
        for (int j = next[c]; j != a; prevJ = j, j = next[j]) {
            int p = ring[j];
            float px = pool.x(p);
            float py = pool.y(p);
            if (px < minX || px > maxX || py < minY || py > maxY) {
                continue;
            }
            int corner = pool.same(p, pa) ? pa : pool.same(p, pi) ? pi : pool.same(p, pc) ? pc : -1;
            if (corner < 0) {
                if (pool.orient(pa, pi, p) >= 0 && pool.orient(pi, pc, p) >= 0 && pool.orient(pc, pa, p) >= 0) {
                    return false;
                }
                continue;
            }
            // A copy of a corner: its two edges must not enter the triangle's angle there.
            int q1 = ring[prevJ];
            int q2 = ring[next[j]];
            if (entersAngle(pool, pa, pi, pc, corner, q1) || entersAngle(pool, pa, pi, pc, corner, q2)) {
                return false;
            }
        }
        return true;
    }

    /** Does the ray from {@code corner} (one of the CCW triangle a, i, c) towards q go strictly into its angle? */
    private static boolean entersAngle(Decomposition.Pool pool, int a, int i, int c, int corner, int q) {
        if (pool.same(q, corner)) {
            return false;
        }
        if (corner == a) {
            return pool.orient(a, i, q) > 0 && pool.orient(c, a, q) > 0;
        } else if (corner == i) {
            return pool.orient(a, i, q) > 0 && pool.orient(i, c, q) > 0;
        } else {
            return pool.orient(i, c, q) > 0 && pool.orient(c, a, q) > 0;
        }
    }
}
