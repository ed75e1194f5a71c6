package dev.sepax.core;

import java.util.Arrays;

/**
 * A list of candidate pairs {@code (a[i], b[i])} of shape indices, validated against a shape count.
 *
 * <p>Every index is checked when it enters the batch, so kernels can trust it: an out-of-range
 * index is an {@link IllegalArgumentException} of the form {@code pair=i: b=4096 out of range
 * [0, 4096)}. A pair may name the same shape twice (it intersects itself).
 *
 * <p>The batch is growable and reusable: a broad phase {@link #clear() clears} it and
 * {@link #add adds} pairs every frame; once the arrays are large enough, that allocates nothing.
 * Not thread-safe for mutation; any number of kernels may read it concurrently while nobody
 * mutates it.
 */
public final class PairBatch {
    private final int shapeCount;
    private int[] a;
    private int[] b;
    private int size;

    /** An empty batch for a store of {@code shapeCount} shapes. */
    public PairBatch(int shapeCount, int initialCapacity) {
        if (shapeCount < 0) {
            throw new IllegalArgumentException("shapeCount=" + shapeCount + ": negative");
        }
        if (initialCapacity < 0) {
            throw new IllegalArgumentException("initialCapacity=" + initialCapacity + ": negative");
        }
        this.shapeCount = shapeCount;
        this.a = new int[initialCapacity];
        this.b = new int[initialCapacity];
    }

    /** An empty batch sized for {@code shapes}. */
    public PairBatch(ConvexPolygons shapes, int initialCapacity) {
        this(shapes.size(), initialCapacity);
    }

    /**
     * Copies and validates parallel index arrays.
     *
     * @throws IllegalArgumentException if the arrays differ in length, or naming the first pair
     *     with an index outside {@code [0, shapeCount)}
     */
    public static PairBatch of(int[] a, int[] b, int shapeCount) {
        if (a == null || b == null) {
            throw new IllegalArgumentException("pair index array is null");
        }
        if (a.length != b.length) {
            throw new IllegalArgumentException("a.length=" + a.length + " != b.length=" + b.length);
        }
        PairBatch p = new PairBatch(shapeCount, a.length);
        for (int i = 0; i < a.length; i++) {
            p.add(a[i], b[i]);
        }
        return p;
    }

    /** {@link #of(int[], int[], int)} for the size of {@code shapes}. */
    public static PairBatch of(int[] a, int[] b, ConvexPolygons shapes) {
        return of(a, b, shapes.size());
    }

    /**
     * Appends the pair {@code (ia, ib)}. Allocates only when the batch must grow.
     *
     * @throws IllegalArgumentException naming the pair index and the bad value
     */
    public void add(int ia, int ib) {
        if (ia < 0 || ia >= shapeCount) {
            throw new IllegalArgumentException("pair=" + size + ": a=" + ia + " out of range [0, " + shapeCount + ")");
        }
        if (ib < 0 || ib >= shapeCount) {
            throw new IllegalArgumentException("pair=" + size + ": b=" + ib + " out of range [0, " + shapeCount + ")");
        }
        if (size == a.length) {
            int n = Math.max(16, a.length + (a.length >> 1));
            a = Arrays.copyOf(a, n);
            b = Arrays.copyOf(b, n);
        }
        a[size] = ia;
        b[size] = ib;
        size++;
    }

    /**
     * Overwrites pair {@code i} (an existing entry) with {@code (ia, ib)}: how a persistent broad
     * phase reuses a slot. Allocates nothing.
     *
     * @throws IndexOutOfBoundsException if {@code i} is not in {@code [0, size())}
     * @throws IllegalArgumentException naming the pair index and the bad value
     */
    public void set(int i, int ia, int ib) {
        checkPair(i);
        if (ia < 0 || ia >= shapeCount) {
            throw new IllegalArgumentException("pair=" + i + ": a=" + ia + " out of range [0, " + shapeCount + ")");
        }
        if (ib < 0 || ib >= shapeCount) {
            throw new IllegalArgumentException("pair=" + i + ": b=" + ib + " out of range [0, " + shapeCount + ")");
        }
        a[i] = ia;
        b[i] = ib;
    }

    /**
     * Drops the pairs from index {@code newSize} on, keeping the arrays.
     *
     * @throws IllegalArgumentException if {@code newSize} is not in {@code [0, size()]}
     */
    public void truncate(int newSize) {
        if (newSize < 0 || newSize > size) {
            throw new IllegalArgumentException("newSize=" + newSize + ": out of range [0, " + size + "]");
        }
        size = newSize;
    }

    /**
     * Clears {@code out} and appends, in order, the pairs {@code i < size()} whose bit is set in
     * {@code selected}: the hits of a batch, compacted, so that later stages (manifolds, the
     * MTV) run over hits only. {@code origin}, when not null, receives each compacted pair's
     * index in this batch ({@code origin[j]} is the source of {@code out}'s pair {@code j}), so
     * per-pair caches keyed by this batch's indices stay reachable. Allocates only when
     * {@code out} must grow.
     *
     * @return the number of pairs written ({@code out.size()})
     * @throws IllegalArgumentException if {@code out} is this batch or validates against a
     *     different shape count, {@code selected} holds fewer than {@code size()} verdicts, or
     *     {@code origin} is shorter than the number of selected pairs
     */
    public int compactInto(OverlapBits selected, PairBatch out, int[] origin) {
        if (selected == null || out == null) {
            throw new IllegalArgumentException(selected == null ? "selected is null" : "out is null");
        }
        if (out == this) {
            throw new IllegalArgumentException("out is this batch: compact into another one");
        }
        if (out.shapeCount != shapeCount) {
            throw new IllegalArgumentException("out.shapeCount=" + out.shapeCount + " != shapeCount=" + shapeCount);
        }
        if (selected.capacity() < size) {
            throw new IllegalArgumentException("selected.capacity=" + selected.capacity() + " < size=" + size);
        }
        int n = selected.count(size);
        if (origin != null && origin.length < n) {
            throw new IllegalArgumentException("origin.length=" + origin.length + " < selected pairs=" + n);
        }
        out.clear();
        if (out.a.length < n) {
            int cap = Math.max(n, out.a.length + (out.a.length >> 1));
            out.a = Arrays.copyOf(out.a, cap);
            out.b = Arrays.copyOf(out.b, cap);
        }
        long[] words = selected.words();
        int j = 0;
        for (int w = 0; w << 6 < size; w++) {
            long bits = words[w];
            if ((w + 1) << 6 > size) {
                bits &= (1L << size) - 1; // size is not a multiple of 64 here
            }
            while (bits != 0) {
                int i = (w << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                out.a[j] = a[i];
                out.b[j] = b[i];
                if (origin != null) {
                    origin[j] = i;
                }
                j++;
            }
        }
        assert j == n : j + " != " + n;
        out.size = n;
        return n;
    }

    /** Removes all pairs, keeping the arrays. */
    public void clear() {
        size = 0;
    }

    /** Number of pairs. */
    public int size() {
        return size;
    }

    /** The shape count the indices were validated against. */
    public int shapeCount() {
        return shapeCount;
    }

    /** First shape of pair {@code i}. */
    public int a(int i) {
        return a[checkPair(i)];
    }

    /** Second shape of pair {@code i}. */
    public int b(int i) {
        return b[checkPair(i)];
    }

    /** The first-shape array; entries {@code [0, size())} are valid. Read-only, not a copy. */
    public int[] as() {
        return a;
    }

    /** The second-shape array; entries {@code [0, size())} are valid. Read-only, not a copy. */
    public int[] bs() {
        return b;
    }

    private int checkPair(int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException("pair=" + i + ": out of range [0, " + size + ")");
        }
        return i;
    }

    @Override
    public String toString() {
        return "PairBatch[size=" + size + ", shapeCount=" + shapeCount + "]";
    }
}
