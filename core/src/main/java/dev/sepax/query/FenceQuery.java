package dev.sepax.query;

import dev.sepax.geom.Orientation;
import dev.sepax.internal.BatchArguments;
import dev.sepax.internal.PolygonArrays;
import dev.sepax.internal.SingleCaller;
import dev.sepax.shape.ConvexPolygons;

import java.util.Arrays;

/**
 * One thread's reusable query against a shared {@link FenceIndex}: the fences that contain a
 * point, or that a convex polygon given per request in caller arrays intersects.
 *
 * <h2>Verdicts</h2>
 * A polygon query evaluates, for each fence part whose AABB the index does not rule out, the
 * scalar kernel's expressions ({@link dev.sepax.narrow.ScalarSat}): the AABB compares, then along
 * every edge of the query and of the part the separation {@code enx*(bx-ax) + eny*(by-ay)}
 * against {@code tolerance * len}, with the edge normals computed from the float vertices exactly
 * as {@link ConvexPolygons} computes them. The verdict does not depend on the order of the axes,
 * so it equals the scalar kernel's verdict on a store holding the query and the fence with the
 * same vertices. A point is a degenerate query: it is in a part iff no edge of the part has it
 * strictly outside ({@code enx*(px-ax) + eny*(py-ay) <= 0} along every edge). Touching counts
 * as intersecting; the band is {@link dev.sepax.narrow.FloatBand}'s, {@code 16 u M}.
 *
 * <p>The query polygon is validated per call (finite, within {@link ConvexPolygons#MAX_COORDINATE},
 * at least 3 distinct vertices, convex in either winding: exact orientation tests); consecutive
 * duplicates are skipped. Unlike a store, a query is not welded, so a nearly collinear query
 * vertex touching a fence exactly is classified within the band, not exactly.
 *
 * <h2>Output</h2>
 * The fences hit, each once, in increasing order, into a caller-owned {@code int[]}; the return
 * value is their number, which may exceed the array (only the first {@code hits.length} are
 * written).
 *
 * <h2>Threads and allocation</h2>
 * One caller at a time (a concurrent call throws {@link IllegalStateException} before touching
 * anything); make one per thread with {@link FenceIndex#newQuery()}. Its scratch grows to the
 * largest query polygon and candidate count seen, then calls allocate nothing.
 */
public final class FenceQuery {
    private final FenceIndex index;
    private final SingleCaller caller = new SingleCaller("FenceQuery");
    private float[] qx = new float[16];
    private float[] qy = new float[16];
    private float[] qnx = new float[16];
    private float[] qny = new float[16];
    private float[] qlen = new float[16];
    private int qk;
    private float qMinX;
    private float qMinY;
    private float qMaxX;
    private float qMaxY;
    private int[] found = new int[64];

    FenceQuery(FenceIndex index) {
        this.index = index;
    }

    /** The index this query reads. */
    public FenceIndex index() {
        return index;
    }

    /**
     * The fences containing point {@code (x, y)} (on the boundary counts).
     *
     * @throws IllegalArgumentException if {@code hits} is null or a coordinate is not finite
     * @throws IllegalStateException if another call on this object is running
     */
    public int containing(float x, float y, int[] hits) {
        if (hits == null) {
            throw new IllegalArgumentException("hits is null");
        }
        if (!Float.isFinite(x) || !Float.isFinite(y)) {
            throw new IllegalArgumentException("point x=" + x + " y=" + y + " is not finite");
        }
        caller.enter();
        try {
            return point(x, y, hits);
        } finally {
            caller.exit();
        }
    }

    /**
     * The fences that the convex polygon {@code xy = x0, y0, x1, y1, ...} (either winding)
     * intersects at {@code tolerance} (see {@link dev.sepax.narrow.SatKernel} for its meaning).
     *
     * @throws IllegalArgumentException naming the query vertex and the reason for a bad polygon,
     *     or if {@code hits} is null or the tolerance is not finite
     * @throws IllegalStateException if another call on this object is running
     */
    public int intersecting(float[] xy, float tolerance, int[] hits) {
        if (hits == null || xy == null) {
            throw new IllegalArgumentException("xy or hits is null");
        }
        BatchArguments.checkTolerance(tolerance);
        caller.enter();
        try {
            load(xy);
            return polygon(tolerance, hits);
        } finally {
            caller.exit();
        }
    }

    private int point(float px, float py, int[] hits) {
        FenceIndex ix = index;
        float[] b = ix.bounds;
        PolygonArrays r = ix.parts.arrays();
        int n = 0;
        int i = 0;
        while (i < ix.nodes) {
            if (px < b[4 * i] || py < b[4 * i + 1] || px > b[4 * i + 2] || py > b[4 * i + 3]) {
                i = ix.escape[i];
                continue;
            }
            int c = ix.count[i];
            float[] ib = ix.itemBounds;
            for (int e = ix.first[i]; e < ix.first[i] + c; e++) {
                if (px >= ib[4 * e] && py >= ib[4 * e + 1] && px <= ib[4 * e + 2] && py <= ib[4 * e + 3]) {
                    int p = ix.item[e];
                    if (inside(r, p, px, py)) {
                        n = add(n, ix.parent[p]);
                    }
                }
            }
            i++;
        }
        return finish(n, hits);
    }

    private static boolean inside(PolygonArrays r, int p, float px, float py) {
        int o = r.start[p];
        int k = r.count[p];
        for (int e = o; e < o + k; e++) {
            if (r.enx[e] * (px - r.x[e]) + r.eny[e] * (py - r.y[e]) > 0) {
                return false;
            }
        }
        return true;
    }

    private int polygon(float tol, int[] hits) {
        FenceIndex ix = index;
        float[] b = ix.bounds;
        PolygonArrays r = ix.parts.arrays();
        int n = 0;
        int i = 0;
        while (i < ix.nodes) {
            // The kernel's AABB compares with the node as shape B: a node bound is a min or max
            // over its parts' bounds, so a node gap > tol implies that gap for every part in it.
            if (b[4 * i] - qMaxX > tol || qMinX - b[4 * i + 2] > tol
                    || b[4 * i + 1] - qMaxY > tol || qMinY - b[4 * i + 3] > tol) {
                i = ix.escape[i];
                continue;
            }
            int c = ix.count[i];
            float[] ib = ix.itemBounds;
            for (int e = ix.first[i]; e < ix.first[i] + c; e++) {
                if (ib[4 * e] - qMaxX > tol || qMinX - ib[4 * e + 2] > tol
                        || ib[4 * e + 1] - qMaxY > tol || qMinY - ib[4 * e + 3] > tol) {
                    continue;
                }
                int p = ix.item[e];
                if (!queryEdgeSeparates(r, p, tol) && !partEdgeSeparates(r, p, tol)) {
                    n = add(n, ix.parent[p]);
                }
            }
            i++;
        }
        return finish(n, hits);
    }

    /** Does an edge of the query separate part p by more than tol? (ScalarSat's expressions.) */
    private boolean queryEdgeSeparates(PolygonArrays r, int p, float tol) {
        int o = r.start[p];
        int k = r.count[p];
        for (int e = 0; e < qk; e++) {
            float nx = qnx[e];
            float ny = qny[e];
            float ax = qx[e];
            float ay = qy[e];
            float limit = tol * qlen[e];
            boolean separates = true;
            for (int v = o; v < o + k && separates; v++) {
                separates = nx * (r.x[v] - ax) + ny * (r.y[v] - ay) > limit;
            }
            if (separates) {
                return true;
            }
        }
        return false;
    }

    /** Does an edge of part p separate the query by more than tol? */
    private boolean partEdgeSeparates(PolygonArrays r, int p, float tol) {
        int o = r.start[p];
        int k = r.count[p];
        for (int e = o; e < o + k; e++) {
            float nx = r.enx[e];
            float ny = r.eny[e];
            float ax = r.x[e];
            float ay = r.y[e];
            float limit = tol * r.len[e];
            boolean separates = true;
            for (int v = 0; v < qk && separates; v++) {
                separates = nx * (qx[v] - ax) + ny * (qy[v] - ay) > limit;
            }
            if (separates) {
                return true;
            }
        }
        return false;
    }

    private int add(int n, int fence) {
        if (n == found.length) {
            found = Arrays.copyOf(found, 2 * n);
        }
        found[n] = fence;
        return n + 1;
    }

    /** Sorts and deduplicates found[0, n) and copies what fits. */
    private int finish(int n, int[] hits) {
        if (n > 1) {
            Arrays.sort(found, 0, n);
        }
        int m = 0;
        for (int i = 0; i < n; i++) {
            if (m == 0 || found[i] != found[m - 1]) {
                found[m++] = found[i];
            }
        }
        System.arraycopy(found, 0, hits, 0, Math.min(m, hits.length));
        return m;
    }

    /** Validates and loads the query polygon, counter-clockwise, with the store's normal forms. */
    private void load(float[] xy) {
        if ((xy.length & 1) != 0) {
            throw new IllegalArgumentException("query: odd coordinate count " + xy.length);
        }
        int n = xy.length / 2;
        if (qx.length < n) {
            int c = Math.max(n, 2 * qx.length);
            qx = new float[c];
            qy = new float[c];
            qnx = new float[c];
            qny = new float[c];
            qlen = new float[c];
        }
        int k = 0;
        for (int i = 0; i < n; i++) {
            float x = xy[2 * i];
            float y = xy[2 * i + 1];
            if (!Float.isFinite(x) || !Float.isFinite(y) || Math.abs(x) > ConvexPolygons.MAX_COORDINATE
                    || Math.abs(y) > ConvexPolygons.MAX_COORDINATE) {
                throw new IllegalArgumentException("query vertex=" + i + ": x=" + x + " y=" + y
                        + " is not finite or beyond +-2^60");
            }
            if (k > 0 && qx[k - 1] == x && qy[k - 1] == y) {
                continue;
            }
            qx[k] = x;
            qy[k] = y;
            k++;
        }
        while (k > 1 && qx[0] == qx[k - 1] && qy[0] == qy[k - 1]) {
            k--;
        }
        if (k < 3) {
            throw new IllegalArgumentException("query: fewer than 3 distinct vertices (" + k + ")");
        }
        // Convex in one winding: no turn of the other sign, and one full turn (no star shapes:
        // the edge directions' x components change sign at most twice around a convex polygon).
        int sign = 0;
        int xFlips = 0;
        for (int i = 0; i < k; i++) {
            int a = i == 0 ? k - 1 : i - 1;
            int c = i + 1 == k ? 0 : i + 1;
            int t = Orientation.orient(qx[a], qy[a], qx[i], qy[i], qx[c], qy[c]);
            if (t != 0) {
                if (sign != 0 && t != sign) {
                    throw new IllegalArgumentException("query vertex=" + i + ": the polygon is not convex here");
                }
                sign = t;
            }
            float d0 = qx[i] - qx[a];
            float d1 = qx[c] - qx[i];
            if (d0 != 0 && d1 != 0 && (d0 > 0) != (d1 > 0)) {
                xFlips++;
            }
        }
        if (sign == 0) {
            throw new IllegalArgumentException("query: zero area (all vertices collinear)");
        }
        if (xFlips > 2) {
            throw new IllegalArgumentException("query: the boundary winds more than once (self-intersecting)");
        }
        if (sign < 0) {
            for (int i = 0, j = k - 1; i < j; i++, j--) {
                float t = qx[i];
                qx[i] = qx[j];
                qx[j] = t;
                t = qy[i];
                qy[i] = qy[j];
                qy[j] = t;
            }
        }
        float minX = Float.POSITIVE_INFINITY;
        float minY = Float.POSITIVE_INFINITY;
        float maxX = Float.NEGATIVE_INFINITY;
        float maxY = Float.NEGATIVE_INFINITY;
        for (int i = 0; i < k; i++) {
            int j = i + 1 == k ? 0 : i + 1;
            qnx[i] = qy[j] - qy[i];
            qny[i] = -(qx[j] - qx[i]);
            double dx = (double) qx[j] - qx[i];
            double dy = (double) qy[j] - qy[i];
            qlen[i] = (float) Math.sqrt(dx * dx + dy * dy);
            minX = Math.min(minX, qx[i]);
            minY = Math.min(minY, qy[i]);
            maxX = Math.max(maxX, qx[i]);
            maxY = Math.max(maxY, qy[i]);
        }
        qk = k;
        qMinX = minX;
        qMinY = minY;
        qMaxX = maxX;
        qMaxY = maxY;
    }
}
