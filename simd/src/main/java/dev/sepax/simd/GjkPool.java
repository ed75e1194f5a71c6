package dev.sepax.simd;

import dev.sepax.internal.RoundedArrays;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * Per-thread waiting room of {@link VectorDistance}'s plain queries: the lanes of groups that
 * are still running after {@link VectorDistance#COMPACT_AFTER} trips, packed densely into a group
 * of their own, so that they go on in full groups instead of idling the other lanes of their
 * group until its slowest pair ends.
 *
 * <h2>How a lane moves</h2>
 * <pre>
 *  take:     the state rows a plain trip reads before writing them ({@link #MOVED}: simplex
 *            size, points and indices of the three slots, iteration count, exit code) of the
 *            running lanes into the next free lanes of {@link #lanes}, as many as fit (the
 *            others at the next take): on 16 lanes compressed and expanded, else lane by lane;
 *            batch index and shapes lane by lane
 *  prepare:  the core points of the waiting lanes' shapes gathered into rows, as
 *            {@link GjkLanes} packs a group of large cores (index clamped to a lane's last point)
 * </pre>
 * A lane's state is its own: a trip computes every lane from that lane's rows only, and a
 * support scan's result does not depend on how many rows the group scans (a lane's rows past
 * its last point repeat that point, and ties keep the first index), so a lane moved here gives
 * the bits it would have given where it started. Not thread-safe: one per thread, owned by its
 * {@link GjkLanes}, allocated on first use and reused.
 */
final class GjkPool {
    private static final VectorSpecies<Float> F = VectorSupport.F;
    private static final VectorSpecies<Integer> I = VectorSpecies.of(int.class, F.vectorShape());
    private static final int L = F.length();
    /** 16 lanes (AVX-512): rows move by compress and expand. */
    private static final boolean WIDE = L == 16;
    /** The state rows that a plain trip reads before it writes them. */
    private static final int[] MOVED = {
        GjkLanes.N, GjkLanes.AX1, GjkLanes.AY1, GjkLanes.BX1, GjkLanes.BY1, GjkLanes.IA1, GjkLanes.IB1,
        GjkLanes.AX2, GjkLanes.AY2, GjkLanes.BX2, GjkLanes.BY2, GjkLanes.IA2, GjkLanes.IB2,
        GjkLanes.AX3, GjkLanes.AY3, GjkLanes.BX3, GjkLanes.BY3, GjkLanes.IA3, GjkLanes.IB3,
        GjkLanes.ITER, GjkLanes.EXIT
    };

    /** The group the waiting lanes fill, run by the kernel once {@link #prepare}d. */
    final GjkLanes lanes = new GjkLanes();
    /** Lanes waiting in {@link #lanes}. */
    int size;
    private final int[] start = new int[L];
    private final int[] last = new int[L];
    private final int[] map = new int[L];

    /** Empties the pool (a batch starts, or its lanes have run). */
    void clear() {
        size = 0;
    }

    /**
     * Moves the lanes of {@code g} that are still running (exit code 0), in lane order, into the
     * free lanes of {@link #lanes}, as many as fit, and marks them finished in {@code g} (whose
     * results are written by then: its rows are dead). Returns true if {@link #lanes} is full:
     * the caller then {@link #prepare}s and runs it, empties it ({@link #clear}) and takes again,
     * for the lanes that did not fit.
     */
    boolean take(GjkLanes g) {
        if (WIDE) {
            return takeWide(g);
        }
        // Lane by lane where compress and expand are not single instructions.
        float[] r = g.state;
        float[] q = lanes.state;
        for (int l = 0; l < L && size < L; l++) {
            if (r[GjkLanes.EXIT + l] != 0f) {
                continue;
            }
            int m = size++;
            for (int row : MOVED) {
                q[row + m] = r[row + l];
            }
            r[GjkLanes.EXIT + l] = VectorDistance.SPARE;
            lanes.pair[m] = g.pair[l];
            lanes.a[m] = g.a[l];
            lanes.b[m] = g.b[l];
        }
        return size == L;
    }

    /**
     * {@link #take} on 16 lanes: each moved row compressed to the running lanes that fit and
     * expanded into the free lanes (blended, so the lanes already waiting keep theirs).
     */
    private boolean takeWide(GjkLanes g) {
        float[] r = g.state;
        FloatVector exit = FloatVector.fromArray(F, r, GjkLanes.EXIT);
        long bits = exit.compare(VectorOperators.EQ, FloatVector.zero(F)).toLong();
        if (bits == 0) {
            return false;
        }
        int room = L - size;
        if (Long.bitCount(bits) > room) {
            // The first `room` running lanes; the others wait for the next take.
            long here = 0;
            for (int k = 0; k < room; k++) {
                long low = bits & -bits;
                here |= low;
                bits ^= low;
            }
            bits = here;
        }
        int fit = Long.bitCount(bits);
        VectorMask<Float> from = VectorMask.fromLong(F, bits);
        VectorMask<Float> to = VectorMask.fromLong(F, ((1L << fit) - 1) << size);
        float[] p = lanes.state;
        for (int o : MOVED) {
            FloatVector v = FloatVector.fromArray(F, r, o).compress(from).expand(to);
            FloatVector.fromArray(F, p, o).blend(v, to).intoArray(p, o);
        }
        exit.blend(FloatVector.broadcast(F, VectorDistance.SPARE), from).intoArray(r, GjkLanes.EXIT);
        for (int l = 0, j = size; bits != 0; l++, bits >>>= 1) {
            if ((bits & 1) != 0) {
                lanes.pair[j] = g.pair[l];
                lanes.a[j] = g.a[l];
                lanes.b[j] = g.b[l];
                j++;
            }
        }
        size += fit;
        return size == L;
    }

    /**
     * Makes {@link #lanes} ready for the trips: its lanes past {@link #size} spare (finished, a
     * valid shape for the tail), the rows of A's and B's core points gathered (point
     * {@code min(i, last)} of each lane's shape, so the padding repeats a lane's last point), the
     * retry row cleared. Returns the number of waiting lanes in it.
     */
    int prepare(RoundedArrays s) {
        GjkLanes g = lanes;
        int n = size;
        float[] r = g.state;
        for (int l = n; l < L; l++) {
            r[GjkLanes.EXIT + l] = VectorDistance.SPARE;
            g.a[l] = g.a[0];
            g.b[l] = g.b[0];
        }
        java.util.Arrays.fill(r, GjkLanes.RETRY, GjkLanes.RETRY + L, 0f);
        g.countA = gather(s, g.a, g.ax, g.ay);
        g.countB = gather(s, g.b, g.bx, g.by);
        return n;
    }

    /** Rows of the core points of each lane's shape {@code shape[l]} into {@code px, py}; returns the largest count. */
    private int gather(RoundedArrays s, int[] shape, float[] px, float[] py) {
        int[] first = s.start();
        int[] count = s.count();
        int rows = 0;
        for (int l = 0; l < L; l++) {
            int k = count[shape[l]];
            start[l] = first[shape[l]];
            last[l] = k - 1;
            rows = Math.max(rows, k);
        }
        float[] x = s.x();
        float[] y = s.y();
        IntVector one = IntVector.broadcast(I, 1);
        IntVector o = IntVector.fromArray(I, start, 0);
        IntVector k = IntVector.fromArray(I, last, 0);
        IntVector i = IntVector.zero(I);
        for (int row = 0; row < rows; row++) {
            o.add(i.min(k)).intoArray(map, 0);
            FloatVector.fromArray(F, x, 0, map, 0).intoArray(px, row * L);
            FloatVector.fromArray(F, y, 0, map, 0).intoArray(py, row * L);
            i = i.add(one);
        }
        return rows;
    }
}
