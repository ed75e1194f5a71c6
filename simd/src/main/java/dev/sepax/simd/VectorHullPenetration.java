package dev.sepax.simd;

import dev.sepax.batch.PairBatch;
import dev.sepax.internal.HullArrays;
import dev.sepax.solid.ConvexPolyhedra;
import dev.sepax.solid.HullPenetrationKernel;
import dev.sepax.solid.HullPenetrations;
import dev.sepax.solid.ScalarHullPenetration;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The SIMD 3D penetration (MTV) kernel: the face phase, which dominates (every face of each
 * shape against every vertex of the other), with the other shape's vertex slots in the lanes.
 * For each face it evaluates {@code nx*x + ny*y + nz*z - d} (broadcast plane,
 * {@code mul().add()} in the scalar order) over whole vectors of vertex slots, keeps the
 * lane-wise {@code MIN} and reduces it once per face. The store pads each shape's vertices to a
 * multiple of {@link ConvexPolyhedra#PAD} with copies of the last one, so no tail mask is needed
 * and the padding changes no minimum. {@code MIN} is {@code Math.min}, the scalar reference's
 * operation, and is exact and order-free, so with the reference's {@code + 0f} each face's
 * separation is the same float; the faces are then compared in the same order. The edge pairs'
 * arc sign tests run with Q's edges in the lanes (the store's per-edge-slot face normals); each
 * crossing pair, the world axes and the output are the reference's own code
 * ({@link ScalarHullPenetration#crossingPair}, {@link ScalarHullPenetration#finishAfterEdges}),
 * so every output is bit-identical to the reference. Stateless, thread-safe, allocation-free.
 */
public final class VectorHullPenetration implements HullPenetrationKernel {
    /** The shared instance. */
    public static final VectorHullPenetration INSTANCE = new VectorHullPenetration();
    /** At most 16 lanes, so every vector lies within one shape's padded capacity. */
    private static final VectorSpecies<Float> S = VectorSupport.F;
    private static final int L = S.length();

    private VectorHullPenetration() {}

    @Override
    public String name() {
        return "simd-hull-mtv";
    }

    @Override
    public boolean penetration(ConvexPolyhedra shapes, int a, int b, HullPenetrations out, int index) {
        HullPenetrations.checkPair(shapes, a, b, out, index);
        HullArrays r = shapes.arrays();
        return finish(r, a, b, out, index);
    }

    @Override
    public int penetrations(ConvexPolyhedra shapes, PairBatch pairs, int from, int to, HullPenetrations out) {
        HullPenetrations.checkBatch(shapes, pairs, from, to, out);
        HullArrays r = shapes.arrays();
        int[] pa = pairs.arrays().a;
        int[] pb = pairs.arrays().b;
        int hits = 0;
        for (int p = from; p < to; p++) {
            int a = pa[p];
            int b = pb[p];
            if (finish(r, a, b, out, p)) {
                hits++;
            }
        }
        return hits;
    }

    private static boolean finish(HullArrays r, int a, int b, HullPenetrations out, int index) {
        int lo = Math.min(a, b);
        int hi = Math.max(a, b);
        long best = faceAxes(r, lo, hi);
        for (int ea = 0, ecP = r.eCount[lo]; ea < ecP; ea++) {
            best = edgeRow(r, lo, hi, ea, best);
        }
        return ScalarHullPenetration.finishAfterEdges(r, a, b, best, out, index);
    }

    /**
     * P's edge {@code ea} against Q's edges: the arc sign tests of {@code VectorHullSat} in
     * lanes (Q's per-slot face normals and arcs, zero padding slots never cross), then each
     * crossing lane in index order through {@link ScalarHullPenetration#crossingPair}, which is
     * the scalar reference's own step, so the result is bit-identical.
     */
    private static long edgeRow(HullArrays r, int lo, int hi, int ea, long best) {
        int sa = r.eStart[lo] + ea;
        FloatVector gax = FloatVector.broadcast(S, r.gx[sa]);
        FloatVector gay = FloatVector.broadcast(S, r.gy[sa]);
        FloatVector gaz = FloatVector.broadcast(S, r.gz[sa]);
        FloatVector ax = FloatVector.broadcast(S, r.n0x[sa]);
        FloatVector ay = FloatVector.broadcast(S, r.n0y[sa]);
        FloatVector az = FloatVector.broadcast(S, r.n0z[sa]);
        FloatVector bx = FloatVector.broadcast(S, r.n1x[sa]);
        FloatVector by = FloatVector.broadcast(S, r.n1y[sa]);
        FloatVector bz = FloatVector.broadcast(S, r.n1z[sa]);
        int eo = r.eStart[hi];
        for (int k = 0, ec = r.eCount[hi]; k < ec; k += L) {
            int sb = eo + k;
            FloatVector cga = FloatVector.fromArray(S, r.n0x, sb).mul(gax)
                    .add(FloatVector.fromArray(S, r.n0y, sb).mul(gay))
                    .add(FloatVector.fromArray(S, r.n0z, sb).mul(gaz));
            FloatVector dga = FloatVector.fromArray(S, r.n1x, sb).mul(gax)
                    .add(FloatVector.fromArray(S, r.n1y, sb).mul(gay))
                    .add(FloatVector.fromArray(S, r.n1z, sb).mul(gaz));
            FloatVector gbx = FloatVector.fromArray(S, r.gx, sb);
            FloatVector gby = FloatVector.fromArray(S, r.gy, sb);
            FloatVector gbz = FloatVector.fromArray(S, r.gz, sb);
            FloatVector agb = ax.mul(gbx).add(ay.mul(gby)).add(az.mul(gbz));
            FloatVector bgb = bx.mul(gbx).add(by.mul(gby)).add(bz.mul(gbz));
            long crossing = cga.mul(dga).compare(VectorOperators.LT, 0f).toLong()
                    & agb.mul(bgb).compare(VectorOperators.LT, 0f).toLong()
                    & cga.mul(bgb).compare(VectorOperators.LT, 0f).toLong();
            while (crossing != 0) {
                best = ScalarHullPenetration.crossingPair(r, lo, hi, ea, k + Long.numberOfTrailingZeros(crossing), best);
                crossing &= crossing - 1;
            }
        }
        return best;
    }

    /** {@link ScalarHullPenetration#faceAxes} with each face's minimum in lanes. */
    private static long faceAxes(HullArrays r, int lo, int hi) {
        float best = Float.NEGATIVE_INFINITY;
        int code = 0;
        int fo = r.fStart[lo];
        for (int f = 0, fc = r.fCount[lo]; f < fc; f++) {
            float s = faceSeparation(r, fo + f, hi);
            if (s > best) {
                best = s;
                code = 1 + f;
            }
        }
        fo = r.fStart[hi];
        for (int f = 0, fc = r.fCount[hi]; f < fc; f++) {
            float s = faceSeparation(r, fo + f, lo);
            if (s > best) {
                best = s;
                code = -(1 + f);
            }
        }
        return ScalarHullPenetration.pack(best, code);
    }

    private static float faceSeparation(HullArrays r, int f, int other) {
        float[] vx = r.vx;
        float[] vy = r.vy;
        float[] vz = r.vz;
        FloatVector nx = FloatVector.broadcast(S, r.nx[f]);
        FloatVector ny = FloatVector.broadcast(S, r.ny[f]);
        FloatVector nz = FloatVector.broadcast(S, r.nz[f]);
        float d = r.d[f];
        int o = r.vStart[other];
        int end = o + r.vCap[other];
        FloatVector m = FloatVector.broadcast(S, Float.POSITIVE_INFINITY);
        for (int v = o; v < end; v += L) {
            FloatVector s = nx.mul(FloatVector.fromArray(S, vx, v))
                    .add(ny.mul(FloatVector.fromArray(S, vy, v)))
                    .add(nz.mul(FloatVector.fromArray(S, vz, v)))
                    .sub(d);
            m = m.min(s);
        }
        return m.reduceLanes(VectorOperators.MIN) + 0f;
    }
}
