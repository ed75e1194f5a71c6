package dev.sepax.batch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Set-bit iteration, masking and compaction of batches against plain per-bit loops. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BatchPlumbingTest {
    private static OverlapBits random(SplittableRandom rnd, int n, double density) {
        OverlapBits b = new OverlapBits(n);
        for (int i = 0; i < n; i++) {
            b.set(i, rnd.nextDouble() < density);
        }
        return b;
    }

    @Test
    void nextSetVisitsExactlyTheSetBitsBelowN() {
        SplittableRandom rnd = new SplittableRandom(1);
        for (int trial = 0; trial < 300; trial++) {
            int cap = rnd.nextInt(0, 300);
            OverlapBits bits = random(rnd, cap, rnd.nextDouble());
            int n = rnd.nextInt(0, cap + 1);
            int from = rnd.nextInt(0, n + 2);
            int expected = -1;
            for (int i = from; i < n; i++) {
                if (bits.get(i)) {
                    expected = i;
                    break;
                }
            }
            assertEquals(expected, bits.nextSet(from, n), "cap=" + cap + " n=" + n + " from=" + from);
            int visited = 0;
            for (int p = bits.nextSet(0, n); p >= 0; p = bits.nextSet(p + 1, n)) {
                assertEquals(true, bits.get(p));
                visited++;
            }
            assertEquals(bits.count(n), visited);
        }
        assertThrows(IndexOutOfBoundsException.class, () -> new OverlapBits(10).nextSet(0, 11));
        assertThrows(IndexOutOfBoundsException.class, () -> new OverlapBits(10).nextSet(-1, 5));
    }

    @Test
    void retainIsAndBelowNAndLeavesTheRestAlone() {
        SplittableRandom rnd = new SplittableRandom(2);
        for (int trial = 0; trial < 300; trial++) {
            int cap = rnd.nextInt(0, 300);
            OverlapBits bits = random(rnd, cap, 0.5);
            OverlapBits mask = random(rnd, cap + rnd.nextInt(0, 70), 0.5);
            int n = rnd.nextInt(0, cap + 1);
            boolean[] before = new boolean[cap];
            for (int i = 0; i < cap; i++) {
                before[i] = bits.get(i);
            }
            bits.retain(mask, n);
            for (int i = 0; i < cap; i++) {
                assertEquals(i < n ? before[i] && mask.get(i) : before[i], bits.get(i), "bit " + i + " n=" + n);
            }
        }
        assertThrows(IndexOutOfBoundsException.class, () -> new OverlapBits(10).retain(new OverlapBits(5), 6));
    }

    @Test
    void compactIntoKeepsTheSelectedPairsInOrderWithTheirOrigins() {
        SplittableRandom rnd = new SplittableRandom(3);
        PairBatch out = new PairBatch(50, 0);
        for (int trial = 0; trial < 200; trial++) {
            int n = rnd.nextInt(0, 400);
            PairBatch pairs = new PairBatch(50, 0);
            for (int i = 0; i < n; i++) {
                pairs.add(rnd.nextInt(50), rnd.nextInt(50));
            }
            OverlapBits sel = random(rnd, n + rnd.nextInt(0, 100), rnd.nextDouble());
            int[] origin = new int[n];
            int m = pairs.compactInto(sel, out, origin);
            int j = 0;
            for (int i = 0; i < n; i++) {
                if (sel.get(i)) {
                    assertEquals(i, origin[j]);
                    assertEquals(pairs.shapeA(i), out.shapeA(j));
                    assertEquals(pairs.shapeB(i), out.shapeB(j));
                    j++;
                }
            }
            assertEquals(j, m);
            assertEquals(j, out.size());
        }
        PairBatch p = PairBatch.of(new int[] {0, 1, 2}, new int[] {1, 2, 0}, 3);
        OverlapBits all = new OverlapBits(3);
        all.set(0, true);
        all.set(2, true);
        PairBatch o = new PairBatch(3, 0);
        assertEquals(2, p.compactInto(all, o, null));
        assertArrayEquals(new int[] {0, 2}, java.util.Arrays.copyOf(o.arrays().a, 2));
        assertThrows(IllegalArgumentException.class, () -> p.compactInto(all, p, null));
        assertThrows(IllegalArgumentException.class, () -> p.compactInto(all, new PairBatch(4, 0), null));
        assertThrows(IllegalArgumentException.class, () -> p.compactInto(new OverlapBits(2), o, null));
        assertThrows(IllegalArgumentException.class, () -> p.compactInto(all, o, new int[1]));
    }

    @Test
    void setAndTruncateValidateLikeAdd() {
        PairBatch p = PairBatch.of(new int[] {0, 1}, new int[] {1, 2}, 3);
        p.set(1, 2, 0);
        assertEquals(2, p.shapeA(1));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> p.set(0, 0, 3));
        assertEquals("pair=0: b=3 out of range [0, 3)", e.getMessage());
        assertThrows(IndexOutOfBoundsException.class, () -> p.set(2, 0, 0));
        p.truncate(1);
        assertEquals(1, p.size());
        assertThrows(IllegalArgumentException.class, () -> p.truncate(2));
    }
}
