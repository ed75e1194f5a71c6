package dev.sepax.broad;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.internal.PolygonArrays;
import dev.sepax.shape.ConvexPolygons;

/**
 * A persistent broad phase: keeps the set of candidate pairs from frame to frame, reports the
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
 * The fat boxes are kept sorted on their minimum x (struct of arrays in sweep order). A frame
 * refits the boxes that left their fat box, restores the order with an insertion sort (a few
 * shifts per refit box under coherent motion; past {@code 8 n} shifts it falls back to a radix
 * sort), then tests only what can have changed: live pairs with a refit shape are removed if
 * their fat boxes no longer overlap, and each refit shape scans its neighbours in sweep order for
 * new overlaps. Pair identity is an open-addressing hash table from {@code (a, b)} to the slot.
 * Cost per frame: {@code O(n)} for the refit test and the sort pass, {@code O(slots)} for the
 * removal scan, plus the neighbour scans of the refit shapes; with no shape refit, only the
 * first.
 *
 * <h2>Threads and allocation</h2>
 * One caller at a time: {@link #update} from a second thread while one runs, or a caller who
 * resized {@link #pairs()}, is detected and rejected with an {@link IllegalStateException}.
 * Scratch and tables grow with the pair count and are then reused, so a steady-state frame
 * (pair count within what was seen before) allocates nothing; the first frame allocates.
 */
public final class IncrementalSweepAndPrune {
    private static final long EMPTY = -1L;
    /** Relative slack of the fat boxes against float rounding of the AABB test. */
    private static final double SLACK = 0x1p-20;
    private static final int RADIX_BITS = 11;
    private static final int BUCKETS = 1 << RADIX_BITS;

    private final int n;
    private final float reach;
    private final float margin;

    private final float[] fatMinX;
    private final float[] fatMinY;
    private final float[] fatMaxX;
    private final float[] fatMaxY;
    /** The fat boxes again in sweep order (sorted on minimum x), and which shape each is. */
    private final float[] sMinX;
    private final float[] sMaxX;
    private final float[] sMinY;
    private final float[] sMaxY;
    private final int[] sId;
    /** Position of each shape in the sweep order. */
    private final int[] rank;
    /** An upper bound of every fat box's x extent (only grows): how far back a scan must look. */
    private float maxWidth;

    private final int[] moved;
    private int movedCount;
    /** {@code movedStamp[i] == frame}: shape i was refit in the current update. */
    private final int[] movedStamp;
    private int frame;
    private boolean initialised;

    // Radix sort scratch, for the first frame and for frames that move too much.
    private final int[] keys;
    private final int[] keysTmp;
    private int[] order;
    private int[] orderTmp;
    private final int[] histogram = new int[BUCKETS];

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
     *     fewer refits and more candidate pairs
     * @throws IllegalArgumentException if a count is negative or a distance negative or not finite
     */
    public IncrementalSweepAndPrune(int shapeCount, float reach, float margin) {
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
        sMinX = new float[n];
        sMaxX = new float[n];
        sMinY = new float[n];
        sMaxY = new float[n];
        sId = new int[n];
        rank = new int[n];
        moved = new int[n];
        movedStamp = new int[n];
        keys = new int[n];
        keysTmp = new int[n];
        order = new int[n];
        orderTmp = new int[n];
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
            throw new IllegalStateException("IncrementalSweepAndPrune: update called while another update runs;"
                    + " one caller at a time");
        }
        busy = true;
        try {
            if (pairs.size() != slotCount) {
                throw new IllegalStateException("IncrementalSweepAndPrune: pairs() was resized by the caller (size="
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
            restoreOrder();
            removeSeparated();
            addNewOverlaps();
            trimFreeTail();
        } finally {
            busy = false;
        }
    }

    /** Refits every fat box that no longer holds its shape's AABB; records those shapes. */
    private void refit(float[] minX, float[] minY, float[] maxX, float[] maxY) {
        movedCount = 0;
        float widest = maxWidth;
        for (int i = 0; i < n; i++) {
            float lx = minX[i];
            float ly = minY[i];
            float hx = maxX[i];
            float hy = maxY[i];
            double slack = SLACK * (Math.max(Math.max(Math.abs(lx), Math.abs(hx)), Math.max(Math.abs(ly), Math.abs(hy)))
                    + (double) reach);
            float rlx = down(lx - slack);
            float rly = down(ly - slack);
            float rhx = up(hx + (double) reach + slack);
            float rhy = up(hy + (double) reach + slack);
            if (initialised && rlx >= fatMinX[i] && rly >= fatMinY[i] && rhx <= fatMaxX[i] && rhy <= fatMaxY[i]) {
                continue;
            }
            float flx = down(rlx - (double) margin);
            float fly = down(rly - (double) margin);
            float fhx = up(rhx + (double) margin);
            float fhy = up(rhy + (double) margin);
            fatMinX[i] = flx;
            fatMinY[i] = fly;
            fatMaxX[i] = fhx;
            fatMaxY[i] = fhy;
            widest = Math.max(widest, fhx - flx);
            movedStamp[i] = frame;
            moved[movedCount++] = i;
            if (initialised) {
                int r = rank[i];
                sMinX[r] = flx;
                sMaxX[r] = fhx;
                sMinY[r] = fly;
                sMaxY[r] = fhy;
            }
        }
        // fhx - flx rounds to nearest: one ulp up keeps it an upper bound of the true extent.
        maxWidth = Math.nextUp(widest);
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

    /** Sweep order after refits: insertion sort, or a full sort when that would cost too much. */
    private void restoreOrder() {
        if (!initialised || !insertionSort(8L * n)) {
            fullSort();
            initialised = true;
        }
        assert sorted();
    }

    /** Insertion sort of the sweep arrays; false (order still a permutation) past {@code budget} shifts. */
    private boolean insertionSort(long budget) {
        long shifts = 0;
        for (int r = 1; r < n; r++) {
            float key = sMinX[r];
            if (key >= sMinX[r - 1]) {
                continue;
            }
            float kMaxX = sMaxX[r];
            float kMinY = sMinY[r];
            float kMaxY = sMaxY[r];
            int kId = sId[r];
            int q = r - 1;
            while (q >= 0 && sMinX[q] > key) {
                sMinX[q + 1] = sMinX[q];
                sMaxX[q + 1] = sMaxX[q];
                sMinY[q + 1] = sMinY[q];
                sMaxY[q + 1] = sMaxY[q];
                sId[q + 1] = sId[q];
                rank[sId[q + 1]] = q + 1;
                q--;
            }
            sMinX[q + 1] = key;
            sMaxX[q + 1] = kMaxX;
            sMinY[q + 1] = kMinY;
            sMaxY[q + 1] = kMaxY;
            sId[q + 1] = kId;
            rank[kId] = q + 1;
            shifts += r - 1 - q;
            if (shifts > budget) {
                return false;
            }
        }
        return true;
    }

    /** Radix sort of all shapes on the fat boxes' minimum x (stable, allocation-free). */
    private void fullSort() {
        for (int i = 0; i < n; i++) {
            keys[i] = sortableBits(fatMinX[i]);
            order[i] = i;
        }
        int[] k = keys;
        int[] kt = keysTmp;
        int[] o = order;
        int[] ot = orderTmp;
        for (int shift = 0; shift < 32; shift += RADIX_BITS) {
            java.util.Arrays.fill(histogram, 0);
            for (int i = 0; i < n; i++) {
                histogram[(k[i] >>> shift) & (BUCKETS - 1)]++;
            }
            int sum = 0;
            for (int b = 0; b < BUCKETS; b++) {
                int c = histogram[b];
                histogram[b] = sum;
                sum += c;
            }
            for (int i = 0; i < n; i++) {
                int dst = histogram[(k[i] >>> shift) & (BUCKETS - 1)]++;
                kt[dst] = k[i];
                ot[dst] = o[i];
            }
            int[] t = k;
            k = kt;
            kt = t;
            t = o;
            o = ot;
            ot = t;
        }
        // Three passes: the sorted order ends in the temporary arrays; the keys are not needed.
        order = o;
        orderTmp = ot;
        for (int r = 0; r < n; r++) {
            int i = o[r];
            sMinX[r] = fatMinX[i];
            sMaxX[r] = fatMaxX[i];
            sMinY[r] = fatMinY[i];
            sMaxY[r] = fatMaxY[i];
            sId[r] = i;
            rank[i] = r;
        }
    }

    /** Maps a finite float to an int whose unsigned order is the float order. */
    private static int sortableBits(float f) {
        int bits = Float.floatToRawIntBits(f);
        return bits ^ ((bits >> 31) | Integer.MIN_VALUE);
    }

    private boolean sorted() {
        for (int r = 1; r < n; r++) {
            if (sMinX[r - 1] > sMinX[r] || rank[sId[r]] != r) {
                return false;
            }
        }
        return true;
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

    /** Each refit shape scans its neighbours in sweep order and adds the overlaps not yet live. */
    private void addNewOverlaps() {
        for (int m = 0; m < movedCount; m++) {
            int i = moved[m];
            int r = rank[i];
            float lx = fatMinX[i];
            float hx = fatMaxX[i];
            float ly = fatMinY[i];
            float hy = fatMaxY[i];
            // Later in sweep order: they start at or after lx, so x overlaps iff they start by hx.
            for (int q = r + 1; q < n && sMinX[q] <= hx; q++) {
                if (sMinY[q] <= hy && ly <= sMaxY[q]) {
                    consider(i, sId[q]);
                }
            }
            // Earlier: they start at or before lx; none wider than maxWidth reaches lx from
            // further back than lx - maxWidth.
            float from = lx - maxWidth;
            for (int q = r - 1; q >= 0 && sMinX[q] >= from; q--) {
                if (lx <= sMaxX[q] && sMinY[q] <= hy && ly <= sMaxY[q]) {
                    consider(i, sId[q]);
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
        return "IncrementalSweepAndPrune[shapes=" + n + ", live=" + liveCount + ", slots=" + slotCount + "]";
    }
}
