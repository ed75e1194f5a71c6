package dev.sepax.concave;

import dev.sepax.geom.Orientation;
import dev.sepax.shape.ConvexPolygons;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Splits a simple polygon with holes into convex parts: the holes are bridged into the outer
 * ring, the bridged ring is ear-clipped into triangles, and Hertel–Mehlhorn merging removes every
 * diagonal whose removal keeps both sides convex (at most four times the minimum number of
 * parts). Every geometric decision is the exact float orientation test of {@link Orientation}, so
 * collinear, duplicate and nearly collinear points cannot fool it.
 *
 * <h2>Input</h2>
 * Rings are flat float arrays {@code x0, y0, x1, y1, ...} in either winding, closed or not (a
 * last vertex equal to the first is dropped). Ring 0 is the outer ring, the others are holes.
 * Cleaned silently, because they change neither the point set nor the area: consecutive duplicate
 * vertices and vertices lying on the straight line between their neighbours. Accepted: rings that
 * touch each other or themselves at points (a hole touching the outer ring at a vertex or on an
 * edge, two holes sharing a vertex): a vertex lying on another ring's edge is inserted into that
 * edge first. Rejected with an {@link IllegalArgumentException} of the form
 * {@code ring=r vertex=v: reason} (indices are the caller's): NaN, infinite or out-of-range
 * coordinates ({@link ConvexPolygons#MAX_COORDINATE}), fewer than 3 distinct vertices, zero area,
 * a spike where the boundary doubles back on itself, edges that cross or overlap along a segment,
 * passes of the boundary through one point that cross there (a figure eight whose loops cross
 * at the shared vertex, or a loop inside the polygon with the outer ring's winding), a hole that
 * is not inside the outer ring or lies inside another hole.
 *
 * <h2>Output</h2>
 * Parts are CCW convex polygons whose union is the input polygon and whose interiors are
 * disjoint; every input vertex is a vertex of some part. With a vertex cap, no part has more than
 * {@code maxVertices} vertices (the cap stops merges; it never splits a triangle).
 *
 * <h2>Cost</h2>
 * Build time only: ear clipping here is {@code O(n^2)} in the worst case (each ear test scans the
 * ring), the bridges {@code O(n · h)} for {@code h} holes, the merge {@code O(n)}.
 * Stateless; allocates its working arrays and the result.
 */
public final class Decomposition {
    /** No cap on the vertices per part. */
    public static final int NO_CAP = Integer.MAX_VALUE;

    private Decomposition() {}

    /**
     * Decomposes one polygon (ring 0 outer, the rest holes) into convex parts.
     *
     * @param maxVertices the most vertices a part may have (at least 3), or {@link #NO_CAP}
     * @return the parts, each {@code x0, y0, ...} counter-clockwise
     * @throws IllegalArgumentException naming the ring, the vertex and the reason
     */
    public static float[][] decompose(int maxVertices, float[]... rings) {
        if (maxVertices < 3) {
            throw new IllegalArgumentException("maxVertices=" + maxVertices + " < 3");
        }
        if (rings == null || rings.length == 0) {
            throw new IllegalArgumentException("no rings: ring 0 must be the outer ring");
        }
        Pool pool = new Pool();
        List<int[]> clean = new ArrayList<>();
        for (int r = 0; r < rings.length; r++) {
            clean.add(cleanRing(pool, r, rings[r], r == 0));
        }
        Topology.check(pool, clean);
        int[] merged = Bridges.merge(pool, clean);
        List<int[]> triangles = Ears.clip(pool, merged);
        List<int[]> parts = Merger.merge(pool, triangles, maxVertices);
        float[][] out = new float[parts.size()][];
        for (int i = 0; i < out.length; i++) {
            int[] p = parts.get(i);
            float[] xy = new float[2 * p.length];
            for (int j = 0; j < p.length; j++) {
                xy[2 * j] = pool.x(p[j]);
                xy[2 * j + 1] = pool.y(p[j]);
            }
            out[i] = xy;
        }
        return out;
    }

    /** {@link #decompose(int, float[]...)} without a vertex cap. */
    public static float[][] decompose(float[]... rings) {
        return decompose(NO_CAP, rings);
    }

    /**
     * The points of all rings. A point remembers its ring and its index in the caller's ring, so
     * messages name the caller's vertex; points inserted on an edge name the vertex they copy.
     */
    static final class Pool {
        float[] x = new float[64];
        float[] y = new float[64];
        int[] ring = new int[64];
        int[] vertex = new int[64];
        int size;

        int add(float px, float py, int r, int v) {
            if (size == x.length) {
                int n = 2 * size;
                x = Arrays.copyOf(x, n);
                y = Arrays.copyOf(y, n);
                ring = Arrays.copyOf(ring, n);
                vertex = Arrays.copyOf(vertex, n);
            }
            x[size] = px;
            y[size] = py;
            ring[size] = r;
            vertex[size] = v;
            return size++;
        }

        float x(int p) {
            return x[p];
        }

        float y(int p) {
            return y[p];
        }

        boolean same(int p, int q) {
            return x[p] == x[q] && y[p] == y[q];
        }

        int orient(int a, int b, int c) {
            return Orientation.orient(x[a], y[a], x[b], y[b], x[c], y[c]);
        }

        String where(int p) {
            return "ring=" + ring[p] + " vertex=" + vertex[p];
        }
    }

    /**
     * Validates one ring, drops duplicates and straight-through collinear vertices, and orients it
     * (CCW for the outer ring, CW for holes, so that the interior is always on the left).
     */
    private static int[] cleanRing(Pool pool, int r, float[] xy, boolean outer) {
        if (xy == null) {
            throw new IllegalArgumentException("ring=" + r + ": coordinate array is null");
        }
        if ((xy.length & 1) != 0) {
            throw new IllegalArgumentException("ring=" + r + ": odd coordinate count " + xy.length);
        }
        int n = xy.length / 2;
        for (int i = 0; i < xy.length; i++) {
            float c = xy[i];
            if (!Float.isFinite(c) || Math.abs(c) > ConvexPolygons.MAX_COORDINATE) {
                throw new IllegalArgumentException("ring=" + r + " vertex=" + (i / 2) + ": "
                        + ((i & 1) == 0 ? "x" : "y") + "=" + c + " is not finite or beyond +-2^60");
            }
        }
        int[] ids = new int[n];
        int m = 0;
        for (int i = 0; i < n; i++) {
            float px = xy[2 * i];
            float py = xy[2 * i + 1];
            if (m > 0 && pool.x(ids[m - 1]) == px && pool.y(ids[m - 1]) == py) {
                continue;
            }
            ids[m++] = pool.add(px, py, r, i);
        }
        while (m > 1 && pool.same(ids[0], ids[m - 1])) {
            m--;
        }
        if (m < 3) {
            throw new IllegalArgumentException("ring=" + r + ": fewer than 3 distinct vertices (" + m + ")");
        }
        // Collinear vertices: a straight-through one is dropped, a reversal is a spike.
        boolean changed = true;
        while (changed && m >= 3) {
            changed = false;
            for (int i = 0; i < m && m >= 3; i++) {
                int a = ids[(i + m - 1) % m];
                int b = ids[i];
                int c = ids[(i + 1) % m];
                if (pool.same(a, c) || pool.orient(a, b, c) == 0) {
                    if (reverses(pool, a, b, c)) {
                        throw new IllegalArgumentException(pool.where(b)
                                + ": the boundary doubles back on itself here (a spike of zero width)");
                    }
                    System.arraycopy(ids, i + 1, ids, i, m - i - 1);
                    m--;
                    i--;
                    changed = true;
                }
            }
        }
        if (m < 3) {
            throw new IllegalArgumentException("ring=" + r + ": zero area (all vertices collinear)");
        }
        ids = Arrays.copyOf(ids, m);
        // The lowest, then leftmost vertex is a strictly convex corner: its turn is the winding.
        int low = 0;
        for (int i = 1; i < m; i++) {
            int p = ids[i];
            int q = ids[low];
            if (pool.y(p) < pool.y(q) || (pool.y(p) == pool.y(q) && pool.x(p) < pool.x(q))) {
                low = i;
            }
        }
        int turn = pool.orient(ids[(low + m - 1) % m], ids[low], ids[(low + 1) % m]);
        if ((turn > 0) != outer) {
            for (int i = 0, j = m - 1; i < j; i++, j--) {
                int t = ids[i];
                ids[i] = ids[j];
                ids[j] = t;
            }
        }
        return ids;
    }

    /**
     * For collinear a, b, c with {@code b} distinct from both: does the boundary turn back at
     * {@code b}? On a line, {@code b - a} and {@code c - b} have a zero x component together, so
     * the signs of one nonzero component decide, exactly.
     */
    static boolean reverses(Pool pool, int a, int b, int c) {
        int sx1 = sign(pool.x(b), pool.x(a));
        int sx2 = sign(pool.x(c), pool.x(b));
        if (sx1 != 0 || sx2 != 0) {
            return sx1 != sx2;
        }
        return sign(pool.y(b), pool.y(a)) != sign(pool.y(c), pool.y(b));
    }

    /** The sign of {@code p - q}, with {@code -0 == 0} (unlike {@link Float#compare}). */
    static int sign(float p, float q) {
        return p > q ? 1 : p < q ? -1 : 0;
    }
}
