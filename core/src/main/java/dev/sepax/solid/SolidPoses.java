package dev.sepax.solid;

import dev.sepax.internal.BoxArrays;
import dev.sepax.internal.HullArrays;

/**
 * Rigid 3D poses, struct-of-arrays: a rotation matrix (set from a quaternion or given directly)
 * and a translation per shape, and the bulk transform that turns a local-space store into a
 * world-space one in one pass over all vertices, normals and edges.
 *
 * <p>World vertex {@code v' = R v + t} and normal {@code n' = R n} are computed in float as
 * {@code m0*x + m1*y + m2*z (+ t)}, left to right. The face offset becomes
 * {@code d + (n'x*tx + n'y*ty + n'z*tz)} (in exact arithmetic {@code max n'.v' = max n.v + n'.t});
 * Gauss arcs, centroid, AABB and magnitude are recomputed from the world vertices and normals.
 * Each world coordinate is rounded a few times, so it lies within a few
 * {@code u (M_local + |t|)} ({@code u = 2^-24}) of the exact one: model shapes around their
 * local origin. Translation components must be finite and within
 * {@link ConvexPolyhedra#MAX_COORDINATE} ({@code 2^60}), like local vertices, so that world
 * vertices stay below {@code 2^62} and every kernel product stays finite. The hull kernels'
 * error band ({@link HullOverlapKernel}) is stated for the world store's own floats.
 *
 * <p>Not thread-safe for mutation. {@link #transform} and the setters allocate nothing once
 * compiled (a message is built only when a check fails), so poses can be set every frame.
 */
public final class SolidPoses {
    /**
     * How far a given matrix's columns may be from orthonormal ({@code |c_i . c_j - delta_ij|})
     * and its determinant from 1: {@link OrientedBoxes#ORTHO_SLACK}.
     */
    public static final float ORTHO_SLACK = OrientedBoxes.ORTHO_SLACK;

    private final int size;
    /** Row-major 3x3 matrices, 9 floats per pose. */
    private final float[] m;
    private final float[] tx;
    private final float[] ty;
    private final float[] tz;

    /** {@code n} identity poses. */
    public SolidPoses(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("n=" + n + ": negative");
        }
        size = n;
        m = new float[9 * n];
        tx = new float[n];
        ty = new float[n];
        tz = new float[n];
        for (int i = 0; i < n; i++) {
            m[9 * i] = 1;
            m[9 * i + 4] = 1;
            m[9 * i + 8] = 1;
        }
    }

    /** Number of poses. */
    public int size() {
        return size;
    }

    /**
     * Pose i becomes the rotation by quaternion {@code (qx, qy, qz, qw)} (any finite non-zero
     * length: normalised in double) followed by the translation t.
     *
     * @throws IllegalArgumentException naming the pose and the component if a translation
     *     component is not finite or beyond {@link ConvexPolyhedra#MAX_COORDINATE}, or if the
     *     quaternion is not finite or has zero length
     */
    public void setQuaternion(int i, float qx, float qy, float qz, float qw, float tx, float ty, float tz) {
        check(i);
        checkTranslation(i, tx, ty, tz);
        double l = quaternionLength(qx, qy, qz, qw, "pose", i);
        double x = qx / l;
        double y = qy / l;
        double z = qz / l;
        double w = qw / l;
        for (int row = 0; row < 3; row++) {
            for (int col = 0; col < 3; col++) {
                m[9 * i + 3 * row + col] = rotation(x, y, z, w, row, col);
            }
        }
        this.tx[i] = tx;
        this.ty[i] = ty;
        this.tz[i] = tz;
    }

    /**
     * Pose i becomes the rotation matrix {@code rowMajor[off .. off + 8]} followed by the
     * translation t.
     *
     * @throws IllegalArgumentException if the matrix is not a rotation within {@link #ORTHO_SLACK},
     *     or a translation component is not finite or beyond {@link ConvexPolyhedra#MAX_COORDINATE}
     */
    public void setMatrix(int i, float[] rowMajor, int off, float tx, float ty, float tz) {
        check(i);
        checkTranslation(i, tx, ty, tz);
        if (rowMajor == null || off < 0 || off + 9 > rowMajor.length) {
            throw new IllegalArgumentException("pose=" + i + ": matrix [off=" + off + ", 9] not within the array");
        }
        float[] a = rowMajor;
        checkRotation(a[off], a[off + 1], a[off + 2], a[off + 3], a[off + 4], a[off + 5], a[off + 6], a[off + 7],
                a[off + 8], "pose", i);
        System.arraycopy(a, off, m, 9 * i, 9);
        this.tx[i] = tx;
        this.ty[i] = ty;
        this.tz[i] = tz;
    }

    /** Element {@code (row, col)} of pose i's rotation matrix. */
    public float matrix(int i, int row, int col) {
        check(i);
        if (row < 0 || row > 2 || col < 0 || col > 2) {
            throw new IndexOutOfBoundsException("(row, col)=(" + row + ", " + col + "): out of range [0, 3)");
        }
        return m[9 * i + 3 * row + col];
    }

    /** Component {@code axis} (0..2) of pose i's translation. */
    public float translation(int i, int axis) {
        check(i);
        return switch (axis) {
            case 0 -> tx[i];
            case 1 -> ty[i];
            case 2 -> tz[i];
            default -> throw new IndexOutOfBoundsException("axis=" + axis + ": out of range [0, 3)");
        };
    }

    /**
     * Writes every shape of {@code local} posed by pose s into {@code world} (a
     * {@link ConvexPolyhedra#worldCopy()} of {@code local}). One pass; allocates nothing.
     *
     * @throws IllegalArgumentException if {@code world} is not a world copy of {@code local}, or
     *     the sizes differ
     */
    public void transform(ConvexPolyhedra local, ConvexPolyhedra world) {
        if (local == null || world == null) {
            throw new IllegalArgumentException(local == null ? "local is null" : "world is null");
        }
        HullArrays l = local.arrays();
        HullArrays w = world.arrays();
        if (!w.worldStore || w.loop != l.loop || l == w) {
            throw new IllegalArgumentException("world is not a worldCopy() of local");
        }
        if (l.size != size) {
            throw new IllegalArgumentException("poses.size=" + size + " != shapes.size=" + l.size);
        }
        for (int s = 0; s < size; s++) {
            int o = 9 * s;
            float m0 = m[o];
            float m1 = m[o + 1];
            float m2 = m[o + 2];
            float m3 = m[o + 3];
            float m4 = m[o + 4];
            float m5 = m[o + 5];
            float m6 = m[o + 6];
            float m7 = m[o + 7];
            float m8 = m[o + 8];
            float px = tx[s];
            float py = ty[s];
            float pz = tz[s];
            for (int v = l.vStart[s], end = v + l.vCap[s]; v < end; v++) {
                float x = l.vx[v];
                float y = l.vy[v];
                float z = l.vz[v];
                w.vx[v] = m0 * x + m1 * y + m2 * z + px;
                w.vy[v] = m3 * x + m4 * y + m5 * z + py;
                w.vz[v] = m6 * x + m7 * y + m8 * z + pz;
            }
            for (int f = l.fStart[s], end = f + l.fCount[s]; f < end; f++) {
                float x = l.nx[f];
                float y = l.ny[f];
                float z = l.nz[f];
                float nx = m0 * x + m1 * y + m2 * z;
                float ny = m3 * x + m4 * y + m5 * z;
                float nz = m6 * x + m7 * y + m8 * z;
                w.nx[f] = nx;
                w.ny[f] = ny;
                w.nz[f] = nz;
                w.d[f] = l.d[f] + (nx * px + ny * py + nz * pz);
            }
            ConvexPolyhedra.derive(w, s);
        }
    }

    /** Writes every box of {@code local} posed by pose i into {@code world} (same size). Allocates nothing. */
    public void transform(OrientedBoxes local, OrientedBoxes world) {
        if (local == null || world == null) {
            throw new IllegalArgumentException(local == null ? "local is null" : "world is null");
        }
        BoxArrays l = local.arrays();
        BoxArrays w = world.arrays();
        if (l.size != size || w.size != size) {
            throw new IllegalArgumentException("poses.size=" + size + ", local.size=" + l.size + ", world.size=" + w.size);
        }
        for (int s = 0; s < size; s++) {
            int o = 9 * s;
            float m0 = m[o];
            float m1 = m[o + 1];
            float m2 = m[o + 2];
            float m3 = m[o + 3];
            float m4 = m[o + 4];
            float m5 = m[o + 5];
            float m6 = m[o + 6];
            float m7 = m[o + 7];
            float m8 = m[o + 8];
            float x = l.cx[s];
            float y = l.cy[s];
            float z = l.cz[s];
            float ux = l.ux[s];
            float uy = l.uy[s];
            float uz = l.uz[s];
            float vx = l.vx[s];
            float vy = l.vy[s];
            float vz = l.vz[s];
            float wx = l.wx[s];
            float wy = l.wy[s];
            float wz = l.wz[s];
            w.cx[s] = m0 * x + m1 * y + m2 * z + tx[s];
            w.cy[s] = m3 * x + m4 * y + m5 * z + ty[s];
            w.cz[s] = m6 * x + m7 * y + m8 * z + tz[s];
            w.ux[s] = m0 * ux + m1 * uy + m2 * uz;
            w.uy[s] = m3 * ux + m4 * uy + m5 * uz;
            w.uz[s] = m6 * ux + m7 * uy + m8 * uz;
            w.vx[s] = m0 * vx + m1 * vy + m2 * vz;
            w.vy[s] = m3 * vx + m4 * vy + m5 * vz;
            w.vz[s] = m6 * vx + m7 * vy + m8 * vz;
            w.wx[s] = m0 * wx + m1 * wy + m2 * wz;
            w.wy[s] = m3 * wx + m4 * wy + m5 * wz;
            w.wz[s] = m6 * wx + m7 * wy + m8 * wz;
            w.hu[s] = l.hu[s];
            w.hv[s] = l.hv[s];
            w.hw[s] = l.hw[s];
            w.repack(s);
        }
    }

    private void check(int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException("pose=" + i + ": out of range [0, " + size + ")");
        }
    }

    private static void checkTranslation(int i, float x, float y, float z) {
        checkCoordinate("pose", i, "translation x", x);
        checkCoordinate("pose", i, "translation y", y);
        checkCoordinate("pose", i, "translation z", z);
    }

    /**
     * Checks one coordinate-like value (a translation, centre or half-extent component): finite
     * and within {@link ConvexPolyhedra#MAX_COORDINATE}. The message, {@code kind=index: what=v
     * reason}, is built only on failure: setters run per shape per frame.
     */
    static void checkCoordinate(String kind, int index, String what, float v) {
        if (!Float.isFinite(v)) {
            throw new IllegalArgumentException(kind + "=" + index + ": " + what + "=" + v + " is not finite");
        }
        if (Math.abs(v) > ConvexPolyhedra.MAX_COORDINATE) {
            throw new IllegalArgumentException(kind + "=" + index + ": " + what + "=" + v
                    + " is beyond +-2^60 (MAX_COORDINATE; world coordinates and the kernels' products would overflow)");
        }
    }

    /** The quaternion's length in double, after checking it is finite and not zero. */
    static double quaternionLength(float qx, float qy, float qz, float qw, String kind, int index) {
        if (!Float.isFinite(qx) || !Float.isFinite(qy) || !Float.isFinite(qz) || !Float.isFinite(qw)) {
            throw new IllegalArgumentException(kind + "=" + index + ": quaternion not finite (" + qx + ", " + qy + ", "
                    + qz + ", " + qw + ")");
        }
        double l = Math.sqrt((double) qx * qx + (double) qy * qy + (double) qz * qz + (double) qw * qw);
        if (!(l > 0x1p-60)) {
            throw new IllegalArgumentException(kind + "=" + index + ": quaternion has zero length");
        }
        return l;
    }

    /** Element (row, col) of the rotation matrix of the unit quaternion (x, y, z, w), rounded to float. */
    static float rotation(double x, double y, double z, double w, int row, int col) {
        double r = switch (3 * row + col) {
            case 0 -> 1 - 2 * (y * y + z * z);
            case 1 -> 2 * (x * y - z * w);
            case 2 -> 2 * (x * z + y * w);
            case 3 -> 2 * (x * y + z * w);
            case 4 -> 1 - 2 * (x * x + z * z);
            case 5 -> 2 * (y * z - x * w);
            case 6 -> 2 * (x * z - y * w);
            case 7 -> 2 * (y * z + x * w);
            default -> 1 - 2 * (x * x + y * y);
        };
        return (float) r;
    }

    /**
     * Checks that the row-major matrix is a rotation: columns orthonormal and determinant 1,
     * each within {@link #ORTHO_SLACK} (in double). The subject ({@code kind=index}) is named
     * only in a failure's message: a setter called every frame builds no string.
     */
    static void checkRotation(float a0, float a1, float a2, float a3, float a4, float a5, float a6, float a7,
                              float a8, String kind, int index) {
        if (!Float.isFinite(a0) || !Float.isFinite(a1) || !Float.isFinite(a2) || !Float.isFinite(a3)
                || !Float.isFinite(a4) || !Float.isFinite(a5) || !Float.isFinite(a6) || !Float.isFinite(a7)
                || !Float.isFinite(a8)) {
            throw new IllegalArgumentException(kind + "=" + index + ": rotation not finite");
        }
        // Columns: axis 0 = (a0, a3, a6), axis 1 = (a1, a4, a7), axis 2 = (a2, a5, a8).
        checkDot(kind, index, 0, 0, dot(a0, a3, a6, a0, a3, a6));
        checkDot(kind, index, 0, 1, dot(a0, a3, a6, a1, a4, a7));
        checkDot(kind, index, 0, 2, dot(a0, a3, a6, a2, a5, a8));
        checkDot(kind, index, 1, 1, dot(a1, a4, a7, a1, a4, a7));
        checkDot(kind, index, 1, 2, dot(a1, a4, a7, a2, a5, a8));
        checkDot(kind, index, 2, 2, dot(a2, a5, a8, a2, a5, a8));
        double det = (double) a0 * ((double) a4 * a8 - (double) a7 * a5) - (double) a3 * ((double) a1 * a8 - (double) a7 * a2)
                + (double) a6 * ((double) a1 * a5 - (double) a4 * a2);
        if (Math.abs(det - 1) > ORTHO_SLACK) {
            throw new IllegalArgumentException(kind + "=" + index + ": not a rotation (determinant " + det
                    + ", a reflection?)");
        }
    }

    private static double dot(float x0, float y0, float z0, float x1, float y1, float z1) {
        return (double) x0 * x1 + (double) y0 * y1 + (double) z0 * z1;
    }

    private static void checkDot(String kind, int index, int i, int j, double dot) {
        if (Math.abs(dot - (i == j ? 1 : 0)) > ORTHO_SLACK) {
            throw new IllegalArgumentException(kind + "=" + index + ": axes not orthonormal: axis" + i + " . axis" + j
                    + " = " + dot);
        }
    }
}
