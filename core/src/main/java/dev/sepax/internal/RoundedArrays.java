package dev.sepax.internal;

/**
 * The raw struct-of-arrays of a {@link dev.sepax.shape.RoundedShapes} store, for the kernels in
 * core and in {@code sepax-simd}. Not an API for callers: the arrays are the store's own, not
 * copies, and must be treated as read-only.
 *
 * <pre>
 *  per slot:   x, y        core points; shape s owns [start[s], start[s] + capacity[s]),
 *                          the real points are the first count[s], the rest repeat the last one
 *              nx, ny      outward unit normal of core edge i (point i to point i + 1, cyclic),
 *                          padding repeats the last; a two-point core has edge 0 (p0 -&gt; p1) and
 *                          edge 1 (p1 -&gt; p0), exactly opposite; a one-point core has none (0, 0)
 *  per shape:  start, count, capacity, radius
 * </pre>
 * Every per-slot array has at least 16 spare slots after the last shape.
 *
 * @param x core point x per slot
 * @param y core point y per slot
 * @param nx outward unit edge normal x per slot (the polygon store's own array for a view)
 * @param ny outward unit edge normal y per slot
 * @param start first slot per shape
 * @param count real core point count per shape (1..1024)
 * @param capacity padded slot count per shape
 * @param radius radius per shape ({@code >= 0}, finite)
 */
public record RoundedArrays(float[] x, float[] y, float[] nx, float[] ny, int[] start, int[] count, int[] capacity, float[] radius) {
}
