package dev.sepax.shape;


import java.util.Arrays;

/**
 * Constant linear velocities, one per shape, struct-of-arrays: {@code (vx[s], vy[s])} in
 * distance units per time unit. The input of the continuous (swept) test {@link dev.sepax.narrow.SweepKernel}.
 *
 * <p>Every value is checked when it enters (errors name the shape), so
 * kernels can trust that all velocities are finite. Rotation is not represented: swept tests of
 * rotating bodies need conservative advancement and are out of scope here.
 *
 * <p>Not thread-safe for mutation; any number of kernels may read an instance concurrently while
 * nobody mutates it. Only the constructors allocate.
 */
public final class Velocities {
    final float[] vx;
    final float[] vy;

    /** {@code n} zero velocities. */
    public Velocities(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("n=" + n + ": negative");
        }
        vx = new float[n];
        vy = new float[n];
    }

    /**
     * Copies and validates parallel component arrays.
     *
     * @throws IllegalArgumentException if the arrays are null, differ in length, or naming the
     *     first shape with a non-finite component
     */
    public static Velocities of(float[] vx, float[] vy) {
        if (vx == null || vy == null) {
            throw new IllegalArgumentException("velocity component array is null");
        }
        if (vx.length != vy.length) {
            throw new IllegalArgumentException("vx.length=" + vx.length + " != vy.length=" + vy.length);
        }
        Velocities v = new Velocities(vx.length);
        for (int i = 0; i < vx.length; i++) {
            v.set(i, vx[i], vy[i]);
        }
        return v;
    }

    /**
     * Sets the velocity of shape {@code i}.
     *
     * @throws IndexOutOfBoundsException if {@code i} is out of range
     * @throws IllegalArgumentException naming the shape if a component is not finite
     */
    public Velocities set(int i, float x, float y) {
        if (i < 0 || i >= vx.length) {
            throw new IndexOutOfBoundsException("shape=" + i + ": out of range [0, " + vx.length + ")");
        }
        if (!Float.isFinite(x) || !Float.isFinite(y)) {
            throw new IllegalArgumentException("shape=" + i + ": non-finite velocity (vx=" + x + ", vy=" + y + ")");
        }
        vx[i] = x;
        vy[i] = y;
        return this;
    }

    /** Sets every velocity to zero. */
    public void clear() {
        Arrays.fill(vx, 0f);
        Arrays.fill(vy, 0f);
    }

    /** Number of shapes covered. */
    public int size() {
        return vx.length;
    }

    /** Velocity x of shape {@code i}. */
    public float vx(int i) {
        return vx[checkIndex(i)];
    }

    /** Velocity y of shape {@code i}. */
    public float vy(int i) {
        return vy[checkIndex(i)];
    }

    /** The x components, one per shape. Read-only by contract, not a copy (for kernels). */
    public float[] vxs() {
        return vx;
    }

    /** The y components, one per shape. Read-only by contract, not a copy (for kernels). */
    public float[] vys() {
        return vy;
    }

    private int checkIndex(int i) {
        if (i < 0 || i >= vx.length) {
            throw new IndexOutOfBoundsException("shape=" + i + ": out of range [0, " + vx.length + ")");
        }
        return i;
    }
}
