package dev.sepax.simd;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.narrow.SatKernel;
import dev.sepax.Sepax;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Batch bookkeeping around the places vector and word code goes wrong: batch sizes at multiples
 * of the lane counts (4, 8, 16) and of 64-bit words, plus or minus one, and sub-ranges
 * {@code [from, to)}. Only the range's bits change, each equals the single-pair verdict, and
 * the return value counts them.
 */
class BatchRangePropertyTest {
    private static Scenes.Scene scene;

    @BeforeContainer
    static void build() {
        scene = Scenes.mixed(77L, 20, 32, 1_000, 0.0);
    }

    @Provide
    Arbitrary<Integer> sizes() {
        return Arbitraries.integers().between(0, 12).flatMap(m -> Arbitraries.of(
                        4 * m - 1, 4 * m, 4 * m + 1, 8 * m - 1, 8 * m + 1, 16 * m - 1, 16 * m, 16 * m + 1,
                        64 * m - 1, 64 * m, 64 * m + 1))
                .filter(n -> n >= 0);
    }

    @Property(tries = 300)
    void onlyTheRangeChangesAndEachBitIsTheSinglePairVerdict(@ForAll("sizes") int n,
                                                             @ForAll("sizes") int fromSeed,
                                                             @ForAll("sizes") int toCut,
                                                             @ForAll long garbage,
                                                             @ForAll boolean simd,
                                                             @ForAll boolean withCache) {
        SatKernel k = simd ? VectorSat.INSTANCE : Sepax.scalar();
        PairBatch pairs = new PairBatch(scene.shapes(), n);
        for (int p = 0; p < n; p++) {
            pairs.add(scene.pairs().shapeA(p), scene.pairs().shapeB(p));
        }
        int from = Math.min(fromSeed, n) & ~63;
        int to = Math.max(from, n - Math.min(toCut, n));
        OverlapBits out = new OverlapBits(n);
        long[] words = out.words();
        java.util.Arrays.fill(words, garbage);
        long[] before = words.clone();
        int[] cache = withCache ? new int[n] : null;
        int hits = k.test(scene.shapes(), pairs, from, to, 0f, out, cache);
        int want = 0;
        for (int p = 0; p < n; p++) {
            boolean bit = (words[p >>> 6] & (1L << p)) != 0;
            if (p >= from && p < to) {
                boolean v = Sepax.scalar().intersects(scene.shapes(), pairs.shapeA(p), pairs.shapeB(p), 0f);
                assertEquals(v, bit, "pair=" + p);
                want += v ? 1 : 0;
            } else {
                assertEquals((before[p >>> 6] & (1L << p)) != 0, bit, "pair=" + p + " outside the range changed");
            }
        }
        // Bits past n in the last word belong to nobody but must be left alone too.
        for (int w = 0; w < words.length; w++) {
            long outside = 0;
            for (int b = 0; b < 64; b++) {
                int p = 64 * w + b;
                if (p < from || p >= to) {
                    outside |= 1L << b;
                }
            }
            assertEquals(before[w] & outside, words[w] & outside, "word=" + w);
        }
        assertEquals(want, hits);
    }
}
