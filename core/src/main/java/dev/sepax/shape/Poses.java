package dev.sepax.shape;

import dev.sepax.internal.PoseArrays;

/**
 * Rigid poses, struct-of-arrays: translation {@code (x, y)} and rotation as {@code (cos, sin)},
 * one per shape, and the bulk transform that turns a local-space store into a world-space one.
 * Translations are in the store's coordinate unit; {@link #set} takes the angle in radians,
 * counter-clockwise.
 *
 * <p>{@link #transform} is one pass over all vertices per frame: cheaper than transforming per
 * pair, since a shape takes part in many pairs. It rotates the unit normals and the centroid,
 * and recomputes the exact edge normals, the edge lengths and the AABB from the transformed
 * vertices, so a vertex that two world shapes share exactly still gives a separation of exactly
 * 0 along the edges through it. The edge lengths are computed as a built store computes them, so
 * they are bit for bit those of a store built from the same world floats: the kernels compare a
 * separation along the exact normal, whose length is the world edge's, with
 * {@code tolerance * len}, and rounding the world vertices can change an edge's length far
 * beyond the float band (a unit square posed near {@code 9e6}, where the float step is 1, rounds
 * to a diamond of side {@code sqrt 2}). The area is the local shape's, kept: no kernel reads it,
 * and it is the area of the modelled shape, which the rounded world polygon's differs from by up
 * to about its perimeter times a few {@code e} (below).
 *
 * <h2>Float error of world shapes</h2>
 * Each world coordinate is {@code c * x - s * y + t}, rounded three times, so a world vertex
 * lies within a few {@code e = u (M_local + |t|)} of the exact transformed one ({@code u =
 * 2^-24}, {@code M_local} the shape's largest local coordinate, {@code t} its translation). A
 * world store is not re-welded (that check is O(k^2) per shape and runs only when a store is
 * built), so a rotated dense polygon may have a vertex computed slightly outside one of its own
 * edges. Where every edge is at least {@code 100 e} long, that excursion is at most {@code 12 e}
 * beyond {@link dev.sepax.narrow.FloatBand#of} of the world store (PosesTest checks it; in random 8- to 1024-gons
 * about 3% of rotations then show any excursion at all, none once edges are {@code 1000 e}
 * long). Verdicts on world pairs are then exact outside {@code dev.sepax.narrow.FloatBand.of(world, a, b) +
 * 12 e} (the larger {@code e} of the two shapes), and exact touching in world space is reported
 * within that band, not exactly: pass a tolerance of the band to count such contacts as
 * touching. Edges shorter than about {@code 100 e} can be tilted by the rounding far enough that
 * the world polygon is visibly non-convex at that scale (by up to about {@code e / |edge|} times
 * its diameter). So model shapes around their local origin: then {@code M_local} is the shape's
 * size, and {@code e} is a few ulps of the world coordinates.
 *
 * <p>Not thread-safe for mutation; any number of threads may read an instance while nobody
 * mutates it. Only the constructor allocates: the setters and {@link #transform} allocate
 * nothing.
 */
public final class Poses {
    /**
     * How far {@code cos^2 + sin^2} may be from 1 before {@link #setCosSin} renormalises:
     * {@code 2^-22}. Each of {@code (float) cos a} and {@code (float) sin a} is within half an ulp
     * ({@code 2^-25} relative) of the exact value, so their squared length is within about
     * {@code 2^-23} of 1; twice that leaves room for a cosine and sine rounded in another way.
     */
    public static final double UNIT_SLACK = 0x1p-22;

    private final float[] tx;
    private final float[] ty;
    private final float[] cos;
    private final float[] sin;
    private final PoseArrays arrays;

    /** {@code n} identity poses. */
    public Poses(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("n=" + n + ": negative");
        }
        tx = new float[n];
        ty = new float[n];
        cos = new float[n];
        sin = new float[n];
        java.util.Arrays.fill(cos, 1f);
        arrays = new PoseArrays(tx, ty, cos, sin);
    }

    /**
     * The poses' raw arrays, for Sepax's own transform kernels. The type lives in a package that
     * the module exports only to {@code dev.sepax.simd}: callers on the module path cannot use it.
     *
     * @hidden
     */
    public PoseArrays arrays() {
        return arrays;
    }

    /** Number of poses. */
    public int size() {
        return tx.length;
    }

    /**
     * Sets pose {@code i} from a translation and an angle in radians (counter-clockwise).
     *
     * @throws IllegalArgumentException naming the pose if a value is not finite
     */
    public Poses set(int i, float x, float y, double angle) {
        if (!Double.isFinite(angle)) {
            throw new IllegalArgumentException("pose=" + i + ": angle=" + angle + " is not finite");
        }
        return setCosSin(i, x, y, (float) Math.cos(angle), (float) Math.sin(angle));
    }

    /**
     * Sets pose {@code i} from a translation and a rotation given as cosine and sine: a unit
     * vector to within 1e-3. A rotation whose squared length is off 1 by more than
     * {@link #UNIT_SLACK} (more than rounding a unit vector to float explains) is renormalised in
     * double before it is stored: a rotation that scales by {@code 1 + d} moves world vertices by
     * {@code d} times their distance from the pose origin, far beyond the world-store band of the
     * class doc for any {@code d} above a few ulps (at {@code (1.0004, 0)} a gap of {@code 2e-4}
     * would read as an overlap), while the stored unit normals and areas stay those of the
     * local shapes. A rotation already within the slack is stored as given, so
     * {@code (float) cos(a), (float) sin(a)} keeps its bits.
     *
     * @throws IllegalArgumentException naming the pose if a value is not finite, the rotation is
     *     not a unit vector to within 1e-3, or the translation exceeds
     *     {@link ConvexPolygons#MAX_COORDINATE}
     */
    public Poses setCosSin(int i, float x, float y, float c, float s) {
        if (i < 0 || i >= tx.length) {
            throw new IndexOutOfBoundsException("pose=" + i + ": out of range [0, " + tx.length + ")");
        }
        if (!Float.isFinite(x) || !Float.isFinite(y) || !Float.isFinite(c) || !Float.isFinite(s)) {
            throw new IllegalArgumentException("pose=" + i + ": non-finite value (x=" + x + ", y=" + y
                    + ", cos=" + c + ", sin=" + s + ")");
        }
        if (Math.abs((double) c * c + (double) s * s - 1) > 1e-3) {
            throw new IllegalArgumentException("pose=" + i + ": (cos=" + c + ", sin=" + s + ") is not a unit vector");
        }
        if (Math.abs(x) > ConvexPolygons.MAX_COORDINATE || Math.abs(y) > ConvexPolygons.MAX_COORDINATE) {
            throw new IllegalArgumentException("pose=" + i + ": translation (x=" + x + ", y=" + y
                    + ") beyond +-2^60 (separations would overflow)");
        }
        double squared = (double) c * c + (double) s * s;
        if (Math.abs(squared - 1) > UNIT_SLACK) {
            double length = Math.sqrt(squared);
            c = (float) (c / length);
            s = (float) (s / length);
        }
        tx[i] = x;
        ty[i] = y;
        cos[i] = c;
        sin[i] = s;
        return this;
    }

    /**
     * Checks the arguments of a transform of {@code local} into {@code world} by these poses
     * (every {@link TransformKernel} runs this check).
     *
     * @throws IllegalArgumentException if the sizes or layouts differ
     * @hidden
     */
    public void checkTransform(ConvexPolygons local, ConvexPolygons world) {
        if (local == null || world == null) {
            throw new IllegalArgumentException("local or world is null");
        }
        if (local.size() != tx.length) {
            throw new IllegalArgumentException("poses=" + tx.length + " != shapes=" + local.size());
        }
        // Only a world store may be rewritten: any other store is immutable by contract. And only
        // one made from this local store: the transform rewrites vertices, normals, lengths and
        // bounds but keeps the areas the world store was made with, which another store of the
        // same layout (same counts, other sizes) would get wrong. Such a store shares the local
        // store's start array.
        if (world == local || !world.worldStore || world.start != local.start) {
            throw new IllegalArgumentException("world must come from local.newWorldStore()"
                    + (world != local && world.worldStore && local.sameLayout(world)
                    ? ": this one was made from another store of the same layout" : ""));
        }
    }

    /**
     * Writes {@code local}'s shapes, moved by these poses, into {@code world}: the scalar
     * reference of every {@link TransformKernel} ({@code Sepax.transform()} selects the SIMD
     * one where it can run, with the same bits).
     *
     * @param world a store from {@code local.newWorldStore()}; must not be read by kernels while
     *     this runs
     * @throws IllegalArgumentException if the sizes or layouts differ
     */
    public void transform(ConvexPolygons local, ConvexPolygons world) {
        checkTransform(local, world);
        for (int s = 0; s < local.size; s++) {
            float c = cos[s];
            float sn = sin[s];
            float dx = tx[s];
            float dy = ty[s];
            int o = local.start[s];
            int k = local.count[s];
            for (int i = o; i < o + k; i++) {
                float lx = local.x[i];
                float ly = local.y[i];
                world.x[i] = c * lx - sn * ly + dx;
                world.y[i] = sn * lx + c * ly + dy;
                float ux = local.nx[i];
                float uy = local.ny[i];
                world.nx[i] = c * ux - sn * uy;
                world.ny[i] = sn * ux + c * uy;
            }
            // Edge normals, lengths (PolygonArrays.edgeLength) and bounds from the world vertices.
            world.deriveFromVertices(s);
            world.padUnitNormals(s);
            float cx = local.centroidX[s];
            float cy = local.centroidY[s];
            world.centroidX[s] = c * cx - sn * cy + dx;
            world.centroidY[s] = sn * cx + c * cy + dy;
        }
    }
}
