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
 * One array per component, for the scalar kernel and accessors; and {@code packed}, the same 15
 * components of box b at {@code packed[16 b .. 16 b + 14]} in that order (slot 15 zero), which
 * the SIMD kernel gathers from: a pair's two boxes then lie in at most four cache lines instead
 * of thirty. Whoever writes a box's components calls {@link #repack} for it.
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
    /** The 15 components of each box, 16 floats per box (see the class doc). */
    public final float[] packed;
    /** Floats per box in {@link #packed}. */
    public static final int STRIDE = 16;

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
        packed = new float[STRIDE * size];
    }

    /** Copies box b's components into {@link #packed}. */
    public void repack(int b) {
        float[] p = packed;
        int o = STRIDE * b;
        p[o] = cx[b];
        p[o + 1] = cy[b];
        p[o + 2] = cz[b];
        p[o + 3] = ux[b];
        p[o + 4] = uy[b];
        p[o + 5] = uz[b];
        p[o + 6] = vx[b];
        p[o + 7] = vy[b];
        p[o + 8] = vz[b];
        p[o + 9] = wx[b];
        p[o + 10] = wy[b];
        p[o + 11] = wz[b];
        p[o + 12] = hu[b];
        p[o + 13] = hv[b];
        p[o + 14] = hw[b];
    }
}
