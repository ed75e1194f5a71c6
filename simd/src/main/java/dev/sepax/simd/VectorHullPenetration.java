package dev.sepax.simd;

import dev.sepax.batch.PairBatch;
import dev.sepax.internal.HullArrays;
import dev.sepax.solid.ConvexPolyhedra;
import dev.sepax.solid.HullPenetrationKernel;
import dev.sepax.solid.HullPenetrations;
import dev.sepax.solid.ScalarHullPenetration;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The SIMD 3D penetration (MTV) kernel. The face phase has the faces in the lanes: for each chunk
 * of 16 faces of one shape, the other shape's vertices are broadcast and each lane keeps
 * {@code min nx*x + ny*y + nz*z - d} ({@code mul().add()} in the scalar order) with a compare and
 * a blend; the best face is then found with integer operations (no float {@code min} or float
 * reduction, which C2 expands into long NaN-aware sequences on x86). A minimum is exact and
 * order-free, NaN is kept as {@code Math.min} keeps it, and with the reference's {@code + 0f}
 * each face's separation is the same float; the best face is the reference's (largest, first
 * of equal ones). The edge pairs' arc sign tests run with Q's edges in the lanes (the store's
 * per-edge-slot face normals); each crossing pair, the world axes and the output are the
 * reference's own code ({@link ScalarHullPenetration#crossingPair},
 * {@link ScalarHullPenetration#finishAfterEdges}), so every output is bit-identical to the
 * reference. Stateless, thread-safe, allocation-free.
 */
public final class VectorHullPenetration implements HullPenetrationKernel {
    /** The shared instance. */
    public static final VectorHullPenetration INSTANCE = new VectorHullPenetration();
    /** At most 16 lanes, so every vector lies within one shape's padded capacity. */
    private static final VectorSpecies<Float> S = VectorSupport.F;
    private static final int L = S.length();
    /** Face indices of Q are stored from here in the lanes' face index (faces are below 2^15). */
    private static final float Q_BASE = 65536f;
    private static final int NEG_INF_BITS = Float.floatToRawIntBits(Float.NEGATIVE_INFINITY);

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
            long crossing = cga.mul(dga).compare(VectorOperators.LT, 0f)
                    .and(agb.mul(bgb).compare(VectorOperators.LT, 0f))
                    .and(cga.mul(bgb).compare(VectorOperators.LT, 0f)).toLong();
            while (crossing != 0) {
                best = ScalarHullPenetration.crossingPair(r, lo, hi, ea, k + Long.numberOfTrailingZeros(crossing), best);
                crossing &= crossing - 1;
            }
        }
        return best;
    }

    /**
     * {@link ScalarHullPenetration#faceAxes} with the faces in the lanes: per chunk of 16 faces of
     * one shape, the other shape's vertices are broadcast one at a time and each lane keeps its
     * face's running minimum of {@code n . v - d}. No float {@code min} and no float reduction:
     * on x86 C2 expands both into NaN- and signed-zero-aware sequences, and a reduction per face
     * would be the largest cost of this kernel. Why the bits are the reference's:
     * <ul>
     * <li>The running minimum is a compare and a blend that takes the new value where it is
     *     smaller or NaN: a NaN, once in, stays (nothing compares less than it, only a NaN
     *     replaces it), as with {@code Math.min}; otherwise a minimum does not depend on the
     *     vertices' order, and the reference's {@code + 0f} erases the one bit it could leave
     *     (-0 against +0). Two running minima (even and odd vertices) halve the dependency
     *     chain.</li>
     * <li>Each lane keeps its best face across chunks and passes with a strict {@code >}, so the
     *     first of equal ones, and never a NaN; the lane holding the largest value, ties to the
     *     lowest face code, is found with integer operations: the sign-magnitude key
     *     {@code bits ^ ((bits >> 31) & 0x7fffffff)} orders floats like the floats (no NaN and no
     *     -0 reach it), and the non-negative float face indices sort like their bits.</li>
     * </ul>
     * A shape whose last chunk would read past the face arrays' end (the store's last faces) goes
     * to the reference's own face phase. Everything stays in this one method: a vector passed to
     * a helper that C2 does not inline is boxed.
     */
    private static long faceAxes(HullArrays r, int lo, int hi) {
        int n = r.nx.length;
        if (r.fStart[lo] + roundUp(r.fCount[lo]) > n || r.fStart[hi] + roundUp(r.fCount[hi]) > n) {
            return ScalarHullPenetration.faceAxes(r, lo, hi);
        }
        float[] vx = r.vx;
        float[] vy = r.vy;
        float[] vz = r.vz;
        FloatVector iota = FloatVector.zero(S).addIndex(1);
        FloatVector best = FloatVector.broadcast(S, Float.NEGATIVE_INFINITY);
        FloatVector bestFace = FloatVector.zero(S);
        // Pass 0: P's faces against Q's vertices (codes 1 + f); pass 1: Q's faces against P's
        // vertices (codes -(1 + f)), in the reference's order.
        for (int pass = 0; pass < 2; pass++) {
            int own = pass == 0 ? lo : hi;
            int other = pass == 0 ? hi : lo;
            float base = pass == 0 ? 0f : Q_BASE;
            int fo = r.fStart[own];
            int fc = r.fCount[own];
            int vo = r.vStart[other];
            int vEnd = vo + r.vCount[other];
            for (int c = 0; c < fc; c += L) {
                FloatVector nx = FloatVector.fromArray(S, r.nx, fo + c);
                FloatVector ny = FloatVector.fromArray(S, r.ny, fo + c);
                FloatVector nz = FloatVector.fromArray(S, r.nz, fo + c);
                FloatVector d = FloatVector.fromArray(S, r.d, fo + c);
                FloatVector m0 = FloatVector.broadcast(S, Float.POSITIVE_INFINITY);
                FloatVector m1 = m0;
                int v = vo;
                for (; v + 1 < vEnd; v += 2) {
                    FloatVector s0 = nx.mul(vx[v]).add(ny.mul(vy[v])).add(nz.mul(vz[v])).sub(d);
                    FloatVector s1 = nx.mul(vx[v + 1]).add(ny.mul(vy[v + 1])).add(nz.mul(vz[v + 1])).sub(d);
                    m0 = m0.blend(s0, s0.compare(VectorOperators.LT, m0).or(s0.compare(VectorOperators.NE, s0)));
                    m1 = m1.blend(s1, s1.compare(VectorOperators.LT, m1).or(s1.compare(VectorOperators.NE, s1)));
                }
                if (v < vEnd) {
                    FloatVector s0 = nx.mul(vx[v]).add(ny.mul(vy[v])).add(nz.mul(vz[v])).sub(d);
                    m0 = m0.blend(s0, s0.compare(VectorOperators.LT, m0).or(s0.compare(VectorOperators.NE, s0)));
                }
                FloatVector sep = m0.blend(m1, m1.compare(VectorOperators.LT, m0).or(m1.compare(VectorOperators.NE, m1)))
                        .add(0f);
                // Lanes past this shape's faces hold the next shape's faces: never chosen.
                VectorMask<Float> better = sep.compare(VectorOperators.GT, best).and(iota.lt((float) (fc - c)));
                best = best.blend(sep, better);
                bestFace = bestFace.blend(iota.add(base + c), better);
            }
        }
        IntVector bits = best.reinterpretAsInts();
        IntVector key = bits.lanewise(VectorOperators.XOR,
                bits.lanewise(VectorOperators.ASHR, 31).lanewise(VectorOperators.AND, 0x7fffffff));
        int maxKey = key.reduceLanes(VectorOperators.MAX);
        int sepBits = maxKey ^ ((maxKey >> 31) & 0x7fffffff);
        int code = 0;
        if (sepBits != NEG_INF_BITS) {
            float face = Float.intBitsToFloat(bestFace.reinterpretAsInts().reduceLanes(VectorOperators.MIN, key.eq(maxKey)));
            code = face < Q_BASE ? 1 + (int) face : -(1 + (int) (face - Q_BASE));
        }
        // ScalarHullPenetration.pack, code 0 if no face compared above -Infinity.
        return ((long) sepBits << 32) | (code & 0xffffffffL);
    }

    private static int roundUp(int count) {
        return (count + L - 1) / L * L;
    }
}
