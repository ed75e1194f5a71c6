package dev.sepax.internal;

/**
 * The raw struct-of-arrays of one {@link dev.sepax.solid.OrientedBoxes} store, for the OBB
 * kernels of {@code dev.sepax.solid} and {@code dev.sepax.simd}. Not part of the public API.
 *
 * <h2>Layout</h2>
 * <pre>
 *   per box b:
 *     cx, cy, cz             centre
 *     ux, uy, uz             first axis (unit)     | the three axes are the columns of the box's
 *     vx, vy, vz             second axis (unit)    | rotation matrix: orthonormal, right-handed
 *     wx, wy, wz             third axis (unit)     |
 *     hu, hv, hw             half-extents along u, v, w (finite, &gt;= 0)
 * </pre>
 * One array per component, so a kernel with lanes across pairs gathers each component with one
 * index map (the pair batch's shape indices).
 */
public final class BoxArrays {
    public final int size;
    public final float[] cx;
    public final float[] cy;
    public final float[] cz;
    public final float[] ux;
    public final float[] uy;
    public final float[] uz;
    public final float[] vx;
    public final float[] vy;
    public final float[] vz;
    public final float[] wx;
    public final float[] wy;
    public final float[] wz;
    public final float[] hu;
    public final float[] hv;
    public final float[] hw;

    /** {@code size} boxes, all arrays zero; filled by {@link dev.sepax.solid.OrientedBoxes} only. */
    public BoxArrays(int size) {
        this.size = size;
        cx = new float[size];
        cy = new float[size];
        cz = new float[size];
        ux = new float[size];
        uy = new float[size];
        uz = new float[size];
        vx = new float[size];
        vy = new float[size];
        vz = new float[size];
        wx = new float[size];
        wy = new float[size];
        wz = new float[size];
        hu = new float[size];
        hv = new float[size];
        hw = new float[size];
    }
}
