package dev.sepax.simd;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.internal.BitWords;
import dev.sepax.internal.BoxArrays;
import dev.sepax.internal.SolidArguments;
import dev.sepax.solid.BoxOverlapKernel;
import dev.sepax.solid.OrientedBoxes;
import dev.sepax.solid.ScalarObbSat;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * The SIMD OBB kernel: lanes across pairs, in four steps per vector of pairs, each the lane-wise
 * twin of a step of {@link ScalarObbSat#separated} (same expressions, same order:
 * {@code mul().add()} for {@code a*b + c}, {@code abs}, {@code Math.copySign} as bit operations,
 * {@code sqrt} correctly rounded), so every verdict equals the scalar one bit for bit:
 * <ol>
 * <li><b>Load.</b> With 16 float lanes, each box's packed row ({@code BoxArrays.packed}, 16
 * floats) is read with one contiguous vector load and each 16 x 16 block is transposed in
 * registers (four rounds of blends and one-input permutes), giving the 15 components
 * lane-major; the 30 gathers per vector of pairs this replaces cost several times as much.
 * When one side of the vector's pairs holds at most two boxes (pairs sorted on a box, as a
 * broad phase or {@code PairOrder.sortByFirst} emits them), that side is broadcast instead.
 * The components go to pooled scratch ({@link KernelScratch}); {@code R} and {@code T} are
 * computed from them and stay in registers through the next two steps
 * ({@link #facesAndCertificates}). Narrower vectors gather the components and stage
 * {@code R}, {@code T} and the half-extents lane-major in scratch for separate steps.</li>
 * <li><b>Face axes</b> (six), which separate most separated pairs.</li>
 * <li><b>Certificate</b> (tolerance {@code >= 0}): the point of A closest to B's centre lies in
 * B, or the converse; about nine in ten intersecting pairs end here.</li>
 * <li><b>Cross axes</b>, only for the pairs still open (about one in ten on random boxes): they
 * are queued and run a full vector at a time once enough have gathered (reloaded, so every
 * lane does useful work), their bits cleared in the words already written; a last partial
 * queue runs the scalar reference.</li>
 * </ol>
 * Verdicts combine compares as mask bits; no lane reduction. A word's tail shorter than a vector
 * runs the scalar kernel. Stateless and thread-safe: a batch borrows its scratch from the bounded
 * {@link KernelScratch} pool, and runs the scalar kernel (same bits) when the pool is empty.
 * Allocation-free in steady state (the pool creates its instances on first use).
 */
public final class VectorObbSat implements BoxOverlapKernel {
    /** The shared instance. */
    public static final VectorObbSat INSTANCE = new VectorObbSat();
    private static final VectorSpecies<Float> S = VectorSupport.F;
    private static final int L = S.length();
    private static final VectorSpecies<Integer> I = VectorSpecies.of(int.class, S.vectorShape());
    /** Rows of 16 floats load as one vector: transpose them instead of gathering. */
    private static final boolean TRANSPOSE = L == BoxArrays.STRIDE;
    /** 0, 1, .., L - 1. */
    private static final IntVector IOTA = IntVector.zero(I).addIndex(1);
    /** Lanes c with {@code c & b != 0}, for the transpose round b (16 lanes). */
    private static final VectorMask<Float> M8 = blockMask(8);
    private static final VectorMask<Float> M4 = blockMask(4);
    private static final VectorMask<Float> M2 = blockMask(2);
    private static final VectorMask<Float> M1 = blockMask(1);
    /** Lane c takes lane {@code c ^ b}: swaps neighbouring blocks of b lanes. */
    private static final VectorShuffle<Float> SWAP8 = swap(8);
    private static final VectorShuffle<Float> SWAP4 = swap(4);
    private static final VectorShuffle<Float> SWAP2 = swap(2);
    private static final VectorShuffle<Float> SWAP1 = swap(1);
    private static final FloatVector ZERO = FloatVector.zero(S);
    /** The float sign bit. */
    private static final int SIGN = 0x80000000;

    private VectorObbSat() {}

    private static VectorMask<Float> blockMask(int b) {
        boolean[] m = new boolean[L];
        for (int c = 0; c < L; c++) {
            m[c] = (c & b) != 0;
        }
        return VectorMask.fromArray(S, m, 0);
    }

    private static VectorShuffle<Float> swap(int b) {
        int[] s = new int[L];
        for (int c = 0; c < L; c++) {
            s[c] = (c ^ b) & (L - 1); // (only used with 16 lanes)
        }
        return VectorShuffle.fromArray(S, s, 0);
    }

    @Override
    public String name() {
        return "simd-obb";
    }

    @Override
    public boolean intersects(OrientedBoxes boxes, int a, int b, float tolerance) {
        return ScalarObbSat.INSTANCE.intersects(boxes, a, b, tolerance);
    }

    @Override
    public int test(OrientedBoxes boxes, PairBatch pairs, int from, int to, float tolerance, OverlapBits out) {
        SolidArguments.check(boxes, boxes == null ? 0 : boxes.size(), pairs, from, to, tolerance, out, null);
        BoxArrays r = boxes.arrays();
        int[] pa = pairs.arrays().a;
        int[] pb = pairs.arrays().b;
        long[] words = out.words();
        int hits = 0;
        long laneBits = (1L << L) - 1;
        KernelScratch scratch = KernelScratch.take();
        if (scratch == null) {
            // All pool instances lent: the scalar kernel, the same bits.
            return ScalarObbSat.INSTANCE.test(boxes, pairs, from, to, tolerance, out);
        }
        float[] k = r.packed;
        float[] cols = scratch.boxCols;
        float[] rows = scratch.boxRows;
        int[] ia = scratch.ints0;
        int[] ib = scratch.ints1;
        int[] qa = scratch.boxQueueA;
        int[] qb = scratch.boxQueueB;
        int[] qp = scratch.boxQueuePair;
        int queued = 0;
        boolean certify = tolerance >= 0;
        try {
            for (int w = from; w < to; w += 64) {
                int end = Math.min(to, w + 64);
                long bits = 0;
                int p = w;
                for (; p + L <= end; p += L) {
                    long hit;
                    long open;
                    if (TRANSPOSE) {
                        loadBoxes(k, pa, pb, p, cols);
                        long f = facesAndCertificates(cols, tolerance, certify);
                        hit = ~f & laneBits;
                        open = hit & ~(f >>> 32);
                    } else {
                        load(k, r, pa, pb, p, cols, rows, ia, ib);
                        hit = ~faces(rows, tolerance) & laneBits;
                        open = hit;
                        if (certify && open != 0) {
                            open &= ~(closestOfAInB(rows) | closestOfBInA(rows));
                        }
                    }
                    if (TRANSPOSE) {
                        // AVX-512 (16 lanes): compress the open lanes' indices, no branch per lane.
                        if (open != 0) {
                            VectorMask<Integer> m = VectorMask.fromLong(I, open);
                            IntVector.fromArray(I, pa, p).compress(m).intoArray(qa, queued);
                            IntVector.fromArray(I, pb, p).compress(m).intoArray(qb, queued);
                            IOTA.add(p).compress(m).intoArray(qp, queued);
                            queued += Long.bitCount(open);
                        }
                    } else {
                        // Narrower vectors may lack a compress instruction (AVX2): one lane at a time.
                        while (open != 0) {
                            int lane = Long.numberOfTrailingZeros(open);
                            open &= open - 1;
                            qa[queued] = pa[p + lane];
                            qb[queued] = pb[p + lane];
                            qp[queued] = p + lane;
                            queued++;
                        }
                    }
                    bits |= hit << (p - w);
                }
                if (p < end) {
                    bits |= ScalarObbSat.word(r, pa, pb, w, end, tolerance) & (-1L << (p - w));
                }
                hits += Long.bitCount(bits);
                BitWords.store(words, w, end, bits);
                // The queued pairs' words are written: clear the bits of those a cross axis separates.
                while (queued >= L) {
                    hits -= crossQueued(k, r, qa, qb, qp, cols, rows, ia, ib, tolerance, words);
                    queued -= L;
                    System.arraycopy(qa, L, qa, 0, queued);
                    System.arraycopy(qb, L, qb, 0, queued);
                    System.arraycopy(qp, L, qp, 0, queued);
                }
            }
            for (int i = 0; i < queued; i++) {
                if (ScalarObbSat.separated(r, qa[i], qb[i], tolerance)) {
                    words[qp[i] >>> 6] &= ~(1L << qp[i]);
                    hits--;
                }
            }
        } finally {
            KernelScratch.give(scratch);
        }
        return hits;
    }

    /**
     * Runs the nine cross axes for the first L queued pairs (all of them open after the face
     * axes and the certificate), clears the bits of the separated ones; returns how many.
     */
    private static int crossQueued(float[] k, BoxArrays r, int[] qa, int[] qb, int[] qp, float[] cols, float[] rows,
                                   int[] ia, int[] ib, float tol, long[] words) {
        load(k, r, qa, qb, 0, cols, rows, ia, ib);
        long sep = crosses(rows, tol, 11, 10, 3, 6, 0, 13, 14)   // A0 x B*
                | crosses(rows, tol, 9, 11, 6, 0, 3, 14, 12)       // A1 x B*
                | crosses(rows, tol, 10, 9, 0, 3, 6, 12, 13);      // A2 x B*
        int n = Long.bitCount(sep);
        while (sep != 0) {
            int pair = qp[Long.numberOfTrailingZeros(sep)];
            sep &= sep - 1;
            words[pair >>> 6] &= ~(1L << pair);
        }
        return n;
    }

    /** Stages {@code R}, {@code T} and the half-extents of pairs {@code (pa[p + i], pb[p + i])}, i < L, into rows. */
    private static void load(float[] k, BoxArrays r, int[] pa, int[] pb, int p, float[] cols, float[] rows,
                             int[] ia, int[] ib) {
        if (TRANSPOSE) {
            transpose(k, pa, p, cols, 0);
            transpose(k, pb, p, cols, 16 * L);
            stage(cols, rows);
        } else {
            gather(r, pa, pb, p, rows, ia, ib);
        }
    }

    /**
     * Loads the packed rows of boxes {@code idx[p .. p + 15]} (16 lanes) and writes their
     * components 0..14 lane-major to {@code cols[off + c * L ..]}: a 16 x 16 transpose in four
     * rounds, b = 8, 4, 2, 1, each swapping the b x b blocks off the diagonal: rows x = i and
     * y = i + b (bit b of i clear) become {@code x' = (x where c & b == 0, else y[c - b])} and
     * {@code y' = (x[c + b] where c & b == 0, else y)}, computed as {@code w = blend(y, x)},
     * {@code v = w[c ^ b]}, {@code x' = blend(x, v)}, {@code y' = blend(v, y)}: one one-input
     * {@code rearrange} and three blends per pair of rows, all single instructions on AVX-512
     * (a two-input {@code rearrange} is two permutes and a blend; {@code selectFrom} of two
     * vectors, one instruction, is not in Java 21's API).
     */
    private static void transpose(float[] k, int[] idx, int p, float[] cols, int off) {
        FloatVector r0 = FloatVector.fromArray(S, k, BoxArrays.STRIDE * idx[p]);
        FloatVector r1 = FloatVector.fromArray(S, k, BoxArrays.STRIDE * idx[p + 1]);
        FloatVector r2 = FloatVector.fromArray(S, k, BoxArrays.STRIDE * idx[p + 2]);
        FloatVector r3 = FloatVector.fromArray(S, k, BoxArrays.STRIDE * idx[p + 3]);
        FloatVector r4 = FloatVector.fromArray(S, k, BoxArrays.STRIDE * idx[p + 4]);
        FloatVector r5 = FloatVector.fromArray(S, k, BoxArrays.STRIDE * idx[p + 5]);
        FloatVector r6 = FloatVector.fromArray(S, k, BoxArrays.STRIDE * idx[p + 6]);
        FloatVector r7 = FloatVector.fromArray(S, k, BoxArrays.STRIDE * idx[p + 7]);
        FloatVector r8 = FloatVector.fromArray(S, k, BoxArrays.STRIDE * idx[p + 8]);
        FloatVector r9 = FloatVector.fromArray(S, k, BoxArrays.STRIDE * idx[p + 9]);
        FloatVector r10 = FloatVector.fromArray(S, k, BoxArrays.STRIDE * idx[p + 10]);
        FloatVector r11 = FloatVector.fromArray(S, k, BoxArrays.STRIDE * idx[p + 11]);
        FloatVector r12 = FloatVector.fromArray(S, k, BoxArrays.STRIDE * idx[p + 12]);
        FloatVector r13 = FloatVector.fromArray(S, k, BoxArrays.STRIDE * idx[p + 13]);
        FloatVector r14 = FloatVector.fromArray(S, k, BoxArrays.STRIDE * idx[p + 14]);
        FloatVector r15 = FloatVector.fromArray(S, k, BoxArrays.STRIDE * idx[p + 15]);
        FloatVector w;
        FloatVector v;
        // Written out (no loop): vectors carried round a loop would be boxed.
        w = r8.blend(r0, M8);
        v = w.rearrange(SWAP8);
        r0 = r0.blend(v, M8);
        r8 = v.blend(r8, M8);
        w = r9.blend(r1, M8);
        v = w.rearrange(SWAP8);
        r1 = r1.blend(v, M8);
        r9 = v.blend(r9, M8);
        w = r10.blend(r2, M8);
        v = w.rearrange(SWAP8);
        r2 = r2.blend(v, M8);
        r10 = v.blend(r10, M8);
        w = r11.blend(r3, M8);
        v = w.rearrange(SWAP8);
        r3 = r3.blend(v, M8);
        r11 = v.blend(r11, M8);
        w = r12.blend(r4, M8);
        v = w.rearrange(SWAP8);
        r4 = r4.blend(v, M8);
        r12 = v.blend(r12, M8);
        w = r13.blend(r5, M8);
        v = w.rearrange(SWAP8);
        r5 = r5.blend(v, M8);
        r13 = v.blend(r13, M8);
        w = r14.blend(r6, M8);
        v = w.rearrange(SWAP8);
        r6 = r6.blend(v, M8);
        r14 = v.blend(r14, M8);
        w = r15.blend(r7, M8);
        v = w.rearrange(SWAP8);
        r7 = r7.blend(v, M8);
        r15 = v.blend(r15, M8);
        w = r4.blend(r0, M4);
        v = w.rearrange(SWAP4);
        r0 = r0.blend(v, M4);
        r4 = v.blend(r4, M4);
        w = r5.blend(r1, M4);
        v = w.rearrange(SWAP4);
        r1 = r1.blend(v, M4);
        r5 = v.blend(r5, M4);
        w = r6.blend(r2, M4);
        v = w.rearrange(SWAP4);
        r2 = r2.blend(v, M4);
        r6 = v.blend(r6, M4);
        w = r7.blend(r3, M4);
        v = w.rearrange(SWAP4);
        r3 = r3.blend(v, M4);
        r7 = v.blend(r7, M4);
        w = r12.blend(r8, M4);
        v = w.rearrange(SWAP4);
        r8 = r8.blend(v, M4);
        r12 = v.blend(r12, M4);
        w = r13.blend(r9, M4);
        v = w.rearrange(SWAP4);
        r9 = r9.blend(v, M4);
        r13 = v.blend(r13, M4);
        w = r14.blend(r10, M4);
        v = w.rearrange(SWAP4);
        r10 = r10.blend(v, M4);
        r14 = v.blend(r14, M4);
        w = r15.blend(r11, M4);
        v = w.rearrange(SWAP4);
        r11 = r11.blend(v, M4);
        r15 = v.blend(r15, M4);
        w = r2.blend(r0, M2);
        v = w.rearrange(SWAP2);
        r0 = r0.blend(v, M2);
        r2 = v.blend(r2, M2);
        w = r3.blend(r1, M2);
        v = w.rearrange(SWAP2);
        r1 = r1.blend(v, M2);
        r3 = v.blend(r3, M2);
        w = r6.blend(r4, M2);
        v = w.rearrange(SWAP2);
        r4 = r4.blend(v, M2);
        r6 = v.blend(r6, M2);
        w = r7.blend(r5, M2);
        v = w.rearrange(SWAP2);
        r5 = r5.blend(v, M2);
        r7 = v.blend(r7, M2);
        w = r10.blend(r8, M2);
        v = w.rearrange(SWAP2);
        r8 = r8.blend(v, M2);
        r10 = v.blend(r10, M2);
        w = r11.blend(r9, M2);
        v = w.rearrange(SWAP2);
        r9 = r9.blend(v, M2);
        r11 = v.blend(r11, M2);
        w = r14.blend(r12, M2);
        v = w.rearrange(SWAP2);
        r12 = r12.blend(v, M2);
        r14 = v.blend(r14, M2);
        w = r15.blend(r13, M2);
        v = w.rearrange(SWAP2);
        r13 = r13.blend(v, M2);
        r15 = v.blend(r15, M2);
        w = r1.blend(r0, M1);
        v = w.rearrange(SWAP1);
        r0 = r0.blend(v, M1);
        r1 = v.blend(r1, M1);
        w = r3.blend(r2, M1);
        v = w.rearrange(SWAP1);
        r2 = r2.blend(v, M1);
        r3 = v.blend(r3, M1);
        w = r5.blend(r4, M1);
        v = w.rearrange(SWAP1);
        r4 = r4.blend(v, M1);
        r5 = v.blend(r5, M1);
        w = r7.blend(r6, M1);
        v = w.rearrange(SWAP1);
        r6 = r6.blend(v, M1);
        r7 = v.blend(r7, M1);
        w = r9.blend(r8, M1);
        v = w.rearrange(SWAP1);
        r8 = r8.blend(v, M1);
        r9 = v.blend(r9, M1);
        w = r11.blend(r10, M1);
        v = w.rearrange(SWAP1);
        r10 = r10.blend(v, M1);
        r11 = v.blend(r11, M1);
        w = r13.blend(r12, M1);
        v = w.rearrange(SWAP1);
        r12 = r12.blend(v, M1);
        r13 = v.blend(r13, M1);
        w = r15.blend(r14, M1);
        v = w.rearrange(SWAP1);
        r14 = r14.blend(v, M1);
        r0.intoArray(cols, off + 0);
        r1.intoArray(cols, off + L);
        r2.intoArray(cols, off + 2 * L);
        r3.intoArray(cols, off + 3 * L);
        r4.intoArray(cols, off + 4 * L);
        r5.intoArray(cols, off + 5 * L);
        r6.intoArray(cols, off + 6 * L);
        r7.intoArray(cols, off + 7 * L);
        r8.intoArray(cols, off + 8 * L);
        r9.intoArray(cols, off + 9 * L);
        r10.intoArray(cols, off + 10 * L);
        r11.intoArray(cols, off + 11 * L);
        r12.intoArray(cols, off + 12 * L);
        r13.intoArray(cols, off + 13 * L);
        r14.intoArray(cols, off + 14 * L);
    }

    /**
     * Writes the components 0..14 of the boxes of pairs {@code p .. p + 15} lane-major to
     * {@code cols} (A's at rows 0..14, B's at 16..30). Pairs from a broad phase or
     * {@code PairOrder.sortByFirst} come in runs that share a box: a side with at most two boxes
     * in the vector is broadcast (15 blends) instead of loaded and transposed (16 loads and 127
     * shuffles and blends). A method of its own: in the batch loop these compares slowed the
     * whole loop down.
     */
    private static void loadBoxes(float[] k, int[] pa, int[] pb, int p, float[] cols) {
        long lanes = (1L << L) - 1;
        int a0 = pa[p];
        int a1 = pa[p + L - 1];
        IntVector va = IntVector.fromArray(I, pa, p);
        long second = va.compare(VectorOperators.EQ, a1).toLong();
        if ((va.compare(VectorOperators.EQ, a0).toLong() | second) == lanes) {
            broadcast(k, a0, a1, second, cols, 0);
            transpose(k, pb, p, cols, 16 * L);
            return;
        }
        transpose(k, pa, p, cols, 0);
        int b0 = pb[p];
        int b1 = pb[p + L - 1];
        IntVector vb = IntVector.fromArray(I, pb, p);
        second = vb.compare(VectorOperators.EQ, b1).toLong();
        if ((vb.compare(VectorOperators.EQ, b0).toLong() | second) == lanes) {
            broadcast(k, b0, b1, second, cols, 16 * L);
        } else {
            transpose(k, pb, p, cols, 16 * L);
        }
    }

    /**
     * Writes the components 0..14 of box {@code b0} to the lanes whose bit in {@code second} is
     * clear and those of box {@code b1} to the others, lane-major at {@code cols[off + c * L ..]}:
     * what {@link #transpose} writes when the vector's boxes are {@code b0} and {@code b1} only.
     */
    private static void broadcast(float[] k, int b0, int b1, long second, float[] cols, int off) {
        VectorMask<Float> m = VectorMask.fromLong(S, second);
        int o0 = BoxArrays.STRIDE * b0;
        int o1 = BoxArrays.STRIDE * b1;
        FloatVector.broadcast(S, k[o0]).blend(FloatVector.broadcast(S, k[o1]), m).intoArray(cols, off);
        FloatVector.broadcast(S, k[o0 + 1]).blend(FloatVector.broadcast(S, k[o1 + 1]), m).intoArray(cols, off + 1 * L);
        FloatVector.broadcast(S, k[o0 + 2]).blend(FloatVector.broadcast(S, k[o1 + 2]), m).intoArray(cols, off + 2 * L);
        FloatVector.broadcast(S, k[o0 + 3]).blend(FloatVector.broadcast(S, k[o1 + 3]), m).intoArray(cols, off + 3 * L);
        FloatVector.broadcast(S, k[o0 + 4]).blend(FloatVector.broadcast(S, k[o1 + 4]), m).intoArray(cols, off + 4 * L);
        FloatVector.broadcast(S, k[o0 + 5]).blend(FloatVector.broadcast(S, k[o1 + 5]), m).intoArray(cols, off + 5 * L);
        FloatVector.broadcast(S, k[o0 + 6]).blend(FloatVector.broadcast(S, k[o1 + 6]), m).intoArray(cols, off + 6 * L);
        FloatVector.broadcast(S, k[o0 + 7]).blend(FloatVector.broadcast(S, k[o1 + 7]), m).intoArray(cols, off + 7 * L);
        FloatVector.broadcast(S, k[o0 + 8]).blend(FloatVector.broadcast(S, k[o1 + 8]), m).intoArray(cols, off + 8 * L);
        FloatVector.broadcast(S, k[o0 + 9]).blend(FloatVector.broadcast(S, k[o1 + 9]), m).intoArray(cols, off + 9 * L);
        FloatVector.broadcast(S, k[o0 + 10]).blend(FloatVector.broadcast(S, k[o1 + 10]), m).intoArray(cols, off + 10 * L);
        FloatVector.broadcast(S, k[o0 + 11]).blend(FloatVector.broadcast(S, k[o1 + 11]), m).intoArray(cols, off + 11 * L);
        FloatVector.broadcast(S, k[o0 + 12]).blend(FloatVector.broadcast(S, k[o1 + 12]), m).intoArray(cols, off + 12 * L);
        FloatVector.broadcast(S, k[o0 + 13]).blend(FloatVector.broadcast(S, k[o1 + 13]), m).intoArray(cols, off + 13 * L);
        FloatVector.broadcast(S, k[o0 + 14]).blend(FloatVector.broadcast(S, k[o1 + 14]), m).intoArray(cols, off + 14 * L);
    }

    /**
     * Writes {@code R} (rows 0..8, {@code r00, r01, .., r22}), {@code T} (rows 9..11) and the
     * half-extents of A and B (rows 12..17) lane-major into {@code rows}, from A's components
     * ({@code cols} rows 0..14) and B's (rows 16..30). The steps are separate methods, each
     * calling the vector API directly, so that C2 inlines every vector operation and keeps the
     * vectors in registers: a method past its node budget leaves the last calls out of line and
     * boxes their vectors.
     */
    private static void stage(float[] cols, float[] rows) {
        FloatVector tx = FloatVector.fromArray(S, cols, 16 * L).sub(FloatVector.fromArray(S, cols, 0));
        FloatVector ty = FloatVector.fromArray(S, cols, 17 * L).sub(FloatVector.fromArray(S, cols, L));
        FloatVector tz = FloatVector.fromArray(S, cols, 18 * L).sub(FloatVector.fromArray(S, cols, 2 * L));
        FloatVector b0x = FloatVector.fromArray(S, cols, 19 * L);
        FloatVector b0y = FloatVector.fromArray(S, cols, 20 * L);
        FloatVector b0z = FloatVector.fromArray(S, cols, 21 * L);
        FloatVector b1x = FloatVector.fromArray(S, cols, 22 * L);
        FloatVector b1y = FloatVector.fromArray(S, cols, 23 * L);
        FloatVector b1z = FloatVector.fromArray(S, cols, 24 * L);
        FloatVector b2x = FloatVector.fromArray(S, cols, 25 * L);
        FloatVector b2y = FloatVector.fromArray(S, cols, 26 * L);
        FloatVector b2z = FloatVector.fromArray(S, cols, 27 * L);
        FloatVector ax = FloatVector.fromArray(S, cols, 3 * L);
        FloatVector ay = FloatVector.fromArray(S, cols, 4 * L);
        FloatVector az = FloatVector.fromArray(S, cols, 5 * L);
        ax.mul(b0x).add(ay.mul(b0y)).add(az.mul(b0z)).intoArray(rows, 0);
        ax.mul(b1x).add(ay.mul(b1y)).add(az.mul(b1z)).intoArray(rows, L);
        ax.mul(b2x).add(ay.mul(b2y)).add(az.mul(b2z)).intoArray(rows, 2 * L);
        tx.mul(ax).add(ty.mul(ay)).add(tz.mul(az)).intoArray(rows, 9 * L);
        ax = FloatVector.fromArray(S, cols, 6 * L);
        ay = FloatVector.fromArray(S, cols, 7 * L);
        az = FloatVector.fromArray(S, cols, 8 * L);
        ax.mul(b0x).add(ay.mul(b0y)).add(az.mul(b0z)).intoArray(rows, 3 * L);
        ax.mul(b1x).add(ay.mul(b1y)).add(az.mul(b1z)).intoArray(rows, 4 * L);
        ax.mul(b2x).add(ay.mul(b2y)).add(az.mul(b2z)).intoArray(rows, 5 * L);
        tx.mul(ax).add(ty.mul(ay)).add(tz.mul(az)).intoArray(rows, 10 * L);
        ax = FloatVector.fromArray(S, cols, 9 * L);
        ay = FloatVector.fromArray(S, cols, 10 * L);
        az = FloatVector.fromArray(S, cols, 11 * L);
        ax.mul(b0x).add(ay.mul(b0y)).add(az.mul(b0z)).intoArray(rows, 6 * L);
        ax.mul(b1x).add(ay.mul(b1y)).add(az.mul(b1z)).intoArray(rows, 7 * L);
        ax.mul(b2x).add(ay.mul(b2y)).add(az.mul(b2z)).intoArray(rows, 8 * L);
        tx.mul(ax).add(ty.mul(ay)).add(tz.mul(az)).intoArray(rows, 11 * L);
        FloatVector.fromArray(S, cols, 12 * L).intoArray(rows, 12 * L);
        FloatVector.fromArray(S, cols, 13 * L).intoArray(rows, 13 * L);
        FloatVector.fromArray(S, cols, 14 * L).intoArray(rows, 14 * L);
        FloatVector.fromArray(S, cols, 28 * L).intoArray(rows, 15 * L);
        FloatVector.fromArray(S, cols, 29 * L).intoArray(rows, 16 * L);
        FloatVector.fromArray(S, cols, 30 * L).intoArray(rows, 17 * L);
    }

    /**
     * The main step with 16 lanes: {@code R}, {@code T}, the six face axes and (certify) both
     * certificates from the transposed components in {@code cols}, all in registers. Staging
     * {@code R} and {@code T} in scratch for separate face and certificate steps cost about a
     * fifth of the kernel's time in stores and reloads. B's transpose stays a step of its own:
     * folded in here it gained nothing and doubled what C2 must inline without boxing.
     * Expressions and their order are those of {@link #stage}, {@link #faces},
     * {@link #closestOfAInB} and {@link #closestOfBInA}. Returns the separated lanes in bits
     * 0..15 and the certified ones in bits 32..47.
     */
    private static long facesAndCertificates(float[] cols, float tol, boolean certify) {
        FloatVector tx = FloatVector.fromArray(S, cols, 16 * L).sub(FloatVector.fromArray(S, cols, 0));
        FloatVector ty = FloatVector.fromArray(S, cols, 17 * L).sub(FloatVector.fromArray(S, cols, L));
        FloatVector tz = FloatVector.fromArray(S, cols, 18 * L).sub(FloatVector.fromArray(S, cols, 2 * L));
        FloatVector b0x = FloatVector.fromArray(S, cols, 19 * L);
        FloatVector b0y = FloatVector.fromArray(S, cols, 20 * L);
        FloatVector b0z = FloatVector.fromArray(S, cols, 21 * L);
        FloatVector b1x = FloatVector.fromArray(S, cols, 22 * L);
        FloatVector b1y = FloatVector.fromArray(S, cols, 23 * L);
        FloatVector b1z = FloatVector.fromArray(S, cols, 24 * L);
        FloatVector b2x = FloatVector.fromArray(S, cols, 25 * L);
        FloatVector b2y = FloatVector.fromArray(S, cols, 26 * L);
        FloatVector b2z = FloatVector.fromArray(S, cols, 27 * L);
        FloatVector ax = FloatVector.fromArray(S, cols, 3 * L);
        FloatVector ay = FloatVector.fromArray(S, cols, 4 * L);
        FloatVector az = FloatVector.fromArray(S, cols, 5 * L);
        FloatVector r00 = ax.mul(b0x).add(ay.mul(b0y)).add(az.mul(b0z));
        FloatVector r01 = ax.mul(b1x).add(ay.mul(b1y)).add(az.mul(b1z));
        FloatVector r02 = ax.mul(b2x).add(ay.mul(b2y)).add(az.mul(b2z));
        FloatVector t0 = tx.mul(ax).add(ty.mul(ay)).add(tz.mul(az));
        ax = FloatVector.fromArray(S, cols, 6 * L);
        ay = FloatVector.fromArray(S, cols, 7 * L);
        az = FloatVector.fromArray(S, cols, 8 * L);
        FloatVector r10 = ax.mul(b0x).add(ay.mul(b0y)).add(az.mul(b0z));
        FloatVector r11 = ax.mul(b1x).add(ay.mul(b1y)).add(az.mul(b1z));
        FloatVector r12 = ax.mul(b2x).add(ay.mul(b2y)).add(az.mul(b2z));
        FloatVector t1 = tx.mul(ax).add(ty.mul(ay)).add(tz.mul(az));
        ax = FloatVector.fromArray(S, cols, 9 * L);
        ay = FloatVector.fromArray(S, cols, 10 * L);
        az = FloatVector.fromArray(S, cols, 11 * L);
        FloatVector r20 = ax.mul(b0x).add(ay.mul(b0y)).add(az.mul(b0z));
        FloatVector r21 = ax.mul(b1x).add(ay.mul(b1y)).add(az.mul(b1z));
        FloatVector r22 = ax.mul(b2x).add(ay.mul(b2y)).add(az.mul(b2z));
        FloatVector t2 = tx.mul(ax).add(ty.mul(ay)).add(tz.mul(az));
        FloatVector ha0 = FloatVector.fromArray(S, cols, 12 * L);
        FloatVector ha1 = FloatVector.fromArray(S, cols, 13 * L);
        FloatVector ha2 = FloatVector.fromArray(S, cols, 14 * L);
        FloatVector hb0 = FloatVector.fromArray(S, cols, 28 * L);
        FloatVector hb1 = FloatVector.fromArray(S, cols, 29 * L);
        FloatVector hb2 = FloatVector.fromArray(S, cols, 30 * L);
        FloatVector a00 = r00.abs();
        FloatVector a01 = r01.abs();
        FloatVector a02 = r02.abs();
        FloatVector a10 = r10.abs();
        FloatVector a11 = r11.abs();
        FloatVector a12 = r12.abs();
        FloatVector a20 = r20.abs();
        FloatVector a21 = r21.abs();
        FloatVector a22 = r22.abs();
        long sep = t0.abs().sub(ha0.add(hb0.mul(a00).add(hb1.mul(a01)).add(hb2.mul(a02))))
                .compare(VectorOperators.GT, tol).toLong();
        sep |= t1.abs().sub(ha1.add(hb0.mul(a10).add(hb1.mul(a11)).add(hb2.mul(a12))))
                .compare(VectorOperators.GT, tol).toLong();
        sep |= t2.abs().sub(ha2.add(hb0.mul(a20).add(hb1.mul(a21)).add(hb2.mul(a22))))
                .compare(VectorOperators.GT, tol).toLong();
        FloatVector s0 = t0.mul(r00).add(t1.mul(r10)).add(t2.mul(r20));
        FloatVector s1 = t0.mul(r01).add(t1.mul(r11)).add(t2.mul(r21));
        FloatVector s2 = t0.mul(r02).add(t1.mul(r12)).add(t2.mul(r22));
        sep |= s0.abs().sub(ha0.mul(a00).add(ha1.mul(a10)).add(ha2.mul(a20)).add(hb0))
                .compare(VectorOperators.GT, tol).toLong();
        sep |= s1.abs().sub(ha0.mul(a01).add(ha1.mul(a11)).add(ha2.mul(a21)).add(hb1))
                .compare(VectorOperators.GT, tol).toLong();
        sep |= s2.abs().sub(ha0.mul(a02).add(ha1.mul(a12)).add(ha2.mul(a22)).add(hb2))
                .compare(VectorOperators.GT, tol).toLong();
        if (!certify || sep == (1L << L) - 1) {
            return sep;
        }
        FloatVector d0 = ZERO.blend(ha0.reinterpretAsInts().or(t0.reinterpretAsInts().and(SIGN))
                .reinterpretAsFloats().sub(t0), t0.abs().compare(VectorOperators.GT, ha0));
        FloatVector d1 = ZERO.blend(ha1.reinterpretAsInts().or(t1.reinterpretAsInts().and(SIGN))
                .reinterpretAsFloats().sub(t1), t1.abs().compare(VectorOperators.GT, ha1));
        FloatVector d2 = ZERO.blend(ha2.reinterpretAsInts().or(t2.reinterpretAsInts().and(SIGN))
                .reinterpretAsFloats().sub(t2), t2.abs().compare(VectorOperators.GT, ha2));
        long cert = d0.mul(r00).add(d1.mul(r10)).add(d2.mul(r20)).abs().compare(VectorOperators.LE, hb0).toLong()
                & d0.mul(r01).add(d1.mul(r11)).add(d2.mul(r21)).abs().compare(VectorOperators.LE, hb1).toLong()
                & d0.mul(r02).add(d1.mul(r12)).add(d2.mul(r22)).abs().compare(VectorOperators.LE, hb2).toLong();
        FloatVector e0 = ZERO.blend(hb0.reinterpretAsInts().or(s0.reinterpretAsInts().and(SIGN))
                .reinterpretAsFloats().sub(s0), s0.abs().compare(VectorOperators.GT, hb0));
        FloatVector e1 = ZERO.blend(hb1.reinterpretAsInts().or(s1.reinterpretAsInts().and(SIGN))
                .reinterpretAsFloats().sub(s1), s1.abs().compare(VectorOperators.GT, hb1));
        FloatVector e2 = ZERO.blend(hb2.reinterpretAsInts().or(s2.reinterpretAsInts().and(SIGN))
                .reinterpretAsFloats().sub(s2), s2.abs().compare(VectorOperators.GT, hb2));
        cert |= r00.mul(e0).add(r01.mul(e1)).add(r02.mul(e2)).abs().compare(VectorOperators.LE, ha0).toLong()
                & r10.mul(e0).add(r11.mul(e1)).add(r12.mul(e2)).abs().compare(VectorOperators.LE, ha1).toLong()
                & r20.mul(e0).add(r21.mul(e1)).add(r22.mul(e2)).abs().compare(VectorOperators.LE, ha2).toLong();
        return sep | cert << 32;
    }

    /**
     * {@link #stage} for narrower vectors, from gathers (index maps written to {@code ia, ib}).
     */
    private static void gather(BoxArrays r, int[] pa, int[] pb, int p, float[] rows, int[] ia, int[] ib) {
        // Index maps into the packed rows: 16 floats per box.
        IntVector.fromArray(I, pa, p).lanewise(VectorOperators.LSHL, 4).intoArray(ia, 0);
        IntVector.fromArray(I, pb, p).lanewise(VectorOperators.LSHL, 4).intoArray(ib, 0);
        float[] k = r.packed;
        FloatVector tx = FloatVector.fromArray(S, k, 0, ib, 0).sub(FloatVector.fromArray(S, k, 0, ia, 0));
        FloatVector ty = FloatVector.fromArray(S, k, 1, ib, 0).sub(FloatVector.fromArray(S, k, 1, ia, 0));
        FloatVector tz = FloatVector.fromArray(S, k, 2, ib, 0).sub(FloatVector.fromArray(S, k, 2, ia, 0));
        FloatVector b0x = FloatVector.fromArray(S, k, 3, ib, 0);
        FloatVector b0y = FloatVector.fromArray(S, k, 4, ib, 0);
        FloatVector b0z = FloatVector.fromArray(S, k, 5, ib, 0);
        FloatVector b1x = FloatVector.fromArray(S, k, 6, ib, 0);
        FloatVector b1y = FloatVector.fromArray(S, k, 7, ib, 0);
        FloatVector b1z = FloatVector.fromArray(S, k, 8, ib, 0);
        FloatVector b2x = FloatVector.fromArray(S, k, 9, ib, 0);
        FloatVector b2y = FloatVector.fromArray(S, k, 10, ib, 0);
        FloatVector b2z = FloatVector.fromArray(S, k, 11, ib, 0);
        FloatVector ax = FloatVector.fromArray(S, k, 3, ia, 0);
        FloatVector ay = FloatVector.fromArray(S, k, 4, ia, 0);
        FloatVector az = FloatVector.fromArray(S, k, 5, ia, 0);
        ax.mul(b0x).add(ay.mul(b0y)).add(az.mul(b0z)).intoArray(rows, 0);
        ax.mul(b1x).add(ay.mul(b1y)).add(az.mul(b1z)).intoArray(rows, L);
        ax.mul(b2x).add(ay.mul(b2y)).add(az.mul(b2z)).intoArray(rows, 2 * L);
        tx.mul(ax).add(ty.mul(ay)).add(tz.mul(az)).intoArray(rows, 9 * L);
        ax = FloatVector.fromArray(S, k, 6, ia, 0);
        ay = FloatVector.fromArray(S, k, 7, ia, 0);
        az = FloatVector.fromArray(S, k, 8, ia, 0);
        ax.mul(b0x).add(ay.mul(b0y)).add(az.mul(b0z)).intoArray(rows, 3 * L);
        ax.mul(b1x).add(ay.mul(b1y)).add(az.mul(b1z)).intoArray(rows, 4 * L);
        ax.mul(b2x).add(ay.mul(b2y)).add(az.mul(b2z)).intoArray(rows, 5 * L);
        tx.mul(ax).add(ty.mul(ay)).add(tz.mul(az)).intoArray(rows, 10 * L);
        ax = FloatVector.fromArray(S, k, 9, ia, 0);
        ay = FloatVector.fromArray(S, k, 10, ia, 0);
        az = FloatVector.fromArray(S, k, 11, ia, 0);
        ax.mul(b0x).add(ay.mul(b0y)).add(az.mul(b0z)).intoArray(rows, 6 * L);
        ax.mul(b1x).add(ay.mul(b1y)).add(az.mul(b1z)).intoArray(rows, 7 * L);
        ax.mul(b2x).add(ay.mul(b2y)).add(az.mul(b2z)).intoArray(rows, 8 * L);
        tx.mul(ax).add(ty.mul(ay)).add(tz.mul(az)).intoArray(rows, 11 * L);
        FloatVector.fromArray(S, k, 12, ia, 0).intoArray(rows, 12 * L);
        FloatVector.fromArray(S, k, 13, ia, 0).intoArray(rows, 13 * L);
        FloatVector.fromArray(S, k, 14, ia, 0).intoArray(rows, 14 * L);
        FloatVector.fromArray(S, k, 12, ib, 0).intoArray(rows, 15 * L);
        FloatVector.fromArray(S, k, 13, ib, 0).intoArray(rows, 16 * L);
        FloatVector.fromArray(S, k, 14, ib, 0).intoArray(rows, 17 * L);
    }

    /**
     * The six face axes of the staged lanes; bit i set iff lane i is separated. Also writes
     * {@code s_j = sum_i T_i R[i][j]} (rows 18..20) for {@link #closestOfBInA}.
     */
    private static long faces(float[] rows, float tol) {
        FloatVector r00 = FloatVector.fromArray(S, rows, (0) * L);
        FloatVector r01 = FloatVector.fromArray(S, rows, (1) * L);
        FloatVector r02 = FloatVector.fromArray(S, rows, (2) * L);
        FloatVector r10 = FloatVector.fromArray(S, rows, (3) * L);
        FloatVector r11 = FloatVector.fromArray(S, rows, (4) * L);
        FloatVector r12 = FloatVector.fromArray(S, rows, (5) * L);
        FloatVector r20 = FloatVector.fromArray(S, rows, (6) * L);
        FloatVector r21 = FloatVector.fromArray(S, rows, (7) * L);
        FloatVector r22 = FloatVector.fromArray(S, rows, (8) * L);
        FloatVector t0 = FloatVector.fromArray(S, rows, (9) * L);
        FloatVector t1 = FloatVector.fromArray(S, rows, (10) * L);
        FloatVector t2 = FloatVector.fromArray(S, rows, (11) * L);
        FloatVector ha0 = FloatVector.fromArray(S, rows, (12) * L);
        FloatVector ha1 = FloatVector.fromArray(S, rows, (13) * L);
        FloatVector ha2 = FloatVector.fromArray(S, rows, (14) * L);
        FloatVector hb0 = FloatVector.fromArray(S, rows, (15) * L);
        FloatVector hb1 = FloatVector.fromArray(S, rows, (16) * L);
        FloatVector hb2 = FloatVector.fromArray(S, rows, (17) * L);
        FloatVector a00 = r00.abs();
        FloatVector a01 = r01.abs();
        FloatVector a02 = r02.abs();
        FloatVector a10 = r10.abs();
        FloatVector a11 = r11.abs();
        FloatVector a12 = r12.abs();
        FloatVector a20 = r20.abs();
        FloatVector a21 = r21.abs();
        FloatVector a22 = r22.abs();
        long sep = t0.abs().sub(ha0.add(hb0.mul(a00).add(hb1.mul(a01)).add(hb2.mul(a02))))
                .compare(VectorOperators.GT, tol).toLong();
        sep |= t1.abs().sub(ha1.add(hb0.mul(a10).add(hb1.mul(a11)).add(hb2.mul(a12))))
                .compare(VectorOperators.GT, tol).toLong();
        sep |= t2.abs().sub(ha2.add(hb0.mul(a20).add(hb1.mul(a21)).add(hb2.mul(a22))))
                .compare(VectorOperators.GT, tol).toLong();
        FloatVector s0 = t0.mul(r00).add(t1.mul(r10)).add(t2.mul(r20));
        FloatVector s1 = t0.mul(r01).add(t1.mul(r11)).add(t2.mul(r21));
        FloatVector s2 = t0.mul(r02).add(t1.mul(r12)).add(t2.mul(r22));
        s0.intoArray(rows, 18 * L);
        s1.intoArray(rows, 19 * L);
        s2.intoArray(rows, 20 * L);
        sep |= s0.abs().sub(ha0.mul(a00).add(ha1.mul(a10)).add(ha2.mul(a20)).add(hb0))
                .compare(VectorOperators.GT, tol).toLong();
        sep |= s1.abs().sub(ha0.mul(a01).add(ha1.mul(a11)).add(ha2.mul(a21)).add(hb1))
                .compare(VectorOperators.GT, tol).toLong();
        sep |= s2.abs().sub(ha0.mul(a02).add(ha1.mul(a12)).add(ha2.mul(a22)).add(hb2))
                .compare(VectorOperators.GT, tol).toLong();
        return sep;
    }

    /**
     * The certificate of {@code ScalarObbSat.closestOfAInB}: bit i set iff lane i's point of A
     * closest to B's centre lies in B.
     */
    private static long closestOfAInB(float[] rows) {
        FloatVector r00 = FloatVector.fromArray(S, rows, 0);
        FloatVector r01 = FloatVector.fromArray(S, rows, L);
        FloatVector r02 = FloatVector.fromArray(S, rows, 2 * L);
        FloatVector r10 = FloatVector.fromArray(S, rows, 3 * L);
        FloatVector r11 = FloatVector.fromArray(S, rows, 4 * L);
        FloatVector r12 = FloatVector.fromArray(S, rows, 5 * L);
        FloatVector r20 = FloatVector.fromArray(S, rows, 6 * L);
        FloatVector r21 = FloatVector.fromArray(S, rows, 7 * L);
        FloatVector r22 = FloatVector.fromArray(S, rows, 8 * L);
        FloatVector t0 = FloatVector.fromArray(S, rows, 9 * L);
        FloatVector t1 = FloatVector.fromArray(S, rows, 10 * L);
        FloatVector t2 = FloatVector.fromArray(S, rows, 11 * L);
        FloatVector ha0 = FloatVector.fromArray(S, rows, 12 * L);
        FloatVector ha1 = FloatVector.fromArray(S, rows, 13 * L);
        FloatVector ha2 = FloatVector.fromArray(S, rows, 14 * L);
        FloatVector hb0 = FloatVector.fromArray(S, rows, 15 * L);
        FloatVector hb1 = FloatVector.fromArray(S, rows, 16 * L);
        FloatVector hb2 = FloatVector.fromArray(S, rows, 17 * L);
        FloatVector d0 = ZERO.blend(ha0.reinterpretAsInts().or(t0.reinterpretAsInts().and(SIGN))
                .reinterpretAsFloats().sub(t0), t0.abs().compare(VectorOperators.GT, ha0));
        FloatVector d1 = ZERO.blend(ha1.reinterpretAsInts().or(t1.reinterpretAsInts().and(SIGN))
                .reinterpretAsFloats().sub(t1), t1.abs().compare(VectorOperators.GT, ha1));
        FloatVector d2 = ZERO.blend(ha2.reinterpretAsInts().or(t2.reinterpretAsInts().and(SIGN))
                .reinterpretAsFloats().sub(t2), t2.abs().compare(VectorOperators.GT, ha2));
        return d0.mul(r00).add(d1.mul(r10)).add(d2.mul(r20)).abs().compare(VectorOperators.LE, hb0).toLong()
                & d0.mul(r01).add(d1.mul(r11)).add(d2.mul(r21)).abs().compare(VectorOperators.LE, hb1).toLong()
                & d0.mul(r02).add(d1.mul(r12)).add(d2.mul(r22)).abs().compare(VectorOperators.LE, hb2).toLong();
    }

    /** The converse certificate ({@code ScalarObbSat.closestOfBInA}), from the rows of {@code s}. */
    private static long closestOfBInA(float[] rows) {
        FloatVector r00 = FloatVector.fromArray(S, rows, 0);
        FloatVector r01 = FloatVector.fromArray(S, rows, L);
        FloatVector r02 = FloatVector.fromArray(S, rows, 2 * L);
        FloatVector r10 = FloatVector.fromArray(S, rows, 3 * L);
        FloatVector r11 = FloatVector.fromArray(S, rows, 4 * L);
        FloatVector r12 = FloatVector.fromArray(S, rows, 5 * L);
        FloatVector r20 = FloatVector.fromArray(S, rows, 6 * L);
        FloatVector r21 = FloatVector.fromArray(S, rows, 7 * L);
        FloatVector r22 = FloatVector.fromArray(S, rows, 8 * L);
        FloatVector ha0 = FloatVector.fromArray(S, rows, 12 * L);
        FloatVector ha1 = FloatVector.fromArray(S, rows, 13 * L);
        FloatVector ha2 = FloatVector.fromArray(S, rows, 14 * L);
        FloatVector hb0 = FloatVector.fromArray(S, rows, 15 * L);
        FloatVector hb1 = FloatVector.fromArray(S, rows, 16 * L);
        FloatVector hb2 = FloatVector.fromArray(S, rows, 17 * L);
        FloatVector s0 = FloatVector.fromArray(S, rows, 18 * L);
        FloatVector s1 = FloatVector.fromArray(S, rows, 19 * L);
        FloatVector s2 = FloatVector.fromArray(S, rows, 20 * L);
        FloatVector e0 = ZERO.blend(hb0.reinterpretAsInts().or(s0.reinterpretAsInts().and(SIGN))
                .reinterpretAsFloats().sub(s0), s0.abs().compare(VectorOperators.GT, hb0));
        FloatVector e1 = ZERO.blend(hb1.reinterpretAsInts().or(s1.reinterpretAsInts().and(SIGN))
                .reinterpretAsFloats().sub(s1), s1.abs().compare(VectorOperators.GT, hb1));
        FloatVector e2 = ZERO.blend(hb2.reinterpretAsInts().or(s2.reinterpretAsInts().and(SIGN))
                .reinterpretAsFloats().sub(s2), s2.abs().compare(VectorOperators.GT, hb2));
        return r00.mul(e0).add(r01.mul(e1)).add(r02.mul(e2)).abs().compare(VectorOperators.LE, ha0).toLong()
                & r10.mul(e0).add(r11.mul(e1)).add(r12.mul(e2)).abs().compare(VectorOperators.LE, ha1).toLong()
                & r20.mul(e0).add(r21.mul(e1)).add(r22.mul(e2)).abs().compare(VectorOperators.LE, ha2).toLong();
    }

    /**
     * The cross axes {@code A_i x B_0..2} of the staged lanes: with {@code (i1, i2)} and
     * {@code (j1, j2)} the other indices in cyclic order, {@code tp, tq} are the rows of
     * {@code T_i2, T_i1}, {@code rowP, rowQ, rowI} the first rows of {@code R[i1][*], R[i2][*],
     * R[i][*]}, {@code h1, h2} the rows of {@code a_i1, a_i2}. Bit k set iff lane k is separated.
     */
    private static long crosses(float[] rows, float tol, int tp, int tq, int rowP, int rowQ, int rowI, int h1, int h2) {
        return cross(rows, tol, tp, tq, rowP, rowQ, h1, h2, 16, rowI + 2, 17, rowI + 1)
                | cross(rows, tol, tp, tq, rowP + 1, rowQ + 1, h1, h2, 15, rowI + 2, 17, rowI)
                | cross(rows, tol, tp, tq, rowP + 2, rowQ + 2, h1, h2, 15, rowI + 1, 16, rowI);
    }

    /**
     * One cross axis ({@code ScalarObbSat.cross}): {@code |tp rp - tq rq| - ((h1 Q(rq) + h2 Q(rp))
     * + (h3 Q(q3) + h4 Q(q4))) > tol sqrt(rp^2 + rq^2)} with {@code Q(r) = |r| + GUARD}; all
     * arguments are row numbers.
     */
    private static long cross(float[] rows, float tol, int tp, int tq, int rp, int rq, int h1, int h2, int h3, int q3,
                              int h4, int q4) {
        FloatVector p = FloatVector.fromArray(S, rows, (rp) * L);
        FloatVector q = FloatVector.fromArray(S, rows, (rq) * L);
        FloatVector dist = FloatVector.fromArray(S, rows, (tp) * L).mul(p).sub(FloatVector.fromArray(S, rows, (tq) * L).mul(q)).abs();
        FloatVector radius = FloatVector.fromArray(S, rows, (h1) * L).mul(q.abs().add(ScalarObbSat.GUARD))
                .add(FloatVector.fromArray(S, rows, (h2) * L).mul(p.abs().add(ScalarObbSat.GUARD)))
                .add(FloatVector.fromArray(S, rows, (h3) * L).mul(FloatVector.fromArray(S, rows, (q3) * L).abs().add(ScalarObbSat.GUARD))
                        .add(FloatVector.fromArray(S, rows, (h4) * L).mul(FloatVector.fromArray(S, rows, (q4) * L).abs().add(ScalarObbSat.GUARD))));
        if (tol == 0) {
            return dist.sub(radius).compare(VectorOperators.GT, 0f).toLong();
        }
        FloatVector len = p.mul(p).add(q.mul(q)).sqrt();
        return dist.sub(radius).compare(VectorOperators.GT, len.mul(tol)).toLong();
    }

}
