package dev.sepax.internal;

/**
 * The raw struct-of-arrays of one {@link dev.sepax.solid.ConvexPolyhedra} store, for the kernels
 * of {@code dev.sepax.solid} and {@code dev.sepax.simd}. Not part of the public API: the module
 * exports this package to {@code dev.sepax.simd} only.
 *
 * <h2>Layout</h2>
 * <pre>
 *   per vertex slot (vertex i of shape s is slot vStart[s] + i, i &lt; vCap[s]):
 *     vx, vy, vz          vertex (slots vCount[s] .. vCap[s]-1 repeat the last vertex)
 *   per face slot (face f of shape s is slot fStart[s] + f, f &lt; fCount[s]):
 *     nx, ny, nz          outward unit normal (float)
 *     d                   offset: the largest float n.v over the shape's vertices at build time
 *     loopStart, loopCount    the face's vertices (shape-local indices into loop[]), CCW from outside
 *   per edge slot (edge e of shape s is slot eStart[s] + e, e &lt; eCount[s]; each shape's edge
 *   slots are padded to a multiple of ConvexPolyhedra.PAD, the padding slots all zero):
 *     ev0, ev1            its two vertices (shape-local); the edge runs ev0 -&gt; ev1 in face ef0
 *     ef0, ef1            its two faces (shape-local): the half-edge ev0 -&gt; ev1 lies in ef0, its twin in ef1
 *     gx, gy, gz          n(ef0) x n(ef1): the normal of the edge's Gauss-map arc, parallel to the edge
 *     gg                  gx*gx + gy*gy + gz*gz (float, in that order)
 *     n0x, n0y, n0z       copy of face ef0's normal  | per slot, so that an edge-pair kernel reads
 *     n1x, n1y, n1z       copy of face ef1's normal  | B's edges as contiguous vectors (no gathers);
 *     px, py, pz          copy of vertex ev0         | a zero padding slot never passes the arc test
 *   per shape:
 *     cx, cy, cz          centroid of the vertices (an interior point)
 *     minX .. maxZ        AABB of the vertices
 *     magnitude           largest absolute vertex coordinate
 * </pre>
 * Topology arrays ({@code vStart, vCount, vCap, fStart, fCount, eStart, eCount, loopStart,
 * loopCount, loop, ev0, ev1, ef0, ef1}) are shared between a local store and its world copies;
 * only {@link dev.sepax.solid.SolidPoses} writes the geometry arrays of a world store (the
 * per-edge copies are rewritten from the faces and vertices, so they always equal them).
 */
public final class HullArrays {
    public final int size;
    public final int[] vStart;
    public final int[] vCount;
    public final int[] vCap;
    public final int[] fStart;
    public final int[] fCount;
    public final int[] eStart;
    public final int[] eCount;
    public final int[] loopStart;
    public final int[] loopCount;
    public final int[] loop;
    public final int[] ev0;
    public final int[] ev1;
    public final int[] ef0;
    public final int[] ef1;
    public final float[] vx;
    public final float[] vy;
    public final float[] vz;
    public final float[] nx;
    public final float[] ny;
    public final float[] nz;
    public final float[] d;
    public final float[] gx;
    public final float[] gy;
    public final float[] gz;
    public final float[] gg;
    public final float[] n0x;
    public final float[] n0y;
    public final float[] n0z;
    public final float[] n1x;
    public final float[] n1y;
    public final float[] n1z;
    public final float[] px;
    public final float[] py;
    public final float[] pz;
    public final float[] cx;
    public final float[] cy;
    public final float[] cz;
    public final float[] minX;
    public final float[] minY;
    public final float[] minZ;
    public final float[] maxX;
    public final float[] maxY;
    public final float[] maxZ;
    public final float[] magnitude;
    /** The largest vertex capacity of any shape. */
    public final int maxCap;
    /** True only for stores that {@link dev.sepax.solid.SolidPoses} may rewrite. */
    public final boolean worldStore;

    /** Wraps a store's arrays; called by {@link dev.sepax.solid.ConvexPolyhedra} only. */
    public HullArrays(int size, int[] vStart, int[] vCount, int[] vCap, int[] fStart, int[] fCount,
                      int[] eStart, int[] eCount, int[] loopStart, int[] loopCount, int[] loop,
                      int[] ev0, int[] ev1, int[] ef0, int[] ef1,
                      float[] vx, float[] vy, float[] vz, float[] nx, float[] ny, float[] nz, float[] d,
                      float[] gx, float[] gy, float[] gz, float[] gg, float[] n0x, float[] n0y, float[] n0z,
                      float[] n1x, float[] n1y, float[] n1z, float[] px, float[] py, float[] pz, float[] cx, float[] cy, float[] cz,
                      float[] minX, float[] minY, float[] minZ, float[] maxX, float[] maxY, float[] maxZ,
                      float[] magnitude, int maxCap, boolean worldStore) {
        this.size = size;
        this.vStart = vStart;
        this.vCount = vCount;
        this.vCap = vCap;
        this.fStart = fStart;
        this.fCount = fCount;
        this.eStart = eStart;
        this.eCount = eCount;
        this.loopStart = loopStart;
        this.loopCount = loopCount;
        this.loop = loop;
        this.ev0 = ev0;
        this.ev1 = ev1;
        this.ef0 = ef0;
        this.ef1 = ef1;
        this.vx = vx;
        this.vy = vy;
        this.vz = vz;
        this.nx = nx;
        this.ny = ny;
        this.nz = nz;
        this.d = d;
        this.gx = gx;
        this.gy = gy;
        this.gz = gz;
        this.gg = gg;
        this.n0x = n0x;
        this.n0y = n0y;
        this.n0z = n0z;
        this.n1x = n1x;
        this.n1y = n1y;
        this.n1z = n1z;
        this.px = px;
        this.py = py;
        this.pz = pz;
        this.cx = cx;
        this.cy = cy;
        this.cz = cz;
        this.minX = minX;
        this.minY = minY;
        this.minZ = minZ;
        this.maxX = maxX;
        this.maxY = maxY;
        this.maxZ = maxZ;
        this.magnitude = magnitude;
        this.maxCap = maxCap;
        this.worldStore = worldStore;
    }
}
