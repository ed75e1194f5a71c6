package dev.sepax.batch;

import java.util.Arrays;

/**
 * Per-pair GJK simplex cache for frame-to-frame warm starts, owned by the caller like the axis
 * cache of the boolean test.
 *
 * <pre>
 *  index p:   count[p]                      0 (empty: cold start) or 1..3 simplex vertices
 *             indexA[3p + v], indexB[3p + v] core point indices of vertex v on A and on B
 * </pre>
 * A kernel given a cache starts pair {@code p} from the cached simplex, then stores the final
 * one there. Entries are only hints: an entry whose count or indices do not fit the pair's shapes
 * (a cache from another batch, or garbage) is ignored and the pair starts cold, so a stale cache
 * can cost iterations but never changes what a correct result is. The result of a warm start
 * may differ in the last bits from a cold one (another simplex path), and scalar and SIMD
 * kernels given the same cache give the same bits.
 *
 * <p>Not thread-safe as a whole, but kernels read and write only entries {@code [from, to)}, so
 * threads may use disjoint ranges. Allocation happens only in the constructor.
 */
public final class SimplexCache {
    final int[] count;
    final int[] indexA;
    final int[] indexB;

    /** Most pairs a cache holds: three vertex indices per pair and shape fit one array. */
    public static final int MAX_PAIRS = (Integer.MAX_VALUE - 8) / 3;

    /**
     * An empty cache for {@code pairs} pairs.
     *
     * @throws IllegalArgumentException if {@code pairs} is negative or above {@link #MAX_PAIRS}
     */
    public SimplexCache(int pairs) {
        if (pairs < 0 || pairs > MAX_PAIRS) {
            // Three vertex indices per pair and shape: 3 * pairs must be an array length.
            throw new IllegalArgumentException("pairs=" + pairs + ": out of range [0, " + MAX_PAIRS + "]");
        }
        count = new int[pairs];
        indexA = new int[3 * pairs];
        indexB = new int[3 * pairs];
    }

    /** Number of pairs this cache holds. */
    public int capacity() {
        return count.length;
    }

    /** Empties every entry (every pair starts cold next time). */
    public void clear() {
        Arrays.fill(count, 0);
    }

    /** Simplex size of pair {@code p} (0: empty). */
    public int count(int p) {
        return count[check(p)];
    }

    /** Core point index on A of vertex {@code v} of pair {@code p}'s simplex. */
    public int indexA(int p, int v) {
        return indexA[3 * check(p) + checkVertex(p, v)];
    }

    /** Core point index on B of vertex {@code v} of pair {@code p}'s simplex. */
    public int indexB(int p, int v) {
        return indexB[3 * check(p) + checkVertex(p, v)];
    }

    /** Sets entry {@code p} by hand (tests, or a caller restoring saved state); {@code n} = 0 empties it. */
    public void set(int p, int n, int a0, int b0, int a1, int b1, int a2, int b2) {
        check(p);
        if (n < 0 || n > 3) {
            throw new IllegalArgumentException("pair=" + p + ": count=" + n + " out of range [0, 3]");
        }
        count[p] = n;
        indexA[3 * p] = a0;
        indexB[3 * p] = b0;
        indexA[3 * p + 1] = a1;
        indexB[3 * p + 1] = b1;
        indexA[3 * p + 2] = a2;
        indexB[3 * p + 2] = b2;
    }

    /** The count array, for kernels. Not an API for callers. */
    public int[] counts() {
        return count;
    }

    /** The A index array (3 per pair), for kernels. Not an API for callers. */
    public int[] indexAs() {
        return indexA;
    }

    /** The B index array (3 per pair), for kernels. Not an API for callers. */
    public int[] indexBs() {
        return indexB;
    }

    private int check(int p) {
        if (p < 0 || p >= count.length) {
            throw new IndexOutOfBoundsException("pair=" + p + ": out of range [0, " + count.length + ")");
        }
        return p;
    }

    private int checkVertex(int p, int v) {
        if (v < 0 || v >= 3) {
            throw new IndexOutOfBoundsException("pair=" + p + ": vertex=" + v + " out of range [0, 3)");
        }
        return v;
    }
}
