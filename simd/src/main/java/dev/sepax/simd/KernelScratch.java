package dev.sepax.simd;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Scratch for one SIMD batch call, lent from a small bounded pool: the lane-major rows of
 * {@link LaneMajorPairs} and a few lane-sized int arrays. A kernel takes one at the start of a
 * batch and gives it back at the end, so the memory held is bounded by the pool, not by the
 * number of threads that ever called (virtual threads included).
 *
 * <h2>Pool</h2>
 * At most {@link #POOL_SIZE} instances ever exist, created on demand and kept in an
 * {@link AtomicReferenceArray}. {@link #take()} returns a free one, or {@code null} when all are
 * lent: the kernel then takes its paths that need no scratch (same bits, slower), so a call
 * never waits, never allocates after the pool is full, and never shares scratch with another
 * call. The caller's output arrays are never used as scratch.
 *
 * <p>Thread-safe (compare-and-set on the slots). About 10 KB per instance at 16 float lanes (the
 * lane-major pair rows 3 KB, the OBB rows and columns 3.4 KB, the sweep's rate rows 1.4 KB), plus
 * the support index arrays, grown once to the largest shape met.
 */
final class KernelScratch {
    private static final int L = VectorSupport.F.length();
    /** Most instances that ever exist: twice the processors, at least 4, at most 64. */
    static final int POOL_SIZE = Math.max(4, Math.min(64, 2 * Runtime.getRuntime().availableProcessors()));
    private static final AtomicReferenceArray<KernelScratch> FREE = new AtomicReferenceArray<>(POOL_SIZE);
    private static final AtomicInteger CREATED = new AtomicInteger();

    /** Lane-major slot rows for the lanes-across-pairs MTV groups. */
    final LaneMajorPairs lanes = new LaneMajorPairs();
    /** Per-lane int scratch (entry keys of the sweep, slot indices of a gather). */
    final int[] ints0 = new int[L];
    /** Per-lane int scratch (axis codes of the sweep, slot indices of a gather). */
    final int[] ints1 = new int[L];
    /** Per-lane int scratch (exit keys of the sweep). */
    final int[] ints2 = new int[L];
    /**
     * The sweep's lanes-across-pairs rows, L lanes each: relative velocity x and y (-u in lanes
     * [0, L/2), u above); the entry, exit and normal x and y after the swept AABB
     * constraints; the times of up to 8 edges, then their rates.
     */
    final float[] sweepRates = new float[22 * L];
    /** The same rows for the second group of a run of L pairs. */
    final float[] sweepRates2 = new float[22 * L];
    /** The normals of up to L group starts of a merge-class shape, lane by lane. */
    final float[] startNx = new float[L];
    /** The normals of up to L group starts of a merge-class shape, lane by lane. */
    final float[] startNy = new float[L];
    /** Support indices of up to L group starts, lane by lane. */
    final int[] startIndex = new int[L];
    /** Sink of the MTV kernel's cache-line touches (keeps those reads from being removed). */
    int touched;
    /** Support indices at the group starts of a merge-class pair's A (see {@link #supports}). */
    private int[] supportsA = new int[16];
    /** Support indices at the group starts of a merge-class pair's B (see {@link #supports}). */
    private int[] supportsB = new int[16];

    /**
     * Lane-major rows of the OBB kernel: R (9), T (3), A's and B's half-extents (6), T along B's
     * axes (3), L lanes each.
     */
    final float[] boxRows = new float[21 * L];
    /** The OBB kernel's transposed boxes: A's 15 components, a spare row, B's 15 (L lanes each). */
    final float[] boxCols = new float[32 * L];
    /**
     * The OBB kernel's queue of pairs left to the cross axes: A's box (at most 64 + L - 1
     * entries, and room for a whole vector stored at the last one).
     */
    final int[] boxQueueA = new int[64 + 2 * L];
    /** The same queue: B's box. */
    final int[] boxQueueB = new int[64 + 2 * L];
    /** The same queue: the pair's index in the batch. */
    final int[] boxQueuePair = new int[64 + 2 * L];

    /** The merge class's per-chunk bounds of one pair (see {@link #bounds}). */
    private float[] bounds = new float[8 * 16];
    /** The merge class's per-chunk fields of one pair (see {@link #chunkTable}). */
    private int[] chunkTable = new int[8 * VectorPenetration.CHUNK_FIELDS];

    private KernelScratch() {}

    /**
     * Room for the fields of {@code chunks} merge-class chunks of one pair (see
     * {@code VectorPenetration.chunkBounds}): grown once to the largest pair met, then reused.
     */
    int[] chunkTable(int chunks) {
        int n = chunks * VectorPenetration.CHUNK_FIELDS;
        if (chunkTable.length < n) {
            chunkTable = new int[n];
        }
        return chunkTable;
    }

    /**
     * Room for {@code chunks} vectors of the merge class's upper bounds (one vector per chunk of
     * a pair's edges, see {@code VectorPenetration.mergeBest}): grown once to the largest pair
     * met, then reused.
     */
    float[] bounds(int chunks) {
        int n = chunks * L;
        if (bounds.length < n) {
            bounds = new float[n];
        }
        return bounds;
    }

    /**
     * Room for the support indices at {@code groups} group starts of A's ({@code side == 0}) or
     * B's edges, rounded up to whole vectors: grown once to the largest shape met, then reused.
     */
    int[] supports(int side, int groups) {
        int n = (groups + L - 1) / L * L;
        if (side == 0) {
            if (supportsA.length < n) {
                supportsA = new int[n];
            }
            return supportsA;
        }
        if (supportsB.length < n) {
            supportsB = new int[n];
        }
        return supportsB;
    }

    /**
     * The GJK kernels' lane state (distance, rounded MTV and manifolds, cast), made on the first
     * GJK batch this instance serves: about 21 KB at 16 lanes, held by at most
     * {@link #POOL_SIZE} instances, whatever the number of threads.
     */
    GjkLanes gjk() {
        GjkLanes g = gjk;
        if (g == null) {
            g = new GjkLanes();
            gjk = g;
        }
        return g;
    }

    private GjkLanes gjk;

    /** A free instance, or {@code null} if all {@link #POOL_SIZE} are lent. */
    static KernelScratch take() {
        int n = POOL_SIZE;
        int first = (int) Math.floorMod(Thread.currentThread().threadId(), (long) n);
        for (int i = 0; i < n; i++) {
            int slot = first + i < n ? first + i : first + i - n;
            KernelScratch s = FREE.get(slot);
            if (s != null && FREE.compareAndSet(slot, s, null)) {
                return s;
            }
        }
        // None free: make one more while the pool is below its size.
        int made = CREATED.get();
        while (made < n) {
            if (CREATED.compareAndSet(made, made + 1)) {
                return new KernelScratch();
            }
            made = CREATED.get();
        }
        return null;
    }

    /** Returns an instance from {@link #take()} to the pool. */
    static void give(KernelScratch s) {
        int n = POOL_SIZE;
        int first = (int) Math.floorMod(Thread.currentThread().threadId(), (long) n);
        for (int i = 0; i < n; i++) {
            int slot = first + i < n ? first + i : first + i - n;
            if (FREE.get(slot) == null && FREE.compareAndSet(slot, null, s)) {
                return;
            }
        }
        // Unreachable while at most POOL_SIZE instances exist: every lent one has a free slot.
        assert false : "pool full on give";
    }
}
