package dev.sepax.batch;

import dev.sepax.internal.PairArrays;
import dev.sepax.internal.SingleCaller;
import dev.sepax.shape.SpatialOrder;

/**
 * Puts pair batches in the order kernels stream through: the pairs sorted on their first shape,
 * so that in a spatially ordered store ({@link SpatialOrder}) the first shapes are read in store
 * order and the second ones, their neighbours in space, from nearby memory. Also translates a
 * batch of the caller's ids into a spatial order's store indices.
 *
 * <p>Verdicts do not depend on a pair's position in its batch, so a sorted batch gives the same
 * verdict per pair; {@code origin} tells where each pair came from, to map results back.
 *
 * <h2>Threads and allocation</h2>
 * An instance owns counting-sort scratch and serves one caller at a time (a second concurrent
 * call is rejected with {@link IllegalStateException}). The scratch grows to the largest batch
 * and shape count seen, then a call allocates nothing.
 */
public final class PairOrder {
    private final SingleCaller caller = new SingleCaller("PairOrder");
    private int[] counts = new int[0];
    private int[] a = new int[0];
    private int[] b = new int[0];
    private int[] from = new int[0];

    /** An order with empty scratch; it grows on first use. */
    public PairOrder() {}

    /**
     * Sorts {@code pairs} in place on the first shape, stably (pairs with the same first shape
     * keep their order), in {@code O(pairs + shapes)}. {@code origin}, when not null, receives
     * each sorted pair's index before the sort ({@code origin[j]} is where pair {@code j} was).
     *
     * @throws IllegalArgumentException if {@code pairs} is null or {@code origin} is shorter than
     *     the batch
     * @throws IllegalStateException if another call on this instance is running
     */
    public void sortByFirst(PairBatch pairs, int[] origin) {
        if (pairs == null) {
            throw new IllegalArgumentException("pairs is null");
        }
        int size = pairs.size();
        if (origin != null && origin.length < size) {
            throw new IllegalArgumentException("origin.length=" + origin.length + " < pairs=" + size);
        }
        caller.enter();
        try {
            int shapes = pairs.shapeCount();
            if (counts.length < shapes + 1) {
                counts = new int[shapes + 1];
            }
            if (a.length < size) {
                a = new int[size];
                b = new int[size];
                from = new int[size];
            }
            PairArrays r = pairs.arrays();
            java.util.Arrays.fill(counts, 0, shapes + 1, 0);
            for (int p = 0; p < size; p++) {
                counts[r.a[p] + 1]++;
            }
            for (int s = 0; s < shapes; s++) {
                counts[s + 1] += counts[s];
            }
            for (int p = 0; p < size; p++) {
                int at = counts[r.a[p]]++;
                a[at] = r.a[p];
                b[at] = r.b[p];
                from[at] = p;
            }
            System.arraycopy(a, 0, r.a, 0, size);
            System.arraycopy(b, 0, r.b, 0, size);
            r.version++;
            if (origin != null) {
                System.arraycopy(from, 0, origin, 0, size);
            }
        } finally {
            caller.exit();
        }
    }

    /**
     * Clears {@code out} and appends each pair of {@code userPairs} (the caller's ids) as the
     * same pair of {@code order}'s store indices, in the same order and orientation.
     *
     * @throws IllegalArgumentException if an argument is null, or a batch's shape count is not
     *     {@code order}'s size
     */
    public static void toStored(PairBatch userPairs, SpatialOrder order, PairBatch out) {
        if (userPairs == null || order == null || out == null) {
            throw new IllegalArgumentException("userPairs, order or out is null");
        }
        if (userPairs.shapeCount() != order.size() || out.shapeCount() != order.size()) {
            throw new IllegalArgumentException("shape counts differ: userPairs=" + userPairs.shapeCount()
                    + ", order=" + order.size() + ", out=" + out.shapeCount());
        }
        out.clear();
        for (int p = 0; p < userPairs.size(); p++) {
            out.add(order.storedIndex(userPairs.shapeA(p)), order.storedIndex(userPairs.shapeB(p)));
        }
    }
}
