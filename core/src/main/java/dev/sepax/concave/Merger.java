package dev.sepax.concave;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Hertel–Mehlhorn: starting from the triangles, removes each diagonal (an edge two parts share in
 * opposite directions) when both of its ends stay convex in the union and the union respects the
 * vertex cap. Removing only such "inessential" diagonals leaves at most four times the minimum
 * number of convex parts.
 */
final class Merger {
    private Merger() {}

    static List<int[]> merge(Decomposition.Pool pool, List<int[]> triangles, int maxVertices) {
        int t = triangles.size();
        int[] parent = new int[t];
        int[][] cycle = new int[t][];
        EdgeOwners owner = new EdgeOwners(3 * t);
        for (int i = 0; i < t; i++) {
            parent[i] = i;
            cycle[i] = triangles.get(i);
            int[] tri = cycle[i];
            for (int e = 0; e < 3; e++) {
                // An edge met twice in one direction is ambiguous: never merged across.
                owner.claim(key(tri[e], tri[(e + 1) % 3]), i);
            }
        }
        for (int i = 0; i < t; i++) {
            int[] tri = triangles.get(i);
            for (int e = 0; e < 3; e++) {
                int u = tri[e];
                int v = tri[(e + 1) % 3];
                int own = owner.get(key(u, v));
                int other = owner.get(key(v, u));
                if (own < 0 || other < 0) {
                    continue;
                }
                int ra = find(parent, own);
                int rb = find(parent, other);
                if (ra == rb) {
                    continue;
                }
                int[] merged = tryMerge(pool, cycle[ra], cycle[rb], u, v, maxVertices);
                if (merged != null) {
                    parent[rb] = ra;
                    cycle[ra] = merged;
                    cycle[rb] = null;
                }
            }
        }
        List<int[]> parts = new ArrayList<>();
        for (int i = 0; i < t; i++) {
            if (parent[i] == i) {
                parts.add(cycle[i]);
            }
        }
        return parts;
    }

    private static long key(int u, int v) {
        return ((long) u << 32) | (v & 0xffffffffL);
    }

    /**
     * Directed edge {@code (u, v)} (vertex indices, so keys are non-negative) to the triangle
     * that holds it, or -1 when two do: open addressing with a multiplicative hash.
     * {@code Long.hashCode} would give {@code u ^ v}, a handful of values for one polygon's small
     * indices, and a {@code HashMap}'s bins would turn into trees.
     */
    private static final class EdgeOwners {
        private static final long EMPTY = -1;
        private final long[] keys;
        private final int[] owners;
        private final int shift;

        EdgeOwners(int edges) {
            // The smallest power of two holding twice the edges: load factor at most one half.
            int bits = Math.max(4, 64 - Long.numberOfLeadingZeros(2L * Math.max(1, edges) - 1));
            keys = new long[1 << bits];
            owners = new int[1 << bits];
            shift = 64 - bits;
            Arrays.fill(keys, EMPTY);
        }

        private int slot(long key) {
            int mask = keys.length - 1;
            int i = (int) ((key * 0x9E3779B97F4A7C15L) >>> shift);
            while (keys[i] != EMPTY && keys[i] != key) {
                i = (i + 1) & mask;
            }
            return i;
        }

        /** Records {@code triangle} as the edge's owner, or -1 if the edge already has one. */
        void claim(long key, int triangle) {
            int i = slot(key);
            if (keys[i] == EMPTY) {
                keys[i] = key;
                owners[i] = triangle;
            } else {
                owners[i] = -1;
            }
        }

        /** The edge's owner; -1 when it has none or is ambiguous. */
        int get(long key) {
            int i = slot(key);
            return keys[i] == EMPTY ? -1 : owners[i];
        }
    }

    private static int find(int[] parent, int i) {
        while (parent[i] != i) {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        return i;
    }

    /** A holds u -> v, B holds v -> u: their union, or null if a corner at u or v turns right. */
    private static int[] tryMerge(Decomposition.Pool pool, int[] a, int[] b, int u, int v, int maxVertices) {
        int na = a.length;
        int nb = b.length;
        if (na + nb - 2 > maxVertices) {
            return null;
        }
        int ia = edgeAt(a, u, v);
        int ib = edgeAt(b, v, u);
        if (ia < 0 || ib < 0) {
            return null;
        }
        // In A: u = a[ia], v = a[ia + 1]. In B: v = b[ib], u = b[ib + 1].
        int aBeforeU = a[(ia + na - 1) % na];
        int aAfterV = a[(ia + 2) % na];
        int bBeforeV = b[(ib + nb - 1) % nb];
        int bAfterU = b[(ib + 2) % nb];
        if (!convex(pool, aBeforeU, u, bAfterU) || !convex(pool, bBeforeV, v, aAfterV)) {
            return null;
        }
        int[] out = new int[na + nb - 2];
        int o = 0;
        // v, then around A to u; then around B from after u to before v.
        for (int s = 1; s < na; s++) {
            out[o++] = a[(ia + s) % na];
        }
        out[o++] = u;
        for (int s = 2; s < nb; s++) {
            out[o++] = b[(ib + s) % nb];
        }
        return out;
    }

    private static boolean convex(Decomposition.Pool pool, int p, int q, int r) {
        if (pool.same(p, r) || pool.same(p, q) || pool.same(q, r)) {
            return false;
        }
        int turn = pool.orient(p, q, r);
        return turn > 0 || turn == 0 && !Decomposition.reverses(pool, p, q, r);
    }

    private static int edgeAt(int[] c, int u, int v) {
        for (int i = 0; i < c.length; i++) {
            if (c[i] == u && c[(i + 1) % c.length] == v) {
                return i;
            }
        }
        return -1;
    }
}
