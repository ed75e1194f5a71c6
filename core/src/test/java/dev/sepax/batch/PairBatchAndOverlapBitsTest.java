package dev.sepax.batch;

import dev.sepax.shape.ConvexPolygons;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** The caller-owned containers: PairBatch and OverlapBits. */
class PairBatchAndOverlapBitsTest {
    static void rejected(Class<? extends RuntimeException> type, String message, Executable call) {
        RuntimeException e = assertThrows(type, call);
        assertEquals(message, e.getMessage());
    }

    // ---- PairBatch ---------------------------------------------------------------------------

    @Test
    void pairBatchGrowsFromZeroCapacityAndKeepsEveryPair() {
        PairBatch p = new PairBatch(1000, 0);
        for (int i = 0; i < 1000; i++) {
            p.add(i, 999 - i);
        }
        assertEquals(1000, p.size());
        for (int i = 0; i < 1000; i++) {
            assertEquals(i, p.shapeA(i));
            assertEquals(999 - i, p.shapeB(i));
            assertEquals(i, p.arrays().a[i]);
            assertEquals(999 - i, p.arrays().b[i]);
        }
    }

    @Test
    void clearedPairBatchReusesItsArrays() {
        PairBatch p = new PairBatch(4, 2);
        p.add(0, 1);
        p.add(2, 3);
        p.add(3, 3);
        int[] as = p.arrays().a;
        p.clear();
        assertEquals(0, p.size());
        p.add(1, 2);
        assertSame(as, p.arrays().a);
        assertEquals(1, p.size());
        assertEquals(1, p.shapeA(0));
        assertEquals(2, p.shapeB(0));
    }

    @Test
    void pairOfTheSameShapeTwiceIsAllowed() {
        PairBatch p = PairBatch.of(new int[] {2}, new int[] {2}, 3);
        assertEquals(2, p.shapeA(0));
        assertEquals(2, p.shapeB(0));
    }

    @Test
    void outOfRangeIndexIsRejectedNamingPairAndValue() {
        PairBatch p = new PairBatch(4, 0);
        p.add(0, 1);
        rejected(IllegalArgumentException.class, "pair=1: b=4 out of range [0, 4)", () -> p.add(3, 4));
        rejected(IllegalArgumentException.class, "pair=1: a=-1 out of range [0, 4)", () -> p.add(-1, 0));
        assertEquals(1, p.size(), "a rejected pair is not added");
    }

    @Test
    void copiedArraysAreValidatedNamingTheFirstBadPair() {
        rejected(IllegalArgumentException.class, "pair=2: a=7 out of range [0, 5)",
                () -> PairBatch.of(new int[] {0, 1, 7, 9}, new int[] {1, 2, 3, 4}, 5));
    }

    @Test
    void mismatchedArrayLengthsAreRejected() {
        rejected(IllegalArgumentException.class, "a.length=2 != b.length=1",
                () -> PairBatch.of(new int[] {0, 1}, new int[] {1}, 5));
        rejected(IllegalArgumentException.class, "pair index array is null",
                () -> PairBatch.of(null, new int[] {1}, 5));
    }

    @Test
    void negativeSizesAreRejected() {
        rejected(IllegalArgumentException.class, "shapeCount=-1: negative", () -> new PairBatch(-1, 0));
        rejected(IllegalArgumentException.class, "initialCapacity=-2: negative", () -> new PairBatch(1, -2));
    }

    @Test
    void pairQueryOutOfRangeNamesThePair() {
        PairBatch p = PairBatch.of(new int[] {0}, new int[] {0}, 1);
        rejected(IndexOutOfBoundsException.class, "pair=1: out of range [0, 1)", () -> p.shapeA(1));
    }

    @Test
    void pairBatchSizedForAStoreUsesItsShapeCount() {
        ConvexPolygons s = ConvexPolygons.of(new float[] {0, 0, 1, 0, 0, 1}, new float[] {0, 0, 1, 0, 0, 1});
        PairBatch p = new PairBatch(s, 4);
        assertEquals(2, p.shapeCount());
        rejected(IllegalArgumentException.class, "pair=0: b=2 out of range [0, 2)", () -> p.add(0, 2));
    }

    // ---- OverlapBits -------------------------------------------------------------------------

    @Test
    void bitsSetGetAndCountAcrossWordBoundaries() {
        OverlapBits bits = new OverlapBits(200);
        int[] set = {0, 1, 63, 64, 65, 127, 128, 199};
        for (int i : set) {
            bits.set(i, true);
        }
        for (int i = 0; i < 200; i++) {
            assertEquals(Arrays.binarySearch(set, i) >= 0, bits.get(i), "bit " + i);
        }
        assertEquals(0, bits.count(0));
        assertEquals(1, bits.count(1));
        assertEquals(3, bits.count(64));
        assertEquals(4, bits.count(65));
        assertEquals(6, bits.count(128));
        assertEquals(8, bits.count(200));
        bits.set(64, false);
        assertFalse(bits.get(64));
        assertEquals(7, bits.count(200));
        assertEquals(4, bits.words().length);
    }

    @Test
    void clearResetsEveryBit() {
        OverlapBits bits = new OverlapBits(130);
        for (int i = 0; i < 130; i += 3) {
            bits.set(i, true);
        }
        bits.clear();
        assertEquals(0, bits.count(130));
    }

    @Test
    void firstDifferenceFindsTheLowestDifferingVerdictWithinTheFirstN() {
        OverlapBits a = new OverlapBits(150);
        OverlapBits b = new OverlapBits(150);
        assertEquals(-1, a.firstDifference(b, 150));
        b.set(140, true);
        assertEquals(140, a.firstDifference(b, 150));
        assertEquals(-1, a.firstDifference(b, 140), "beyond n is ignored");
        a.set(70, true);
        assertEquals(70, a.firstDifference(b, 150));
        assertEquals(70, b.firstDifference(a, 71));
        assertEquals(-1, b.firstDifference(a, 70));
        assertEquals(-1, b.firstDifference(a, 0));
    }

    @Test
    void firstDifferenceRejectsAnNBeyondEitherCapacity() {
        OverlapBits a = new OverlapBits(100);
        OverlapBits b = new OverlapBits(300);
        rejected(IndexOutOfBoundsException.class, "n=200: out of range [0, 100]", () -> a.firstDifference(b, 200));
        rejected(IndexOutOfBoundsException.class, "n=200: out of range [0, 100]", () -> b.firstDifference(a, 200));
        rejected(IndexOutOfBoundsException.class, "n=-1: out of range [0, 100]", () -> a.firstDifference(b, -1));
    }

    @Test
    void bitIndexOutOfRangeIsRejectedNamingThePair() {
        OverlapBits bits = new OverlapBits(10);
        rejected(IndexOutOfBoundsException.class, "pair=10: out of range [0, 10)", () -> bits.get(10));
        rejected(IndexOutOfBoundsException.class, "pair=-1: out of range [0, 10)", () -> bits.set(-1, true));
        rejected(IndexOutOfBoundsException.class, "n=11: out of range [0, 10]", () -> bits.count(11));
        rejected(IllegalArgumentException.class, "pairs=-1: negative", () -> new OverlapBits(-1));
    }

    @Test
    void emptyBitsHaveNoWords() {
        OverlapBits bits = new OverlapBits(0);
        assertEquals(0, bits.capacity());
        assertEquals(0, bits.words().length);
        assertEquals(0, bits.count(0));
        assertTrue(bits.firstDifference(new OverlapBits(0), 0) < 0);
    }

    @Test
    void wordsAreTheBackingArray() {
        OverlapBits bits = new OverlapBits(64);
        bits.words()[0] = 0b101L;
        assertTrue(bits.get(0));
        assertFalse(bits.get(1));
        assertTrue(bits.get(2));
        assertArrayEquals(new long[] {0b101L}, bits.words());
    }
}
