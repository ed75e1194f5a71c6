package dev.sepax.simd;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.internal.BitWords;
import dev.sepax.internal.HullArrays;
import dev.sepax.internal.SolidArguments;
import dev.sepax.solid.ConvexPolyhedra;
import dev.sepax.solid.HullOverlapKernel;
import dev.sepax.solid.ScalarHullSat;
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
 * AABB, the cached axis and the Gauss-map-pruned edge pairs are {@link ScalarHullSat}'s own
 * code. The first separating face is the scalar kernel's, so verdicts and axis caches are
 * bit-identical. Stateless, thread-safe, allocation-free.
 */
public final class VectorHullSat implements HullOverlapKernel {
    /** The shared instance. */
    public static final VectorHullSat INSTANCE = new VectorHullSat();
    /** At most 16 lanes, so every vector lies within one shape's padded capacity. */
    private static final VectorSpecies<Float> S = VectorSupport.F;
    private static final int L = S.length();

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

    /** {@code ScalarHullSat.separatingAxis} with the face phase in lanes. */
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
        return ScalarHullSat.edgeAxes(r, a, b, tol);
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
