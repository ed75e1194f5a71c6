package dev.sepax.solid;

import dev.sepax.internal.ArrayGrowth;
import dev.sepax.internal.HullArrays;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A struct-of-arrays store of convex polyhedra (3D hulls): vertices, face planes (outward unit
 * normal and offset), unique edges with their two faces, and the face loops, laid out as
 * {@link HullArrays} describes. Coordinates are in any consistent length unit; normals are unit
 * length, so separations and tolerances are distances in that unit.
 *
 * <h2>Building</h2>
 * {@link Builder#addHull} takes a point cloud and builds its convex hull with a quickhull in
 * double precision: interior points are dropped, coplanar faces (within a weld distance of
 * {@code 2^-18} of the cloud's extent) are merged into one polygonal face unless its outline
 * would not be convex (then they stay separate faces), and the result is validated (closed,
 * convex, every input point inside within the weld distance, Euler's formula). Every face
 * outline ({@link #faceVertices}) is convex: seen along the face's float normal, consecutive
 * vertices never turn clockwise, by the exact sign (collinear corners may remain).
 * Non-finite points, coordinates beyond {@link #MAX_COORDINATE}, too few, coincident, nearly
 * collinear or nearly flat points (thinner than {@code 2^-14} of the extent), and hulls with more
 * than {@link #MAX_FEATURES} vertices, faces or edges are rejected with an
 * {@link IllegalArgumentException} of the form
 * {@code shape=7: nearly flat: thickness=..., extent=...}. Vertex coordinates are the input's
 * floats, unchanged. {@link Builder#addBox} adds a box (the same as its 8 corners).
 *
 * <h2>Float planes</h2>
 * Face normals are the double normals rounded to float. Each face offset is the largest
 * {@code nx*x + ny*y + nz*z} (float, in that order) over the shape's vertices, so in a local store
 * no vertex of a shape is computed outside its own faces: a shape tested against itself, or
 * against a copy that shares a vertex, touches. World stores ({@link SolidPoses}) recompute the
 * offsets from the transformed normals and the translation, within a few ulps of the
 * coordinates.
 *
 * <p>A store is immutable after {@link Builder#build()}, except world stores, which only
 * {@link SolidPoses#transform} rewrites. Any number of kernels may read a store concurrently
 * while nobody transforms it. Reading accessors allocate nothing, except those that return
 * arrays.
 */
public final class ConvexPolyhedra {
    /** The vertex capacity of every shape is a multiple of this: the widest float vector's lane count. */
    public static final int PAD = 16;
    /** The most faces, edges or vertices one hull may have (feature ids fit in 15 bits). */
    public static final int MAX_FEATURES = (1 << 15) - 1;
    /**
     * The largest absolute coordinate of a hull point, {@code 2^60} (about 1.15e18, the 2D
     * stores' {@code ConvexPolygons.MAX_COORDINATE}); {@link SolidPoses} translations and
     * {@link OrientedBoxes} centres and half-extents have the same bound. A posed vertex is then
     * below {@code sqrt(3) 2^60 + 2^60 < 2^62} in each coordinate, differences of two below
     * {@code 2^63}, and a product of two such values and a sum of three such products below
     * {@code 2^128}: every product and sum in the kernels stays finite in float. Without the
     * bound a finite hull and a finite pose could give infinite world vertices, and infinity or
     * NaN in a separation turns an overlap into a separation.
     */
    public static final float MAX_COORDINATE = 0x1p60f;

    private final HullArrays arrays;

    private ConvexPolyhedra(HullArrays arrays) {
        this.arrays = arrays;
    }

    /** Builds a store from point clouds, {@code clouds[s]} holding shape s's points as x, y, z triples. */
    public static ConvexPolyhedra of(float[]... clouds) {
        Builder b = new Builder();
        for (float[] c : clouds) {
            b.addHull(c);
        }
        return b.build();
    }

    /** Collects shapes, then {@link #build()}s the store. Not thread-safe. */
    public static final class Builder {
        private final List<QuickHull.Mesh> meshes = new ArrayList<>();
        private final List<float[]> points = new ArrayList<>();

        /** Adds the hull of {@code xyz} (x, y, z triples); returns its shape index. */
        public int addHull(float[] xyz) {
            if (xyz == null) {
                throw QuickHull.fail(meshes.size(), "point array is null");
            }
            if (xyz.length % 3 != 0) {
                throw QuickHull.fail(meshes.size(), "xyz.length=" + xyz.length + " is not a multiple of 3");
            }
            return addHull(xyz, 0, xyz.length / 3);
        }

        /** Adds the hull of the {@code count} points {@code xyz[off + 3i ..]}; returns its shape index. */
        public int addHull(float[] xyz, int off, int count) {
            int shape = meshes.size();
            if (xyz == null || off < 0 || count < 0 || off + 3L * count > xyz.length) {
                throw QuickHull.fail(shape, "points [off=" + off + ", count=" + count + "] not within the array");
            }
            QuickHull.Mesh m = QuickHull.build(xyz, off, count, shape);
            float[] pts = new float[3 * m.vertex().length];
            for (int i = 0; i < m.vertex().length; i++) {
                System.arraycopy(xyz, off + 3 * m.vertex()[i], pts, 3 * i, 3);
            }
            meshes.add(m);
            points.add(pts);
            return shape;
        }

        /**
         * Adds the box {@code [cx - hx, cx + hx] x [cy - hy, cy + hy] x [cz - hz, cz + hz]}: its 8
         * corners, computed in float, checked as {@link #addHull} checks points.
         */
        public int addBox(float cx, float cy, float cz, float hx, float hy, float hz) {
            float[] c = new float[24];
            for (int i = 0; i < 8; i++) {
                c[3 * i] = (i & 1) == 0 ? cx - hx : cx + hx;
                c[3 * i + 1] = (i & 2) == 0 ? cy - hy : cy + hy;
                c[3 * i + 2] = (i & 4) == 0 ? cz - hz : cz + hz;
            }
            return addHull(c);
        }

        /** Number of shapes added. */
        public int size() {
            return meshes.size();
        }

        /** The store of every shape added so far. */
        public ConvexPolyhedra build() {
            int n = meshes.size();
            int[] vStart = new int[n];
            int[] vCount = new int[n];
            int[] vCap = new int[n];
            int[] fStart = new int[n];
            int[] fCount = new int[n];
            int[] eStart = new int[n];
            int[] eCount = new int[n];
            int slots = 0;
            int faces = 0;
            int loopLen = 0;
            int edges = 0;
            int maxCap = 0;
            for (int s = 0; s < n; s++) {
                QuickHull.Mesh m = meshes.get(s);
                int v = m.vertex().length;
                vStart[s] = slots;
                vCount[s] = v;
                vCap[s] = (v + PAD - 1) / PAD * PAD;
                maxCap = Math.max(maxCap, vCap[s]);
                slots = total(slots, vCap[s], s, "vertex slots");
                fStart[s] = faces;
                fCount[s] = m.faces().length;
                faces = total(faces, fCount[s], s, "faces");
                eStart[s] = edges;
                eCount[s] = v + fCount[s] - 2;
                // Padded like the vertices: edge kernels read B's edges a whole vector at a time.
                edges = total(edges, (eCount[s] + PAD - 1) / PAD * PAD, s, "edge slots");
                for (int[] f : m.faces()) {
                    loopLen = total(loopLen, f.length, s, "face loop entries");
                }
            }
            float[] vx = new float[slots];
            float[] vy = new float[slots];
            float[] vz = new float[slots];
            float[] nx = new float[faces];
            float[] ny = new float[faces];
            float[] nz = new float[faces];
            float[] d = new float[faces];
            int[] loopStart = new int[faces];
            int[] loopCount = new int[faces];
            int[] loop = new int[loopLen];
            int[] ev0 = new int[edges];
            int[] ev1 = new int[edges];
            int[] ef0 = new int[edges];
            int[] ef1 = new int[edges];
            int lp = 0;
            for (int s = 0; s < n; s++) {
                QuickHull.Mesh m = meshes.get(s);
                float[] pts = points.get(s);
                int o = vStart[s];
                for (int i = 0; i < vCap[s]; i++) {
                    int src = Math.min(i, vCount[s] - 1);
                    vx[o + i] = pts[3 * src];
                    vy[o + i] = pts[3 * src + 1];
                    vz[o + i] = pts[3 * src + 2];
                }
                // Unique edges: the half-edge u -> v of face f, the twin v -> u of another face.
                // Keyed by the directed edge: a V * V table would take gigabytes at MAX_FEATURES.
                EdgeTable firstFace = new EdgeTable(eCount[s]);
                int e = eStart[s];
                for (int f = 0; f < fCount[s]; f++) {
                    int[] fl = m.faces()[f];
                    int slot = fStart[s] + f;
                    double[] dn = m.normals()[f];
                    nx[slot] = (float) dn[0];
                    ny[slot] = (float) dn[1];
                    nz[slot] = (float) dn[2];
                    loopStart[slot] = lp;
                    loopCount[slot] = fl.length;
                    for (int k = 0; k < fl.length; k++) {
                        loop[lp++] = fl[k];
                        int u = fl[k];
                        int v = fl[(k + 1) % fl.length];
                        int twin = firstFace.get(EdgeTable.key(v, u));
                        if (twin >= 0) {
                            // The twin was seen first: its edge runs v -> u in face twin.
                            ev0[e] = v;
                            ev1[e] = u;
                            ef0[e] = twin;
                            ef1[e] = f;
                            e++;
                        } else {
                            firstFace.put(EdgeTable.key(u, v), f);
                        }
                    }
                }
                assert e == eStart[s] + eCount[s] : "shape=" + s + ": edges " + (e - eStart[s]) + " != " + eCount[s];
            }
            float[] gx = new float[edges];
            float[] gy = new float[edges];
            float[] gz = new float[edges];
            float[] gg = new float[edges];
            float[] n0x = new float[edges];
            float[] n0y = new float[edges];
            float[] n0z = new float[edges];
            float[] n1x = new float[edges];
            float[] n1y = new float[edges];
            float[] n1z = new float[edges];
            float[] px = new float[edges];
            float[] py = new float[edges];
            float[] pz = new float[edges];
            float[] cx = new float[n];
            float[] cy = new float[n];
            float[] cz = new float[n];
            float[] minX = new float[n];
            float[] minY = new float[n];
            float[] minZ = new float[n];
            float[] maxX = new float[n];
            float[] maxY = new float[n];
            float[] maxZ = new float[n];
            float[] magnitude = new float[n];
            HullArrays r = new HullArrays(n, vStart, vCount, vCap, fStart, fCount, eStart, eCount, loopStart,
                    loopCount, loop, ev0, ev1, ef0, ef1, vx, vy, vz, nx, ny, nz, d, gx, gy, gz, gg,
                    n0x, n0y, n0z, n1x, n1y, n1z, px, py, pz, cx, cy, cz,
                    minX, minY, minZ, maxX, maxY, maxZ, magnitude, maxCap, false);
            for (int s = 0; s < n; s++) {
                for (int f = 0; f < fCount[s]; f++) {
                    int slot = fStart[s] + f;
                    d[slot] = support(r, s, nx[slot], ny[slot], nz[slot]);
                }
                derive(r, s);
            }
            return new ConvexPolyhedra(r);
        }

        /**
         * {@code sum + n}, refused past the longest array: many large hulls could otherwise wrap
         * an int total to a negative array length. The message is built only on failure.
         */
        private static int total(int sum, int n, int shape, String what) {
            if ((long) sum + n > ArrayGrowth.MAX_LENGTH) {
                ArrayGrowth.sum(sum, n, ArrayGrowth.MAX_LENGTH, "shape=" + shape + ": the store's " + what);
            }
            return sum + n;
        }
    }

    /** The largest {@code nx*x + ny*y + nz*z} (float, in that order) over shape s's vertices. */
    static float support(HullArrays r, int s, float nx, float ny, float nz) {
        int o = r.vStart[s];
        float best = Float.NEGATIVE_INFINITY;
        for (int i = 0; i < r.vCount[s]; i++) {
            best = Math.max(best, nx * r.vx[o + i] + ny * r.vy[o + i] + nz * r.vz[o + i]);
        }
        return best;
    }

    /**
     * Recomputes shape s's Gauss arcs ({@code g = n(ef0) x n(ef1)} and {@code |g|^2}), the
     * per-edge copies of its faces' normals and first vertex, centroid, AABB and magnitude from
     * its vertices and normals: at build time and after every transform.
     */
    static void derive(HullArrays r, int s) {
        int fo = r.fStart[s];
        int o = r.vStart[s];
        for (int e = r.eStart[s]; e < r.eStart[s] + r.eCount[s]; e++) {
            int f0 = fo + r.ef0[e];
            int f1 = fo + r.ef1[e];
            float gx = r.ny[f0] * r.nz[f1] - r.nz[f0] * r.ny[f1];
            float gy = r.nz[f0] * r.nx[f1] - r.nx[f0] * r.nz[f1];
            float gz = r.nx[f0] * r.ny[f1] - r.ny[f0] * r.nx[f1];
            r.gx[e] = gx;
            r.gy[e] = gy;
            r.gz[e] = gz;
            r.gg[e] = gx * gx + gy * gy + gz * gz;
            r.n0x[e] = r.nx[f0];
            r.n0y[e] = r.ny[f0];
            r.n0z[e] = r.nz[f0];
            r.n1x[e] = r.nx[f1];
            r.n1y[e] = r.ny[f1];
            r.n1z[e] = r.nz[f1];
            int v = o + r.ev0[e];
            r.px[e] = r.vx[v];
            r.py[e] = r.vy[v];
            r.pz[e] = r.vz[v];
        }
        int k = r.vCount[s];
        double sx = 0;
        double sy = 0;
        double sz = 0;
        float lx = Float.POSITIVE_INFINITY;
        float ly = Float.POSITIVE_INFINITY;
        float lz = Float.POSITIVE_INFINITY;
        float hx = Float.NEGATIVE_INFINITY;
        float hy = Float.NEGATIVE_INFINITY;
        float hz = Float.NEGATIVE_INFINITY;
        float mag = 0;
        for (int i = o; i < o + k; i++) {
            float x = r.vx[i];
            float y = r.vy[i];
            float z = r.vz[i];
            sx += x;
            sy += y;
            sz += z;
            lx = Math.min(lx, x);
            ly = Math.min(ly, y);
            lz = Math.min(lz, z);
            hx = Math.max(hx, x);
            hy = Math.max(hy, y);
            hz = Math.max(hz, z);
            mag = Math.max(mag, Math.max(Math.abs(x), Math.max(Math.abs(y), Math.abs(z))));
        }
        // The centroid only orients edge axes; any interior point does, so clamp it into the AABB.
        r.cx[s] = Math.min(hx, Math.max(lx, (float) (sx / k)));
        r.cy[s] = Math.min(hy, Math.max(ly, (float) (sy / k)));
        r.cz[s] = Math.min(hz, Math.max(lz, (float) (sz / k)));
        r.minX[s] = lx;
        r.minY[s] = ly;
        r.minZ[s] = lz;
        r.maxX[s] = hx;
        r.maxY[s] = hy;
        r.maxZ[s] = hz;
        r.magnitude[s] = mag;
    }

    /**
     * A world-space store for this one: the same topology (shared, read-only), its own geometry
     * arrays initialised to this store's, for {@link SolidPoses#transform} to overwrite.
     */
    public ConvexPolyhedra worldCopy() {
        HullArrays r = arrays;
        return new ConvexPolyhedra(new HullArrays(r.size, r.vStart, r.vCount, r.vCap, r.fStart, r.fCount,
                r.eStart, r.eCount, r.loopStart, r.loopCount, r.loop, r.ev0, r.ev1, r.ef0, r.ef1,
                r.vx.clone(), r.vy.clone(), r.vz.clone(), r.nx.clone(), r.ny.clone(), r.nz.clone(), r.d.clone(),
                r.gx.clone(), r.gy.clone(), r.gz.clone(), r.gg.clone(), r.n0x.clone(), r.n0y.clone(),
                r.n0z.clone(), r.n1x.clone(), r.n1y.clone(), r.n1z.clone(), r.px.clone(), r.py.clone(),
                r.pz.clone(), r.cx.clone(), r.cy.clone(), r.cz.clone(),
                r.minX.clone(), r.minY.clone(), r.minZ.clone(), r.maxX.clone(), r.maxY.clone(), r.maxZ.clone(),
                r.magnitude.clone(), r.maxCap, true));
    }

    /** Number of shapes. */
    public int size() {
        return arrays.size;
    }

    /** Number of vertices of shape s. */
    public int vertexCount(int s) {
        return arrays.vCount[check(s)];
    }

    /** Number of faces of shape s. */
    public int faceCount(int s) {
        return arrays.fCount[check(s)];
    }

    /** Number of edges of shape s. */
    public int edgeCount(int s) {
        return arrays.eCount[check(s)];
    }

    /** Coordinate {@code axis} (0 x, 1 y, 2 z) of vertex i of shape s. */
    public float vertex(int s, int i, int axis) {
        HullArrays r = arrays;
        checkIndex(i, r.vCount[check(s)], "vertex");
        int slot = r.vStart[s] + i;
        return axis == 0 ? r.vx[slot] : axis == 1 ? r.vy[slot] : checkAxis(axis, r.vz[slot]);
    }

    /** Component {@code axis} (0..2) of face f's outward unit normal, or 3 for its offset. */
    public float plane(int s, int f, int axis) {
        HullArrays r = arrays;
        checkIndex(f, r.fCount[check(s)], "face");
        int slot = r.fStart[s] + f;
        return switch (axis) {
            case 0 -> r.nx[slot];
            case 1 -> r.ny[slot];
            case 2 -> r.nz[slot];
            case 3 -> r.d[slot];
            default -> throw new IndexOutOfBoundsException("axis=" + axis + ": out of range [0, 4)");
        };
    }

    /**
     * Face f's vertices (shape-local indices), counter-clockwise seen from outside: a convex
     * outline (see Building). A new array.
     */
    public int[] faceVertices(int s, int f) {
        HullArrays r = arrays;
        checkIndex(f, r.fCount[check(s)], "face");
        int slot = r.fStart[s] + f;
        return Arrays.copyOfRange(r.loop, r.loopStart[slot], r.loopStart[slot] + r.loopCount[slot]);
    }

    /** Edge e's endpoints and faces {@code {v0, v1, f0, f1}} (shape-local): v0 -&gt; v1 runs in f0. A new array. */
    public int[] edge(int s, int e) {
        HullArrays r = arrays;
        checkIndex(e, r.eCount[check(s)], "edge");
        int slot = r.eStart[s] + e;
        return new int[] {r.ev0[slot], r.ev1[slot], r.ef0[slot], r.ef1[slot]};
    }

    /** Component {@code axis} (0..2) of shape s's AABB minimum, or 3..5 of its maximum. */
    public float bounds(int s, int axis) {
        HullArrays r = arrays;
        check(s);
        return switch (axis) {
            case 0 -> r.minX[s];
            case 1 -> r.minY[s];
            case 2 -> r.minZ[s];
            case 3 -> r.maxX[s];
            case 4 -> r.maxY[s];
            case 5 -> r.maxZ[s];
            default -> throw new IndexOutOfBoundsException("axis=" + axis + ": out of range [0, 6)");
        };
    }

    /** True for stores made by {@link #worldCopy()}. */
    public boolean isWorldStore() {
        return arrays.worldStore;
    }

    /**
     * The raw arrays, for Sepax's own kernels. The type lives in a package that the module exports
     * only to {@code dev.sepax.simd}.
     *
     * @hidden
     */
    public HullArrays arrays() {
        return arrays;
    }

    private int check(int s) {
        if (s < 0 || s >= arrays.size) {
            throw new IndexOutOfBoundsException("shape=" + s + ": out of range [0, " + arrays.size + ")");
        }
        return s;
    }

    private static void checkIndex(int i, int n, String what) {
        if (i < 0 || i >= n) {
            throw new IndexOutOfBoundsException(what + "=" + i + ": out of range [0, " + n + ")");
        }
    }

    private static float checkAxis(int axis, float z) {
        if (axis != 2) {
            throw new IndexOutOfBoundsException("axis=" + axis + ": out of range [0, 3)");
        }
        return z;
    }

    @Override
    public String toString() {
        return "ConvexPolyhedra[size=" + arrays.size + (arrays.worldStore ? ", world" : "") + "]";
    }
}
