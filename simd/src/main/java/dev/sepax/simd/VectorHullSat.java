package dev.sepax.simd;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.internal.BitWords;
import dev.sepax.internal.HullArrays;
import dev.sepax.internal.SolidArguments;
import dev.sepax.solid.ConvexPolyhedra;
import dev.sepax.solid.HullOverlapKernel;
import dev.sepax.solid.ScalarHullSat;
import dev.sepax.solid.UnprunedHullSat;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The SIMD hull kernel: the face axes with the other shape's vertices in the lanes. For each
 * face of A (then of B), in index order, it evaluates {@code nx*x + ny*y + nz*z - d} for a
 * vector of the other shape's vertex slots at a time (broadcast normal, {@code mul().add()} in
 * the scalar order) and stops the face at the first vector with a lane within the tolerance.
 * The store pads every shape's vertices to a multiple of {@link ConvexPolyhedra#PAD} by repeating
 * the last one, so whole vectors need no tail mask and the padding changes no compare. The
 * intersection certificate ({@link ScalarHullSat#vertexInside}) runs with one shape's vertices
 * in the lanes and the other's faces broadcast. The Gauss-map-pruned edge pairs run with B's
 * edges in the lanes (from the store's per-edge-slot copies of the faces' normals, padded with
 * zero slots that never cross), A's edge broadcast, the arc sign tests as compare masks. The
 * AABB and the cached axis are {@link ScalarHullSat}'s own code. Every expression is the
 * scalar kernel's, in its order, and the first separating face or edge pair is the scalar
 * kernel's, so verdicts and axis caches are bit-identical. Stateless, thread-safe,
 * allocation-free.
 */
public final class VectorHullSat implements HullOverlapKernel {
    /** The shared instance. */
    public static final VectorHullSat INSTANCE = new VectorHullSat();
    /** At most 16 lanes, so every vector lies within one shape's padded capacity. */
    private static final VectorSpecies<Float> S = VectorSupport.F;
    private static final int L = S.length();
    private static final float PARALLEL_SQ = ScalarHullSat.PARALLEL * ScalarHullSat.PARALLEL;

    private VectorHullSat() {}

    @Override
    public String name() {
        return "simd-hull";
    }

    @Override
    public boolean intersects(ConvexPolyhedra shapes, int a, int b, float tolerance) {
        SolidArguments.checkPair(shapes, shapes == null ? 0 : shapes.size(), a, b, tolerance);
        return separatingAxis(shapes.arrays(), a, b, tolerance, 0) == 0;
    }

    @Override
    public int test(ConvexPolyhedra shapes, PairBatch pairs, int from, int to, float tolerance, OverlapBits out,
                    int[] axisCache) {
        SolidArguments.check(shapes, shapes == null ? 0 : shapes.size(), pairs, from, to, tolerance, out, axisCache);
        HullArrays r = shapes.arrays();
        int[] pa = pairs.arrays().a;
        int[] pb = pairs.arrays().b;
        long[] words = out.words();
        int hits = 0;
        for (int w = from; w < to; w += 64) {
            int end = Math.min(to, w + 64);
            long bits = 0;
            for (int p = w; p < end; p++) {
                int hint = axisCache == null ? 0 : axisCache[p];
                int axis = separatingAxis(r, pa[p], pb[p], tolerance, hint);
                if (axis == 0) {
                    bits |= 1L << p;
                } else if (axisCache != null && axis != Integer.MIN_VALUE) {
                    axisCache[p] = axis;
                }
            }
            hits += Long.bitCount(bits);
            BitWords.store(words, w, end, bits);
        }
        return hits;
    }

    /** {@code ScalarHullSat.separatingAxis} with the faces, the certificate and the edge pairs in lanes. */
    private static int separatingAxis(HullArrays r, int a, int b, float tol, int hint) {
        if (ScalarHullSat.aabbSeparates(r, a, b, tol)) {
            return Integer.MIN_VALUE;
        }
        if (hint != 0 && ScalarHullSat.hintSeparates(r, a, b, tol, hint, true)) {
            return hint;
        }
        int f = firstSeparatingFace(r, a, b, tol);
        if (f >= 0) {
            return 1 + f;
        }
        f = firstSeparatingFace(r, b, a, tol);
        if (f >= 0) {
            return -(1 + f);
        }
        float lim = Math.min(tol, 0f);
        if (vertexInside(r, a, b, lim) || vertexInside(r, b, a, lim)) {
            return 0;
        }
        return edgeAxes(r, a, b, tol);
    }

    /** {@link ScalarHullSat#edgeAxes} with B's edges in the lanes (package-private for the differential test). */
    static int edgeAxes(HullArrays r, int a, int b, float tol) {
        for (int ea = 0, ecA = r.eCount[a]; ea < ecA; ea++) {
            int eb = firstSeparatingEdge(r, a, b, r.eStart[a] + ea, tol);
            if (eb >= 0) {
                return ScalarHullSat.EDGE_PAIR | (ea << 15) | eb;
            }
        }
        return 0;
    }

    /**
     * {@code ScalarHullSat.firstSeparatingEdge} with B's edges in the lanes: A's edge slot
     * {@code sa} is broadcast, a vector of B's edge slots is loaded from the per-slot arrays
     * (padding slots are zero and never cross), and the three arc sign tests are compares
     * combined as masks. Only when some lane crosses are the axis, its orientation and the gap
     * evaluated, again in lanes with the scalar expressions; a crossing lane whose edges are
     * nearly parallel, or whose orientation is too close to zero to trust, goes to the scalar
     * full projection. The first separating lane in index
     * order is the scalar kernel's first separating B edge.
     */
    private static int firstSeparatingEdge(HullArrays r, int a, int b, int sa, float tol) {
        float[] gx = r.gx;
        float[] gy = r.gy;
        float[] gz = r.gz;
        float gax = gx[sa];
        float gay = gy[sa];
        float gaz = gz[sa];
        FloatVector vgax = FloatVector.broadcast(S, gax);
        FloatVector vgay = FloatVector.broadcast(S, gay);
        FloatVector vgaz = FloatVector.broadcast(S, gaz);
        FloatVector ax = FloatVector.broadcast(S, r.n0x[sa]);
        FloatVector ay = FloatVector.broadcast(S, r.n0y[sa]);
        FloatVector az = FloatVector.broadcast(S, r.n0z[sa]);
        FloatVector bx = FloatVector.broadcast(S, r.n1x[sa]);
        FloatVector by = FloatVector.broadcast(S, r.n1y[sa]);
        FloatVector bz = FloatVector.broadcast(S, r.n1z[sa]);
        int eo = r.eStart[b];
        int ec = r.eCount[b];
        for (int k = 0; k < ec; k += L) {
            int sb = eo + k;
            FloatVector cga = FloatVector.fromArray(S, r.n0x, sb).mul(vgax)
                    .add(FloatVector.fromArray(S, r.n0y, sb).mul(vgay))
                    .add(FloatVector.fromArray(S, r.n0z, sb).mul(vgaz));
            FloatVector dga = FloatVector.fromArray(S, r.n1x, sb).mul(vgax)
                    .add(FloatVector.fromArray(S, r.n1y, sb).mul(vgay))
                    .add(FloatVector.fromArray(S, r.n1z, sb).mul(vgaz));
            FloatVector gbx = FloatVector.fromArray(S, gx, sb);
            FloatVector gby = FloatVector.fromArray(S, gy, sb);
            FloatVector gbz = FloatVector.fromArray(S, gz, sb);
            FloatVector agb = ax.mul(gbx).add(ay.mul(gby)).add(az.mul(gbz));
            FloatVector bgb = bx.mul(gbx).add(by.mul(gby)).add(bz.mul(gbz));
            long crossing = cga.mul(dga).compare(VectorOperators.LT, 0f).toLong()
                    & agb.mul(bgb).compare(VectorOperators.LT, 0f).toLong()
                    & cga.mul(bgb).compare(VectorOperators.LT, 0f).toLong();
            if (crossing != 0) {
                int lane = firstSeparatingLane(r, a, b, sa, sb, crossing, tol);
                if (lane >= 0) {
                    return k + lane;
                }
            }
        }
        return -1;
    }

    /**
     * {@code ScalarHullSat.crossingSeparates} for the lanes of {@code crossing} (B's edge slots
     * {@code sb ..}): the first lane, in index order, whose axis separates, or -1. Lanes whose
     * edges are nearly parallel or whose orientation is too close to zero go to the scalar full
     * projection, and lanes whose arcs are too short to give the axis to the scalar edge axis
     * ({@link ScalarHullSat#shortArcs}), as in the scalar kernel.
     */
    private static int firstSeparatingLane(HullArrays r, int a, int b, int sa, int sb, long crossing, float tol) {
        float gax = r.gx[sa];
        float gay = r.gy[sa];
        float gaz = r.gz[sa];
        FloatVector gbx = FloatVector.fromArray(S, r.gx, sb);
        FloatVector gby = FloatVector.fromArray(S, r.gy, sb);
        FloatVector gbz = FloatVector.fromArray(S, r.gz, sb);
        FloatVector lx = gbz.mul(gay).sub(gby.mul(gaz));
        FloatVector ly = gbx.mul(gaz).sub(gbz.mul(gax));
        FloatVector lz = gby.mul(gax).sub(gbx.mul(gay));
        FloatVector lenSq = lx.mul(lx).add(ly.mul(ly)).add(lz.mul(lz));
        FloatVector ggB = FloatVector.fromArray(S, r.gg, sb);
        long fallback = lenSq.compare(VectorOperators.LT, ggB.mul(r.gg[sa]).mul(PARALLEL_SQ)).toLong();
        // ScalarHullSat.shortArcs in lanes: such a lane takes the scalar edge axis.
        long edges = lenSq.compare(VectorOperators.LT, ggB.add(r.gg[sa]).mul(ScalarHullSat.SHORT_ARCS)).toLong()
                & ~fallback;
        float pax = r.px[sa];
        float pay = r.py[sa];
        float paz = r.pz[sa];
        FloatVector orient = lx.mul(pax - r.cx[a]).add(ly.mul(pay - r.cy[a])).add(lz.mul(paz - r.cz[a]));
        // ScalarHullSat.orientationBound in lanes: an orientation this close to zero takes the fallback.
        FloatVector bound = gbx.abs().add(gby.abs()).add(gbz.abs()).add(ScalarHullSat.arcNorm1(r, sa))
                .mul(ScalarHullSat.centroidOffset1(r, a, sa))
                .add(lx.abs().add(ly.abs()).add(lz.abs()).mul(r.magnitude[a]))
                .mul(ScalarHullSat.ORIENT_SLACK);
        fallback |= orient.abs().compare(VectorOperators.LE, bound).toLong();
        FloatVector sep = lx.mul(FloatVector.fromArray(S, r.px, sb).sub(pax))
                .add(ly.mul(FloatVector.fromArray(S, r.py, sb).sub(pay)))
                .add(lz.mul(FloatVector.fromArray(S, r.pz, sb).sub(paz)));
        sep = sep.blend(sep.neg(), orient.compare(VectorOperators.LT, 0f));
        long separating = sep.compare(VectorOperators.GT, lenSq.sqrt().mul(tol)).toLong();
        long candidates = crossing & (fallback | edges | separating);
        while (candidates != 0) {
            int lane = Long.numberOfTrailingZeros(candidates);
            if ((edges >>> lane & 1) != 0 ? ScalarHullSat.edgeAxis(r, a, b, sa, sb + lane, false) > tol
                    : (fallback >>> lane & 1) == 0 || UnprunedHullSat.edgePairSeparates(r, a, b, sa, sb + lane, tol)) {
                return lane;
            }
            candidates &= candidates - 1;
        }
        return -1;
    }

    /**
     * {@link ScalarHullSat#vertexInside} with {@code inner}'s vertex slots in the lanes: a lane
     * stays set while its vertex is at or below {@code lim} on every face of {@code outer} so
     * far; a vector whose lanes have all left stops early. Padding slots repeat the last vertex,
     * so they add no verdict of their own.
     */
    static boolean vertexInside(HullArrays r, int inner, int outer, float lim) {
        float[] nx = r.nx;
        float[] ny = r.ny;
        float[] nz = r.nz;
        float[] d = r.d;
        int fo = r.fStart[outer];
        int fe = fo + r.fCount[outer];
        for (int v = r.vStart[inner], end = v + r.vCap[inner]; v < end; v += L) {
            FloatVector x = FloatVector.fromArray(S, r.vx, v);
            FloatVector y = FloatVector.fromArray(S, r.vy, v);
            FloatVector z = FloatVector.fromArray(S, r.vz, v);
            long inside = -1L;
            for (int f = fo; f < fe && inside != 0; f++) {
                inside &= x.mul(nx[f]).add(y.mul(ny[f])).add(z.mul(nz[f])).sub(d[f])
                        .compare(VectorOperators.LE, lim).toLong();
            }
            if (inside != 0) {
                return true;
            }
        }
        return false;
    }

    private static int firstSeparatingFace(HullArrays r, int ref, int other, float tol) {
        float[] vx = r.vx;
        float[] vy = r.vy;
        float[] vz = r.vz;
        int fo = r.fStart[ref];
        int fc = r.fCount[ref];
        int o = r.vStart[other];
        int end = o + r.vCap[other];
        faces:
        for (int f = 0; f < fc; f++) {
            FloatVector nx = FloatVector.broadcast(S, r.nx[fo + f]);
            FloatVector ny = FloatVector.broadcast(S, r.ny[fo + f]);
            FloatVector nz = FloatVector.broadcast(S, r.nz[fo + f]);
            float d = r.d[fo + f];
            for (int v = o; v < end; v += L) {
                FloatVector s = nx.mul(FloatVector.fromArray(S, vx, v))
                        .add(ny.mul(FloatVector.fromArray(S, vy, v)))
                        .add(nz.mul(FloatVector.fromArray(S, vz, v)))
                        .sub(d);
                if (s.compare(VectorOperators.LE, tol).anyTrue()) {
                    continue faces;
                }
            }
            return f;
        }
        return -1;
    }
}
