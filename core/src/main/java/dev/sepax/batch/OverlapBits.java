package dev.sepax.batch;

import java.util.Arrays;

/**
 * Caller-owned verdicts, one bit per pair: bit {@code i} set means pair {@code i} intersects
 * (touching included at tolerance 0). Backed by a {@code long[]} the caller may read directly.
 *
 * <p>Kernels write a range of pairs with whole-word stores, and ranges that start on a multiple
 * of 64 touch disjoint words, so several threads may fill one result concurrently on such ranges.
 * Allocation happens only in the constructor.
 */
public final class OverlapBits {
    private final long[] words;
    private final int capacity;

    /** Room for {@code pairs} verdicts, all clear. */
    public OverlapBits(int pairs) {
        if (pairs < 0) {
            throw new IllegalArgumentException("pairs=" + pairs + ": negative");
        }
        this.capacity = pairs;
        this.words = new long[(pairs + 63) >>> 6];
    }

    /** Number of verdicts this buffer can hold. */
    public int capacity() {
        return capacity;
    }

    /** Verdict of pair {@code i}. */
    public boolean get(int i) {
        if (i < 0 || i >= capacity) {
            throw new IndexOutOfBoundsException("pair=" + i + ": out of range [0, " + capacity + ")");
        }
        return (words[i >>> 6] & (1L << i)) != 0;
    }

    /** Sets or clears verdict {@code i} (not for concurrent use on the same word). */
    public void set(int i, boolean value) {
        if (i < 0 || i >= capacity) {
            throw new IndexOutOfBoundsException("pair=" + i + ": out of range [0, " + capacity + ")");
        }
        if (value) {
            words[i >>> 6] |= 1L << i;
        } else {
            words[i >>> 6] &= ~(1L << i);
        }
    }

    /** Number of set verdicts among the first {@code n}. */
    public int count(int n) {
        if (n < 0 || n > capacity) {
            throw new IndexOutOfBoundsException("n=" + n + ": out of range [0, " + capacity + "]");
        }
        int full = n >>> 6;
        int c = 0;
        for (int w = 0; w < full; w++) {
            c += Long.bitCount(words[w]);
        }
        if ((n & 63) != 0) {
            c += Long.bitCount(words[full] & ((1L << n) - 1));
        }
        return c;
    }

    /**
     * Index of the first set verdict at or after {@code from} and before {@code n}, or -1: with
     * {@code for (int p = bits.nextSet(0, n); p >= 0; p = bits.nextSet(p + 1, n))} a caller
     * visits the hits of a batch, a word at a time, without allocation.
     *
     * @throws IndexOutOfBoundsException if {@code n} is not in {@code [0, capacity()]} or
     *     {@code from} is negative
     */
    public int nextSet(int from, int n) {
        if (n < 0 || n > capacity) {
            throw new IndexOutOfBoundsException("n=" + n + ": out of range [0, " + capacity + "]");
        }
        if (from < 0) {
            throw new IndexOutOfBoundsException("from=" + from + ": negative");
        }
        if (from >= n) {
            return -1;
        }
        int w = from >>> 6;
        long bits = words[w] & (-1L << from);
        while (true) {
            if (bits != 0) {
                int i = (w << 6) + Long.numberOfTrailingZeros(bits);
                return i < n ? i : -1;
            }
            if (++w << 6 >= n) {
                return -1;
            }
            bits = words[w];
        }
    }

    /**
     * Clears every verdict among the first {@code n} whose bit is clear in {@code mask}: after
     * the call bit {@code i < n} is set iff it was set in both (verdicts from {@code n} on are
     * left alone). How a frame drops the verdicts of a persistent broad phase's free slots.
     *
     * @throws IndexOutOfBoundsException if {@code n} exceeds either capacity or is negative
     */
    public void retain(OverlapBits mask, int n) {
        int limit = Math.min(capacity, mask.capacity);
        if (n < 0 || n > limit) {
            throw new IndexOutOfBoundsException("n=" + n + ": out of range [0, " + limit + "]");
        }
        int full = n >>> 6;
        for (int w = 0; w < full; w++) {
            words[w] &= mask.words[w];
        }
        if ((n & 63) != 0) {
            words[full] &= mask.words[full] | (-1L << n);
        }
    }

    /** Clears every verdict. */
    public void clear() {
        Arrays.fill(words, 0L);
    }

    /** The backing words; bit {@code i & 63} of word {@code i >>> 6} is pair {@code i}. Not a copy. */
    public long[] words() {
        return words;
    }

    /**
     * Index of the first verdict among the first {@code n} that differs from {@code other}'s, or -1.
     *
     * @throws IndexOutOfBoundsException if {@code n} exceeds either capacity or is negative
     */
    public int firstDifference(OverlapBits other, int n) {
        int limit = Math.min(capacity, other.capacity);
        if (n < 0 || n > limit) {
            throw new IndexOutOfBoundsException("n=" + n + ": out of range [0, " + limit + "]");
        }
        for (int w = 0; w << 6 < n; w++) {
            long diff = words[w] ^ other.words[w];
            if (w == n >>> 6) {
                diff &= (1L << n) - 1;
            }
            if (diff != 0) {
                return (w << 6) + Long.numberOfTrailingZeros(diff);
            }
        }
        return -1;
    }
}
