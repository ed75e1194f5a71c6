package dev.sepax.internal;

/** Word-wise writes into the {@code long[]} of an {@link dev.sepax.batch.OverlapBits}. */
public final class BitWords {
    private BitWords() {}

    /**
     * Writes the verdicts of pairs {@code [first, end)} in one store, leaving the word's other
     * bits alone: bit {@code p & 63} of {@code bits} is pair {@code p}. This is how every batch
     * kernel writes its results; {@code first} is a multiple of 64 and {@code end <= first + 64},
     * so calls on disjoint word-aligned ranges touch disjoint words and may run concurrently.
     * No bounds check beyond the array's own: kernels call it after validating the range.
     */
    public static void store(long[] words, int first, int end, long bits) {
        assert (first & 63) == 0 && first < end && end - first <= 64 : "first=" + first + ", end=" + end;
        long mask = end - first == 64 ? -1L : ((1L << (end - first)) - 1) << first;
        int word = first >>> 6;
        words[word] = (words[word] & ~mask) | (bits & mask);
    }
}
