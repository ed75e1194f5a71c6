import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.internal.BoxArrays;
import dev.sepax.simd.VectorObbSat;
import dev.sepax.solid.OrientedBoxes;
import dev.sepax.solid.ScalarObbSat;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * Prototype data paths and step orders for the OBB kernel, each checked against the scalar
 * reference on the {@code OBB} workload and timed in one JVM against the current
 * {@code VectorObbSat} ({@code base}) and JOML's {@code testObOb} ({@code joml}, object form),
 * rounds of 5 batches alternated, best and median round and bytes allocated per pair.
 *
 * <pre>
 * java --add-modules jdk.incubator.vector [-XX:-TieredCompilation] [-Dpf=16] \
 *     -cp bench/target/sepax-bench.jar bench/tools/ObbVariants.java SECONDS base,bsT3,bsT6,bsT9,joml
 * </pre>
 * A variant {@code bs<P><K>}. Data path P: {@code T} (packed rows, 16 x 16 transposes with
 * one-input permutes and blends, as the kernel); {@code S} (two-input {@code selectFrom}, JDK 24
 * API); {@code X} (half of each round's row pairs by {@code selectFrom}, half by blends);
 * {@code R} (two-input {@code rearrange(shuffle, v)}, Java 21 API); {@code M} (the first round
 * from memory: each output row a blend of a full row load and a zero-masked load of the other
 * row's half); {@code G} (one gather per component from the 15 component arrays); {@code L} (the
 * row loads alone, summed) and {@code U} (loads and transposes, the outputs summed instead of
 * stored), these two for timing with step 9 only. Steps K: {@code 3} (R, T, faces and both
 * certificates in one step, then the nine cross axes in place for every vector with an open
 * lane: no queue, no {@code compress}); {@code 4} (faces, cross axes for every vector, the
 * certificates only where a cross axis separates a lane the faces did not); {@code 5} (as 3,
 * the cross step recomputing R and T); {@code 6} (faces and cross axes, no certificate: equal to
 * the reference on this workload, not by construction); {@code :} (faces and cross axes, the
 * scalar reference for lanes a cross axis separates); {@code 8} (faces and certificates only)
 * and {@code 9} (loads and transposes only), the last two for timing. {@code -Dpf=D} touches the rows of the pairs D ahead with scalar
 * loads (a software prefetch). The fused steps 3, 4 and 6 exceed C1's register limit in
 * its profiled tier, so under tiered compilation they stay in C1 code and box their vectors; run
 * them with {@code -XX:-TieredCompilation} (C2 only), and read their figures as bounds for a
 * kernel that C1 can compile. A single-file program, run from source; not part of the build.
 */
public final class ObbVariants {
    static final VectorSpecies<Float> S = FloatVector.SPECIES_512;
    static final int L = 16;
    static final VectorSpecies<Integer> I = IntVector.SPECIES_512;
    static final VectorMask<Float> M8 = blockMask(8), M4 = blockMask(4), M2 = blockMask(2), M1 = blockMask(1);
    static final VectorShuffle<Float> SWAP8 = swap(8), SWAP4 = swap(4), SWAP2 = swap(2), SWAP1 = swap(1);
    static final FloatVector ZERO = FloatVector.zero(S);
    static final int SIGN = 0x80000000;
    static final float G = ScalarObbSat.GUARD;

    static VectorMask<Float> blockMask(int b) {
        boolean[] m = new boolean[L];
        for (int c = 0; c < L; c++) m[c] = (c & b) != 0;
        return VectorMask.fromArray(S, m, 0);
    }

    static VectorShuffle<Float> swap(int b) {
        int[] s = new int[L];
        for (int c = 0; c < L; c++) s[c] = c ^ b;
        return VectorShuffle.fromArray(S, s, 0);
    }

    interface Kernel {
        long word(BoxArrays r, int[] pa, int[] pb, int p, float[] cols, float tol);
    }

    // ---------------- data paths: fill cols (A rows 0..14, B rows 16..30) ----------------

    static void transpose(float[] k, int[] idx, int p, float[] cols, int off) {
        FloatVector r0 = FloatVector.fromArray(S, k, 16 * idx[p]);
        FloatVector r1 = FloatVector.fromArray(S, k, 16 * idx[p + 1]);
        FloatVector r2 = FloatVector.fromArray(S, k, 16 * idx[p + 2]);
        FloatVector r3 = FloatVector.fromArray(S, k, 16 * idx[p + 3]);
        FloatVector r4 = FloatVector.fromArray(S, k, 16 * idx[p + 4]);
        FloatVector r5 = FloatVector.fromArray(S, k, 16 * idx[p + 5]);
        FloatVector r6 = FloatVector.fromArray(S, k, 16 * idx[p + 6]);
        FloatVector r7 = FloatVector.fromArray(S, k, 16 * idx[p + 7]);
        FloatVector r8 = FloatVector.fromArray(S, k, 16 * idx[p + 8]);
        FloatVector r9 = FloatVector.fromArray(S, k, 16 * idx[p + 9]);
        FloatVector r10 = FloatVector.fromArray(S, k, 16 * idx[p + 10]);
        FloatVector r11 = FloatVector.fromArray(S, k, 16 * idx[p + 11]);
        FloatVector r12 = FloatVector.fromArray(S, k, 16 * idx[p + 12]);
        FloatVector r13 = FloatVector.fromArray(S, k, 16 * idx[p + 13]);
        FloatVector r14 = FloatVector.fromArray(S, k, 16 * idx[p + 14]);
        FloatVector r15 = FloatVector.fromArray(S, k, 16 * idx[p + 15]);
        FloatVector w, v;
        w = r8.blend(r0, M8); v = w.rearrange(SWAP8); r0 = r0.blend(v, M8); r8 = v.blend(r8, M8);
        w = r9.blend(r1, M8); v = w.rearrange(SWAP8); r1 = r1.blend(v, M8); r9 = v.blend(r9, M8);
        w = r10.blend(r2, M8); v = w.rearrange(SWAP8); r2 = r2.blend(v, M8); r10 = v.blend(r10, M8);
        w = r11.blend(r3, M8); v = w.rearrange(SWAP8); r3 = r3.blend(v, M8); r11 = v.blend(r11, M8);
        w = r12.blend(r4, M8); v = w.rearrange(SWAP8); r4 = r4.blend(v, M8); r12 = v.blend(r12, M8);
        w = r13.blend(r5, M8); v = w.rearrange(SWAP8); r5 = r5.blend(v, M8); r13 = v.blend(r13, M8);
        w = r14.blend(r6, M8); v = w.rearrange(SWAP8); r6 = r6.blend(v, M8); r14 = v.blend(r14, M8);
        w = r15.blend(r7, M8); v = w.rearrange(SWAP8); r7 = r7.blend(v, M8); r15 = v.blend(r15, M8);
        w = r4.blend(r0, M4); v = w.rearrange(SWAP4); r0 = r0.blend(v, M4); r4 = v.blend(r4, M4);
        w = r5.blend(r1, M4); v = w.rearrange(SWAP4); r1 = r1.blend(v, M4); r5 = v.blend(r5, M4);
        w = r6.blend(r2, M4); v = w.rearrange(SWAP4); r2 = r2.blend(v, M4); r6 = v.blend(r6, M4);
        w = r7.blend(r3, M4); v = w.rearrange(SWAP4); r3 = r3.blend(v, M4); r7 = v.blend(r7, M4);
        w = r12.blend(r8, M4); v = w.rearrange(SWAP4); r8 = r8.blend(v, M4); r12 = v.blend(r12, M4);
        w = r13.blend(r9, M4); v = w.rearrange(SWAP4); r9 = r9.blend(v, M4); r13 = v.blend(r13, M4);
        w = r14.blend(r10, M4); v = w.rearrange(SWAP4); r10 = r10.blend(v, M4); r14 = v.blend(r14, M4);
        w = r15.blend(r11, M4); v = w.rearrange(SWAP4); r11 = r11.blend(v, M4); r15 = v.blend(r15, M4);
        w = r2.blend(r0, M2); v = w.rearrange(SWAP2); r0 = r0.blend(v, M2); r2 = v.blend(r2, M2);
        w = r3.blend(r1, M2); v = w.rearrange(SWAP2); r1 = r1.blend(v, M2); r3 = v.blend(r3, M2);
        w = r6.blend(r4, M2); v = w.rearrange(SWAP2); r4 = r4.blend(v, M2); r6 = v.blend(r6, M2);
        w = r7.blend(r5, M2); v = w.rearrange(SWAP2); r5 = r5.blend(v, M2); r7 = v.blend(r7, M2);
        w = r10.blend(r8, M2); v = w.rearrange(SWAP2); r8 = r8.blend(v, M2); r10 = v.blend(r10, M2);
        w = r11.blend(r9, M2); v = w.rearrange(SWAP2); r9 = r9.blend(v, M2); r11 = v.blend(r11, M2);
        w = r14.blend(r12, M2); v = w.rearrange(SWAP2); r12 = r12.blend(v, M2); r14 = v.blend(r14, M2);
        w = r15.blend(r13, M2); v = w.rearrange(SWAP2); r13 = r13.blend(v, M2); r15 = v.blend(r15, M2);
        w = r1.blend(r0, M1); v = w.rearrange(SWAP1); r0 = r0.blend(v, M1); r1 = v.blend(r1, M1);
        w = r3.blend(r2, M1); v = w.rearrange(SWAP1); r2 = r2.blend(v, M1); r3 = v.blend(r3, M1);
        w = r5.blend(r4, M1); v = w.rearrange(SWAP1); r4 = r4.blend(v, M1); r5 = v.blend(r5, M1);
        w = r7.blend(r6, M1); v = w.rearrange(SWAP1); r6 = r6.blend(v, M1); r7 = v.blend(r7, M1);
        w = r9.blend(r8, M1); v = w.rearrange(SWAP1); r8 = r8.blend(v, M1); r9 = v.blend(r9, M1);
        w = r11.blend(r10, M1); v = w.rearrange(SWAP1); r10 = r10.blend(v, M1); r11 = v.blend(r11, M1);
        w = r13.blend(r12, M1); v = w.rearrange(SWAP1); r12 = r12.blend(v, M1); r13 = v.blend(r13, M1);
        w = r15.blend(r14, M1); v = w.rearrange(SWAP1); r14 = r14.blend(v, M1);
        r0.intoArray(cols, off);
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

    /** {@link #transpose} with the outputs summed into one store (timing with mode 9 only). */
    static void transposeSum(float[] k, int[] idx, int p, float[] cols, int off) {
        FloatVector r0 = FloatVector.fromArray(S, k, 16 * idx[p]);
        FloatVector r1 = FloatVector.fromArray(S, k, 16 * idx[p + 1]);
        FloatVector r2 = FloatVector.fromArray(S, k, 16 * idx[p + 2]);
        FloatVector r3 = FloatVector.fromArray(S, k, 16 * idx[p + 3]);
        FloatVector r4 = FloatVector.fromArray(S, k, 16 * idx[p + 4]);
        FloatVector r5 = FloatVector.fromArray(S, k, 16 * idx[p + 5]);
        FloatVector r6 = FloatVector.fromArray(S, k, 16 * idx[p + 6]);
        FloatVector r7 = FloatVector.fromArray(S, k, 16 * idx[p + 7]);
        FloatVector r8 = FloatVector.fromArray(S, k, 16 * idx[p + 8]);
        FloatVector r9 = FloatVector.fromArray(S, k, 16 * idx[p + 9]);
        FloatVector r10 = FloatVector.fromArray(S, k, 16 * idx[p + 10]);
        FloatVector r11 = FloatVector.fromArray(S, k, 16 * idx[p + 11]);
        FloatVector r12 = FloatVector.fromArray(S, k, 16 * idx[p + 12]);
        FloatVector r13 = FloatVector.fromArray(S, k, 16 * idx[p + 13]);
        FloatVector r14 = FloatVector.fromArray(S, k, 16 * idx[p + 14]);
        FloatVector r15 = FloatVector.fromArray(S, k, 16 * idx[p + 15]);
        FloatVector w, v;
        w = r8.blend(r0, M8); v = w.rearrange(SWAP8); r0 = r0.blend(v, M8); r8 = v.blend(r8, M8);
        w = r9.blend(r1, M8); v = w.rearrange(SWAP8); r1 = r1.blend(v, M8); r9 = v.blend(r9, M8);
        w = r10.blend(r2, M8); v = w.rearrange(SWAP8); r2 = r2.blend(v, M8); r10 = v.blend(r10, M8);
        w = r11.blend(r3, M8); v = w.rearrange(SWAP8); r3 = r3.blend(v, M8); r11 = v.blend(r11, M8);
        w = r12.blend(r4, M8); v = w.rearrange(SWAP8); r4 = r4.blend(v, M8); r12 = v.blend(r12, M8);
        w = r13.blend(r5, M8); v = w.rearrange(SWAP8); r5 = r5.blend(v, M8); r13 = v.blend(r13, M8);
        w = r14.blend(r6, M8); v = w.rearrange(SWAP8); r6 = r6.blend(v, M8); r14 = v.blend(r14, M8);
        w = r15.blend(r7, M8); v = w.rearrange(SWAP8); r7 = r7.blend(v, M8); r15 = v.blend(r15, M8);
        w = r4.blend(r0, M4); v = w.rearrange(SWAP4); r0 = r0.blend(v, M4); r4 = v.blend(r4, M4);
        w = r5.blend(r1, M4); v = w.rearrange(SWAP4); r1 = r1.blend(v, M4); r5 = v.blend(r5, M4);
        w = r6.blend(r2, M4); v = w.rearrange(SWAP4); r2 = r2.blend(v, M4); r6 = v.blend(r6, M4);
        w = r7.blend(r3, M4); v = w.rearrange(SWAP4); r3 = r3.blend(v, M4); r7 = v.blend(r7, M4);
        w = r12.blend(r8, M4); v = w.rearrange(SWAP4); r8 = r8.blend(v, M4); r12 = v.blend(r12, M4);
        w = r13.blend(r9, M4); v = w.rearrange(SWAP4); r9 = r9.blend(v, M4); r13 = v.blend(r13, M4);
        w = r14.blend(r10, M4); v = w.rearrange(SWAP4); r10 = r10.blend(v, M4); r14 = v.blend(r14, M4);
        w = r15.blend(r11, M4); v = w.rearrange(SWAP4); r11 = r11.blend(v, M4); r15 = v.blend(r15, M4);
        w = r2.blend(r0, M2); v = w.rearrange(SWAP2); r0 = r0.blend(v, M2); r2 = v.blend(r2, M2);
        w = r3.blend(r1, M2); v = w.rearrange(SWAP2); r1 = r1.blend(v, M2); r3 = v.blend(r3, M2);
        w = r6.blend(r4, M2); v = w.rearrange(SWAP2); r4 = r4.blend(v, M2); r6 = v.blend(r6, M2);
        w = r7.blend(r5, M2); v = w.rearrange(SWAP2); r5 = r5.blend(v, M2); r7 = v.blend(r7, M2);
        w = r10.blend(r8, M2); v = w.rearrange(SWAP2); r8 = r8.blend(v, M2); r10 = v.blend(r10, M2);
        w = r11.blend(r9, M2); v = w.rearrange(SWAP2); r9 = r9.blend(v, M2); r11 = v.blend(r11, M2);
        w = r14.blend(r12, M2); v = w.rearrange(SWAP2); r12 = r12.blend(v, M2); r14 = v.blend(r14, M2);
        w = r15.blend(r13, M2); v = w.rearrange(SWAP2); r13 = r13.blend(v, M2); r15 = v.blend(r15, M2);
        w = r1.blend(r0, M1); v = w.rearrange(SWAP1); r0 = r0.blend(v, M1); r1 = v.blend(r1, M1);
        w = r3.blend(r2, M1); v = w.rearrange(SWAP1); r2 = r2.blend(v, M1); r3 = v.blend(r3, M1);
        w = r5.blend(r4, M1); v = w.rearrange(SWAP1); r4 = r4.blend(v, M1); r5 = v.blend(r5, M1);
        w = r7.blend(r6, M1); v = w.rearrange(SWAP1); r6 = r6.blend(v, M1); r7 = v.blend(r7, M1);
        w = r9.blend(r8, M1); v = w.rearrange(SWAP1); r8 = r8.blend(v, M1); r9 = v.blend(r9, M1);
        w = r11.blend(r10, M1); v = w.rearrange(SWAP1); r10 = r10.blend(v, M1); r11 = v.blend(r11, M1);
        w = r13.blend(r12, M1); v = w.rearrange(SWAP1); r12 = r12.blend(v, M1); r13 = v.blend(r13, M1);
        w = r15.blend(r14, M1); v = w.rearrange(SWAP1); r14 = r14.blend(v, M1);
        r0.add(r1).add(r2.add(r3)).add(r4.add(r5).add(r6.add(r7))).add(r8.add(r9).add(r10.add(r11)).add(r12.add(r13).add(r14))).intoArray(cols, off);
    }


    /** Loads the 16 rows only and stores their lane-wise sum (timing of the loads alone). */
    static void loadsOnly(float[] k, int[] idx, int p, float[] cols, int off) {
        FloatVector r0 = FloatVector.fromArray(S, k, 16 * idx[p + 0]);
        FloatVector r1 = FloatVector.fromArray(S, k, 16 * idx[p + 1]);
        FloatVector r2 = FloatVector.fromArray(S, k, 16 * idx[p + 2]);
        FloatVector r3 = FloatVector.fromArray(S, k, 16 * idx[p + 3]);
        FloatVector r4 = FloatVector.fromArray(S, k, 16 * idx[p + 4]);
        FloatVector r5 = FloatVector.fromArray(S, k, 16 * idx[p + 5]);
        FloatVector r6 = FloatVector.fromArray(S, k, 16 * idx[p + 6]);
        FloatVector r7 = FloatVector.fromArray(S, k, 16 * idx[p + 7]);
        FloatVector r8 = FloatVector.fromArray(S, k, 16 * idx[p + 8]);
        FloatVector r9 = FloatVector.fromArray(S, k, 16 * idx[p + 9]);
        FloatVector r10 = FloatVector.fromArray(S, k, 16 * idx[p + 10]);
        FloatVector r11 = FloatVector.fromArray(S, k, 16 * idx[p + 11]);
        FloatVector r12 = FloatVector.fromArray(S, k, 16 * idx[p + 12]);
        FloatVector r13 = FloatVector.fromArray(S, k, 16 * idx[p + 13]);
        FloatVector r14 = FloatVector.fromArray(S, k, 16 * idx[p + 14]);
        FloatVector r15 = FloatVector.fromArray(S, k, 16 * idx[p + 15]);
        r0.add(r1).add(r2.add(r3)).add(r4.add(r5).add(r6.add(r7))).add(r8.add(r9).add(r10.add(r11)).add(r12.add(r13).add(r14.add(r15)))).intoArray(cols, off);
    }

    static final VectorMask<Float> LO8 = M8.not();
    static void transposeML(float[] k, int[] idx, int p, float[] cols, int off) {
        int o0 = 16 * idx[p + 0], o8 = 16 * idx[p + 8];
        FloatVector r0 = FloatVector.fromArray(S, k, o0).blend(FloatVector.fromArray(S, k, o8 - 8, M8), M8);
        FloatVector r8 = FloatVector.fromArray(S, k, o0 + 8, LO8).blend(FloatVector.fromArray(S, k, o8), M8);
        int o1 = 16 * idx[p + 1], o9 = 16 * idx[p + 9];
        FloatVector r1 = FloatVector.fromArray(S, k, o1).blend(FloatVector.fromArray(S, k, o9 - 8, M8), M8);
        FloatVector r9 = FloatVector.fromArray(S, k, o1 + 8, LO8).blend(FloatVector.fromArray(S, k, o9), M8);
        int o2 = 16 * idx[p + 2], o10 = 16 * idx[p + 10];
        FloatVector r2 = FloatVector.fromArray(S, k, o2).blend(FloatVector.fromArray(S, k, o10 - 8, M8), M8);
        FloatVector r10 = FloatVector.fromArray(S, k, o2 + 8, LO8).blend(FloatVector.fromArray(S, k, o10), M8);
        int o3 = 16 * idx[p + 3], o11 = 16 * idx[p + 11];
        FloatVector r3 = FloatVector.fromArray(S, k, o3).blend(FloatVector.fromArray(S, k, o11 - 8, M8), M8);
        FloatVector r11 = FloatVector.fromArray(S, k, o3 + 8, LO8).blend(FloatVector.fromArray(S, k, o11), M8);
        int o4 = 16 * idx[p + 4], o12 = 16 * idx[p + 12];
        FloatVector r4 = FloatVector.fromArray(S, k, o4).blend(FloatVector.fromArray(S, k, o12 - 8, M8), M8);
        FloatVector r12 = FloatVector.fromArray(S, k, o4 + 8, LO8).blend(FloatVector.fromArray(S, k, o12), M8);
        int o5 = 16 * idx[p + 5], o13 = 16 * idx[p + 13];
        FloatVector r5 = FloatVector.fromArray(S, k, o5).blend(FloatVector.fromArray(S, k, o13 - 8, M8), M8);
        FloatVector r13 = FloatVector.fromArray(S, k, o5 + 8, LO8).blend(FloatVector.fromArray(S, k, o13), M8);
        int o6 = 16 * idx[p + 6], o14 = 16 * idx[p + 14];
        FloatVector r6 = FloatVector.fromArray(S, k, o6).blend(FloatVector.fromArray(S, k, o14 - 8, M8), M8);
        FloatVector r14 = FloatVector.fromArray(S, k, o6 + 8, LO8).blend(FloatVector.fromArray(S, k, o14), M8);
        int o7 = 16 * idx[p + 7], o15 = 16 * idx[p + 15];
        FloatVector r7 = FloatVector.fromArray(S, k, o7).blend(FloatVector.fromArray(S, k, o15 - 8, M8), M8);
        FloatVector r15 = FloatVector.fromArray(S, k, o7 + 8, LO8).blend(FloatVector.fromArray(S, k, o15), M8);
        FloatVector w, v;
        w = r4.blend(r0, M4); v = w.rearrange(SWAP4); r0 = r0.blend(v, M4); r4 = v.blend(r4, M4);
        w = r5.blend(r1, M4); v = w.rearrange(SWAP4); r1 = r1.blend(v, M4); r5 = v.blend(r5, M4);
        w = r6.blend(r2, M4); v = w.rearrange(SWAP4); r2 = r2.blend(v, M4); r6 = v.blend(r6, M4);
        w = r7.blend(r3, M4); v = w.rearrange(SWAP4); r3 = r3.blend(v, M4); r7 = v.blend(r7, M4);
        w = r12.blend(r8, M4); v = w.rearrange(SWAP4); r8 = r8.blend(v, M4); r12 = v.blend(r12, M4);
        w = r13.blend(r9, M4); v = w.rearrange(SWAP4); r9 = r9.blend(v, M4); r13 = v.blend(r13, M4);
        w = r14.blend(r10, M4); v = w.rearrange(SWAP4); r10 = r10.blend(v, M4); r14 = v.blend(r14, M4);
        w = r15.blend(r11, M4); v = w.rearrange(SWAP4); r11 = r11.blend(v, M4); r15 = v.blend(r15, M4);
        w = r2.blend(r0, M2); v = w.rearrange(SWAP2); r0 = r0.blend(v, M2); r2 = v.blend(r2, M2);
        w = r3.blend(r1, M2); v = w.rearrange(SWAP2); r1 = r1.blend(v, M2); r3 = v.blend(r3, M2);
        w = r6.blend(r4, M2); v = w.rearrange(SWAP2); r4 = r4.blend(v, M2); r6 = v.blend(r6, M2);
        w = r7.blend(r5, M2); v = w.rearrange(SWAP2); r5 = r5.blend(v, M2); r7 = v.blend(r7, M2);
        w = r10.blend(r8, M2); v = w.rearrange(SWAP2); r8 = r8.blend(v, M2); r10 = v.blend(r10, M2);
        w = r11.blend(r9, M2); v = w.rearrange(SWAP2); r9 = r9.blend(v, M2); r11 = v.blend(r11, M2);
        w = r14.blend(r12, M2); v = w.rearrange(SWAP2); r12 = r12.blend(v, M2); r14 = v.blend(r14, M2);
        w = r15.blend(r13, M2); v = w.rearrange(SWAP2); r13 = r13.blend(v, M2); r15 = v.blend(r15, M2);
        w = r1.blend(r0, M1); v = w.rearrange(SWAP1); r0 = r0.blend(v, M1); r1 = v.blend(r1, M1);
        w = r3.blend(r2, M1); v = w.rearrange(SWAP1); r2 = r2.blend(v, M1); r3 = v.blend(r3, M1);
        w = r5.blend(r4, M1); v = w.rearrange(SWAP1); r4 = r4.blend(v, M1); r5 = v.blend(r5, M1);
        w = r7.blend(r6, M1); v = w.rearrange(SWAP1); r6 = r6.blend(v, M1); r7 = v.blend(r7, M1);
        w = r9.blend(r8, M1); v = w.rearrange(SWAP1); r8 = r8.blend(v, M1); r9 = v.blend(r9, M1);
        w = r11.blend(r10, M1); v = w.rearrange(SWAP1); r10 = r10.blend(v, M1); r11 = v.blend(r11, M1);
        w = r13.blend(r12, M1); v = w.rearrange(SWAP1); r12 = r12.blend(v, M1); r13 = v.blend(r13, M1);
        w = r15.blend(r14, M1); v = w.rearrange(SWAP1); r14 = r14.blend(v, M1);
        r0.intoArray(cols, off);
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


    static final FloatVector XI8 = xi(8), XI4 = xi(4), XI2 = xi(2), XI1 = xi(1);
    static final FloatVector YI8 = yi(8), YI4 = yi(4), YI2 = yi(2), YI1 = yi(1);
    static FloatVector xi(int b) {
        float[] f = new float[L];
        for (int c = 0; c < L; c++) f[c] = (c & b) == 0 ? c : 16 + c - b;
        return FloatVector.fromArray(S, f, 0);
    }
    static FloatVector yi(int b) {
        float[] f = new float[L];
        for (int c = 0; c < L; c++) f[c] = (c & b) == 0 ? c + b : 16 + c;
        return FloatVector.fromArray(S, f, 0);
    }
    static void transposeSF(float[] k, int[] idx, int p, float[] cols, int off) {
        FloatVector r0 = FloatVector.fromArray(S, k, 16 * idx[p + 0]);
        FloatVector r1 = FloatVector.fromArray(S, k, 16 * idx[p + 1]);
        FloatVector r2 = FloatVector.fromArray(S, k, 16 * idx[p + 2]);
        FloatVector r3 = FloatVector.fromArray(S, k, 16 * idx[p + 3]);
        FloatVector r4 = FloatVector.fromArray(S, k, 16 * idx[p + 4]);
        FloatVector r5 = FloatVector.fromArray(S, k, 16 * idx[p + 5]);
        FloatVector r6 = FloatVector.fromArray(S, k, 16 * idx[p + 6]);
        FloatVector r7 = FloatVector.fromArray(S, k, 16 * idx[p + 7]);
        FloatVector r8 = FloatVector.fromArray(S, k, 16 * idx[p + 8]);
        FloatVector r9 = FloatVector.fromArray(S, k, 16 * idx[p + 9]);
        FloatVector r10 = FloatVector.fromArray(S, k, 16 * idx[p + 10]);
        FloatVector r11 = FloatVector.fromArray(S, k, 16 * idx[p + 11]);
        FloatVector r12 = FloatVector.fromArray(S, k, 16 * idx[p + 12]);
        FloatVector r13 = FloatVector.fromArray(S, k, 16 * idx[p + 13]);
        FloatVector r14 = FloatVector.fromArray(S, k, 16 * idx[p + 14]);
        FloatVector r15 = FloatVector.fromArray(S, k, 16 * idx[p + 15]);
        FloatVector x, y;
        x = XI8.selectFrom(r0, r8); y = YI8.selectFrom(r0, r8); r0 = x; r8 = y;
        x = XI8.selectFrom(r1, r9); y = YI8.selectFrom(r1, r9); r1 = x; r9 = y;
        x = XI8.selectFrom(r2, r10); y = YI8.selectFrom(r2, r10); r2 = x; r10 = y;
        x = XI8.selectFrom(r3, r11); y = YI8.selectFrom(r3, r11); r3 = x; r11 = y;
        x = XI8.selectFrom(r4, r12); y = YI8.selectFrom(r4, r12); r4 = x; r12 = y;
        x = XI8.selectFrom(r5, r13); y = YI8.selectFrom(r5, r13); r5 = x; r13 = y;
        x = XI8.selectFrom(r6, r14); y = YI8.selectFrom(r6, r14); r6 = x; r14 = y;
        x = XI8.selectFrom(r7, r15); y = YI8.selectFrom(r7, r15); r7 = x; r15 = y;
        x = XI4.selectFrom(r0, r4); y = YI4.selectFrom(r0, r4); r0 = x; r4 = y;
        x = XI4.selectFrom(r1, r5); y = YI4.selectFrom(r1, r5); r1 = x; r5 = y;
        x = XI4.selectFrom(r2, r6); y = YI4.selectFrom(r2, r6); r2 = x; r6 = y;
        x = XI4.selectFrom(r3, r7); y = YI4.selectFrom(r3, r7); r3 = x; r7 = y;
        x = XI4.selectFrom(r8, r12); y = YI4.selectFrom(r8, r12); r8 = x; r12 = y;
        x = XI4.selectFrom(r9, r13); y = YI4.selectFrom(r9, r13); r9 = x; r13 = y;
        x = XI4.selectFrom(r10, r14); y = YI4.selectFrom(r10, r14); r10 = x; r14 = y;
        x = XI4.selectFrom(r11, r15); y = YI4.selectFrom(r11, r15); r11 = x; r15 = y;
        x = XI2.selectFrom(r0, r2); y = YI2.selectFrom(r0, r2); r0 = x; r2 = y;
        x = XI2.selectFrom(r1, r3); y = YI2.selectFrom(r1, r3); r1 = x; r3 = y;
        x = XI2.selectFrom(r4, r6); y = YI2.selectFrom(r4, r6); r4 = x; r6 = y;
        x = XI2.selectFrom(r5, r7); y = YI2.selectFrom(r5, r7); r5 = x; r7 = y;
        x = XI2.selectFrom(r8, r10); y = YI2.selectFrom(r8, r10); r8 = x; r10 = y;
        x = XI2.selectFrom(r9, r11); y = YI2.selectFrom(r9, r11); r9 = x; r11 = y;
        x = XI2.selectFrom(r12, r14); y = YI2.selectFrom(r12, r14); r12 = x; r14 = y;
        x = XI2.selectFrom(r13, r15); y = YI2.selectFrom(r13, r15); r13 = x; r15 = y;
        x = XI1.selectFrom(r0, r1); y = YI1.selectFrom(r0, r1); r0 = x; r1 = y;
        x = XI1.selectFrom(r2, r3); y = YI1.selectFrom(r2, r3); r2 = x; r3 = y;
        x = XI1.selectFrom(r4, r5); y = YI1.selectFrom(r4, r5); r4 = x; r5 = y;
        x = XI1.selectFrom(r6, r7); y = YI1.selectFrom(r6, r7); r6 = x; r7 = y;
        x = XI1.selectFrom(r8, r9); y = YI1.selectFrom(r8, r9); r8 = x; r9 = y;
        x = XI1.selectFrom(r10, r11); y = YI1.selectFrom(r10, r11); r10 = x; r11 = y;
        x = XI1.selectFrom(r12, r13); y = YI1.selectFrom(r12, r13); r12 = x; r13 = y;
        x = XI1.selectFrom(r14, r15); y = YI1.selectFrom(r14, r15); r14 = x; r15 = y;
        r0.intoArray(cols, off + 0 * L);
        r1.intoArray(cols, off + 1 * L);
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

    /** Loads and transposes with half of the row pairs of each round by {@code selectFrom}, half by blends. */
    static void transposeMix(float[] k, int[] idx, int p, float[] cols, int off) {
        FloatVector r0 = FloatVector.fromArray(S, k, 16 * idx[p + 0]);
        FloatVector r1 = FloatVector.fromArray(S, k, 16 * idx[p + 1]);
        FloatVector r2 = FloatVector.fromArray(S, k, 16 * idx[p + 2]);
        FloatVector r3 = FloatVector.fromArray(S, k, 16 * idx[p + 3]);
        FloatVector r4 = FloatVector.fromArray(S, k, 16 * idx[p + 4]);
        FloatVector r5 = FloatVector.fromArray(S, k, 16 * idx[p + 5]);
        FloatVector r6 = FloatVector.fromArray(S, k, 16 * idx[p + 6]);
        FloatVector r7 = FloatVector.fromArray(S, k, 16 * idx[p + 7]);
        FloatVector r8 = FloatVector.fromArray(S, k, 16 * idx[p + 8]);
        FloatVector r9 = FloatVector.fromArray(S, k, 16 * idx[p + 9]);
        FloatVector r10 = FloatVector.fromArray(S, k, 16 * idx[p + 10]);
        FloatVector r11 = FloatVector.fromArray(S, k, 16 * idx[p + 11]);
        FloatVector r12 = FloatVector.fromArray(S, k, 16 * idx[p + 12]);
        FloatVector r13 = FloatVector.fromArray(S, k, 16 * idx[p + 13]);
        FloatVector r14 = FloatVector.fromArray(S, k, 16 * idx[p + 14]);
        FloatVector r15 = FloatVector.fromArray(S, k, 16 * idx[p + 15]);
        FloatVector x, y, w, v;
        x = XI8.selectFrom(r0, r8); y = YI8.selectFrom(r0, r8); r0 = x; r8 = y;
        w = r9.blend(r1, M8); v = w.rearrange(SWAP8); r1 = r1.blend(v, M8); r9 = v.blend(r9, M8);
        x = XI8.selectFrom(r2, r10); y = YI8.selectFrom(r2, r10); r2 = x; r10 = y;
        w = r11.blend(r3, M8); v = w.rearrange(SWAP8); r3 = r3.blend(v, M8); r11 = v.blend(r11, M8);
        x = XI8.selectFrom(r4, r12); y = YI8.selectFrom(r4, r12); r4 = x; r12 = y;
        w = r13.blend(r5, M8); v = w.rearrange(SWAP8); r5 = r5.blend(v, M8); r13 = v.blend(r13, M8);
        x = XI8.selectFrom(r6, r14); y = YI8.selectFrom(r6, r14); r6 = x; r14 = y;
        w = r15.blend(r7, M8); v = w.rearrange(SWAP8); r7 = r7.blend(v, M8); r15 = v.blend(r15, M8);
        x = XI4.selectFrom(r0, r4); y = YI4.selectFrom(r0, r4); r0 = x; r4 = y;
        w = r5.blend(r1, M4); v = w.rearrange(SWAP4); r1 = r1.blend(v, M4); r5 = v.blend(r5, M4);
        x = XI4.selectFrom(r2, r6); y = YI4.selectFrom(r2, r6); r2 = x; r6 = y;
        w = r7.blend(r3, M4); v = w.rearrange(SWAP4); r3 = r3.blend(v, M4); r7 = v.blend(r7, M4);
        x = XI4.selectFrom(r8, r12); y = YI4.selectFrom(r8, r12); r8 = x; r12 = y;
        w = r13.blend(r9, M4); v = w.rearrange(SWAP4); r9 = r9.blend(v, M4); r13 = v.blend(r13, M4);
        x = XI4.selectFrom(r10, r14); y = YI4.selectFrom(r10, r14); r10 = x; r14 = y;
        w = r15.blend(r11, M4); v = w.rearrange(SWAP4); r11 = r11.blend(v, M4); r15 = v.blend(r15, M4);
        x = XI2.selectFrom(r0, r2); y = YI2.selectFrom(r0, r2); r0 = x; r2 = y;
        w = r3.blend(r1, M2); v = w.rearrange(SWAP2); r1 = r1.blend(v, M2); r3 = v.blend(r3, M2);
        x = XI2.selectFrom(r4, r6); y = YI2.selectFrom(r4, r6); r4 = x; r6 = y;
        w = r7.blend(r5, M2); v = w.rearrange(SWAP2); r5 = r5.blend(v, M2); r7 = v.blend(r7, M2);
        x = XI2.selectFrom(r8, r10); y = YI2.selectFrom(r8, r10); r8 = x; r10 = y;
        w = r11.blend(r9, M2); v = w.rearrange(SWAP2); r9 = r9.blend(v, M2); r11 = v.blend(r11, M2);
        x = XI2.selectFrom(r12, r14); y = YI2.selectFrom(r12, r14); r12 = x; r14 = y;
        w = r15.blend(r13, M2); v = w.rearrange(SWAP2); r13 = r13.blend(v, M2); r15 = v.blend(r15, M2);
        x = XI1.selectFrom(r0, r1); y = YI1.selectFrom(r0, r1); r0 = x; r1 = y;
        w = r3.blend(r2, M1); v = w.rearrange(SWAP1); r2 = r2.blend(v, M1); r3 = v.blend(r3, M1);
        x = XI1.selectFrom(r4, r5); y = YI1.selectFrom(r4, r5); r4 = x; r5 = y;
        w = r7.blend(r6, M1); v = w.rearrange(SWAP1); r6 = r6.blend(v, M1); r7 = v.blend(r7, M1);
        x = XI1.selectFrom(r8, r9); y = YI1.selectFrom(r8, r9); r8 = x; r9 = y;
        w = r11.blend(r10, M1); v = w.rearrange(SWAP1); r10 = r10.blend(v, M1); r11 = v.blend(r11, M1);
        x = XI1.selectFrom(r12, r13); y = YI1.selectFrom(r12, r13); r12 = x; r13 = y;
        w = r15.blend(r14, M1); v = w.rearrange(SWAP1); r14 = r14.blend(v, M1); r15 = v.blend(r15, M1);
        r0.intoArray(cols, off + 0 * L);
        r1.intoArray(cols, off + 1 * L);
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

    static final VectorShuffle<Float> XS8 = xs(8), XS4 = xs(4), XS2 = xs(2), XS1 = xs(1);
    static final VectorShuffle<Float> YS8 = ys(8), YS4 = ys(4), YS2 = ys(2), YS1 = ys(1);
    static VectorShuffle<Float> xs(int b) {
        int[] f = new int[L];
        for (int c = 0; c < L; c++) f[c] = (c & b) == 0 ? c : 16 + c - b;
        return VectorShuffle.fromArray(S, f, 0);
    }
    static VectorShuffle<Float> ys(int b) {
        int[] f = new int[L];
        for (int c = 0; c < L; c++) f[c] = (c & b) == 0 ? c + b : 16 + c;
        return VectorShuffle.fromArray(S, f, 0);
    }
    /** Loads and transposes with the two-input {@code rearrange(shuffle, v)} (Java 21 API). */
    static void transposeR2(float[] k, int[] idx, int p, float[] cols, int off) {
        FloatVector r0 = FloatVector.fromArray(S, k, 16 * idx[p + 0]);
        FloatVector r1 = FloatVector.fromArray(S, k, 16 * idx[p + 1]);
        FloatVector r2 = FloatVector.fromArray(S, k, 16 * idx[p + 2]);
        FloatVector r3 = FloatVector.fromArray(S, k, 16 * idx[p + 3]);
        FloatVector r4 = FloatVector.fromArray(S, k, 16 * idx[p + 4]);
        FloatVector r5 = FloatVector.fromArray(S, k, 16 * idx[p + 5]);
        FloatVector r6 = FloatVector.fromArray(S, k, 16 * idx[p + 6]);
        FloatVector r7 = FloatVector.fromArray(S, k, 16 * idx[p + 7]);
        FloatVector r8 = FloatVector.fromArray(S, k, 16 * idx[p + 8]);
        FloatVector r9 = FloatVector.fromArray(S, k, 16 * idx[p + 9]);
        FloatVector r10 = FloatVector.fromArray(S, k, 16 * idx[p + 10]);
        FloatVector r11 = FloatVector.fromArray(S, k, 16 * idx[p + 11]);
        FloatVector r12 = FloatVector.fromArray(S, k, 16 * idx[p + 12]);
        FloatVector r13 = FloatVector.fromArray(S, k, 16 * idx[p + 13]);
        FloatVector r14 = FloatVector.fromArray(S, k, 16 * idx[p + 14]);
        FloatVector r15 = FloatVector.fromArray(S, k, 16 * idx[p + 15]);
        FloatVector x, y;
        x = r0.rearrange(XS8, r8); y = r0.rearrange(YS8, r8); r0 = x; r8 = y;
        x = r1.rearrange(XS8, r9); y = r1.rearrange(YS8, r9); r1 = x; r9 = y;
        x = r2.rearrange(XS8, r10); y = r2.rearrange(YS8, r10); r2 = x; r10 = y;
        x = r3.rearrange(XS8, r11); y = r3.rearrange(YS8, r11); r3 = x; r11 = y;
        x = r4.rearrange(XS8, r12); y = r4.rearrange(YS8, r12); r4 = x; r12 = y;
        x = r5.rearrange(XS8, r13); y = r5.rearrange(YS8, r13); r5 = x; r13 = y;
        x = r6.rearrange(XS8, r14); y = r6.rearrange(YS8, r14); r6 = x; r14 = y;
        x = r7.rearrange(XS8, r15); y = r7.rearrange(YS8, r15); r7 = x; r15 = y;
        x = r0.rearrange(XS4, r4); y = r0.rearrange(YS4, r4); r0 = x; r4 = y;
        x = r1.rearrange(XS4, r5); y = r1.rearrange(YS4, r5); r1 = x; r5 = y;
        x = r2.rearrange(XS4, r6); y = r2.rearrange(YS4, r6); r2 = x; r6 = y;
        x = r3.rearrange(XS4, r7); y = r3.rearrange(YS4, r7); r3 = x; r7 = y;
        x = r8.rearrange(XS4, r12); y = r8.rearrange(YS4, r12); r8 = x; r12 = y;
        x = r9.rearrange(XS4, r13); y = r9.rearrange(YS4, r13); r9 = x; r13 = y;
        x = r10.rearrange(XS4, r14); y = r10.rearrange(YS4, r14); r10 = x; r14 = y;
        x = r11.rearrange(XS4, r15); y = r11.rearrange(YS4, r15); r11 = x; r15 = y;
        x = r0.rearrange(XS2, r2); y = r0.rearrange(YS2, r2); r0 = x; r2 = y;
        x = r1.rearrange(XS2, r3); y = r1.rearrange(YS2, r3); r1 = x; r3 = y;
        x = r4.rearrange(XS2, r6); y = r4.rearrange(YS2, r6); r4 = x; r6 = y;
        x = r5.rearrange(XS2, r7); y = r5.rearrange(YS2, r7); r5 = x; r7 = y;
        x = r8.rearrange(XS2, r10); y = r8.rearrange(YS2, r10); r8 = x; r10 = y;
        x = r9.rearrange(XS2, r11); y = r9.rearrange(YS2, r11); r9 = x; r11 = y;
        x = r12.rearrange(XS2, r14); y = r12.rearrange(YS2, r14); r12 = x; r14 = y;
        x = r13.rearrange(XS2, r15); y = r13.rearrange(YS2, r15); r13 = x; r15 = y;
        x = r0.rearrange(XS1, r1); y = r0.rearrange(YS1, r1); r0 = x; r1 = y;
        x = r2.rearrange(XS1, r3); y = r2.rearrange(YS1, r3); r2 = x; r3 = y;
        x = r4.rearrange(XS1, r5); y = r4.rearrange(YS1, r5); r4 = x; r5 = y;
        x = r6.rearrange(XS1, r7); y = r6.rearrange(YS1, r7); r6 = x; r7 = y;
        x = r8.rearrange(XS1, r9); y = r8.rearrange(YS1, r9); r8 = x; r9 = y;
        x = r10.rearrange(XS1, r11); y = r10.rearrange(YS1, r11); r10 = x; r11 = y;
        x = r12.rearrange(XS1, r13); y = r12.rearrange(YS1, r13); r12 = x; r13 = y;
        x = r14.rearrange(XS1, r15); y = r14.rearrange(YS1, r15); r14 = x; r15 = y;
        r0.intoArray(cols, off + 0 * L);
        r1.intoArray(cols, off + 1 * L);
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

    /** SoA: one gather per component from the 15 component arrays. */
    static void gatherSoa(BoxArrays r, int[] idx, int p, float[] cols, int off) {
        FloatVector.fromArray(S, r.cx, 0, idx, p).intoArray(cols, off);
        FloatVector.fromArray(S, r.cy, 0, idx, p).intoArray(cols, off + L);
        FloatVector.fromArray(S, r.cz, 0, idx, p).intoArray(cols, off + 2 * L);
        FloatVector.fromArray(S, r.ux, 0, idx, p).intoArray(cols, off + 3 * L);
        FloatVector.fromArray(S, r.uy, 0, idx, p).intoArray(cols, off + 4 * L);
        FloatVector.fromArray(S, r.uz, 0, idx, p).intoArray(cols, off + 5 * L);
        FloatVector.fromArray(S, r.vx, 0, idx, p).intoArray(cols, off + 6 * L);
        FloatVector.fromArray(S, r.vy, 0, idx, p).intoArray(cols, off + 7 * L);
        FloatVector.fromArray(S, r.vz, 0, idx, p).intoArray(cols, off + 8 * L);
        FloatVector.fromArray(S, r.wx, 0, idx, p).intoArray(cols, off + 9 * L);
        FloatVector.fromArray(S, r.wy, 0, idx, p).intoArray(cols, off + 10 * L);
        FloatVector.fromArray(S, r.wz, 0, idx, p).intoArray(cols, off + 11 * L);
        FloatVector.fromArray(S, r.hu, 0, idx, p).intoArray(cols, off + 12 * L);
        FloatVector.fromArray(S, r.hv, 0, idx, p).intoArray(cols, off + 13 * L);
        FloatVector.fromArray(S, r.hw, 0, idx, p).intoArray(cols, off + 14 * L);
    }

    // ---------------- the arithmetic ----------------

    static long facesCert(float[] cols, float[] rows, float tol, boolean certify) {
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
        r00.intoArray(rows, 0); r01.intoArray(rows, L); r02.intoArray(rows, 2 * L);
        r10.intoArray(rows, 3 * L); r11.intoArray(rows, 4 * L); r12.intoArray(rows, 5 * L);
        r20.intoArray(rows, 6 * L); r21.intoArray(rows, 7 * L); r22.intoArray(rows, 8 * L);
        t0.intoArray(rows, 9 * L); t1.intoArray(rows, 10 * L); t2.intoArray(rows, 11 * L);
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


    static long facesCertNS(float[] cols, float tol, boolean certify) {
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


    /** The nine cross axes from rows (R 0..8, T 9..11) and cols (half-extents); bit set = separated. */
    static long crossAll(float[] cols, float[] rows, float tol) {
        FloatVector r00 = FloatVector.fromArray(S, rows, 0), r01 = FloatVector.fromArray(S, rows, L), r02 = FloatVector.fromArray(S, rows, 2 * L);
        FloatVector r10 = FloatVector.fromArray(S, rows, 3 * L), r11 = FloatVector.fromArray(S, rows, 4 * L), r12 = FloatVector.fromArray(S, rows, 5 * L);
        FloatVector r20 = FloatVector.fromArray(S, rows, 6 * L), r21 = FloatVector.fromArray(S, rows, 7 * L), r22 = FloatVector.fromArray(S, rows, 8 * L);
        FloatVector t0 = FloatVector.fromArray(S, rows, 9 * L), t1 = FloatVector.fromArray(S, rows, 10 * L), t2 = FloatVector.fromArray(S, rows, 11 * L);
        FloatVector ha0 = FloatVector.fromArray(S, cols, 12 * L), ha1 = FloatVector.fromArray(S, cols, 13 * L), ha2 = FloatVector.fromArray(S, cols, 14 * L);
        FloatVector hb0 = FloatVector.fromArray(S, cols, 28 * L), hb1 = FloatVector.fromArray(S, cols, 29 * L), hb2 = FloatVector.fromArray(S, cols, 30 * L);
        FloatVector q00 = r00.abs().add(G), q01 = r01.abs().add(G), q02 = r02.abs().add(G);
        FloatVector q10 = r10.abs().add(G), q11 = r11.abs().add(G), q12 = r12.abs().add(G);
        FloatVector q20 = r20.abs().add(G), q21 = r21.abs().add(G), q22 = r22.abs().add(G);
        long s;
        if (tol == 0) {
            s = t2.mul(r10).sub(t1.mul(r20)).abs().sub(ha1.mul(q20).add(ha2.mul(q10)).add(hb1.mul(q02).add(hb2.mul(q01)))).compare(VectorOperators.GT, 0f).toLong();
            s |= t2.mul(r11).sub(t1.mul(r21)).abs().sub(ha1.mul(q21).add(ha2.mul(q11)).add(hb0.mul(q02).add(hb2.mul(q00)))).compare(VectorOperators.GT, 0f).toLong();
            s |= t2.mul(r12).sub(t1.mul(r22)).abs().sub(ha1.mul(q22).add(ha2.mul(q12)).add(hb0.mul(q01).add(hb1.mul(q00)))).compare(VectorOperators.GT, 0f).toLong();
            s |= t0.mul(r20).sub(t2.mul(r00)).abs().sub(ha2.mul(q00).add(ha0.mul(q20)).add(hb1.mul(q12).add(hb2.mul(q11)))).compare(VectorOperators.GT, 0f).toLong();
            s |= t0.mul(r21).sub(t2.mul(r01)).abs().sub(ha2.mul(q01).add(ha0.mul(q21)).add(hb0.mul(q12).add(hb2.mul(q10)))).compare(VectorOperators.GT, 0f).toLong();
            s |= t0.mul(r22).sub(t2.mul(r02)).abs().sub(ha2.mul(q02).add(ha0.mul(q22)).add(hb0.mul(q11).add(hb1.mul(q10)))).compare(VectorOperators.GT, 0f).toLong();
            s |= t1.mul(r00).sub(t0.mul(r10)).abs().sub(ha0.mul(q10).add(ha1.mul(q00)).add(hb1.mul(q22).add(hb2.mul(q21)))).compare(VectorOperators.GT, 0f).toLong();
            s |= t1.mul(r01).sub(t0.mul(r11)).abs().sub(ha0.mul(q11).add(ha1.mul(q01)).add(hb0.mul(q22).add(hb2.mul(q20)))).compare(VectorOperators.GT, 0f).toLong();
            s |= t1.mul(r02).sub(t0.mul(r12)).abs().sub(ha0.mul(q12).add(ha1.mul(q02)).add(hb0.mul(q21).add(hb1.mul(q20)))).compare(VectorOperators.GT, 0f).toLong();
        } else {
            s = t2.mul(r10).sub(t1.mul(r20)).abs().sub(ha1.mul(q20).add(ha2.mul(q10)).add(hb1.mul(q02).add(hb2.mul(q01)))).compare(VectorOperators.GT, r10.mul(r10).add(r20.mul(r20)).sqrt().mul(tol)).toLong();
            s |= t2.mul(r11).sub(t1.mul(r21)).abs().sub(ha1.mul(q21).add(ha2.mul(q11)).add(hb0.mul(q02).add(hb2.mul(q00)))).compare(VectorOperators.GT, r11.mul(r11).add(r21.mul(r21)).sqrt().mul(tol)).toLong();
            s |= t2.mul(r12).sub(t1.mul(r22)).abs().sub(ha1.mul(q22).add(ha2.mul(q12)).add(hb0.mul(q01).add(hb1.mul(q00)))).compare(VectorOperators.GT, r12.mul(r12).add(r22.mul(r22)).sqrt().mul(tol)).toLong();
            s |= t0.mul(r20).sub(t2.mul(r00)).abs().sub(ha2.mul(q00).add(ha0.mul(q20)).add(hb1.mul(q12).add(hb2.mul(q11)))).compare(VectorOperators.GT, r20.mul(r20).add(r00.mul(r00)).sqrt().mul(tol)).toLong();
            s |= t0.mul(r21).sub(t2.mul(r01)).abs().sub(ha2.mul(q01).add(ha0.mul(q21)).add(hb0.mul(q12).add(hb2.mul(q10)))).compare(VectorOperators.GT, r21.mul(r21).add(r01.mul(r01)).sqrt().mul(tol)).toLong();
            s |= t0.mul(r22).sub(t2.mul(r02)).abs().sub(ha2.mul(q02).add(ha0.mul(q22)).add(hb0.mul(q11).add(hb1.mul(q10)))).compare(VectorOperators.GT, r22.mul(r22).add(r02.mul(r02)).sqrt().mul(tol)).toLong();
            s |= t1.mul(r00).sub(t0.mul(r10)).abs().sub(ha0.mul(q10).add(ha1.mul(q00)).add(hb1.mul(q22).add(hb2.mul(q21)))).compare(VectorOperators.GT, r00.mul(r00).add(r10.mul(r10)).sqrt().mul(tol)).toLong();
            s |= t1.mul(r01).sub(t0.mul(r11)).abs().sub(ha0.mul(q11).add(ha1.mul(q01)).add(hb0.mul(q22).add(hb2.mul(q20)))).compare(VectorOperators.GT, r01.mul(r01).add(r11.mul(r11)).sqrt().mul(tol)).toLong();
            s |= t1.mul(r02).sub(t0.mul(r12)).abs().sub(ha0.mul(q12).add(ha1.mul(q02)).add(hb0.mul(q21).add(hb1.mul(q20)))).compare(VectorOperators.GT, r02.mul(r02).add(r12.mul(r12)).sqrt().mul(tol)).toLong();
        }
        return s;
    }
    static long crossAllC(float[] cols, float tol) {
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
        FloatVector ha0 = FloatVector.fromArray(S, cols, 12 * L), ha1 = FloatVector.fromArray(S, cols, 13 * L), ha2 = FloatVector.fromArray(S, cols, 14 * L);
        FloatVector hb0 = FloatVector.fromArray(S, cols, 28 * L), hb1 = FloatVector.fromArray(S, cols, 29 * L), hb2 = FloatVector.fromArray(S, cols, 30 * L);
        FloatVector q00 = r00.abs().add(G), q01 = r01.abs().add(G), q02 = r02.abs().add(G);
        FloatVector q10 = r10.abs().add(G), q11 = r11.abs().add(G), q12 = r12.abs().add(G);
        FloatVector q20 = r20.abs().add(G), q21 = r21.abs().add(G), q22 = r22.abs().add(G);
        long s;
        if (tol == 0) {
            s = t2.mul(r10).sub(t1.mul(r20)).abs().sub(ha1.mul(q20).add(ha2.mul(q10)).add(hb1.mul(q02).add(hb2.mul(q01)))).compare(VectorOperators.GT, 0f).toLong();
            s |= t2.mul(r11).sub(t1.mul(r21)).abs().sub(ha1.mul(q21).add(ha2.mul(q11)).add(hb0.mul(q02).add(hb2.mul(q00)))).compare(VectorOperators.GT, 0f).toLong();
            s |= t2.mul(r12).sub(t1.mul(r22)).abs().sub(ha1.mul(q22).add(ha2.mul(q12)).add(hb0.mul(q01).add(hb1.mul(q00)))).compare(VectorOperators.GT, 0f).toLong();
            s |= t0.mul(r20).sub(t2.mul(r00)).abs().sub(ha2.mul(q00).add(ha0.mul(q20)).add(hb1.mul(q12).add(hb2.mul(q11)))).compare(VectorOperators.GT, 0f).toLong();
            s |= t0.mul(r21).sub(t2.mul(r01)).abs().sub(ha2.mul(q01).add(ha0.mul(q21)).add(hb0.mul(q12).add(hb2.mul(q10)))).compare(VectorOperators.GT, 0f).toLong();
            s |= t0.mul(r22).sub(t2.mul(r02)).abs().sub(ha2.mul(q02).add(ha0.mul(q22)).add(hb0.mul(q11).add(hb1.mul(q10)))).compare(VectorOperators.GT, 0f).toLong();
            s |= t1.mul(r00).sub(t0.mul(r10)).abs().sub(ha0.mul(q10).add(ha1.mul(q00)).add(hb1.mul(q22).add(hb2.mul(q21)))).compare(VectorOperators.GT, 0f).toLong();
            s |= t1.mul(r01).sub(t0.mul(r11)).abs().sub(ha0.mul(q11).add(ha1.mul(q01)).add(hb0.mul(q22).add(hb2.mul(q20)))).compare(VectorOperators.GT, 0f).toLong();
            s |= t1.mul(r02).sub(t0.mul(r12)).abs().sub(ha0.mul(q12).add(ha1.mul(q02)).add(hb0.mul(q21).add(hb1.mul(q20)))).compare(VectorOperators.GT, 0f).toLong();
        } else {
            s = t2.mul(r10).sub(t1.mul(r20)).abs().sub(ha1.mul(q20).add(ha2.mul(q10)).add(hb1.mul(q02).add(hb2.mul(q01)))).compare(VectorOperators.GT, r10.mul(r10).add(r20.mul(r20)).sqrt().mul(tol)).toLong();
            s |= t2.mul(r11).sub(t1.mul(r21)).abs().sub(ha1.mul(q21).add(ha2.mul(q11)).add(hb0.mul(q02).add(hb2.mul(q00)))).compare(VectorOperators.GT, r11.mul(r11).add(r21.mul(r21)).sqrt().mul(tol)).toLong();
            s |= t2.mul(r12).sub(t1.mul(r22)).abs().sub(ha1.mul(q22).add(ha2.mul(q12)).add(hb0.mul(q01).add(hb1.mul(q00)))).compare(VectorOperators.GT, r12.mul(r12).add(r22.mul(r22)).sqrt().mul(tol)).toLong();
            s |= t0.mul(r20).sub(t2.mul(r00)).abs().sub(ha2.mul(q00).add(ha0.mul(q20)).add(hb1.mul(q12).add(hb2.mul(q11)))).compare(VectorOperators.GT, r20.mul(r20).add(r00.mul(r00)).sqrt().mul(tol)).toLong();
            s |= t0.mul(r21).sub(t2.mul(r01)).abs().sub(ha2.mul(q01).add(ha0.mul(q21)).add(hb0.mul(q12).add(hb2.mul(q10)))).compare(VectorOperators.GT, r21.mul(r21).add(r01.mul(r01)).sqrt().mul(tol)).toLong();
            s |= t0.mul(r22).sub(t2.mul(r02)).abs().sub(ha2.mul(q02).add(ha0.mul(q22)).add(hb0.mul(q11).add(hb1.mul(q10)))).compare(VectorOperators.GT, r22.mul(r22).add(r02.mul(r02)).sqrt().mul(tol)).toLong();
            s |= t1.mul(r00).sub(t0.mul(r10)).abs().sub(ha0.mul(q10).add(ha1.mul(q00)).add(hb1.mul(q22).add(hb2.mul(q21)))).compare(VectorOperators.GT, r00.mul(r00).add(r10.mul(r10)).sqrt().mul(tol)).toLong();
            s |= t1.mul(r01).sub(t0.mul(r11)).abs().sub(ha0.mul(q11).add(ha1.mul(q01)).add(hb0.mul(q22).add(hb2.mul(q20)))).compare(VectorOperators.GT, r01.mul(r01).add(r11.mul(r11)).sqrt().mul(tol)).toLong();
            s |= t1.mul(r02).sub(t0.mul(r12)).abs().sub(ha0.mul(q12).add(ha1.mul(q02)).add(hb0.mul(q21).add(hb1.mul(q20)))).compare(VectorOperators.GT, r02.mul(r02).add(r12.mul(r12)).sqrt().mul(tol)).toLong();
        }
        return s;
    }


    /** Both certificates from rows (R 0..8, T 9..11) and cols (half-extents); bit set = certified. */
    static long certRows(float[] cols, float[] rows) {
        FloatVector r00 = FloatVector.fromArray(S, rows, 0), r01 = FloatVector.fromArray(S, rows, L), r02 = FloatVector.fromArray(S, rows, 2 * L);
        FloatVector r10 = FloatVector.fromArray(S, rows, 3 * L), r11 = FloatVector.fromArray(S, rows, 4 * L), r12 = FloatVector.fromArray(S, rows, 5 * L);
        FloatVector r20 = FloatVector.fromArray(S, rows, 6 * L), r21 = FloatVector.fromArray(S, rows, 7 * L), r22 = FloatVector.fromArray(S, rows, 8 * L);
        FloatVector t0 = FloatVector.fromArray(S, rows, 9 * L), t1 = FloatVector.fromArray(S, rows, 10 * L), t2 = FloatVector.fromArray(S, rows, 11 * L);
        FloatVector ha0 = FloatVector.fromArray(S, cols, 12 * L), ha1 = FloatVector.fromArray(S, cols, 13 * L), ha2 = FloatVector.fromArray(S, cols, 14 * L);
        FloatVector hb0 = FloatVector.fromArray(S, cols, 28 * L), hb1 = FloatVector.fromArray(S, cols, 29 * L), hb2 = FloatVector.fromArray(S, cols, 30 * L);
        FloatVector s0 = t0.mul(r00).add(t1.mul(r10)).add(t2.mul(r20));
        FloatVector s1 = t0.mul(r01).add(t1.mul(r11)).add(t2.mul(r21));
        FloatVector s2 = t0.mul(r02).add(t1.mul(r12)).add(t2.mul(r22));
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
        return cert;
    }
    // ---------------- batch loops ----------------

    static int run(BoxArrays r, int[] pa, int[] pb, int n, float[] cols, float[] rows, float tol, long[] words, int path, int mode) {
        int hits = 0;
        int junk = 0;
        int pf = PF;
        float[] k = r.packed;
        for (int w = 0; w < n; w += 64) {
            long bits = 0;
            for (int p = w; p < w + 64; p += L) {
                if (path == 0) {
                    transpose(k, pa, p, cols, 0);
                    transpose(k, pb, p, cols, 16 * L);
                } else if (path == 7) {
                    transposeR2(k, pa, p, cols, 0);
                    transposeR2(k, pb, p, cols, 16 * L);
                } else if (path == 6) {
                    transposeMix(k, pa, p, cols, 0);
                    transposeMix(k, pb, p, cols, 16 * L);
                } else if (path == 5) {
                    transposeSum(k, pa, p, cols, 0);
                    transposeSum(k, pb, p, cols, 16 * L);
                } else if (path == 4) {
                    loadsOnly(k, pa, p, cols, 0);
                    loadsOnly(k, pb, p, cols, 16 * L);
                } else if (path == 3) {
                    transposeML(k, pa, p, cols, 0);
                    transposeML(k, pb, p, cols, 16 * L);
                } else if (path == 2) {
                    transposeSF(k, pa, p, cols, 0);
                    transposeSF(k, pb, p, cols, 16 * L);
                } else {
                    gatherSoa(r, pa, p, cols, 0);
                    gatherSoa(r, pb, p, cols, 16 * L);
                }
                long sep;
                if (pf > 0 && p + pf + L <= n) {
                    int q = p + pf;
                    for (int i = 0; i < L; i++) {
                        int oa = 16 * pa[q + i];
                        int ob = 16 * pb[q + i];
                        junk += Float.floatToRawIntBits(k[oa]) + Float.floatToRawIntBits(k[oa + 15])
                                + Float.floatToRawIntBits(k[ob]) + Float.floatToRawIntBits(k[ob + 15]);
                    }
                }
                if (mode == 9) {
                    sep = Float.floatToRawIntBits(cols[p & 255]) & 0xFFFFL;
                } else if (mode == 8) {
                    sep = facesCert(cols, rows, tol, tol >= 0) & 0xFFFFL;
                } else if (mode == 5) {
                    long f = facesCertNS(cols, tol, tol >= 0);
                    sep = f & 0xFFFFL;
                    long open = ~sep & ~(f >>> 32) & 0xFFFFL;
                    if (open != 0) {
                        sep |= crossAllC(cols, tol) & open;
                    }
                } else if (mode == 6) {
                    sep = facesCert(cols, rows, tol, false) & 0xFFFFL;
                    if (sep != 0xFFFFL) {
                        sep |= crossAll(cols, rows, tol) & 0xFFFFL;
                    }
                } else if (mode == 10) {
                    sep = facesCert(cols, rows, tol, false) & 0xFFFFL;
                    if (sep != 0xFFFFL) {
                        long cr = crossAll(cols, rows, tol) & ~sep & 0xFFFFL;
                        sep |= cr;
                        while (cr != 0) {
                            int lane = Long.numberOfTrailingZeros(cr);
                            cr &= cr - 1;
                            if (!ScalarObbSat.separated(r, pa[p + lane], pb[p + lane], tol)) {
                                sep &= ~(1L << lane);
                            }
                        }
                    }
                } else if (mode == 4) {
                    sep = facesCert(cols, rows, tol, false) & 0xFFFFL;
                    long cr = ~sep & crossAll(cols, rows, tol) & 0xFFFFL;
                    if (cr != 0 && tol >= 0) {
                        cr &= ~certRows(cols, rows);
                    }
                    sep |= cr;
                } else if (mode >= 3) {
                    long f = facesCert(cols, rows, tol, tol >= 0);
                    sep = f & 0xFFFFL;
                    long open = ~sep & ~(f >>> 32) & 0xFFFFL;
                    if (open != 0) {
                        sep |= crossAll(cols, rows, tol) & open;
                    }
                } else {
                    throw new IllegalArgumentException("mode " + mode);
                }
                bits |= (~sep & 0xFFFFL) << (p - w);
            }
            words[w >>> 6] = bits;
            hits += Long.bitCount(bits);
        }
        rows[16 * L - 1] = junk;
        return hits;
    }

    static int PF = Integer.getInteger("pf", 0);
    interface Run {
        int run();
    }

    public static void main(String[] a) throws Exception {
        double seconds = Double.parseDouble(a[0]);
        String which = a.length > 1 ? a[1] : "base,bsT3,bsT6,bsT9,joml";
        dev.sepax.bench.SolidWorkloads.Boxes wk = dev.sepax.bench.SolidWorkloads.boxes(42);
        OrientedBoxes boxes = wk.boxes();
        PairBatch pairs = wk.pairs();
        int n = pairs.size();
        if (n % 64 != 0) throw new IllegalStateException("n=" + n);
        int[] as = new int[n];
        int[] bs = new int[n];
        pairs.copyIndices(as, bs);
        BoxArrays r = boxes.arrays();
        float[] cols = new float[32 * L];
        float[] rows = new float[16 * L];
        OverlapBits ref = new OverlapBits(n);
        int refHits = ScalarObbSat.INSTANCE.test(boxes, pairs, 0f, ref);
        dev.sepax.bench.SolidPeers.JomlBoxes joml = new dev.sepax.bench.SolidPeers.JomlBoxes(boxes);
        List<String> names = new ArrayList<>();
        List<Run> runs = new ArrayList<>();
        for (String v : which.split(",")) {
            names.add(v);
            switch (v) {
                case "base" -> {
                    OverlapBits out = new OverlapBits(n);
                    runs.add(() -> VectorObbSat.INSTANCE.test(boxes, pairs, 0f, out));
                }
                case "joml" -> runs.add(() -> {
                    int h = 0;
                    for (int p = 0; p < n; p++) h += joml.test(as[p], bs[p]) ? 1 : 0;
                    return h;
                });
                default -> {
                    int path = v.charAt(2) == 'T' ? 0 : v.charAt(2) == 'S' ? 2 : v.charAt(2) == 'M' ? 3 : v.charAt(2) == 'L' ? 4 : v.charAt(2) == 'U' ? 5 : v.charAt(2) == 'X' ? 6 : v.charAt(2) == 'R' ? 7 : 1;
                    int mode = v.charAt(3) - '0';
                    long[] words = new long[n / 64];
                    runs.add(() -> run(r, as, bs, n, cols, rows, 0f, words, path, mode));
                    run(r, as, bs, n, cols, rows, 0f, words, path, mode);
                    int bad = 0;
                    long[] rw = ref.words();
                    for (int i = 0; i < words.length; i++) bad += Long.bitCount(words[i] ^ rw[i]);
                    System.out.println(v + " differs from scalar in " + bad + " pairs");
                }
            }
        }
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        List<List<Long>> times = new ArrayList<>();
        long[] alloc = new long[runs.size()];
        long[] batches = new long[runs.size()];
        for (int i = 0; i < runs.size(); i++) times.add(new ArrayList<>());
        int[] hits = new int[runs.size()];
        long end = System.nanoTime() + (long) (seconds * 1e9);
        int rounds = 0;
        while (System.nanoTime() < end) {
            for (int i = 0; i < runs.size(); i++) {
                long b0 = mx.getCurrentThreadAllocatedBytes();
                long t0 = System.nanoTime();
                for (int rep = 0; rep < 5; rep++) hits[i] = runs.get(i).run();
                long t = System.nanoTime() - t0;
                long b1 = mx.getCurrentThreadAllocatedBytes();
                if (rounds >= 10) {
                    times.get(i).add(t);
                    alloc[i] += b1 - b0;
                    batches[i] += 5;
                }
            }
            rounds++;
        }
        System.out.printf("load %s, scalar hits %d%n", new String(java.nio.file.Files.readAllBytes(java.nio.file.Path.of("/proc/loadavg"))).trim(), refHits);
        for (int i = 0; i < runs.size(); i++) {
            List<Long> l = times.get(i);
            if (l.isEmpty()) {
                throw new IllegalStateException("no timed rounds (the first 10 are warm-up): give more seconds");
            }
            l.sort(null);
            double b = 5.0 * n / (l.get(0) / 1e9) / 1e6;
            double m = 5.0 * n / (l.get(l.size() / 2) / 1e9) / 1e6;
            System.out.printf("%-6s best %6.1f M/s (%5.2f ns/pair), median %6.1f M (%5.2f ns), hits %d, %.2f B/pair, %d rounds%n",
                    names.get(i), b, 1e3 / b, m, 1e3 / m, hits[i], (double) alloc[i] / batches[i] / n, l.size());
        }
    }
}
