package dev.sepax.query;

import dev.sepax.concave.Compounds;
import dev.sepax.internal.PolygonArrays;
import dev.sepax.shape.ConvexPolygons;

import java.util.Arrays;

/**
 * An immutable spatial index over fences (convex polygons, or compounds of convex parts) for
 * servers: which fences contain this point, which fences does this polygon touch?
 *
 * <h2>Layout: loose grids by part size, records inline, and a hierarchy for the oversized parts</h2>
 * <pre>
 *  level L (0..{@value #LEVELS} - 1): cell size h_L = h 2^L, where h = the median part extent (max of its
 *         AABB's width and height), grown until level 0 has at most 2 cells per part; cell (i, j)
 *         covers [originX + i h_L, originX + (i + 1) h_L) x [originY + j h_L, ...), the outer
 *         cells reach to infinity (coordinates are clamped)
 *         a part goes to the first level whose h_L is at least its extent, into the one cell
 *         that holds its AABB's min corner
 *         cellStart[L][c] .. cellStart[L][c + 1]   the records of cell c = i + j * cols[L] in
 *                                                  records (level 0's cells first, then level 1's, ...)
 *         record: minX, minY, maxX, maxY (raw float bits), fence, k, part, then x, y per vertex
 *  points: per level-0 cell, a list of (AABB, record offset) for every grid part whose AABB
 *         meets the cell (parts repeated in each cell they meet, about four at the median extent)
 *  large: parts wider than h_L of the last level are in a packed bounding-volume hierarchy
 *         (depth-first preorder, escape links, at most {@value #LEAF} parts per leaf, median
 *         splits along the longer axis), their records in {@code largeRecords}
 * </pre>
 * Every part's record is stored once, with its vertices inside, so the records of one row of
 * cells are one contiguous run of memory: a polygon query first lists the runs it needs (one per
 * level and row), touches each run's cache lines (independent loads, so their misses overlap),
 * then tests the records. Grid entries pointing at separate vertex blocks would make each
 * candidate's vertices a miss that waits for the entry's own. A point query reads its level-0
 * cell's list and only the records whose AABB holds the point.
 *
 * <p>Why a query finds every candidate: the cell of a coordinate is
 * {@code clamp((int) ((v - origin) / h_L))}, computed in double, a non-decreasing function of
 * {@code v} (a rounded subtraction and a rounded product by a positive constant are monotone, so
 * is truncation, so is clamping). A part passing the kernel's float AABB compares
 * ({@code fl(b.minX - q.maxX) <= tol}) has {@code b.minX <= q.maxX + tol + |tol| 2^-24} and
 * {@code b.maxX >= q.minX - tol - |tol| 2^-24}; its extent is at most {@code h_L (1 + 2^-52)}
 * (it was compared in double, rounded once), so
 * {@code b.minX >= q.minX - tol - |tol| 2^-24 - h_L (1 + 2^-52)}. The query's cell range is taken
 * from those bounds widened by a margin ({@code 2^-22 |tol| + 2^-40 |q| + 2^-30 h_L}) larger than
 * the slack and the double sums' rounding, so it holds the part's min-corner cell. A point inside
 * a part is inside its AABB, so its level-0 cell is in the part's cell range: the part is on
 * that cell's list.
 *
 * <p>Part edge normals are not stored: a query recomputes them from the record's vertices with
 * {@link ConvexPolygons}' own expression ({@code enx = y[j] - y[i]}, {@code eny = -(x[j] - x[i])},
 * the store's only writer of its normals), so they are the store's bits.
 *
 * <h2>Threads and allocation</h2>
 * Immutable once built: any number of threads may query it at once, each through its own
 * {@link FenceQuery} ({@link #newQuery()}), which holds the only per-thread state. Building
 * allocates {@code O(parts)} ({@value #HEADER} ints per part and 2 per vertex, {@value #COVER}
 * ints per point-list entry, plus the cell starts); queries allocate nothing.
 */
public final class FenceIndex {
    /** The most parts in a leaf of the hierarchy. */
    static final int LEAF = 4;
    /** Grid levels; parts wider than {@code h 2^(LEVELS - 1)} go to the hierarchy. */
    static final int LEVELS = 4;
    /** Ints per record before the vertices. */
    static final int HEADER = 7;
    /** Ints per point-list entry. */
    static final int COVER = 5;

    final ConvexPolygons parts;
    final int fences;
    final int[] parent;

    final double originX;
    final double originY;
    /** {@code 1 / h_L} per level. */
    final double[] inverseCell;
    /** {@code h_L (1 + 2^-30)} per level: how far left of and below a query a part's min corner may lie. */
    final double[] reach;
    final int[] cols;
    final int[] rows;
    /** Per level, where each cell's records start in {@link #records} (cell c = i + j * cols[L]; one more at the end). */
    final int[][] cellStart;
    /** The records of level 0's cells in cell order (row-major), then level 1's, and so on. */
    final int[] records;
    /**
     * For point queries, per level-0 cell c, the entries {@code coverStart[c] .. coverStart[c + 1]}
     * of {@code cover}, {@value #COVER} ints each: the AABB (raw float bits) and record offset of
     * every grid part whose AABB meets the cell. A point reads one cell's list, contiguous, and
     * only the records whose AABB holds it, instead of up to four cells per level.
     */
    final int[] coverStart;
    final int[] cover;
    /** Levels that hold parts: {@code 1 + } the highest level used (0 for an empty grid). */
    final int levels;

    final float[] bounds;
    final int[] escape;
    final int[] first;
    final int[] count;
    final int[] item;
    /** The large parts' AABBs in leaf order (4 floats per item), so a leaf's checks read one cache line. */
    final float[] itemBounds;
    /** Where item e's record starts in {@link #largeRecords}. */
    final int[] itemRecord;
    final int[] largeRecords;
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
            extent[p] = extent(parts, p);
        }
        double h = 1;
        double w = 0;
        double t = 0;
        if (n > 0) {
            double[] sorted = extent.clone();
            Arrays.sort(sorted);
            h = sorted[n / 2];
            w = wMaxX - wMinX;
            t = wMaxY - wMinY;
            double cap = Math.max(64.0, 2.0 * n);
            if (!(h > 0)) {
                h = Math.max(w, t) / Math.sqrt(cap);
            }
            // At most `cap` cells in level 0; each axis gets at least one.
            while ((Math.floor(w / h) + 1) * (Math.floor(t / h) + 1) > cap) {
                h *= 1.25;
            }
        }
        originX = n > 0 ? wMinX : 0;
        originY = n > 0 ? wMinY : 0;
        inverseCell = new double[LEVELS];
        reach = new double[LEVELS];
        cols = new int[LEVELS];
        rows = new int[LEVELS];
        cellStart = new int[LEVELS][];
        for (int l = 0; l < LEVELS; l++) {
            double hl = Math.scalb(h, l);
            inverseCell[l] = 1 / hl;
            reach[l] = hl * (1 + 0x1p-30);
            cols[l] = (int) Math.floor(w / hl) + 1;
            rows[l] = (int) Math.floor(t / hl) + 1;
            cellStart[l] = new int[cols[l] * rows[l] + 1];
        }
        // Level and cell per part, then a counting sort of the records by cell.
        int[] level = new int[n];
        int[] cell = new int[n];
        long[] size = new long[LEVELS + 1];
        int largeCount = 0;
        int used = 0;
        for (int p = 0; p < n; p++) {
            int l = 0;
            while (l < LEVELS && extent[p] > Math.scalb(h, l)) {
                l++;
            }
            level[p] = l;
            size[l] += HEADER + 2L * parts.count(p);
            if (l == LEVELS) {
                largeCount++;
                continue;
            }
            used = Math.max(used, l + 1);
            cell[p] = cellX(l, parts.minX(p)) + cellY(l, parts.minY(p)) * cols[l];
            cellStart[l][cell[p] + 1] += HEADER + 2 * parts.count(p);
        }
        levels = used;
        if (size[LEVELS] > Integer.MAX_VALUE - 16) {
            throw new IllegalArgumentException("too many vertices for one index: " + n + " parts");
        }
        long all = 0;
        for (int l = 0; l < LEVELS; l++) {
            all += size[l];
        }
        if (all > Integer.MAX_VALUE - 16) {
            throw new IllegalArgumentException("too many vertices for one index: " + n + " parts");
        }
        int[][] fill = new int[LEVELS][];
        int base = 0;
        for (int l = 0; l < LEVELS; l++) {
            int[] s = cellStart[l];
            s[0] = base;
            for (int i = 0; i + 1 < s.length; i++) {
                s[i + 1] += s[i];
            }
            base = s[s.length - 1];
            fill[l] = Arrays.copyOf(s, s.length - 1);
        }
        records = new int[base];
        PolygonArrays a = parts.arrays();
        int[] at = new int[n];
        for (int p = 0; p < n; p++) {
            int l = level[p];
            if (l < LEVELS) {
                at[p] = fill[l][cell[p]];
                fill[l][cell[p]] = write(records, at[p], a, p);
            }
        }
        // The point lists: every grid part in each level-0 cell its AABB meets (about four cells
        // per part at the median extent).
        int cells0 = cols[0] * rows[0];
        int[] cs = new int[cells0 + 1];
        long entries = 0;
        for (int p = 0; p < n; p++) {
            if (level[p] < LEVELS) {
                int x0 = cellX(0, parts.minX(p));
                int x1 = cellX(0, parts.maxX(p));
                int y0 = cellY(0, parts.minY(p));
                int y1 = cellY(0, parts.maxY(p));
                for (int y = y0; y <= y1; y++) {
                    for (int x = x0; x <= x1; x++) {
                        cs[x + y * cols[0] + 1]++;
                    }
                }
                entries += (long) (x1 - x0 + 1) * (y1 - y0 + 1);
            }
        }
        if (entries > (Integer.MAX_VALUE - 16) / COVER) {
            throw new IllegalArgumentException("too many parts for one index: " + n);
        }
        for (int i = 0; i < cells0; i++) {
            cs[i + 1] += cs[i];
        }
        coverStart = cs;
        cover = new int[COVER * (int) entries];
        int[] next = Arrays.copyOf(cs, cells0);
        for (int p = 0; p < n; p++) {
            if (level[p] < LEVELS) {
                int x0 = cellX(0, parts.minX(p));
                int x1 = cellX(0, parts.maxX(p));
                int y0 = cellY(0, parts.minY(p));
                int y1 = cellY(0, parts.maxY(p));
                for (int y = y0; y <= y1; y++) {
                    for (int x = x0; x <= x1; x++) {
                        int o = COVER * next[x + y * cols[0]]++;
                        cover[o] = records[at[p]];
                        cover[o + 1] = records[at[p] + 1];
                        cover[o + 2] = records[at[p] + 2];
                        cover[o + 3] = records[at[p] + 3];
                        cover[o + 4] = at[p];
                    }
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
        int q = 0;
        for (int p = 0; p < n; p++) {
            if (level[p] == LEVELS) {
                item[q++] = p;
                // Centres only steer the split; halving after the add keeps them finite near 2^60.
                cx[p] = parts.minX(p) / 2 + parts.maxX(p) / 2;
                cy[p] = parts.minY(p) / 2 + parts.maxY(p) / 2;
            }
        }
        nodes = largeCount == 0 ? 0 : build(0, largeCount, 0, cx, cy);
        itemBounds = new float[4 * largeCount];
        itemRecord = new int[largeCount];
        largeRecords = new int[(int) size[LEVELS]];
        int o = 0;
        for (int e = 0; e < largeCount; e++) {
            int p = item[e];
            itemBounds[4 * e] = parts.minX(p);
            itemBounds[4 * e + 1] = parts.minY(p);
            itemBounds[4 * e + 2] = parts.maxX(p);
            itemBounds[4 * e + 3] = parts.maxY(p);
            itemRecord[e] = o;
            o = write(largeRecords, o, a, p);
        }
    }

    /** The larger side of part p's AABB, in double (rounded once). */
    private static double extent(ConvexPolygons parts, int p) {
        return Math.max((double) parts.maxX(p) - parts.minX(p), (double) parts.maxY(p) - parts.minY(p));
    }

    /** Writes part p's record at {@code r[o]}; returns the offset after it. */
    private int write(int[] r, int o, PolygonArrays a, int p) {
        int k = a.count[p];
        r[o] = Float.floatToRawIntBits(parts.minX(p));
        r[o + 1] = Float.floatToRawIntBits(parts.minY(p));
        r[o + 2] = Float.floatToRawIntBits(parts.maxX(p));
        r[o + 3] = Float.floatToRawIntBits(parts.maxY(p));
        r[o + 4] = parent[p];
        r[o + 5] = k;
        r[o + 6] = p;
        o += HEADER;
        for (int v = a.start[p], end = a.start[p] + k; v < end; v++) {
            r[o++] = Float.floatToRawIntBits(a.x[v]);
            r[o++] = Float.floatToRawIntBits(a.y[v]);
        }
        return o;
    }

    /** The column of x in level l (any double; clamped), non-decreasing in x. */
    int cellX(int l, double x) {
        return clamp((int) ((x - originX) * inverseCell[l]), cols[l]);
    }

    /** The row of y in level l (any double; clamped), non-decreasing in y. */
    int cellY(int l, double y) {
        return clamp((int) ((y - originY) * inverseCell[l]), rows[l]);
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
        long ints = records.length;
        return "FenceIndex[fences=" + fences + ", parts=" + parts.size() + ", level 0 grid=" + cols[0] + "x" + rows[0]
                + ", levels=" + LEVELS + ", record ints=" + ints + ", point entries=" + cover.length / COVER + ", large parts=" + item.length + ", nodes=" + nodes + "]";
    }

    /** Number of parts kept in the hierarchy instead of the grid (for tests). */
    int largeParts() {
        return item.length;
    }
}
