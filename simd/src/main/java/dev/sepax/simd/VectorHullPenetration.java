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
 * separation is the same float; the faces are then compared in the same order. The edge pairs,
 * world axes and the output are {@link ScalarHullPenetration#finish}, so every output is
 * bit-identical to the reference. Stateless, thread-safe, allocation-free.
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
        return ScalarHullPenetration.finish(r, a, b, faceAxes(r, Math.min(a, b), Math.max(a, b)), out, index);
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
            if (ScalarHullPenetration.finish(r, a, b, faceAxes(r, Math.min(a, b), Math.max(a, b)), out, p)) {
                hits++;
            }
        }
        return hits;
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
