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
