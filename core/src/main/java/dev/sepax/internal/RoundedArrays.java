package dev.sepax.internal;

/**
 * The raw struct-of-arrays of a {@link dev.sepax.shape.RoundedShapes} store, for the kernels in
 * core and in {@code sepax-simd}. Not an API for callers: the arrays are the store's own, not
 * copies, and must be treated as read-only.
 *
 * <pre>
 *  per slot:   x, y        core points; shape s owns [start[s], start[s] + capacity[s]),
 *                          the real points are the first count[s], the rest repeat the last one
 *  per shape:  start, count, capacity, radius
 * </pre>
 * Every per-slot array has at least 16 spare slots after the last shape.
 *
 * @param x core point x per slot
 * @param y core point y per slot
 * @param start first slot per shape
 * @param count real core point count per shape (1..1024)
 * @param capacity padded slot count per shape
 * @param radius radius per shape ({@code >= 0}, finite)
 */
public record RoundedArrays(float[] x, float[] y, int[] start, int[] count, int[] capacity, float[] radius) {
}
