package dev.sepax.internal;

/**
 * Capacity arithmetic for growable arrays that cannot overflow: {@code n + (n >> 1)} wraps to a
 * negative length once {@code n} passes about 1.43e9, and a sum of slot counts wraps past
 * {@code 2^31 - 1}. Both are done in {@code long} here and refused with an
 * {@link IllegalArgumentException} beyond {@link #MAX_LENGTH}.
 */
public final class ArrayGrowth {
    /** The longest array these helpers hand out (some VMs reserve a few header words). */
    public static final int MAX_LENGTH = Integer.MAX_VALUE - 8;

    private ArrayGrowth() {}

    /**
     * The new length of an array of {@code length} that must hold {@code needed} entries: half as
     * large again (at least {@code minimum}), but never below {@code needed} and never above
     * {@link #MAX_LENGTH}.
     *
     * @throws IllegalArgumentException naming {@code what} if {@code needed > MAX_LENGTH}
     */
    public static int grownLength(int length, long needed, int minimum, String what) {
        assert length >= 0 && minimum >= 0 : "length=" + length + ", minimum=" + minimum;
        if (needed > MAX_LENGTH) {
            throw new IllegalArgumentException(what + ": needs " + needed + " entries, more than the largest array ("
                    + MAX_LENGTH + ")");
        }
        long grown = Math.max(minimum, length + (long) (length >> 1));
        return (int) Math.min(MAX_LENGTH, Math.max(needed, grown));
    }

    /**
     * {@code a + b} for non-negative counts.
     *
     * @throws IllegalArgumentException naming {@code what} if the sum exceeds {@code limit}
     */
    public static int sum(int a, int b, int limit, String what) {
        assert a >= 0 && b >= 0 : "a=" + a + ", b=" + b;
        long s = (long) a + b;
        if (s > limit) {
            throw new IllegalArgumentException(what + ": " + s + " exceeds " + limit);
        }
        return (int) s;
    }
}
