import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.SplittableRandom;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * What the alignment of the OBB kernel's 64-byte box rows costs: the kernel's first step alone
 * (16 row loads and a 16 x 16 transpose in registers per side, as {@code VectorObbSat.transpose}
 * does it) for random pairs of 4096 boxes, with the rows read from a native segment at a byte
 * offset of 0, 8, .., 56 from a 64-byte boundary. A Java {@code float[]} is only 8-byte
 * aligned and its elements start after a header, so the kernel's rows sit at one of these
 * offsets, unknown to it (0 only by chance). Prints the best ns per pair for each offset, for
 * loads and transposes ({@code transpose}) and for the loads alone ({@code loads}), the
 * offsets alternated in one JVM.
 *
 * <pre>
 * java --add-modules jdk.incubator.vector bench/tools/ObbRowAlign.java [ROUNDS]
 * </pre>
 * A single-file program for Java 22 or later (the segment API), run from source; not part of
 * the build. Needs 16 float lanes (AVX-512).
 */
public final class ObbRowAlign {
    private static final VectorSpecies<Float> S = FloatVector.SPECIES_512;
    private static final int L = 16;
    private static final VectorMask<Float> M8 = blockMask(8);
    private static final VectorMask<Float> M4 = blockMask(4);
    private static final VectorMask<Float> M2 = blockMask(2);
    private static final VectorMask<Float> M1 = blockMask(1);
    private static final VectorShuffle<Float> SWAP8 = swap(8);
    private static final VectorShuffle<Float> SWAP4 = swap(4);
    private static final VectorShuffle<Float> SWAP2 = swap(2);
    private static final VectorShuffle<Float> SWAP1 = swap(1);

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
            s[c] = c ^ b;
        }
        return VectorShuffle.fromArray(S, s, 0);
    }

    public static void main(String[] a) {
        if (FloatVector.SPECIES_PREFERRED.length() != L) {
            throw new IllegalStateException("needs 16 float lanes, preferred species has " + FloatVector.SPECIES_PREFERRED.length());
        }
        int rounds = a.length > 0 ? Integer.parseInt(a[0]) : 60;
        int boxes = 4096;
        int pairs = 32768;
        SplittableRandom r = new SplittableRandom(42);
        MemorySegment rows = Arena.global().allocate(64L * boxes + 64, 64);
        for (long i = 0; i < rows.byteSize() / 4; i++) {
            rows.setAtIndex(ValueLayout.JAVA_FLOAT, i, (float) r.nextDouble());
        }
        int[] pa = new int[pairs];
        int[] pb = new int[pairs];
        for (int i = 0; i < pairs; i++) {
            pa[i] = r.nextInt(boxes);
            pb[i] = r.nextInt(boxes);
        }
        float[] cols = new float[32 * L];
        double[][] best = new double[2][8];
        for (double[] b : best) {
            java.util.Arrays.fill(b, Double.MAX_VALUE);
        }
        float sink = 0;
        for (int round = 0; round < rounds; round++) {
            for (int mode = 0; mode < 2; mode++) {
                for (int o = 0; o < 8; o++) {
                    long base = 8L * o;
                    long t0 = System.nanoTime();
                    for (int rep = 0; rep < 5; rep++) {
                        for (int p = 0; p + L <= pairs; p += L) {
                            if (mode == 0) {
                                transpose(rows, base, pa, p, cols, 0);
                                transpose(rows, base, pb, p, cols, 16 * L);
                            } else {
                                loads(rows, base, pa, p, cols, 0);
                                loads(rows, base, pb, p, cols, 16 * L);
                            }
                            sink += cols[p & 511];
                        }
                    }
                    double ns = (System.nanoTime() - t0) / (5.0 * pairs);
                    if (round >= rounds / 4) {
                        best[mode][o] = Math.min(best[mode][o], ns);
                    }
                }
            }
        }
        for (int o = 0; o < 8; o++) {
            System.out.printf("row offset %2d B: transpose %.2f ns/pair, loads %.2f ns/pair%n", 8 * o, best[0][o], best[1][o]);
        }
        if (sink == 42) {
            System.out.println();
        }
    }

    /** The 15 components of boxes idx[p .. p + 15] lane-major into cols[off + c * L ..]: loads only. */
    private static void loads(MemorySegment rows, long base, int[] idx, int p, float[] cols, int off) {
        FloatVector.fromMemorySegment(S, rows, base + 64L * idx[p + 0], ByteOrder.nativeOrder()).intoArray(cols, off + 0 * L);
        FloatVector.fromMemorySegment(S, rows, base + 64L * idx[p + 1], ByteOrder.nativeOrder()).intoArray(cols, off + 1 * L);
        FloatVector.fromMemorySegment(S, rows, base + 64L * idx[p + 2], ByteOrder.nativeOrder()).intoArray(cols, off + 2 * L);
        FloatVector.fromMemorySegment(S, rows, base + 64L * idx[p + 3], ByteOrder.nativeOrder()).intoArray(cols, off + 3 * L);
        FloatVector.fromMemorySegment(S, rows, base + 64L * idx[p + 4], ByteOrder.nativeOrder()).intoArray(cols, off + 4 * L);
        FloatVector.fromMemorySegment(S, rows, base + 64L * idx[p + 5], ByteOrder.nativeOrder()).intoArray(cols, off + 5 * L);
        FloatVector.fromMemorySegment(S, rows, base + 64L * idx[p + 6], ByteOrder.nativeOrder()).intoArray(cols, off + 6 * L);
        FloatVector.fromMemorySegment(S, rows, base + 64L * idx[p + 7], ByteOrder.nativeOrder()).intoArray(cols, off + 7 * L);
        FloatVector.fromMemorySegment(S, rows, base + 64L * idx[p + 8], ByteOrder.nativeOrder()).intoArray(cols, off + 8 * L);
        FloatVector.fromMemorySegment(S, rows, base + 64L * idx[p + 9], ByteOrder.nativeOrder()).intoArray(cols, off + 9 * L);
        FloatVector.fromMemorySegment(S, rows, base + 64L * idx[p + 10], ByteOrder.nativeOrder()).intoArray(cols, off + 10 * L);
        FloatVector.fromMemorySegment(S, rows, base + 64L * idx[p + 11], ByteOrder.nativeOrder()).intoArray(cols, off + 11 * L);
        FloatVector.fromMemorySegment(S, rows, base + 64L * idx[p + 12], ByteOrder.nativeOrder()).intoArray(cols, off + 12 * L);
        FloatVector.fromMemorySegment(S, rows, base + 64L * idx[p + 13], ByteOrder.nativeOrder()).intoArray(cols, off + 13 * L);
        FloatVector.fromMemorySegment(S, rows, base + 64L * idx[p + 14], ByteOrder.nativeOrder()).intoArray(cols, off + 14 * L);
    }

    /** The same through the kernel's transpose: four rounds of one permute and three blends per pair of rows. */
    private static void transpose(MemorySegment rows, long base, int[] idx, int p, float[] cols, int off) {
        FloatVector r0 = FloatVector.fromMemorySegment(S, rows, base + 64L * idx[p + 0], ByteOrder.nativeOrder());
        FloatVector r1 = FloatVector.fromMemorySegment(S, rows, base + 64L * idx[p + 1], ByteOrder.nativeOrder());
        FloatVector r2 = FloatVector.fromMemorySegment(S, rows, base + 64L * idx[p + 2], ByteOrder.nativeOrder());
        FloatVector r3 = FloatVector.fromMemorySegment(S, rows, base + 64L * idx[p + 3], ByteOrder.nativeOrder());
        FloatVector r4 = FloatVector.fromMemorySegment(S, rows, base + 64L * idx[p + 4], ByteOrder.nativeOrder());
        FloatVector r5 = FloatVector.fromMemorySegment(S, rows, base + 64L * idx[p + 5], ByteOrder.nativeOrder());
        FloatVector r6 = FloatVector.fromMemorySegment(S, rows, base + 64L * idx[p + 6], ByteOrder.nativeOrder());
        FloatVector r7 = FloatVector.fromMemorySegment(S, rows, base + 64L * idx[p + 7], ByteOrder.nativeOrder());
        FloatVector r8 = FloatVector.fromMemorySegment(S, rows, base + 64L * idx[p + 8], ByteOrder.nativeOrder());
        FloatVector r9 = FloatVector.fromMemorySegment(S, rows, base + 64L * idx[p + 9], ByteOrder.nativeOrder());
        FloatVector r10 = FloatVector.fromMemorySegment(S, rows, base + 64L * idx[p + 10], ByteOrder.nativeOrder());
        FloatVector r11 = FloatVector.fromMemorySegment(S, rows, base + 64L * idx[p + 11], ByteOrder.nativeOrder());
        FloatVector r12 = FloatVector.fromMemorySegment(S, rows, base + 64L * idx[p + 12], ByteOrder.nativeOrder());
        FloatVector r13 = FloatVector.fromMemorySegment(S, rows, base + 64L * idx[p + 13], ByteOrder.nativeOrder());
        FloatVector r14 = FloatVector.fromMemorySegment(S, rows, base + 64L * idx[p + 14], ByteOrder.nativeOrder());
        FloatVector r15 = FloatVector.fromMemorySegment(S, rows, base + 64L * idx[p + 15], ByteOrder.nativeOrder());
        FloatVector w;
        FloatVector v;
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
        r15 = v.blend(r15, M1);
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
}
