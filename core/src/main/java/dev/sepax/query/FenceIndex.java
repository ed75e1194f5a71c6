package dev.sepax.query;

import dev.sepax.concave.Compounds;
import dev.sepax.internal.PolygonArrays;
import dev.sepax.shape.ConvexPolygons;

import java.util.Arrays;

/**
 * An immutable spatial index over fences (convex polygons, or compounds of convex parts) for
 * servers: which fences contain this point, which fences does this polygon touch?
 *
 * <h2>Layout: a uniform grid, and a packed hierarchy for the oversized parts</h2>
 * <pre>
 *  grid:  cell size h = the median part extent (max of its AABB's width and height), grown
 *         until there are at most 2 cells per part; cell (i, j) covers
 *         [originX + i h, originX + (i + 1) h) x [originY + j h, ...), the outer cells reach to
 *         infinity (coordinates are clamped)
 *         cellStart[c] .. cellStart[c + 1]   the entries of cell c = i + j * cols
 *         entry[8e .. 8e + 7]                a part whose AABB meets the cell: that AABB, where
 *                                            its vertices are, its fence
 *  large: parts spanning more than {@value #SPAN} cells along x or y are not in the grid but in
 *         a packed bounding-volume hierarchy (depth-first preorder, escape links, at most
 *         {@value #LEAF} parts per leaf, median splits along the longer axis)
 * </pre>
 * A point query reads one cell: its entries' AABBs lie next to each other, so the usual query is a
 * few cache lines and a few inside tests, whatever the number of fences. A polygon query reads the
 * cells its AABB (grown by the tolerance) covers and tests a part only in the first of those cells
 * that the part also covers, so each part is tested once. Typical parts cover about four cells,
 * so the grid holds about four entries per part. Fences of widely different sizes (parcels and
 * counties) stay fast: the few large ones go to the hierarchy, which a query visits in
 * {@code O(log L + hits)} nodes.
 *
 * <p>Why the grid finds every candidate: the cell of a coordinate is
 * {@code clamp((int) ((v - origin) / h))}, computed in double, a non-decreasing function of
 * {@code v} (a rounded subtraction and a rounded product by a positive constant are monotone, so
 * is truncation, so is clamping). A point inside a part's AABB therefore has its cell inside the
 * part's cell range; for a polygon query, a part that passes the kernel's float AABB compares
 * ({@code fl(b.minX - q.maxX) <= tol}) has {@code b.minX <= q.maxX + tol + |tol| 2^-24}, and the
 * query's cell range is taken from {@code q.maxX + tol} plus a margin larger than that slack and
 * than the double sum's rounding, so the part's cell range meets the query's.
 *
 * <h2>Threads and allocation</h2>
 * Immutable once built: any number of threads may query it at once, each through its own
 * {@link FenceQuery} ({@link #newQuery()}), which holds the only per-thread state. Building
 * allocates {@code O(parts)} (32 bytes per grid entry, 16 per vertex for the packed copy);
 * queries allocate nothing.
 */
public final class FenceIndex {
    /** The most parts in a leaf of the hierarchy. */
    static final int LEAF = 4;
    /** Parts spanning more cells than this along an axis go to the hierarchy, not the grid. */
    static final int SPAN = 8;
    /** Ints per grid entry. */
    static final int ENTRY = 8;

    final ConvexPolygons parts;
    final int fences;
    final int[] parent;

    final double originX;
    final double originY;
    final double inverseCell;
    final int cols;
    final int rows;
    final int[] cellStart;
    /**
     * {@value #ENTRY} ints per entry: the part's AABB as raw float bits (minX, minY, maxX, maxY),
     * its packed block (offset, vertex count), its fence and the part: the scan, the AABB
     * compares and the dispatch to the part read one cache line.
     */
    final int[] entry;
    /**
     * Every part's vertices and edge normals interleaved, {@code x, y, enx, eny} per vertex (the
     * store's floats, copied), parts in the order of their first grid cell: a candidate costs
     * one or two cache lines instead of one per store array, and nearby parts lie near in memory.
     */
    final float[] packed;
    /** Part p's block starts at {@code packed[block[2p]]} and has {@code block[2p + 1]} vertices. */
    final int[] block;

    final float[] bounds;
    final int[] escape;
    final int[] first;
    final int[] count;
    final int[] item;
    /** The large parts' AABBs in leaf order (4 floats per item), so a leaf's checks read one cache line. */
    final float[] itemBounds;
    final int nodes;

    private FenceIndex(ConvexPolygons parts, int fences, int[] parent) {
        this.parts = parts;
        this.fences = fences;
        this.parent = parent;
        int n = parts.size();
        double wMinX = Double.POSITIVE_INFINITY;
        double wMinY = Double.POSITIVE_INFINITY;
        double wMaxX = Double.NEGATIVE_INFINITY;
        double wMaxY = Double.NEGATIVE_INFINITY;
        double[] extent = new double[n];
        for (int p = 0; p < n; p++) {
            wMinX = Math.min(wMinX, parts.minX(p));
            wMinY = Math.min(wMinY, parts.minY(p));
            wMaxX = Math.max(wMaxX, parts.maxX(p));
            wMaxY = Math.max(wMaxY, parts.maxY(p));
            extent[p] = Math.max((double) parts.maxX(p) - parts.minX(p), (double) parts.maxY(p) - parts.minY(p));
        }
        double h = 1;
        int c = 1;
        int r = 1;
        if (n > 0) {
            Arrays.sort(extent);
            h = extent[n / 2];
            double w = wMaxX - wMinX;
            double t = wMaxY - wMinY;
            double cap = Math.max(64.0, 2.0 * n);
            if (!(h > 0)) {
                h = Math.max(w, t) / Math.sqrt(cap);
            }
            // At most `cap` cells; each axis gets at least one.
            while ((Math.floor(w / h) + 1) * (Math.floor(t / h) + 1) > cap) {
                h *= 1.25;
            }
            c = (int) Math.floor(w / h) + 1;
            r = (int) Math.floor(t / h) + 1;
        }
        originX = n > 0 ? wMinX : 0;
        originY = n > 0 ? wMinY : 0;
        inverseCell = 1 / h;
        cols = c;
        rows = r;
        block = new int[2 * n];
        long[] order = new long[n];
        for (int p = 0; p < n; p++) {
            long cell = (long) cellY(parts.minY(p)) * c + cellX(parts.minX(p));
            order[p] = cell << 32 | p;
        }
        Arrays.sort(order);
        int[] slot = new int[n];
        int vertices = 0;
        for (int i = 0; i < n; i++) {
            int p = (int) order[i];
            slot[p] = vertices;
            vertices += parts.count(p);
        }
        if (vertices > Integer.MAX_VALUE / 4) {
            throw new IllegalArgumentException("too many vertices for one index: " + vertices);
        }
        packed = new float[4 * vertices];
        PolygonArrays a = parts.arrays();
        for (int p = 0; p < n; p++) {
            int o = 4 * slot[p];
            block[2 * p] = o;
            block[2 * p + 1] = a.count[p];
            for (int v = a.start[p], end = a.start[p] + a.count[p]; v < end; v++, o += 4) {
                packed[o] = a.x[v];
                packed[o + 1] = a.y[v];
                packed[o + 2] = a.enx[v];
                packed[o + 3] = a.eny[v];
            }
        }
        // Count the entries per cell, then fill (counting sort by cell).
        int cells = c * r;
        int[] start = new int[cells + 1];
        boolean[] large = new boolean[n];
        int largeCount = 0;
        long entries = 0;
        for (int p = 0; p < n; p++) {
            int x0 = cellX(parts.minX(p));
            int x1 = cellX(parts.maxX(p));
            int y0 = cellY(parts.minY(p));
            int y1 = cellY(parts.maxY(p));
            if (x1 - x0 >= SPAN || y1 - y0 >= SPAN) {
                large[p] = true;
                largeCount++;
                continue;
            }
            for (int y = y0; y <= y1; y++) {
                for (int x = x0; x <= x1; x++) {
                    start[x + y * c + 1]++;
                }
            }
            entries += (long) (x1 - x0 + 1) * (y1 - y0 + 1);
        }
        if (entries > Integer.MAX_VALUE / 4) {
            throw new IllegalArgumentException("too many parts for one index: " + n);
        }
        for (int i = 0; i < cells; i++) {
            start[i + 1] += start[i];
        }
        cellStart = start;
        entry = new int[ENTRY * (int) entries];
        int[] fill = Arrays.copyOf(start, cells);
        for (int p = 0; p < n; p++) {
            if (large[p]) {
                continue;
            }
            int x0 = cellX(parts.minX(p));
            int x1 = cellX(parts.maxX(p));
            int y0 = cellY(parts.minY(p));
            int y1 = cellY(parts.maxY(p));
            for (int y = y0; y <= y1; y++) {
                for (int x = x0; x <= x1; x++) {
                    int e = ENTRY * fill[x + y * c]++;
                    entry[e] = Float.floatToRawIntBits(parts.minX(p));
                    entry[e + 1] = Float.floatToRawIntBits(parts.minY(p));
                    entry[e + 2] = Float.floatToRawIntBits(parts.maxX(p));
                    entry[e + 3] = Float.floatToRawIntBits(parts.maxY(p));
                    entry[e + 4] = block[2 * p];
                    entry[e + 5] = block[2 * p + 1];
                    entry[e + 6] = parent[p];
                    entry[e + 7] = p;
                }
            }
        }
        // The hierarchy over the large parts. Every leaf holds at least 2 parts (a median split
        // of more than LEAF), so 2L nodes suffice.
        int maxNodes = Math.max(1, 2 * largeCount);
        bounds = new float[4 * maxNodes];
        escape = new int[maxNodes];
        first = new int[maxNodes];
        count = new int[maxNodes];
        item = new int[largeCount];
        float[] cx = new float[n];
        float[] cy = new float[n];
        int l = 0;
        for (int p = 0; p < n; p++) {
            if (large[p]) {
                item[l++] = p;
                // Centres only steer the split; halving after the add keeps them finite near 2^60.
                cx[p] = parts.minX(p) / 2 + parts.maxX(p) / 2;
                cy[p] = parts.minY(p) / 2 + parts.maxY(p) / 2;
            }
        }
        nodes = largeCount == 0 ? 0 : build(0, largeCount, 0, cx, cy);
        itemBounds = new float[4 * largeCount];
        for (int e = 0; e < largeCount; e++) {
            int p = item[e];
            itemBounds[4 * e] = parts.minX(p);
            itemBounds[4 * e + 1] = parts.minY(p);
            itemBounds[4 * e + 2] = parts.maxX(p);
            itemBounds[4 * e + 3] = parts.maxY(p);
        }
    }

    /** The grid column of x (any double; clamped), non-decreasing in x. */
    int cellX(double x) {
        return clamp((int) ((x - originX) * inverseCell), cols);
    }

    /** The grid row of y (any double; clamped), non-decreasing in y. */
    int cellY(double y) {
        return clamp((int) ((y - originY) * inverseCell), rows);
    }

    private static int clamp(int v, int n) {
        return v < 0 ? 0 : v >= n ? n - 1 : v;
    }

    /** An index whose fences are the shapes of {@code fences} (fence i = shape i). */
    public static FenceIndex of(ConvexPolygons fences) {
        if (fences == null) {
            throw new IllegalArgumentException("fences is null");
        }
        int[] parent = new int[fences.size()];
        for (int i = 0; i < parent.length; i++) {
            parent[i] = i;
        }
        return new FenceIndex(fences, fences.size(), parent);
    }

    /** An index whose fences are the compounds of {@code fences} (fence c = compound c). */
    public static FenceIndex of(Compounds fences) {
        if (fences == null) {
            throw new IllegalArgumentException("fences is null");
        }
        int[] parent = new int[fences.parts().size()];
        for (int i = 0; i < parent.length; i++) {
            parent[i] = fences.parent(i);
        }
        return new FenceIndex(fences.parts(), fences.size(), parent);
    }

    /** A new query object for one thread. */
    public FenceQuery newQuery() {
        return new FenceQuery(this);
    }

    /** Number of fences. */
    public int size() {
        return fences;
    }

    /** The convex parts the index holds (the fences' own store, not a copy). */
    public ConvexPolygons parts() {
        return parts;
    }

    /** The fence that part {@code part} belongs to. */
    public int fenceOf(int part) {
        return parent[part];
    }

    /** Builds the subtree of items {@code [lo, hi)} at node {@code at}; returns the next free node. */
    private int build(int lo, int hi, int at, float[] cx, float[] cy) {
        float minX = Float.POSITIVE_INFINITY;
        float minY = Float.POSITIVE_INFINITY;
        float maxX = Float.NEGATIVE_INFINITY;
        float maxY = Float.NEGATIVE_INFINITY;
        float cMinX = Float.POSITIVE_INFINITY;
        float cMinY = Float.POSITIVE_INFINITY;
        float cMaxX = Float.NEGATIVE_INFINITY;
        float cMaxY = Float.NEGATIVE_INFINITY;
        for (int i = lo; i < hi; i++) {
            int p = item[i];
            minX = Math.min(minX, parts.minX(p));
            minY = Math.min(minY, parts.minY(p));
            maxX = Math.max(maxX, parts.maxX(p));
            maxY = Math.max(maxY, parts.maxY(p));
            cMinX = Math.min(cMinX, cx[p]);
            cMinY = Math.min(cMinY, cy[p]);
            cMaxX = Math.max(cMaxX, cx[p]);
            cMaxY = Math.max(cMaxY, cy[p]);
        }
        bounds[4 * at] = minX;
        bounds[4 * at + 1] = minY;
        bounds[4 * at + 2] = maxX;
        bounds[4 * at + 3] = maxY;
        if (hi - lo <= LEAF) {
            first[at] = lo;
            count[at] = hi - lo;
            escape[at] = at + 1;
            return at + 1;
        }
        boolean byX = (double) cMaxX - cMinX >= (double) cMaxY - cMinY;
        int mid = (lo + hi) >>> 1;
        select(lo, hi, mid, byX ? cx : cy);
        first[at] = lo;
        count[at] = 0;
        int next = build(lo, mid, at + 1, cx, cy);
        next = build(mid, hi, next, cx, cy);
        escape[at] = next;
        return next;
    }

    /** Reorders item[lo, hi) so that item[mid] has the median key, smaller keys before (quickselect). */
    private void select(int lo, int hi, int mid, float[] key) {
        int l = lo;
        int r = hi - 1;
        while (l < r) {
            float pivot = key[item[(l + r) >>> 1]];
            int i = l;
            int j = r;
            while (i <= j) {
                while (key[item[i]] < pivot) {
                    i++;
                }
                while (key[item[j]] > pivot) {
                    j--;
                }
                if (i <= j) {
                    int t = item[i];
                    item[i] = item[j];
                    item[j] = t;
                    i++;
                    j--;
                }
            }
            if (mid <= j) {
                r = j;
            } else if (mid >= i) {
                l = i;
            } else {
                return;
            }
        }
    }

    @Override
    public String toString() {
        return "FenceIndex[fences=" + fences + ", parts=" + parts.size() + ", grid=" + cols + "x" + rows
                + ", entries=" + entry.length / ENTRY + ", large parts=" + item.length + ", nodes=" + nodes + "]";
    }

    /** Number of parts kept in the hierarchy instead of the grid (for tests). */
    int largeParts() {
        return item.length;
    }
}
