package dev.sepax.broad;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.internal.PolygonArrays;
import dev.sepax.internal.SingleCaller;
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
 * pairs, for many frames. A refit box may also reach further ahead of the shape's recent motion
 * (see How). After {@link #update} the live pairs are exactly the pairs
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
 * A loose uniform grid, sized on the first frame: cells at least half as large as the largest
 * fat box (plus the largest stretch, below), each shape belonging to the cell holding its fat
 * box's minimum corner (a box that outgrows two cells, by rotating say, moves to a list every
 * query scans). Each shape also keeps its live pairs as a small array of (partner, slot)
 * entries (15 in place, further ones in chunks from a shared pool). A frame refits the boxes
 * that left their fat box, writes them into the copies of all boxes kept sorted by cell
 * (row-major, so each row of a query is one contiguous run) and re-sorts those in one pass when
 * a box changed cell, then refreshes each refit shape in cell order: it queries the cells that
 * can hold an overlapping box, flags the listed partners it finds and adds the others, and
 * frees the listed pairs the query did not find; the partners' halves of those changes are
 * applied in one loop after all refreshes, so that their cache misses overlap. Cost per frame:
 * {@code O(n)} four-compare tests and the sort, then per refit shape a few cells' boxes, read
 * as streams, and its own entries; only an added or removed pair touches the partner's entries
 * and the slot tables; with no shape refit, only the first. A refit box
 * reaches ahead of the shape's motion since its last refit (16 frames of it, at most two
 * margins, and up to one margin taken from its trailing side), so a shape moving steadily refits
 * several times less often than with the margin alone, at the price of somewhat more candidate
 * pairs. Shapes that drift far beyond the first
 * frame's extent share the border cells: still correct, slower. (A grid rather than a sorted
 * sweep: a refit shape's query then visits a few cells instead of every box in its x range.)
 *
 * <h2>Threads and allocation</h2>
 * One caller at a time: {@link #update} from a second thread while one runs, or a caller who
 * changed {@link #pairs()} (resized, set, sorted), is detected and rejected with an
 * {@link IllegalStateException}.
 * Scratch and tables grow with the pair count and are then reused, so a steady-state frame
 * (pair count, and the number of shapes with more than 15 pairs, within what was seen before)
 * allocates nothing; the first frame allocates.
 */
public final class PersistentBroadPhase {
    /** Relative slack of the fat boxes against float rounding of the AABB test. */
    private static final double SLACK = 0x1p-20;
    /**
     * A cell is at least {@code 1 / LOOK_BACK} of the largest fat box, so a query looks back
     * that many cells for boxes whose minimum corner lies before its own: smaller cells than
     * one box per cell leave fewer boxes to test per query.
     */
    private static final int LOOK_BACK = 2;
    /**
     * How many frames of a shape's estimated motion its fat box reaches ahead (see
     * {@link #refit}).
     */
    static final int STRETCH_FRAMES = 16;
    /** The stretch ahead is at most this many margins, so a teleported shape's box stays small. */
    static final int STRETCH_MARGINS = 2;

    private final int n;
    private final float reach;
    private final float margin;
    /** Largest stretch ahead, {@code STRETCH_MARGINS * margin}. */
    private final double stretchLimit;

    /** Fat boxes, four floats per shape: {@code minX, minY, maxX, maxY} (one cache line per box test). */
    private final float[] fat;
    /** Where the AABB may move without a refit, same layout (see {@link #refit}). */
    private final float[] inner;
    /** AABB centre at the last refit, and the frame of that refit: the motion estimate. */
    private final float[] lastCentreX;
    private final float[] lastCentreY;
    private final int[] lastRefit;
    /**
     * Loose grid: each shape belongs to the one cell holding its fat box's minimum corner (cells
     * at least half as large as any fat box), or to the oversize list every query scans when its
     * fat box outgrew that. The boxes are kept sorted by cell in {@link #cellBox} and
     * {@link #cellId} (row-major, so the cells of one row of a query are one contiguous run): a
     * query streams through copies of the boxes instead of chasing lists. The first frame
     * counting-sorts them; later frames merge the few shapes that changed cell into the
     * previous order (see {@link #sortIntoCells}).
     */
    private int[] cellStart = new int[2];
    /** Sorted copies: box and shape of each entry; a shape's entry is in its key's cell. */
    private float[] cellBox;
    private int[] cellId;
    /** The other buffers of the sort, swapped with the two above. */
    private float[] spareBox;
    private int[] spareId;
    /** Each shape's cell key, by shape: where its entry is (a scan of one cell finds it). */
    private final int[] keyOfShape;
    /**
     * This frame's cell changes, merged into the sorted copies: bit {@code e} of
     * {@link #leaving} marks entry {@code e} (old order) as leaving its cell; bit {@code k} of
     * {@link #arriving} marks a cell with arrivals, listed from {@link #arrivalHead}{@code [k]}
     * through {@link #arrivalNext} (indices into {@link #arrivalId}; -1 ends a list).
     */
    private final long[] leaving;
    private long[] arriving = new long[1];
    private int[] arrivalHead = new int[1];
    private final int[] arrivalNext;
    private final int[] arrivalId;
    /** Number of entries per cell key. */
    private int[] cellCount = new int[1];
    /** The key of the oversize list, past the last cell: those entries sort last. */
    private int oversizeKey;
    private boolean sorted;
    /** Bit {@code e}: entry {@code e} of the sorted copies is a refit shape (cell order of the refreshes). */
    private long[] refitAt;
    /** The other buffer of {@link #refitAt}, for the merge; all zero between frames. */
    private long[] spareRefitAt;
    /**
     * Bit {@code i}: shape {@code i} was refit and its refresh has not run yet. A pair of two
     * refit shapes is decided by the one refreshed later (the earlier one skips it), so each
     * pair is looked at by one refresh, and no refresh reads entries that another one changed
     * in the same frame (see {@link #applyPartnerOps}).
     */
    private final long[] pending;
    /**
     * The partner-side halves of this frame's added and removed pairs, applied after all
     * refreshes: the partner, the refit shape, and the new pair's slot, or -1 for a removal.
     */
    private int[] opShape = new int[64];
    private int[] opPartner = new int[64];
    private int[] opSlot = new int[64];
    private int opCount;
    private int gridW;
    private int gridH;
    private double originX;
    private double originY;
    private double cellSize;
    private double invCell;

    private final int[] moved;
    private int movedCount;
    private int frame;
    private boolean initialised;

    /**
     * Per-shape partner arrays: each shape's live pairs as {@code (partner, slot)} entries in
     * chunks of {@link #CHUNK}, chunk {@code i < n} being shape {@code i}'s first (most shapes
     * need no other), further chunks taken from a free list past {@code n}. A chunk is
     * {@link #STRIDE} ints: {@code [0]} the shape's entry count (first chunk only), {@code [1]}
     * the next chunk or -1, then the entries. A refit shape reads its partners from one or two
     * cache lines, and a partner's entry is found by a scan of those lines, so a refresh touches
     * no per-partner memory except for the pairs it adds or removes.
     */
    private int[] adj;
    private int chunkCount;
    private int freeChunk = -1;
    /** Set on an entry's slot while a refresh's query has found the partner. */
    private static final int FOUND = 0x80000000;
    static final int CHUNK = 15;
    private static final int STRIDE = 2 + 2 * CHUNK;

    private final PairBatch pairs;
    private int slotCount;
    private OverlapBits live = new OverlapBits(0);
    private int liveCount;
    /**
     * Bit {@code w} set: word {@code w} of {@link #live} has a free slot below the slot count. The
     * lowest free slot is then a scan of a few summary words, however the holes are spread.
     */
    private long[] holes = new long[1];

    private int[] added = new int[16];
    private int addedCount;
    private int[] removedSlot = new int[16];
    private int[] removedA = new int[16];
    private int[] removedB = new int[16];
    private int removedCount;

    private final SingleCaller caller = new SingleCaller("PersistentBroadPhase");
    /** {@code pairs}' version when the last update returned: a different one is a caller's write. */
    private int pairsVersion;

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
        this.stretchLimit = (double) STRETCH_MARGINS * margin;
        fat = new float[4 * n];
        inner = new float[4 * n];
        lastCentreX = new float[n];
        lastCentreY = new float[n];
        lastRefit = new int[n];
        cellBox = new float[4 * n];
        cellId = new int[n];
        spareBox = new float[4 * n];
        spareId = new int[n];
        keyOfShape = new int[n];
        leaving = new long[(n + 63) >>> 6];
        arrivalNext = new int[n];
        arrivalId = new int[n];
        refitAt = new long[(n + 63) >>> 6];
        spareRefitAt = new long[(n + 63) >>> 6];
        pending = new long[(n + 63) >>> 6];
        moved = new int[n];
        adj = new int[STRIDE * Math.max(n, 1)];
        for (int i = 0; i < n; i++) {
            adj[STRIDE * i + 1] = -1;
        }
        chunkCount = n;
        pairs = new PairBatch(n, 0);
    }

    /**
     * Brings the pair set up to date with the shapes' current world AABBs.
     *
     * @param world the shapes in world space (for example a store written by {@code Poses.transform})
     * @throws IllegalArgumentException if {@code world} does not hold {@code shapeCount} shapes
     * @throws IllegalStateException if another update is running, or {@link #pairs()} was changed
     */
    public void update(ConvexPolygons world) {
        if (world == null) {
            throw new IllegalArgumentException("world is null");
        }
        if (world.size() != n) {
            throw new IllegalArgumentException("world.size=" + world.size() + " != shapeCount=" + n);
        }
        caller.enter();
        try {
            if (pairs.size() != slotCount) {
                throw new IllegalStateException("PersistentBroadPhase: pairs() was resized by the caller (size="
                        + pairs.size() + " != slots=" + slotCount + "); it is read-only");
            }
            if (pairs.arrays().version != pairsVersion) {
                throw new IllegalStateException("PersistentBroadPhase: pairs() was changed by the caller since the"
                        + " last update (set, sort or compaction into it); it is read-only, copy it to reorder");
            }
            frame++;
            addedCount = 0;
            removedCount = 0;
            PolygonArrays w = world.arrays();
            refit(w.minX, w.minY, w.maxX, w.maxY);
            if (movedCount > 0) {
                if (!initialised) {
                    buildGrid();
                    initialised = true;
                }
                sortIntoCells();
                refreshInCellOrder();
                trimFreeTail();
            }
            // Only a completed update vouches for the table; after a throw the check stays armed.
            pairsVersion = pairs.arrays().version;
        } finally {
            caller.exit();
        }
    }

    /**
     * Refits every fat box that no longer holds its shape's AABB; records those shapes. A shape
     * keeps its fat box while its AABB lies in the box's <em>inner box</em>: the fat box shrunk
     * by the slack (and by {@code reach} on the max sides), rounded inward, computed once per
     * refit from the fat box's own coordinates, which bound the AABB's while it stays inside.
     * So a resting or slow shape costs four float compares per frame.
     *
     * <p>A refit box reaches ahead of the shape's motion: the AABB centre's displacement since
     * the last refit, per frame, times {@link #STRETCH_FRAMES}, at most {@link #STRETCH_MARGINS}
     * margins, is added on the side the shape moves to (Box2D's displacement-stretched fat
     * boxes, with the displacement estimated from the AABBs, since the broad phase sees no
     * velocities). Half the stretch, at most one margin, of the trailing side's margin moves to
     * the leading side as well: the box keeps its size and lasts longer (at F20000 a quarter
     * fewer refits for the same number of pairs). A shape moving steadily then refits several
     * times less often, and a shape at rest gets no stretch. The stretch changes only how large
     * a box is and where it lies, never the invariant below (the box still holds the AABB
     * grown by the slack, and by {@code reach} on the max sides), so it is a cost trade (fewer
     * refits, slightly more candidate pairs).
     */
    private void refit(float[] minX, float[] minY, float[] maxX, float[] maxY) {
        movedCount = 0;
        float[] in = inner;
        for (int i = 0; i < n; i++) {
            float lx = minX[i];
            float ly = minY[i];
            float hx = maxX[i];
            float hy = maxY[i];
            int b = 4 * i;
            if (initialised && lx >= in[b] && ly >= in[b + 1] && hx <= in[b + 2] && hy <= in[b + 3]) {
                continue;
            }
            double cx = 0.5 * ((double) lx + hx);
            double cy = 0.5 * ((double) ly + hy);
            double sx = 0;
            double sy = 0;
            if (initialised) {
                double perFrame = (double) STRETCH_FRAMES / (frame - lastRefit[i]);
                sx = Math.max(-stretchLimit, Math.min(stretchLimit, (cx - lastCentreX[i]) * perFrame));
                sy = Math.max(-stretchLimit, Math.min(stretchLimit, (cy - lastCentreY[i]) * perFrame));
            }
            lastCentreX[i] = (float) cx;
            lastCentreY[i] = (float) cy;
            lastRefit[i] = frame;
            double slack = SLACK * (Math.max(Math.max(Math.abs(lx), Math.abs(hx)), Math.max(Math.abs(ly), Math.abs(hy)))
                    + (double) reach);
            // Half the stretch, at most one margin, of the trailing side's margin moves to the
            // leading side: a box as large as before, that lasts longer for a steady mover.
            double tx = Math.signum(sx) * Math.min(0.5 * Math.abs(sx), margin);
            double ty = Math.signum(sy) * Math.min(0.5 * Math.abs(sy), margin);
            float flx = down(lx - slack - margin + Math.min(sx, 0) + tx);
            float fly = down(ly - slack - margin + Math.min(sy, 0) + ty);
            float fhx = up(hx + (double) reach + slack + margin + Math.max(sx, 0) + tx);
            float fhy = up(hy + (double) reach + slack + margin + Math.max(sy, 0) + ty);
            fat[b] = flx;
            fat[b + 1] = fly;
            fat[b + 2] = fhx;
            fat[b + 3] = fhy;
            // The inner box, with the slack of the fat box's largest coordinate (at least the
            // AABB's as long as the AABB is inside): an AABB inside it keeps AABB + slack +
            // reach inside the fat box, the invariant the overlap guarantee rests on.
            double fatSlack = SLACK * (Math.max(Math.max(Math.abs(flx), Math.abs(fhx)), Math.max(Math.abs(fly), Math.abs(fhy)))
                    + (double) reach);
            in[b] = up(flx + fatSlack);
            in[b + 1] = up(fly + fatSlack);
            in[b + 2] = down(fhx - (double) reach - fatSlack);
            in[b + 3] = down(fhy - (double) reach - fatSlack);
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
     * plus the largest stretch (so a box overlapping a query box has its minimum corner at most
     * one cell before it), or larger where the boxes' spread would need more than about
     * {@code 4 n} cells.
     */
    private void buildGrid() {
        double lx = Double.POSITIVE_INFINITY;
        double ly = Double.POSITIVE_INFINITY;
        double hx = Double.NEGATIVE_INFINITY;
        double hy = Double.NEGATIVE_INFINITY;
        double extent = 0;
        for (int i = 0; i < n; i++) {
            int b = 4 * i;
            lx = Math.min(lx, fat[b]);
            ly = Math.min(ly, fat[b + 1]);
            hx = Math.max(hx, fat[b + 2]);
            hy = Math.max(hy, fat[b + 3]);
            extent = Math.max(extent, Math.max((double) fat[b + 2] - fat[b], (double) fat[b + 3] - fat[b + 1]));
        }
        double spanX = n == 0 ? 0 : hx - lx;
        double spanY = n == 0 ? 0 : hy - ly;
        double size = Math.max((extent + stretchLimit) / LOOK_BACK, Math.sqrt(spanX * spanY / (4.0 * Math.max(1, n))));
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
        oversizeKey = gridW * gridH;
        cellStart = new int[oversizeKey + 2];
        cellCount = new int[oversizeKey + 1];
        arriving = new long[(oversizeKey + 64) >>> 6];
        arrivalHead = new int[oversizeKey + 1];
        java.util.Arrays.fill(arrivalHead, -1);
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

    /** The cell key of shape {@code i}'s fat box: its cell, or {@link #oversizeKey}. */
    private int keyOf(int i) {
        // An extent above LOOK_BACK cells (with slack for the double rounding) breaks the
        // look-back rule: such a shape goes to the list every query scans.
        double largest = LOOK_BACK * cellSize * (1 - SLACK);
        int b = 4 * i;
        double w = (double) fat[b + 2] - fat[b];
        double h = (double) fat[b + 3] - fat[b + 1];
        return Math.max(w, h) > largest ? oversizeKey : row(fat[b + 1]) * gridW + column(fat[b]);
    }

    /**
     * Brings the sorted copies up to date. The first time, a counting sort by cell key. Then the
     * refit shapes' boxes are written in place, and the shapes whose refit moved them to another
     * cell (a few hundred of 20 000 per frame at F20000) are merged into the previous order:
     * the entries between two changes are copied as blocks, each leaving entry is skipped, and
     * each arriving one goes after its new cell's previous entries. The blocks stream, where a
     * per-entry counting sort would chain every entry through its cell's fill pointer.
     */
    private void sortIntoCells() {
        if (!sorted) {
            countingSort();
            sorted = true;
            for (int m = 0; m < movedCount; m++) {
                int e = entryOf(moved[m], keyOfShape[moved[m]]);
                refitAt[e >>> 6] |= 1L << e;
            }
            return;
        }
        int changes = 0;
        int[] starts = cellStart;
        for (int m = 0; m < movedCount; m++) {
            int i = this.moved[m];
            int was = keyOfShape[i];
            int e = entryOf(i, was);
            int b = 4 * i;
            int d = 4 * e;
            cellBox[d] = fat[b];
            cellBox[d + 1] = fat[b + 1];
            cellBox[d + 2] = fat[b + 2];
            cellBox[d + 3] = fat[b + 3];
            int k = keyOf(i);
            if (k == was) {
                refitAt[e >>> 6] |= 1L << e;
            } else {
                keyOfShape[i] = k;
                cellCount[was]--;
                cellCount[k]++;
                leaving[e >>> 6] |= 1L << e;
                arrivalId[changes] = i;
                arrivalNext[changes] = arrivalHead[k];
                arrivalHead[k] = changes;
                arriving[k >>> 6] |= 1L << k;
                changes++;
            }
        }
        if (changes == 0) {
            return;
        }
        mergeChanges(starts);
        startsFromCounts();
    }

    /** The entry of shape {@code i}, whose cell key is {@code k}: a scan of that cell. */
    private int entryOf(int i, int k) {
        int[] id = cellId;
        int e = cellStart[k];
        int end = cellStart[k + 1];
        while (e < end && id[e] != i) {
            e++;
        }
        assert e < end : "shape " + i + " not in cell " + k;
        return e;
    }

    /**
     * The merge of {@link #sortIntoCells}: old entries in order, minus the leaving ones, with each
     * cell's arrivals after its old entries (old starts in {@code starts}); clears the change
     * marks it reads. The refit marks move with their entries (an arrival is a refit shape).
     */
    private void mergeChanges(int[] starts) {
        int[] id = cellId;
        float[] box = cellBox;
        int[] toId = spareId;
        float[] toBox = spareBox;
        long[] out = leaving;
        long[] in = arriving;
        long[] refits = refitAt;
        long[] toRefits = spareRefitAt;
        int rw = 0;
        long refitWord = refits.length == 0 ? 0 : refits[0];
        int from = 0;
        int q = 0;
        int ow = 0;
        long outWord = out.length == 0 ? 0 : out[0];
        int iw = 0;
        long inWord = in[0];
        while (true) {
            while (outWord == 0 && ++ow < out.length) {
                outWord = out[ow];
            }
            while (inWord == 0 && ++iw < in.length) {
                inWord = in[iw];
            }
            int leave = outWord == 0 ? n : (ow << 6) + Long.numberOfTrailingZeros(outWord);
            int k = inWord == 0 ? -1 : (iw << 6) + Long.numberOfTrailingZeros(inWord);
            // A cell's arrivals go before the next cell's first old entry.
            int arrive = k < 0 ? n : starts[k + 1];
            boolean arrival = k >= 0 && arrive <= leave;
            int to = arrival ? arrive : leave;
            int run = to - from;
            if (run > 0) {
                // The refit marks of the run, moved by q - from.
                while (true) {
                    while (refitWord == 0 && ++rw < refits.length) {
                        refitWord = refits[rw];
                    }
                    int r = refitWord == 0 ? n : (rw << 6) + Long.numberOfTrailingZeros(refitWord);
                    if (r >= to) {
                        break;
                    }
                    int at = r + q - from;
                    toRefits[at >>> 6] |= 1L << at;
                    refitWord &= refitWord - 1;
                    refits[rw] = refitWord;
                }
                System.arraycopy(id, from, toId, q, run);
                System.arraycopy(box, 4 * from, toBox, 4 * q, 4 * run);
                q += run;
                from = to;
            }
            if (arrival) {
                for (int c = arrivalHead[k]; c >= 0; c = arrivalNext[c]) {
                    int i = arrivalId[c];
                    int b = 4 * i;
                    int d = 4 * q;
                    toId[q] = i;
                    toRefits[q >>> 6] |= 1L << q;
                    toBox[d] = fat[b];
                    toBox[d + 1] = fat[b + 1];
                    toBox[d + 2] = fat[b + 2];
                    toBox[d + 3] = fat[b + 3];
                    q++;
                }
                arrivalHead[k] = -1;
                inWord &= inWord - 1;
                in[iw] = inWord;
            } else if (leave < n) {
                from++;
                outWord &= outWord - 1;
                out[ow] = outWord;
            } else {
                break;
            }
        }
        assert q == n && from == n : q + " " + from;
        assert allZero(refits) && allZero(out) && allZero(in);
        refitAt = toRefits;
        spareRefitAt = refits;
        spareId = id;
        spareBox = box;
        cellId = toId;
        cellBox = toBox;
    }

    private static boolean allZero(long[] words) {
        for (long w : words) {
            if (w != 0) {
                return false;
            }
        }
        return true;
    }

    /** The first sort: every shape by cell key, in id order within a cell. */
    private void countingSort() {
        int[] startOf = cellStart;
        int[] count = cellCount;
        java.util.Arrays.fill(count, 0);
        for (int i = 0; i < n; i++) {
            int k = keyOf(i);
            keyOfShape[i] = k;
            count[k]++;
        }
        startsFromCounts();
        // The starts as fill pointers, then again as starts.
        for (int i = 0; i < n; i++) {
            int k = keyOfShape[i];
            int q = startOf[k]++;
            cellId[q] = i;
            System.arraycopy(fat, 4 * i, cellBox, 4 * q, 4);
        }
        startsFromCounts();
    }

    /** {@link #cellStart} from {@link #cellCount}: each key's first entry, and {@code n} past the last. */
    private void startsFromCounts() {
        int[] starts = cellStart;
        int[] count = cellCount;
        int sum = 0;
        for (int c = 0, keys = oversizeKey + 1; c < keys; c++) {
            starts[c] = sum;
            sum += count[c];
        }
        starts[oversizeKey + 1] = sum;
        assert sum == n : sum;
    }

    /**
     * Refreshes the refit shapes in the order of their cells, not of their ids: consecutive
     * queries then read the same or adjacent runs of sorted boxes and mostly the same partners,
     * which are still in the cache (in id order each query starts cold).
     */
    private void refreshInCellOrder() {
        long[] bits = refitAt;
        long[] waiting = pending;
        // The refit shapes' entries are marked in refitAt by sortIntoCells.
        for (int m = 0; m < movedCount; m++) {
            int i = moved[m];
            waiting[i >>> 6] |= 1L << i;
        }
        opCount = 0;
        int[] id = cellId;
        for (int w = 0; w < bits.length; w++) {
            long word = bits[w];
            bits[w] = 0;
            while (word != 0) {
                refresh(id[(w << 6) + Long.numberOfTrailingZeros(word)]);
                word &= word - 1;
            }
        }
        applyPartnerOps();
    }

    /**
     * Brings refit shape {@code i}'s pairs up to date: queries the grid for the fat boxes
     * overlapping its own (flagging the listed partners found, adding the others), then frees
     * the listed pairs the query did not find and clears the flags. A box
     * overlapping the query box has its minimum corner within {@code [qmin - LOOK_BACK cells,
     * qmax]} on both axes, so the query visits the cells of that range and the oversize list,
     * and finds every overlapping box: the partners' boxes are read from the sorted copies the
     * query streams through, not from random places. Every pair whose overlap can have changed
     * has a refit shape, so this, run for every refit shape after all refits, leaves exactly the
     * overlapping pairs live; a pair of two refit shapes is left to the one refreshed later
     * ({@link #pending}). Only shape {@code i}'s own entries change here; its partners' entries
     * change in {@link #applyPartnerOps}.
     */
    private void refresh(int i) {
        pending[i >>> 6] &= ~(1L << i);
        int b = 4 * i;
        float lx = fat[b];
        float ly = fat[b + 1];
        float hx = fat[b + 2];
        float hy = fat[b + 3];
        int listed = adj[STRIDE * i];
        // The query is complete (every box overlapping i's is in the visited cells or the
        // oversize list), so a listed partner it does not find no longer overlaps.
        double reachBack = LOOK_BACK * cellSize * (1 + SLACK);
        int c0 = column(lx - reachBack);
        int c1 = column(hx);
        int r0 = row(ly - reachBack);
        int r1 = row(hy);
        float[] box = cellBox;
        int[] ids = cellId;
        int[] starts = cellStart;
        for (int r = r0; r <= r1; r++) {
            // Columns c0..c1 of one row are one contiguous run of the sorted boxes.
            int end = starts[r * gridW + c1 + 1];
            for (int e = starts[r * gridW + c0]; e < end; e++) {
                int d = 4 * e;
                if (box[d] <= hx && lx <= box[d + 2] && box[d + 1] <= hy && ly <= box[d + 3]) {
                    int j = ids[e];
                    if (j != i) {
                        found(i, j, listed);
                    }
                }
            }
        }
        for (int e = starts[oversizeKey], end = starts[oversizeKey + 1]; e < end; e++) {
            int d = 4 * e;
            if (box[d] <= hx && lx <= box[d + 2] && box[d + 1] <= hy && ly <= box[d + 3]) {
                int j = ids[e];
                if (j != i) {
                    found(i, j, listed);
                }
            }
        }
        // Entries at or past `listed` were added by this query. Backwards, so that the entry
        // swapped into a freed place was already visited.
        int[] t = adj;
        for (int k = listed - 1; k >= 0; k--) {
            int at = entry(i, k);
            int s = t[at + 1];
            if ((s & FOUND) != 0) {
                t[at + 1] = s & ~FOUND;
            } else {
                int j = t[at];
                if ((pending[j >>> 6] & (1L << j)) != 0) {
                    continue; // j's refresh decides the pair
                }
                removeEntry(i, k);
                deferOp(j, i, -1);
                if (i < j) {
                    free(s, i, j);
                } else {
                    free(s, j, i);
                }
            }
        }
    }

    /** The query of {@code i} found {@code j}'s box overlapping: flag the listed pair, or add it. */
    private void found(int i, int j, int listed) {
        if ((pending[j >>> 6] & (1L << j)) != 0) {
            return; // j's refresh, later in this frame, decides the pair
        }
        int k = indexOf(i, j, listed);
        if (k >= 0) {
            int at = entry(i, k);
            adj[at + 1] |= FOUND;
        } else {
            int s = addPair(Math.min(i, j), Math.max(i, j));
            append(i, j, s);
            deferOp(j, i, s);
        }
    }

    /** Records the partner-side half of a pair change for {@link #applyPartnerOps}. */
    private void deferOp(int j, int i, int s) {
        if (opCount == opShape.length) {
            int cap = opCount + (opCount >> 1);
            opShape = java.util.Arrays.copyOf(opShape, cap);
            opPartner = java.util.Arrays.copyOf(opPartner, cap);
            opSlot = java.util.Arrays.copyOf(opSlot, cap);
        }
        opShape[opCount] = j;
        opPartner[opCount] = i;
        opSlot[opCount] = s;
        opCount++;
    }

    /**
     * The partner-side halves of the pairs the refreshes added or removed, and the added
     * pairs' entries in {@link #pairs()}, in one loop after all refreshes: each touches a
     * random place (a shape's entries, a slot), and iterations that do not depend on each other
     * let those cache misses overlap, where inside a refresh each stalled the next step. It is
     * safe to wait: a partner here is either not refit or already refreshed, and no refresh
     * reads any entries but its own shape's.
     */
    private void applyPartnerOps() {
        int[] js = opShape;
        int[] is = opPartner;
        int[] ss = opSlot;
        for (int o = 0, end = opCount; o < end; o++) {
            int j = js[o];
            int s = ss[o];
            if (s >= 0) {
                int i = is[o];
                pairs.set(s, Math.min(i, j), Math.max(i, j));
                append(j, i, s);
            } else {
                removeEntry(j, indexOf(j, is[o], adj[STRIDE * j]));
            }
        }
        opCount = 0;
    }

    /** Index of partner {@code j} among shape {@code i}'s first {@code count} entries, or -1. */
    private int indexOf(int i, int j, int count) {
        int[] t = adj;
        int base = STRIDE * i + 2;
        int k = 0;
        while (true) {
            int stop = Math.min(count - k, CHUNK);
            for (int q = 0; q < stop; q++) {
                if (t[base + 2 * q] == j) {
                    return k + q;
                }
            }
            k += stop;
            if (k >= count) {
                return -1;
            }
            base = STRIDE * t[base - 1] + 2;
        }
    }

    /** Array index of shape {@code i}'s entry {@code k} (its partner; the slot follows). */
    private int entry(int i, int k) {
        int chunk = i;
        for (int c = k / CHUNK; c > 0; c--) {
            chunk = adj[STRIDE * chunk + 1];
        }
        return STRIDE * chunk + 2 + 2 * (k % CHUNK);
    }

    private void append(int i, int partner, int slot) {
        int count = adj[STRIDE * i];
        int chunk = i;
        for (int c = count / CHUNK; c > 0; c--) {
            int next = adj[STRIDE * chunk + 1];
            if (next < 0) {
                next = takeChunk();
                adj[STRIDE * chunk + 1] = next;
            }
            chunk = next;
        }
        int at = STRIDE * chunk + 2 + 2 * (count % CHUNK);
        adj[at] = partner;
        adj[at + 1] = slot;
        adj[STRIDE * i] = count + 1;
    }

    /** Removes shape {@code i}'s entry {@code k}: the last entry takes its place. */
    private void removeEntry(int i, int k) {
        int last = adj[STRIDE * i] - 1;
        int at = entry(i, k);
        int from = entry(i, last);
        adj[at] = adj[from];
        adj[at + 1] = adj[from + 1];
        adj[STRIDE * i] = last;
        if (last > 0 && last % CHUNK == 0) {
            // The last chunk is empty now: back to the free list.
            int before = i;
            for (int c = last / CHUNK - 1; c > 0; c--) {
                before = adj[STRIDE * before + 1];
            }
            int emptied = adj[STRIDE * before + 1];
            adj[STRIDE * before + 1] = -1;
            adj[STRIDE * emptied + 1] = freeChunk;
            freeChunk = emptied;
        }
    }

    private int takeChunk() {
        if (freeChunk >= 0) {
            int c = freeChunk;
            freeChunk = adj[STRIDE * c + 1];
            adj[STRIDE * c + 1] = -1;
            return c;
        }
        if (STRIDE * (chunkCount + 1) > adj.length) {
            adj = java.util.Arrays.copyOf(adj, STRIDE * (chunkCount + Math.max(16, chunkCount >> 3)));
        }
        adj[STRIDE * chunkCount + 1] = -1;
        return chunkCount++;
    }

    private void free(int s, int a, int b) {
        live.words()[s >>> 6] &= ~(1L << s);
        liveCount--;
        holes[s >>> 12] |= 1L << (s >>> 6);
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
     * Gives the new live pair {@code (a, b)}, {@code a < b}, the lowest free slot; returns it. A
     * reused slot's entry in {@link #pairs()} is written by {@link #applyPartnerOps}.
     */
    private int addPair(int a, int b) {
        int s = allocateSlot();
        if (s == slotCount) {
            pairs.add(a, b);
            slotCount++;
        }
        live.words()[s >>> 6] |= 1L << s;
        liveCount++;
        if (addedCount == added.length) {
            added = java.util.Arrays.copyOf(added, addedCount + (addedCount >> 1));
        }
        added[addedCount++] = s;
        return s;
    }

    /** The lowest free slot, or {@code slotCount} (with room in {@link #live}) when none is free. */
    private int allocateSlot() {
        long[] words = live.words();
        long[] summary = holes;
        int summaryUsed = (((slotCount + 63) >>> 6) + 63) >>> 6;
        for (int h = 0; h < summaryUsed; h++) {
            if (summary[h] != 0) {
                int w = (h << 6) + Long.numberOfTrailingZeros(summary[h]);
                int s = (w << 6) + Long.numberOfTrailingZeros(~words[w]);
                // s is free and below the slot count; is it the word's last hole?
                long freeLeft = ~(words[w] | (1L << s));
                if (w == (slotCount - 1) >>> 6 && (slotCount & 63) != 0) {
                    freeLeft &= (1L << slotCount) - 1;
                }
                if (freeLeft == 0) {
                    summary[h] &= ~(1L << w);
                }
                return s;
            }
        }
        if (live.capacity() == slotCount) {
            OverlapBits grown = new OverlapBits(Math.max(64, slotCount + (slotCount >> 1)));
            System.arraycopy(words, 0, grown.words(), 0, words.length);
            live = grown;
            int summaryWords = (((grown.capacity() + 63) >>> 6) + 63) >>> 6;
            if (holes.length < summaryWords) {
                holes = java.util.Arrays.copyOf(holes, summaryWords);
            }
        }
        return slotCount;
    }

    /** Drops free slots at the end, so the batch the kernels run over ends with a live pair. */
    private void trimFreeTail() {
        int s = slotCount;
        long[] words = live.words();
        while (s > 0 && (words[(s - 1) >>> 6] & (1L << (s - 1))) == 0) {
            s--;
        }
        if (s != slotCount) {
            int usedBefore = (slotCount + 63) >>> 6;
            slotCount = s;
            pairs.truncate(s);
            for (int w = (s + 63) >>> 6; w < usedBefore; w++) {
                holes[w >>> 6] &= ~(1L << w);
            }
            if ((s & 63) != 0) {
                // The last word now ends at s: holes only below it.
                int w = s >>> 6;
                if ((~words[w] & ((1L << s) - 1)) == 0) {
                    holes[w >>> 6] &= ~(1L << w);
                }
            }
        }
    }

    // ---- Results of the last update ---------------------------------------------------------

    /**
     * The pairs by slot: entry {@code s} is slot {@code s}'s pair (smaller shape index first);
     * free slots keep their last pair. Read-only: updated in place by {@link #update}, which
     * rejects every later call once the caller has written into it (added, set, sorted, compacted
     * into), since the slot maps no longer match it; copy it to reorder.
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

    /**
     * The slot of the live pair {@code (a, b)} (either order), or -1 when it is not live.
     * Scans the entries of the shape with fewer pairs: {@code O(pairs of that shape)}.
     */
    public int slotOf(int a, int b) {
        if (a < 0 || a >= n || b < 0 || b >= n) {
            throw new IndexOutOfBoundsException("pair (" + a + ", " + b + "): out of range [0, " + n + ")");
        }
        if (a == b) {
            return -1;
        }
        int ca = adj[STRIDE * a];
        int cb = adj[STRIDE * b];
        int from = ca <= cb ? a : b;
        int k = indexOf(from, from == a ? b : a, Math.min(ca, cb));
        return k < 0 ? -1 : adj[entry(from, k) + 1];
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
        System.arraycopy(fat, 4 * i, out, 0, 4);
    }

    @Override
    public String toString() {
        return "PersistentBroadPhase[shapes=" + n + ", live=" + liveCount + ", slots=" + slotCount + "]";
    }
}
