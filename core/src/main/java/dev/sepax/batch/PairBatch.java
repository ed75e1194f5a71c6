package dev.sepax.batch;

import dev.sepax.internal.ArrayGrowth;
import dev.sepax.internal.PairArrays;

import dev.sepax.shape.ConvexPolygons;

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
    private final PairArrays arrays;

    /** An empty batch for a store of {@code shapeCount} shapes. */
    public PairBatch(int shapeCount, int initialCapacity) {
        if (shapeCount < 0) {
            throw new IllegalArgumentException("shapeCount=" + shapeCount + ": negative");
        }
        if (initialCapacity < 0) {
            throw new IllegalArgumentException("initialCapacity=" + initialCapacity + ": negative");
        }
        this.shapeCount = shapeCount;
        this.arrays = new PairArrays(initialCapacity);
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
            throw new IllegalArgumentException("pair=" + arrays.size + ": a=" + ia + " out of range [0, " + shapeCount + ")");
        }
        if (ib < 0 || ib >= shapeCount) {
            throw new IllegalArgumentException("pair=" + arrays.size + ": b=" + ib + " out of range [0, " + shapeCount + ")");
        }
        PairArrays r = arrays;
        int size = r.size;
        if (size == r.a.length) {
            int n = ArrayGrowth.grownLength(r.a.length, size + 1L, 16, "pair=" + size + ": the batch is full");
            r.a = Arrays.copyOf(r.a, n);
            r.b = Arrays.copyOf(r.b, n);
        }
        r.a[size] = ia;
        r.b[size] = ib;
        r.size = size + 1;
        r.version++;
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
        arrays.a[i] = ia;
        arrays.b[i] = ib;
        arrays.version++;
    }

    /**
     * Drops the pairs from index {@code newSize} on, keeping the arrays.
     *
     * @throws IllegalArgumentException if {@code newSize} is not in {@code [0, size()]}
     */
    public void truncate(int newSize) {
        if (newSize < 0 || newSize > arrays.size) {
            throw new IllegalArgumentException("newSize=" + newSize + ": out of range [0, " + arrays.size + "]");
        }
        arrays.size = newSize;
        arrays.version++;
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
        int size = arrays.size;
        if (selected.capacity() < size) {
            throw new IllegalArgumentException("selected.capacity=" + selected.capacity() + " < size=" + size);
        }
        int n = selected.count(size);
        if (origin != null && origin.length < n) {
            throw new IllegalArgumentException("origin.length=" + origin.length + " < selected pairs=" + n);
        }
        PairArrays o = out.arrays;
        o.size = 0;
        if (o.a.length < n) {
            int cap = Math.max(n, o.a.length + (o.a.length >> 1));
            o.a = Arrays.copyOf(o.a, cap);
            o.b = Arrays.copyOf(o.b, cap);
        }
        int[] a = arrays.a;
        int[] b = arrays.b;
        int[] oa = o.a;
        int[] ob = o.b;
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
                oa[j] = a[i];
                ob[j] = b[i];
                if (origin != null) {
                    origin[j] = i;
                }
                j++;
            }
        }
        assert j == n : j + " != " + n;
        o.size = n;
        o.version++;
        return n;
    }

    /** Removes all pairs, keeping the arrays. */
    public void clear() {
        arrays.size = 0;
        arrays.version++;
    }

    /** Number of pairs. */
    public int size() {
        return arrays.size;
    }

    /** The shape count the indices were validated against. */
    public int shapeCount() {
        return shapeCount;
    }

    /** The first shape (A) of pair {@code i}. */
    public int shapeA(int i) {
        return arrays.a[checkPair(i)];
    }

    /** The second shape (B) of pair {@code i}. */
    public int shapeB(int i) {
        return arrays.b[checkPair(i)];
    }

    /**
     * Copies the pairs' shape indices into {@code as[0, size())} and {@code bs[0, size())}, for
     * callers that hand the pairs to other code. Allocates nothing.
     *
     * @throws IllegalArgumentException if either array is null or shorter than {@link #size()}
     */
    public void copyIndices(int[] as, int[] bs) {
        int size = arrays.size;
        if (as == null || as.length < size) {
            throw new IllegalArgumentException("as.length=" + (as == null ? "null" : as.length) + ": need " + size);
        }
        if (bs == null || bs.length < size) {
            throw new IllegalArgumentException("bs.length=" + (bs == null ? "null" : bs.length) + ": need " + size);
        }
        System.arraycopy(arrays.a, 0, as, 0, size);
        System.arraycopy(arrays.b, 0, bs, 0, size);
    }

    /**
     * The raw index arrays, for Sepax's own kernels. The type lives in a package that the
     * module exports only to {@code dev.sepax.simd}: callers on the module path cannot use it.
     *
     * @hidden
     */
    public PairArrays arrays() {
        return arrays;
    }

    private int checkPair(int i) {
        int size = arrays.size;
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException("pair=" + i + ": out of range [0, " + size + ")");
        }
        return i;
    }

    @Override
    public String toString() {
        return "PairBatch[size=" + arrays.size + ", shapeCount=" + shapeCount + "]";
    }
}
