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
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The SIMD OBB kernel: lanes across pairs. Each of a box's 15 components is gathered for a
 * vector of pairs from the store's packed rows (16 floats per box, so a pair's boxes lie in a
 * few cache lines; gathering from the 15 component arrays touched thirty lines per pair and
 * spent most of the kernel's time there), with the batch's shape indices times 16 as the index
 * map; {@code R}, {@code T} and
 * the half-extents are staged lane-major in pooled scratch ({@link KernelScratch}), then the 15
 * axes of {@link ScalarObbSat#separated} are evaluated lane by lane with the same expressions in
 * the same order ({@code mul().add()} for {@code a*b + c}, {@code abs}, {@code sqrt} correctly
 * rounded), so every verdict equals the scalar one bit for bit. The verdict is an OR over axes
 * of compares, combined as masks; no lane reduction. A word's tail shorter than a vector runs
 * the scalar kernel. Stateless, thread-safe, allocation-free.
 */
public final class VectorObbSat implements BoxOverlapKernel {
    /** The shared instance. */
    public static final VectorObbSat INSTANCE = new VectorObbSat();
    private static final VectorSpecies<Float> S = VectorSupport.F;
    private static final int L = S.length();
    private static final VectorSpecies<Integer> I = VectorSpecies.of(int.class, S.vectorShape());

    private VectorObbSat() {}

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
        // Without scratch (all pool instances lent), the scalar kernel: the same bits.
        float[] rows = scratch == null ? null : scratch.boxRows;
        int[] ia = scratch == null ? null : scratch.ints0;
        int[] ib = scratch == null ? null : scratch.ints1;
        try {
        for (int w = from; w < to; w += 64) {
            int end = Math.min(to, w + 64);
            long bits = 0;
            int p = w;
            if (rows != null) {
                for (; p + L <= end; p += L) {
                    stage(r, pa, pb, p, rows, ia, ib);
                    long separated = faces(rows, tolerance);
                    if (separated != laneBits) {
                        separated |= crosses(rows, tolerance, 11, 10, 3, 6, 0, 13, 14)   // A0 x B*
                                | crosses(rows, tolerance, 9, 11, 6, 0, 3, 14, 12)       // A1 x B*
                                | crosses(rows, tolerance, 10, 9, 0, 3, 6, 12, 13);      // A2 x B*
                    }
                    bits |= (~separated & laneBits) << (p - w);
                }
            }
            if (p < end) {
                bits |= ScalarObbSat.word(r, pa, pb, w, end, tolerance) & (-1L << (p - w));
            }
            hits += Long.bitCount(bits);
            BitWords.store(words, w, end, bits);
        }
        } finally {
            if (scratch != null) {
                KernelScratch.give(scratch);
            }
        }
        return hits;
    }

    /**
     * Stage 1 for pairs p .. p + L - 1: gathers both boxes (index maps written to {@code ia, ib})
     * and writes {@code R} (rows 0..8,
     * {@code r00, r01, .., r22}), {@code T} (rows 9..11) and the half-extents of A and B (rows
     * 12..17) lane-major into {@code rows}. The stages are separate methods so that each stays
     * small enough for C2 to keep every vector in registers (one method with all 15 axes was
     * not, and boxed its vectors).
     */
    private static void stage(BoxArrays r, int[] pa, int[] pb, int p, float[] rows, int[] ia, int[] ib) {
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

    /** Stage 2: the six face axes of the staged lanes; bit i set iff lane i is separated. */
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
        sep |= t0.mul(r00).add(t1.mul(r10)).add(t2.mul(r20)).abs()
                .sub(ha0.mul(a00).add(ha1.mul(a10)).add(ha2.mul(a20)).add(hb0))
                .compare(VectorOperators.GT, tol).toLong();
        sep |= t0.mul(r01).add(t1.mul(r11)).add(t2.mul(r21)).abs()
                .sub(ha0.mul(a01).add(ha1.mul(a11)).add(ha2.mul(a21)).add(hb1))
                .compare(VectorOperators.GT, tol).toLong();
        sep |= t0.mul(r02).add(t1.mul(r12)).add(t2.mul(r22)).abs()
                .sub(ha0.mul(a02).add(ha1.mul(a12)).add(ha2.mul(a22)).add(hb2))
                .compare(VectorOperators.GT, tol).toLong();
        return sep;
    }

    /**
     * Stage 3: the cross axes {@code A_i x B_0..2} of the staged lanes: with {@code (i1, i2)} and
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
        FloatVector len = p.mul(p).add(q.mul(q)).sqrt();
        return dist.sub(radius).compare(VectorOperators.GT, len.mul(tol)).toLong();
    }

}
