package dev.sepax.broad;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.internal.PolygonArrays;
import dev.sepax.shape.ConvexPolygons;

/**
 * A persistent broad phase over fat AABBs: keeps the set of candidate pairs from frame to frame, reports the
 * pairs added and removed, and gives every live pair a <em>stable slot</em>, an index into
 * {@link #pairs()} that stays the same for as long as the pair stays live. Per-pair caches keyed
 * by slot (the {@code axisCache} of a {@code SatKernel}, contact manifolds and their feature ids)
 * therefore carry over between frames without any bookkeeping by the caller.
 *
 * <h2>What it reports</h2>
 * Each shape has a <em>fat box</em>: its world AABB grown by {@code reach} on the max sides and
 * by {@code margin} on every side (plus a relative slack of {@code 2^-20} of the coordinates,
 * rounded outward, so float rounding can never lose a pair). A fat box is refit only when the
 * shape's AABB (grown by {@code reach}) leaves it, so a slow shape keeps its fat box, and its
 * pairs, for many frames. After {@link #update} the live pairs are exactly the pairs
 * {@code (i, j)}, {@code i < j}, whose fat boxes overlap or touch. Hence every pair that
 * {@code SweepAndPrune.findPairs(world, reach, out)} would report (AABBs at most {@code reach}
 * apart on both axes, by the same float test) is live: the broad phase never drops a pair the
 * narrow phase would report at tolerance {@code reach}. Live pairs may be farther apart (up to
 * about {@code 2 * margin + reach}); the narrow phase rejects those.
 *
 * <h2>Slots</h2>
 * Slots are indices {@code [0, slotCount())} of {@link #pairs()}; entry {@code s} holds slot
 * {@code s}'s pair, smaller index first. A removed pair frees its slot (the entry keeps its old
 * pair until the slot is reused, so a kernel may still run over it); new pairs take the lowest
 * free slot, and free slots at the end are dropped, so the slots stay dense in steady state. Run
 * the kernels over the whole batch and drop the free slots' verdicts with
 * {@link #retainLive(OverlapBits)}. A slot reused by a new pair shows up in the added list:
 * reset what a cache holds for it (stale axis hints are harmless, stale manifold ids are not).
 *
 * <h2>How</h2>
 * A loose uniform grid, sized on the first frame: cells as large as the largest fat box, each
 * shape listed in the one cell holding its fat box's minimum corner (a box that outgrows the
 * cells, by rotating say, moves to a list every query scans). A frame refits the boxes that left
 * their fat box and moves them between cell lists, then tests only what can have changed: live
 * pairs with a refit shape are removed if their fat boxes no longer overlap, and each refit shape
 * queries the 3 x 3 cells that can hold an overlapping box for new pairs. Pair identity is an
 * open-addressing hash table from {@code (a, b)} to the slot. Cost per frame: {@code O(n)} for
 * the refit test, {@code O(slots)} for the removal scan, and a few cells' shapes per refit
 * shape; with no shape refit, only the first. Shapes that drift far beyond the first frame's
 * extent share the border cells: still correct, slower. (A grid rather than a sorted sweep: a
 * refit shape's query then visits a few cells instead of every box in its x range.)
 *
 * <h2>Threads and allocation</h2>
 * One caller at a time: {@link #update} from a second thread while one runs, or a caller who
 * resized {@link #pairs()}, is detected and rejected with an {@link IllegalStateException}.
 * Scratch and tables grow with the pair count and are then reused, so a steady-state frame
 * (pair count within what was seen before) allocates nothing; the first frame allocates.
 */
public final class PersistentBroadPhase {
    private static final long EMPTY = -1L;
    /** Relative slack of the fat boxes against float rounding of the AABB test. */
    private static final double SLACK = 0x1p-20;
    private static final int OVERSIZE = -1;

    private final int n;
    private final float reach;
    private final float margin;

    private final float[] fatMinX;
    private final float[] fatMinY;
    private final float[] fatMaxX;
    private final float[] fatMaxY;
    /** Where the AABB may move without a refit (see {@link #refit}). */
    private final float[] innerMinX;
    private final float[] innerMinY;
    private final float[] innerMaxX;
    private final float[] innerMaxY;
    /**
     * Loose grid: each shape sits in the one cell holding its fat box's minimum corner (cells
     * at least as large as any fat box), in an intrusive doubly linked list per cell; shapes
     * whose fat box outgrew the cells sit in one extra list that every query scans.
     */
    private int[] head = new int[0];
    private final int[] next;
    private final int[] prev;
    /** Cell of each shape, or {@link #OVERSIZE}. */
    private final int[] cellOf;
    private int oversizeHead = -1;
    private int gridW;
    private int gridH;
    private double originX;
    private double originY;
    private double cellSize;
    private double invCell;

    private final int[] moved;
    private int movedCount;
    /** {@code movedStamp[i] == frame}: shape i was refit in the current update. */
    private final int[] movedStamp;
    private int frame;
    private boolean initialised;

    // Pair table: key (a << 32 | b), a < b, to slot. Linear probing, load at most 1/2.
    private long[] tableKeys = new long[0];
    private int[] tableSlots = new int[0];
    private int tableCount;

    private final PairBatch pairs;
    private int slotCount;
    private OverlapBits live = new OverlapBits(0);
    private int liveCount;
    /** Every word below this one of {@link #live} has no free slot below the slot count. */
    private int freeWord;

    private int[] added = new int[16];
    private int addedCount;
    private int[] removedSlot = new int[16];
    private int[] removedA = new int[16];
    private int[] removedB = new int[16];
    private int removedCount;

    private boolean busy;

    /**
     * A broad phase for {@code shapeCount} shapes, empty until the first {@link #update}.
     *
     * @param reach distance up to which pairs are guaranteed to be reported (the narrow phase's
     *     tolerance or speculative margin; 0 for touching)
     * @param margin how far a shape may move before its fat box is refit: larger margins mean
     *     fewer refits and more candidate pairs (at 0 every shape is refit every frame: the
     *     float slack leaves it no room)
     * @throws IllegalArgumentException if a count is negative or a distance negative or not finite
     */
    public PersistentBroadPhase(int shapeCount, float reach, float margin) {
        if (shapeCount < 0) {
            throw new IllegalArgumentException("shapeCount=" + shapeCount + ": negative");
        }
        if (!(reach >= 0f) || reach == Float.POSITIVE_INFINITY) {
            throw new IllegalArgumentException("reach=" + reach + ": must be finite and >= 0");
        }
        if (!(margin >= 0f) || margin == Float.POSITIVE_INFINITY) {
            throw new IllegalArgumentException("margin=" + margin + ": must be finite and >= 0");
        }
        this.n = shapeCount;
        this.reach = reach;
        this.margin = margin;
        fatMinX = new float[n];
        fatMinY = new float[n];
        fatMaxX = new float[n];
        fatMaxY = new float[n];
        innerMinX = new float[n];
        innerMinY = new float[n];
        innerMaxX = new float[n];
        innerMaxY = new float[n];
        next = new int[n];
        prev = new int[n];
        cellOf = new int[n];
        moved = new int[n];
        movedStamp = new int[n];
        pairs = new PairBatch(n, 0);
        growTable(16);
    }

    /**
     * Brings the pair set up to date with the shapes' current world AABBs.
     *
     * @param world the shapes in world space (for example a store written by {@code Poses.transform})
     * @throws IllegalArgumentException if {@code world} does not hold {@code shapeCount} shapes
     * @throws IllegalStateException if another update is running, or {@link #pairs()} was resized
     */
    public void update(ConvexPolygons world) {
        if (world == null) {
            throw new IllegalArgumentException("world is null");
        }
        if (world.size() != n) {
            throw new IllegalArgumentException("world.size=" + world.size() + " != shapeCount=" + n);
        }
        if (busy) {
            throw new IllegalStateException("PersistentBroadPhase: update called while another update runs;"
                    + " one caller at a time");
        }
        busy = true;
        try {
            if (pairs.size() != slotCount) {
                throw new IllegalStateException("PersistentBroadPhase: pairs() was resized by the caller (size="
                        + pairs.size() + " != slots=" + slotCount + "); it is read-only");
            }
            frame++;
            addedCount = 0;
            removedCount = 0;
            PolygonArrays w = world.arrays();
            refit(w.minX, w.minY, w.maxX, w.maxY);
            if (movedCount == 0) {
                return;
            }
            if (!initialised) {
                buildGrid();
                initialised = true;
            }
            relink();
            removeSeparated();
            addNewOverlaps();
            trimFreeTail();
        } finally {
            busy = false;
        }
    }

    /**
     * Refits every fat box that no longer holds its shape's AABB; records those shapes. A shape
     * keeps its fat box while its AABB lies in the box's <em>inner box</em>: the fat box shrunk
     * by the slack (and by {@code reach} on the max sides), rounded inward, computed once per
     * refit from the fat box's own coordinates, which bound the AABB's while it stays inside.
     * So a resting or slow shape costs four float compares per frame.
     */
    private void refit(float[] minX, float[] minY, float[] maxX, float[] maxY) {
        movedCount = 0;
        for (int i = 0; i < n; i++) {
            float lx = minX[i];
            float ly = minY[i];
            float hx = maxX[i];
            float hy = maxY[i];
            if (initialised && lx >= innerMinX[i] && ly >= innerMinY[i] && hx <= innerMaxX[i] && hy <= innerMaxY[i]) {
                continue;
            }
            double slack = SLACK * (Math.max(Math.max(Math.abs(lx), Math.abs(hx)), Math.max(Math.abs(ly), Math.abs(hy)))
                    + (double) reach);
            float flx = down(lx - slack - margin);
            float fly = down(ly - slack - margin);
            float fhx = up(hx + (double) reach + slack + margin);
            float fhy = up(hy + (double) reach + slack + margin);
            fatMinX[i] = flx;
            fatMinY[i] = fly;
            fatMaxX[i] = fhx;
            fatMaxY[i] = fhy;
            // The inner box, with the slack of the fat box's largest coordinate (at least the
            // AABB's as long as the AABB is inside): an AABB inside it keeps AABB + slack +
            // reach inside the fat box, the invariant the overlap guarantee rests on.
            double fatSlack = SLACK * (Math.max(Math.max(Math.abs(flx), Math.abs(fhx)), Math.max(Math.abs(fly), Math.abs(fhy)))
                    + (double) reach);
            innerMinX[i] = up(flx + fatSlack);
            innerMinY[i] = up(fly + fatSlack);
            innerMaxX[i] = down(fhx - (double) reach - fatSlack);
            innerMaxY[i] = down(fhy - (double) reach - fatSlack);
            movedStamp[i] = frame;
            moved[movedCount++] = i;
        }
    }

    /** The float at or below {@code v}. */
    private static float down(double v) {
        float f = (float) v;
        return f > v ? Math.nextDown(f) : f;
    }

    /** The float at or above {@code v}. */
    private static float up(double v) {
        float f = (float) v;
        return f < v ? Math.nextUp(f) : f;
    }

    /**
     * Sizes the grid from the first frame's fat boxes: cells as large as the largest fat box
     * (so a box overlapping a query box has its minimum corner at most one cell before it),
     * or larger where the boxes' spread would need more than about {@code 4 n} cells.
     */
    private void buildGrid() {
        double lx = Double.POSITIVE_INFINITY;
        double ly = Double.POSITIVE_INFINITY;
        double hx = Double.NEGATIVE_INFINITY;
        double hy = Double.NEGATIVE_INFINITY;
        double extent = 0;
        for (int i = 0; i < n; i++) {
            lx = Math.min(lx, fatMinX[i]);
            ly = Math.min(ly, fatMinY[i]);
            hx = Math.max(hx, fatMaxX[i]);
            hy = Math.max(hy, fatMaxY[i]);
            extent = Math.max(extent, Math.max((double) fatMaxX[i] - fatMinX[i], (double) fatMaxY[i] - fatMinY[i]));
        }
        double spanX = n == 0 ? 0 : hx - lx;
        double spanY = n == 0 ? 0 : hy - ly;
        double size = Math.max(extent, Math.sqrt(spanX * spanY / (4.0 * Math.max(1, n))));
        size = Math.max(size, Math.max(spanX, spanY) / 4096);
        if (!(size > 0) || !Double.isFinite(size)) {
            size = 1; // no shapes, or all degenerate to one point: any positive size works
        }
        cellSize = size;
        invCell = 1 / size;
        originX = n == 0 ? 0 : lx;
        originY = n == 0 ? 0 : ly;
        gridW = (int) Math.min(4096, Math.max(1, Math.ceil(spanX * invCell) + 1));
        gridH = (int) Math.min(4096, Math.max(1, Math.ceil(spanY * invCell) + 1));
        head = new int[gridW * gridH];
        java.util.Arrays.fill(head, -1);
        java.util.Arrays.fill(cellOf, OVERSIZE - 1); // in no list yet
        oversizeHead = -1;
    }

    /** Column of x: monotone in x, clamped to the grid (clamping keeps it monotone). */
    private int column(double x) {
        double f = Math.floor((x - originX) * invCell);
        return f <= 0 ? 0 : f >= gridW - 1 ? gridW - 1 : (int) f;
    }

    private int row(double y) {
        double f = Math.floor((y - originY) * invCell);
        return f <= 0 ? 0 : f >= gridH - 1 ? gridH - 1 : (int) f;
    }

    /** Moves each refit shape into the list of its fat box's cell (or the oversize list). */
    private void relink() {
        for (int m = 0; m < movedCount; m++) {
            int i = moved[m];
            // An extent above the cell size (with slack for the double rounding) breaks the
            // one-cell-back rule: such a shape goes to the list every query scans.
            double w = (double) fatMaxX[i] - fatMinX[i];
            double h = (double) fatMaxY[i] - fatMinY[i];
            int cell = Math.max(w, h) > cellSize * (1 - SLACK) ? OVERSIZE
                    : row(fatMinY[i]) * gridW + column(fatMinX[i]);
            if (cell == cellOf[i]) {
                continue;
            }
            unlink(i);
            int first = cell == OVERSIZE ? oversizeHead : head[cell];
            next[i] = first;
            prev[i] = -1;
            if (first >= 0) {
                prev[first] = i;
            }
            if (cell == OVERSIZE) {
                oversizeHead = i;
            } else {
                head[cell] = i;
            }
            cellOf[i] = cell;
        }
    }

    private void unlink(int i) {
        int cell = cellOf[i];
        if (cell < OVERSIZE) {
            return; // not linked yet
        }
        if (prev[i] >= 0) {
            next[prev[i]] = next[i];
        } else if (cell == OVERSIZE) {
            oversizeHead = next[i];
        } else {
            head[cell] = next[i];
        }
        if (next[i] >= 0) {
            prev[next[i]] = prev[i];
        }
    }

    private boolean overlap(int a, int b) {
        return fatMinX[b] <= fatMaxX[a] && fatMinX[a] <= fatMaxX[b]
                && fatMinY[b] <= fatMaxY[a] && fatMinY[a] <= fatMaxY[b];
    }

    /** Frees the slots of live pairs with a refit shape whose fat boxes no longer overlap. */
    private void removeSeparated() {
        long[] words = live.words();
        int[] pa = pairs.arrays().a;
        int[] pb = pairs.arrays().b;
        for (int w = 0; w << 6 < slotCount; w++) {
            long bits = words[w];
            while (bits != 0) {
                int s = (w << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                int a = pa[s];
                int b = pb[s];
                if ((movedStamp[a] == frame || movedStamp[b] == frame) && !overlap(a, b)) {
                    free(s, a, b);
                }
            }
        }
    }

    private void free(int s, int a, int b) {
        int at = find(key(a, b));
        assert at >= 0 && tableSlots[at] == s : "pair (" + a + ", " + b + ") not in the table at slot " + s;
        deleteAt(at);
        live.words()[s >>> 6] &= ~(1L << s);
        liveCount--;
        freeWord = Math.min(freeWord, s >>> 6);
        if (removedCount == removedSlot.length) {
            int cap = removedCount + (removedCount >> 1);
            removedSlot = java.util.Arrays.copyOf(removedSlot, cap);
            removedA = java.util.Arrays.copyOf(removedA, cap);
            removedB = java.util.Arrays.copyOf(removedB, cap);
        }
        removedSlot[removedCount] = s;
        removedA[removedCount] = a;
        removedB[removedCount] = b;
        removedCount++;
    }

    /**
     * Each refit shape queries the grid for the fat boxes overlapping its own and adds the
     * overlaps not yet live. A box overlapping the query box has its minimum corner within
     * {@code [qmin - cellSize, qmax]} on both axes, so the query visits the cells of that range
     * (3 x 3 for a query box no larger than a cell) and the oversize list.
     */
    private void addNewOverlaps() {
        double reachBack = cellSize * (1 + SLACK);
        for (int m = 0; m < movedCount; m++) {
            int i = moved[m];
            float lx = fatMinX[i];
            float hx = fatMaxX[i];
            float ly = fatMinY[i];
            float hy = fatMaxY[i];
            int c0 = column(lx - reachBack);
            int c1 = column(hx);
            int r0 = row(ly - reachBack);
            int r1 = row(hy);
            for (int r = r0; r <= r1; r++) {
                for (int c = c0; c <= c1; c++) {
                    for (int j = head[r * gridW + c]; j >= 0; j = next[j]) {
                        if (j != i && fatMinX[j] <= hx && lx <= fatMaxX[j] && fatMinY[j] <= hy && ly <= fatMaxY[j]) {
                            consider(i, j);
                        }
                    }
                }
            }
            for (int j = oversizeHead; j >= 0; j = next[j]) {
                if (j != i && fatMinX[j] <= hx && lx <= fatMaxX[j] && fatMinY[j] <= hy && ly <= fatMaxY[j]) {
                    consider(i, j);
                }
            }
        }
    }

    /** Adds the overlapping pair (i, j) unless it is live; a pair of two refit shapes is seen by both. */
    private void consider(int i, int j) {
        if (movedStamp[j] == frame && j < i) {
            return; // j's own scan handles it
        }
        int a = Math.min(i, j);
        int b = Math.max(i, j);
        long key = key(a, b);
        int at = find(key);
        if (at >= 0) {
            return;
        }
        int s = allocateSlot();
        if (s == slotCount) {
            pairs.add(a, b);
            slotCount++;
        } else {
            pairs.set(s, a, b);
        }
        insertAt(~at, key, s);
        live.words()[s >>> 6] |= 1L << s;
        liveCount++;
        if (addedCount == added.length) {
            added = java.util.Arrays.copyOf(added, addedCount + (addedCount >> 1));
        }
        added[addedCount++] = s;
    }

    /** The lowest free slot, or {@code slotCount} (with room in {@link #live}) when none is free. */
    private int allocateSlot() {
        long[] words = live.words();
        int used = (slotCount + 63) >>> 6;
        for (int w = freeWord; w < used; w++) {
            long free = ~words[w];
            if (w == used - 1 && (slotCount & 63) != 0) {
                free &= (1L << slotCount) - 1;
            }
            if (free != 0) {
                freeWord = w;
                return (w << 6) + Long.numberOfTrailingZeros(free);
            }
        }
        freeWord = slotCount >>> 6;
        if (live.capacity() == slotCount) {
            OverlapBits grown = new OverlapBits(Math.max(64, slotCount + (slotCount >> 1)));
            System.arraycopy(words, 0, grown.words(), 0, words.length);
            live = grown;
        }
        return slotCount;
    }

    /** Drops free slots at the end, so the batch the kernels run over ends with a live pair. */
    private void trimFreeTail() {
        int s = slotCount;
        while (s > 0 && (live.words()[(s - 1) >>> 6] & (1L << (s - 1))) == 0) {
            s--;
        }
        if (s != slotCount) {
            slotCount = s;
            pairs.truncate(s);
            freeWord = Math.min(freeWord, s >>> 6);
        }
    }

    private static long key(int a, int b) {
        return (long) a << 32 | b;
    }

    private static int hash(long key) {
        // The finaliser of MurmurHash3: every key bit affects the low bits the table uses.
        key ^= key >>> 33;
        key *= 0xff51afd7ed558ccdL;
        key ^= key >>> 33;
        key *= 0xc4ceb9fe1a85ec53L;
        key ^= key >>> 33;
        return (int) key;
    }

    /** Index of {@code key} in the table, or {@code ~index} of the empty entry where it would go. */
    private int find(long key) {
        int mask = tableKeys.length - 1;
        int at = hash(key) & mask;
        while (true) {
            long k = tableKeys[at];
            if (k == key) {
                return at;
            }
            if (k == EMPTY) {
                return ~at;
            }
            at = (at + 1) & mask;
        }
    }

    private void insertAt(int at, long key, int slot) {
        tableKeys[at] = key;
        tableSlots[at] = slot;
        tableCount++;
        if (2 * tableCount > tableKeys.length) {
            growTable(2 * tableKeys.length);
        }
    }

    /** Removes entry {@code at}, shifting later entries of its probe run back (no tombstones). */
    private void deleteAt(int at) {
        int mask = tableKeys.length - 1;
        int hole = at;
        int j = at;
        while (true) {
            j = (j + 1) & mask;
            long k = tableKeys[j];
            if (k == EMPTY) {
                break;
            }
            int home = hash(k) & mask;
            // The entry at j may move into the hole unless its home lies cyclically in (hole, j].
            boolean stays = hole <= j ? hole < home && home <= j : hole < home || home <= j;
            if (!stays) {
                tableKeys[hole] = k;
                tableSlots[hole] = tableSlots[j];
                hole = j;
            }
        }
        tableKeys[hole] = EMPTY;
        tableCount--;
    }

    private void growTable(int capacity) {
        long[] oldKeys = tableKeys;
        int[] oldSlots = tableSlots;
        tableKeys = new long[capacity];
        tableSlots = new int[capacity];
        java.util.Arrays.fill(tableKeys, EMPTY);
        tableCount = 0;
        for (int e = 0; e < oldKeys.length; e++) {
            if (oldKeys[e] != EMPTY) {
                int at = find(oldKeys[e]);
                tableKeys[~at] = oldKeys[e];
                tableSlots[~at] = oldSlots[e];
                tableCount++;
            }
        }
    }

    // ---- Results of the last update ---------------------------------------------------------

    /**
     * The pairs by slot: entry {@code s} is slot {@code s}'s pair (smaller shape index first);
     * free slots keep their last pair. Read-only by contract; updated in place by
     * {@link #update}.
     */
    public PairBatch pairs() {
        return pairs;
    }

    /** Number of slots, {@code pairs().size()}: live pairs plus free slots below the last live one. */
    public int slotCount() {
        return slotCount;
    }

    /** Number of live pairs. */
    public int liveCount() {
        return liveCount;
    }

    /** Whether slot {@code s} holds a live pair. */
    public boolean isLive(int s) {
        if (s < 0 || s >= slotCount) {
            throw new IndexOutOfBoundsException("slot=" + s + ": out of range [0, " + slotCount + ")");
        }
        return (live.words()[s >>> 6] & (1L << s)) != 0;
    }

    /**
     * Clears the verdicts of free slots among {@code hits}' first {@link #slotCount()}, so that
     * after a kernel ran over {@link #pairs()} only live pairs remain set.
     *
     * @throws IllegalArgumentException if {@code hits} holds fewer than {@code slotCount()} verdicts
     */
    public void retainLive(OverlapBits hits) {
        if (hits == null || hits.capacity() < slotCount) {
            throw new IllegalArgumentException(hits == null ? "hits is null"
                    : "hits.capacity=" + hits.capacity() + " < slotCount=" + slotCount);
        }
        hits.retain(live, slotCount);
    }

    /** The slot of the live pair {@code (a, b)} (either order), or -1 when it is not live. */
    public int slotOf(int a, int b) {
        if (a < 0 || a >= n || b < 0 || b >= n) {
            throw new IndexOutOfBoundsException("pair (" + a + ", " + b + "): out of range [0, " + n + ")");
        }
        int at = find(key(Math.min(a, b), Math.max(a, b)));
        return at >= 0 ? tableSlots[at] : -1;
    }

    /** Number of pairs the last update added. */
    public int addedCount() {
        return addedCount;
    }

    /** Slot of the {@code i}-th pair the last update added (its pair is {@code pairs()} at that slot). */
    public int addedSlot(int i) {
        if (i < 0 || i >= addedCount) {
            throw new IndexOutOfBoundsException("added=" + i + ": out of range [0, " + addedCount + ")");
        }
        return added[i];
    }

    /** Number of pairs the last update removed. */
    public int removedCount() {
        return removedCount;
    }

    /** The slot the {@code i}-th removed pair held (it may hold an added pair now). */
    public int removedSlot(int i) {
        return removedSlot[checkRemoved(i)];
    }

    /** First shape of the {@code i}-th removed pair. */
    public int removedA(int i) {
        return removedA[checkRemoved(i)];
    }

    /** Second shape of the {@code i}-th removed pair. */
    public int removedB(int i) {
        return removedB[checkRemoved(i)];
    }

    private int checkRemoved(int i) {
        if (i < 0 || i >= removedCount) {
            throw new IndexOutOfBoundsException("removed=" + i + ": out of range [0, " + removedCount + ")");
        }
        return i;
    }

    /** Number of shapes whose fat box the last update refit. */
    public int refitCount() {
        return movedCount;
    }

    /** The fat box of shape {@code i}: {@code minX, minY, maxX, maxY} into {@code out[0..3]}. */
    public void fatBox(int i, float[] out) {
        if (i < 0 || i >= n) {
            throw new IndexOutOfBoundsException("shape=" + i + ": out of range [0, " + n + ")");
        }
        out[0] = fatMinX[i];
        out[1] = fatMinY[i];
        out[2] = fatMaxX[i];
        out[3] = fatMaxY[i];
    }

    @Override
    public String toString() {
        return "PersistentBroadPhase[shapes=" + n + ", live=" + liveCount + ", slots=" + slotCount + "]";
    }
}
