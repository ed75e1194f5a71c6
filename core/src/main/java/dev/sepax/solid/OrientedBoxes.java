package dev.sepax.solid;

import dev.sepax.internal.BoxArrays;

/**
 * A struct-of-arrays store of oriented boxes (OBBs): centre, three orthonormal axes and three
 * half-extents per box, the fast path for box-shaped solids (15 candidate axes instead of a
 * hull's faces and edge pairs). Layout in {@link BoxArrays}.
 *
 * <p>A new store holds {@code size} unit cubes (half-extents 1) at the origin with the world
 * axes; {@link #setAxisAligned} and {@link #set} overwrite a box. Axes given as a matrix must be
 * orthonormal and right-handed within {@link #ORTHO_SLACK}; a quaternion is normalised in double
 * and turned into a matrix, which meets that easily. Centre components must be finite and within
 * {@link ConvexPolyhedra#MAX_COORDINATE} ({@code 2^60}), half-extents finite, {@code >= 0} (a
 * zero extent is a rectangle or segment, still convex) and within the same bound: posed by a
 * {@link SolidPoses} translation of the same bound, every product and sum in the OBB kernels then
 * stays finite. Bad input is rejected with {@code box=i: reason}, naming the component.
 *
 * <p>Centres and half-extents are in any consistent length unit (as in {@link ConvexPolyhedra}).
 *
 * <p>Not thread-safe for mutation; any number of kernels may read it concurrently while nobody
 * mutates it. The constructor allocates the arrays; the setters allocate nothing once compiled
 * (a message is built only when a check fails), so boxes can be set every frame.
 */
public final class OrientedBoxes {
    /**
     * How far axis dot products may be from the identity: {@code 2^-20}. A quaternion rounded
     * to float matrices lands within a few {@code 2^-24}; the OBB kernels' error band counts the
     * slack (see {@link ScalarObbSat}).
     */
    public static final float ORTHO_SLACK = 0x1p-20f;

    private final BoxArrays arrays;

    /** {@code size} unit cubes at the origin. */
    public OrientedBoxes(int size) {
        if (size < 0) {
            throw new IllegalArgumentException("size=" + size + ": negative");
        }
        arrays = new BoxArrays(size);
        for (int i = 0; i < size; i++) {
            setAxisAligned(i, 0, 0, 0, 1, 1, 1);
        }
    }

    /** Number of boxes. */
    public int size() {
        return arrays.size;
    }

    /** Box i becomes the axis-aligned box with centre c and half-extents h. */
    public void setAxisAligned(int i, float cx, float cy, float cz, float hx, float hy, float hz) {
        set(i, cx, cy, cz, 1, 0, 0, 0, 1, 0, 0, 0, 1, hx, hy, hz);
    }

    /**
     * Box i becomes the box with centre c, rotation quaternion {@code (qx, qy, qz, qw)} (any
     * non-zero length; normalised here) applied to the world axes, and half-extents h.
     */
    public void setRotated(int i, float cx, float cy, float cz, float qx, float qy, float qz, float qw,
                           float hx, float hy, float hz) {
        double l = SolidPoses.quaternionLength(qx, qy, qz, qw, "box", i);
        double x = qx / l;
        double y = qy / l;
        double z = qz / l;
        double w = qw / l;
        // The box's axes are the columns of the rotation matrix.
        set(i, cx, cy, cz,
                SolidPoses.rotation(x, y, z, w, 0, 0), SolidPoses.rotation(x, y, z, w, 1, 0),
                SolidPoses.rotation(x, y, z, w, 2, 0),
                SolidPoses.rotation(x, y, z, w, 0, 1), SolidPoses.rotation(x, y, z, w, 1, 1),
                SolidPoses.rotation(x, y, z, w, 2, 1),
                SolidPoses.rotation(x, y, z, w, 0, 2), SolidPoses.rotation(x, y, z, w, 1, 2),
                SolidPoses.rotation(x, y, z, w, 2, 2), hx, hy, hz);
    }

    /**
     * Box i becomes the box with centre c, axes u, v, w (orthonormal, right-handed) and
     * half-extents h along them.
     *
     * @throws IllegalArgumentException naming the box, the component and the reason: a value not
     *     finite, a centre or half-extent component beyond {@link ConvexPolyhedra#MAX_COORDINATE},
     *     a negative half-extent, or axes that are not a rotation
     */
    public void set(int i, float cx, float cy, float cz, float ux, float uy, float uz, float vx, float vy,
                    float vz, float wx, float wy, float wz, float hu, float hv, float hw) {
        BoxArrays r = arrays;
        if (i < 0 || i >= r.size) {
            throw new IndexOutOfBoundsException("box=" + i + ": out of range [0, " + r.size + ")");
        }
        // Each value on its own: a sum can overflow for finite values, or hide a NaN behind another.
        SolidPoses.checkCoordinate("box", i, "centre x", cx);
        SolidPoses.checkCoordinate("box", i, "centre y", cy);
        SolidPoses.checkCoordinate("box", i, "centre z", cz);
        checkAxis(i, "u", ux, uy, uz);
        checkAxis(i, "v", vx, vy, vz);
        checkAxis(i, "w", wx, wy, wz);
        SolidPoses.checkCoordinate("box", i, "half-extent u", hu);
        SolidPoses.checkCoordinate("box", i, "half-extent v", hv);
        SolidPoses.checkCoordinate("box", i, "half-extent w", hw);
        if (hu < 0 || hv < 0 || hw < 0) {
            throw new IllegalArgumentException("box=" + i + ": negative half-extent (" + hu + ", " + hv + ", " + hw + ")");
        }
        SolidPoses.checkRotation(ux, vx, wx, uy, vy, wy, uz, vz, wz, "box", i);
        r.cx[i] = cx;
        r.cy[i] = cy;
        r.cz[i] = cz;
        r.ux[i] = ux;
        r.uy[i] = uy;
        r.uz[i] = uz;
        r.vx[i] = vx;
        r.vy[i] = vy;
        r.vz[i] = vz;
        r.wx[i] = wx;
        r.wy[i] = wy;
        r.wz[i] = wz;
        r.hu[i] = hu;
        r.hv[i] = hv;
        r.hw[i] = hw;
        r.repack(i);
    }

    private static void checkAxis(int i, String name, float x, float y, float z) {
        if (!Float.isFinite(x) || !Float.isFinite(y) || !Float.isFinite(z)) {
            throw new IllegalArgumentException("box=" + i + ": axis " + name + "=(" + x + ", " + y + ", " + z
                    + ") is not finite");
        }
    }

    /** Component k (0..14: centre xyz, u xyz, v xyz, w xyz, half-extents u v w) of box i. */
    public float get(int i, int k) {
        BoxArrays r = arrays;
        if (i < 0 || i >= r.size) {
            throw new IndexOutOfBoundsException("box=" + i + ": out of range [0, " + r.size + ")");
        }
        return switch (k) {
            case 0 -> r.cx[i];
            case 1 -> r.cy[i];
            case 2 -> r.cz[i];
            case 3 -> r.ux[i];
            case 4 -> r.uy[i];
            case 5 -> r.uz[i];
            case 6 -> r.vx[i];
            case 7 -> r.vy[i];
            case 8 -> r.vz[i];
            case 9 -> r.wx[i];
            case 10 -> r.wy[i];
            case 11 -> r.wz[i];
            case 12 -> r.hu[i];
            case 13 -> r.hv[i];
            case 14 -> r.hw[i];
            default -> throw new IndexOutOfBoundsException("k=" + k + ": out of range [0, 15)");
        };
    }

    /**
     * The raw arrays, for Sepax's own kernels and {@link SolidPoses}.
     *
     * @hidden
     */
    public BoxArrays arrays() {
        return arrays;
    }

    @Override
    public String toString() {
        return "OrientedBoxes[size=" + arrays.size + "]";
    }
}
