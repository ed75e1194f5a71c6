package dev.sepax.query;

import dev.sepax.concave.Compounds;
import dev.sepax.internal.PolygonArrays;
import dev.sepax.shape.ConvexPolygons;

import java.util.Arrays;

/**
 * An immutable spatial index over fences (convex polygons, or compounds of convex parts) for
 * servers: which fences contain this point, which fences does this polygon touch?
 *
 * <h2>Layout: loose grids by part size, a lattice box per part, records inline, and a hierarchy for the oversized parts</h2>
 * <pre>
 *  h = the median part extent (max of its AABB's width and height), grown until the point grid
 *         (cells of size h) has at most 2 cells per part
 *  level L (0..{@value #LEVELS} - 1): cell size h_L = {@value #CELL} h 2^L; cell (i, j) covers
 *         [originX + i h_L, originX + (i + 1) h_L) x [originY + j h_L, ...), the outer cells
 *         reach to infinity (coordinates are clamped)
 *         a part goes to the first level whose h_L is at least its extent, into the one cell
 *         that holds its AABB's min corner; parts are ranked by (level, cell)
 *         cellFirst[L][c] .. cellFirst[L][c + 1]   the ranks of the parts of cell c = i + j * cols[L]
 *         boxes, per rank: the AABB's corners on a 32768-step lattice over the parts' extent
 *                (two 15-bit lanes per int, 16 bits apart: the min corner as is, the max
 *                corner as {@value #QUANT_MAX} minus its coordinates), then the offset of the
 *                part's record
 *         records, in rank order: minX, minY, maxX, maxY (raw float bits), fence, k, part, then
 *                x, y per vertex
 *  points: per cell of size h, a list of (AABB, record offset) for every grid part whose AABB
 *         meets the cell (parts repeated in each cell they meet, about four at the median extent)
 *  large: parts wider than h_L of the last level are in a packed bounding-volume hierarchy
 *         (depth-first preorder, escape links, at most {@value #LEAF} parts per leaf, median
 *         splits along the longer axis), their records in {@code largeRecords}
 * </pre>
 * A polygon query reads, per level and row of cells, one contiguous run of lattice boxes (12
 * bytes a part, a fraction of the records' memory), keeps the parts whose box meets the lattice
 * box of its own widened bounds, and reads and tests only their records. Its loads go in stages
 * that each issue independent loads (the runs' bounds, then the runs' box lines, then the
 * candidates' records), so that a stage's misses overlap instead of adding up row by row. Level
 * 0's cells are twice the median extent, so that a row's run holds several boxes. A point query
 * reads its cell's list and only the records whose AABB holds the point.
 *
 * <p>Why a query finds every candidate: the cell of a coordinate is
 * {@code clamp((int) ((v - origin) / h_L))}, computed in double, a non-decreasing function of
 * {@code v} (a rounded subtraction and a rounded product by a positive constant are monotone, so
 * is truncation, so is clamping); so is its lattice coordinate
 * {@code clamp((int) ((v - origin) * 32767 / extent))}. A part passing the kernel's float AABB
 * compares ({@code fl(b.minX - q.maxX) <= tol}) has {@code b.minX <= q.maxX + tol + |tol| 2^-24}
 * and {@code b.maxX >= q.minX - tol - |tol| 2^-24}; its extent is at most {@code h_L (1 + 2^-52)}
 * (it was compared in double, rounded once), so
 * {@code b.minX >= q.minX - tol - |tol| 2^-24 - h_L (1 + 2^-52)}. The query's cell range is taken
 * from those bounds widened by a margin ({@code 2^-22 |tol| + 2^-40 |q| + 2^-30 h_L}) larger than
 * the slack and the double sums' rounding, so it holds the part's min-corner cell; and the
 * part's lattice box meets the lattice box of the widened query bounds (monotone maps keep
 * {@code b.minX <= hi} and {@code b.maxX >= lo}), so the filter keeps it. A point inside a part
 * is inside its AABB, so its point cell is in the part's cell range: the part is on that cell's
 * list.
 *
 * <p>Part edge normals are not stored: a query recomputes them from the record's vertices with
 * {@link ConvexPolygons}' own expression ({@code enx = y[j] - y[i]}, {@code eny = -(x[j] - x[i])},
 * the store's only writer of its normals), so they are the store's bits.
 *
 * <h2>Threads and allocation</h2>
 * Immutable once built: any number of threads may query it at once, each through its own
 * {@link FenceQuery} ({@link #newQuery()}), which holds the only per-thread state. Building
 * allocates {@code O(parts)} ({@value #HEADER} + {@value #BOX} ints per part and 2 per vertex,
 * {@value #COVER} ints per point-list entry, plus the cell starts); queries allocate nothing.
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
    /** Ints per lattice box entry: min corner, max corner, record offset. */
    static final int BOX = 3;
    /**
     * The quantisation lattice's last step: 15 bits, so that a lane and its guard bit fill 16
     * and the filter compares both axes of a corner with one subtraction (see {@link #GUARDS}).
     */
    static final int QUANT_MAX = 0x7FFF;
    /**
     * The guard bits of a box word's two lanes. With the query's lanes guarded
     * ({@code G | a | b << 16}, each lane in {@code [0, QUANT_MAX]}), {@code G | a | b << 16}
     * minus an unguarded word {@code c | d << 16} leaves each lane within {@code [1, 0xFFFF]} (no
     * borrow crosses into the next lane) and its guard set iff that lane's {@code a >= c}.
     */
    static final int GUARDS = 0x80008000;
    /** Level 0's cell size in median part extents. */
    static final int CELL = 2;

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
    /**
     * Per level, the first grid part (its rank in record order) of each cell (cell c = i + j *
     * cols[L]; one more at the end); level 0's cells first, then level 1's, and so on.
     */
    final int[][] cellFirst;
    /**
     * Per grid part in rank order, {@value #BOX} ints: its AABB's min corner on the
     * quantisation lattice ({@code qx | qy << 16}), its max corner's complements
     * ({@code (QUANT_MAX - qx) | (QUANT_MAX - qy) << 16}) so that both corners are compared
     * as {@code query lane >= box lane}, then where its record starts in {@link #records}.
     */
    final int[] boxes;
    /** Lattice steps per unit of x and y: {@value #QUANT_MAX} steps over the parts' extent. */
    final double quantScaleX;
    final double quantScaleY;
    /** The records of the grid parts, in the order of {@link #boxes}. */
    final int[] records;
    /** The point grid: cell size h (the median part extent, grown to the cell cap). */
    final double pointInverse;
    final int pointCols;
    final int pointRows;
    /**
     * For point queries, per point-grid cell c, the entries {@code coverStart[c] .. coverStart[c + 1]}
     * of {@code cover}, {@value #COVER} ints each: the AABB (raw float bits) and record offset of
     * every grid part whose AABB meets the cell. A point reads one cell's list, contiguous, and
     * only the records whose AABB holds it.
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
            // At most `cap` cells in the point grid; each axis gets at least one.
            while ((Math.floor(w / h) + 1) * (Math.floor(t / h) + 1) > cap) {
                h *= 1.25;
            }
        }
        originX = n > 0 ? wMinX : 0;
        originY = n > 0 ? wMinY : 0;
        pointInverse = 1 / h;
        pointCols = (int) Math.floor(w / h) + 1;
        pointRows = (int) Math.floor(t / h) + 1;
        quantScaleX = w > 0 ? QUANT_MAX / w : 0;
        quantScaleY = t > 0 ? QUANT_MAX / t : 0;
        inverseCell = new double[LEVELS];
        reach = new double[LEVELS];
        cols = new int[LEVELS];
        rows = new int[LEVELS];
        cellFirst = new int[LEVELS][];
        for (int l = 0; l < LEVELS; l++) {
            double hl = Math.scalb(h * CELL, l);
            inverseCell[l] = 1 / hl;
            reach[l] = hl * (1 + 0x1p-30);
            cols[l] = (int) Math.floor(w / hl) + 1;
            rows[l] = (int) Math.floor(t / hl) + 1;
            cellFirst[l] = new int[cols[l] * rows[l] + 1];
        }
        // Level and cell per part, then a counting sort of the parts by (level, cell).
        int[] level = new int[n];
        int[] cell = new int[n];
        long gridInts = 0;
        long largeInts = 0;
        int largeCount = 0;
        int used = 0;
        for (int p = 0; p < n; p++) {
            int l = 0;
            while (l < LEVELS && extent[p] > Math.scalb(h * CELL, l)) {
                l++;
            }
            level[p] = l;
            if (l == LEVELS) {
                largeCount++;
                largeInts += HEADER + 2L * parts.count(p);
                continue;
            }
            gridInts += HEADER + 2L * parts.count(p);
            used = Math.max(used, l + 1);
            cell[p] = cellX(l, parts.minX(p)) + cellY(l, parts.minY(p)) * cols[l];
            cellFirst[l][cell[p] + 1]++;
        }
        levels = used;
        if (gridInts > Integer.MAX_VALUE - 16 || largeInts > Integer.MAX_VALUE - 16) {
            throw new IllegalArgumentException("too many vertices for one index: " + n + " parts");
        }
        int[][] fill = new int[LEVELS][];
        int base = 0;
        for (int l = 0; l < LEVELS; l++) {
            int[] s = cellFirst[l];
            s[0] = base;
            for (int i = 0; i + 1 < s.length; i++) {
                s[i + 1] += s[i];
            }
            base = s[s.length - 1];
            fill[l] = Arrays.copyOf(s, s.length - 1);
        }
        int gridParts = base;
        int[] partAt = new int[gridParts];
        for (int p = 0; p < n; p++) {
            if (level[p] < LEVELS) {
                partAt[fill[level[p]][cell[p]]++] = p;
            }
        }
        records = new int[(int) gridInts];
        boxes = new int[BOX * gridParts];
        PolygonArrays a = parts.arrays();
        int[] at = new int[n];
        int o = 0;
        for (int i = 0; i < gridParts; i++) {
            int p = partAt[i];
            at[p] = o;
            boxes[BOX * i] = quantX(parts.minX(p)) | quantY(parts.minY(p)) << 16;
            boxes[BOX * i + 1] = (QUANT_MAX - quantX(parts.maxX(p))) | (QUANT_MAX - quantY(parts.maxY(p))) << 16;
            boxes[BOX * i + 2] = o;
            o = write(records, o, a, p);
        }
        // The point lists: every grid part in each point cell its AABB meets (about four cells
        // per part at the median extent).
        int cells0 = pointCols * pointRows;
        int[] cs = new int[cells0 + 1];
        long entries = 0;
        for (int p = 0; p < n; p++) {
            if (level[p] < LEVELS) {
                int x0 = pointX(parts.minX(p));
                int x1 = pointX(parts.maxX(p));
                int y0 = pointY(parts.minY(p));
                int y1 = pointY(parts.maxY(p));
                for (int y = y0; y <= y1; y++) {
                    for (int x = x0; x <= x1; x++) {
                        cs[x + y * pointCols + 1]++;
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
                int x0 = pointX(parts.minX(p));
                int x1 = pointX(parts.maxX(p));
                int y0 = pointY(parts.minY(p));
                int y1 = pointY(parts.maxY(p));
                for (int y = y0; y <= y1; y++) {
                    for (int x = x0; x <= x1; x++) {
                        int c = COVER * next[x + y * pointCols]++;
                        cover[c] = records[at[p]];
                        cover[c + 1] = records[at[p] + 1];
                        cover[c + 2] = records[at[p] + 2];
                        cover[c + 3] = records[at[p] + 3];
                        cover[c + 4] = at[p];
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
        largeRecords = new int[(int) largeInts];
        o = 0;
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

    /** The point grid's column of x (any double; clamped), non-decreasing in x. */
    int pointX(double x) {
        return clamp((int) ((x - originX) * pointInverse), pointCols);
    }

    /** The point grid's row of y (any double; clamped), non-decreasing in y. */
    int pointY(double y) {
        return clamp((int) ((y - originY) * pointInverse), pointRows);
    }

    /** x on the {@value #QUANT_MAX}-step lattice over the parts' extent (any double; clamped), non-decreasing in x. */
    int quantX(double x) {
        double d = (x - originX) * quantScaleX;
        return d <= 0 ? 0 : d >= QUANT_MAX ? QUANT_MAX : (int) d;
    }

    /** y on the {@value #QUANT_MAX}-step lattice over the parts' extent (any double; clamped), non-decreasing in y. */
    int quantY(double y) {
        double d = (y - originY) * quantScaleY;
        return d <= 0 ? 0 : d >= QUANT_MAX ? QUANT_MAX : (int) d;
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
        if (part < 0 || part >= parts.size()) {
            throw new IndexOutOfBoundsException("part=" + part + ": out of range [0, " + parts.size() + ")");
        }
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
        return "FenceIndex[fences=" + fences + ", parts=" + parts.size() + ", grid parts=" + boxes.length / BOX + ", level 0 grid=" + cols[0] + "x" + rows[0]
                + ", levels=" + LEVELS + ", record ints=" + ints + ", point entries=" + cover.length / COVER + ", large parts=" + item.length + ", nodes=" + nodes + "]";
    }

    /** Number of parts kept in the hierarchy instead of the grid (for tests). */
    int largeParts() {
        return item.length;
    }
}
