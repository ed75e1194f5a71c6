package dev.sepax.simd;

import dev.sepax.core.ConvexPolygons;
import dev.sepax.core.PairBatch;
import dev.sepax.core.ScalarSweep;
import dev.sepax.core.SweepArguments;
import dev.sepax.core.SweepKernel;
import dev.sepax.core.SweepResults;
import dev.sepax.core.Velocities;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The Vector API swept test: bit-identical to {@link ScalarSweep} (times, normals and hit bits).
 *
 * <p>Layout: the lanes hold consecutive edge normals of the reference shape (A's, then B's in a
 * second pass); the loop runs over the other shape's vertices, broadcast to all lanes, keeping
 * the per-lane minimum separation by compare and blend, exactly as the scalar loop does per
 * edge. Each lane then turns its separation and rate into a time with the scalar expression
 * {@code -s / r + 0f}. The cross-lane maximum of entry times and minimum of exit times is taken
 * on order-preserving integer keys of the floats ({@code reduceLanes} of ints is exact in any
 * order); the first lane holding the maximum gives the normal, so ties break exactly as the
 * scalar's in-order strict comparison does. Rotation is out of scope (see {@link SweepKernel}).
 *
 * <p>Stateless, thread-safe, allocation-free (masks and vectors stay in registers; no mask is
 * carried round a loop).
 */
public final class VectorSweep implements SweepKernel {
    /** The shared instance (the kernel is stateless). */
    public static final VectorSweep INSTANCE = new VectorSweep();

    private static final VectorSpecies<Float> F = VectorSupport.F;
    private static final VectorSpecies<Integer> I = VectorSpecies.of(int.class, F.vectorShape());
    private static final int L = F.length();

    /** Axis codes, as in the scalar kernel: 0 none, 1..4 AABB x+, x-, y+, y-. */
    private static final int NO_AXIS = 0;
    /** A's edge {@code i} has code {@code FIRST_A_EDGE + i}; B's edge {@code j} has {@code -(1 + j)}. */
    private static final int FIRST_A_EDGE = 5;

    private VectorSweep() {}

    @Override
    public String name() {
        return "simd";
    }

    @Override
    public int sweep(ConvexPolygons shapes, Velocities velocities, PairBatch pairs, int from, int to, float tMax,
                     SweepResults out) {
        SweepArguments.check(shapes, velocities, pairs, from, to, tMax, out);
        float window = tMax + 0f;
        int[] pa = pairs.as();
        int[] pb = pairs.bs();
        long[] words = out.hits().words();
        float[] vx = velocities.vxs();
        float[] vy = velocities.vys();
        int hits = 0;
        for (int w = from; w < to; w += 64) {
            int end = Math.min(to, w + 64);
            long bits = 0;
            for (int p = w; p < end; p++) {
                if (sweepPair(shapes, vx, vy, pa[p], pb[p], window, out, p)) {
                    bits |= 1L << p;
                }
            }
            hits += Long.bitCount(bits);
            long mask = end - w == 64 ? -1L : ((1L << (end - w)) - 1) << w;
            int word = w >>> 6;
            words[word] = (words[word] & ~mask) | bits;
        }
        return hits;
    }

    /** Order-preserving int key of a float that is not NaN and not -0 (an involution). */
    private static int key(float f) {
        int bits = Float.floatToRawIntBits(f);
        return bits ^ ((bits >> 31) >>> 1);
    }

    private static float unkey(int k) {
        return Float.intBitsToFloat(k ^ ((k >> 31) >>> 1));
    }

    private static IntVector keys(FloatVector t) {
        IntVector bits = t.reinterpretAsInts();
        return bits.lanewise(VectorOperators.XOR, bits.lanewise(VectorOperators.ASHR, 31).lanewise(VectorOperators.LSHR, 1));
    }

    private static boolean sweepPair(ConvexPolygons s, float[] vx, float[] vy, int a, int b, float tMax,
                                     SweepResults out, int p) {
        float ux = vx[b] - vx[a];
        float uy = vy[b] - vy[a];
        float enter = Float.NEGATIVE_INFINITY;
        int axis = NO_AXIS;
        float exit = tMax;
        float[] minX = s.minXs();
        float[] maxX = s.maxXs();
        float[] minY = s.minYs();
        float[] maxY = s.maxYs();

        // Swept AABB, scalar: the same four constraints in the same order as ScalarSweep.
        for (int c = 0; c < 4; c++) {
            float sep = c == 0 ? minX[b] - maxX[a]
                    : c == 1 ? minX[a] - maxX[b]
                    : c == 2 ? minY[b] - maxY[a]
                    : minY[a] - maxY[b];
            float rate = c == 0 ? ux : c == 1 ? -ux : c == 2 ? uy : -uy;
            if (rate < 0f) {
                float t = -sep / rate + 0f;
                if (t > enter) {
                    enter = t;
                    axis = 1 + c;
                }
            } else if (rate > 0f) {
                float t = -sep / rate + 0f;
                if (t < exit) {
                    exit = t;
                }
            } else if (sep > 0f) {
                return miss(out, p);
            }
        }
        if (enter > exit || exit < 0f) {
            return miss(out, p);
        }

        float[] x = s.xs();
        float[] y = s.ys();
        float[] nxs = s.unitNormalXs();
        float[] nys = s.unitNormalYs();
        int[] start = s.starts();
        int[] count = s.counts();
        for (int pass = 0; pass < 2; pass++) {
            int ref = pass == 0 ? a : b;
            int other = pass == 0 ? b : a;
            float rux = pass == 0 ? ux : -ux;
            float ruy = pass == 0 ? uy : -uy;
            int o = start[ref];
            int k = count[ref];
            int oo = start[other];
            int oend = oo + count[other];
            for (int base = 0; base < k; base += L) {
                // Lanes past the shape's real edges read padding or the next shape (in bounds
                // thanks to TAIL_SLACK); they are masked out of every decision below.
                VectorMask<Float> live = F.indexInRange(base, k);
                int slot = o + base;
                FloatVector nx = FloatVector.fromArray(F, nxs, slot);
                FloatVector ny = FloatVector.fromArray(F, nys, slot);
                FloatVector px = FloatVector.fromArray(F, x, slot);
                FloatVector py = FloatVector.fromArray(F, y, slot);
                FloatVector sep = FloatVector.broadcast(F, Float.POSITIVE_INFINITY);
                for (int j = oo; j < oend; j++) {
                    // The scalar expression nx * (bx - px) + ny * (by - py), lane-wise.
                    FloatVector d = nx.mul(FloatVector.broadcast(F, x[j]).sub(px))
                            .add(ny.mul(FloatVector.broadcast(F, y[j]).sub(py)));
                    sep = sep.blend(d, d.lt(sep));
                }
                FloatVector rate = nx.mul(rux).add(ny.mul(ruy));
                // Lanes with rate 0 divide by zero here; their quotient is never used.
                FloatVector t = sep.neg().div(rate).add(0f);
                if (rate.eq(0f).and(sep.compare(VectorOperators.GT, 0f)).and(live).anyTrue()) {
                    return miss(out, p);
                }
                VectorMask<Float> later = rate.lt(0f).and(t.compare(VectorOperators.GT, enter)).and(live);
                VectorMask<Float> sooner = rate.compare(VectorOperators.GT, 0f).and(t.lt(exit)).and(live);
                if (later.anyTrue() || sooner.anyTrue()) {
                    IntVector kt = keys(t);
                    if (later.anyTrue()) {
                        VectorMask<Integer> li = later.cast(I);
                        int best = kt.blend(Integer.MIN_VALUE, li.not()).reduceLanes(VectorOperators.MAX);
                        // The first lane holding the maximum: the scalar's strict '>' keeps the first.
                        int lane = kt.eq(best).and(li).firstTrue();
                        enter = unkey(best);
                        axis = pass == 0 ? FIRST_A_EDGE + base + lane : -(1 + base + lane);
                    }
                    if (sooner.anyTrue()) {
                        exit = unkey(kt.blend(Integer.MAX_VALUE, sooner.cast(I).not()).reduceLanes(VectorOperators.MIN));
                    }
                    if (enter > exit || exit < 0f) {
                        return miss(out, p);
                    }
                }
            }
        }

        float[] outFirst = out.tFirsts();
        outFirst[p] = enter > 0f ? enter : 0f;
        out.tLasts()[p] = exit;
        float nx;
        float ny;
        if (axis >= FIRST_A_EDGE) {
            int slot = start[a] + axis - FIRST_A_EDGE;
            nx = nxs[slot];
            ny = nys[slot];
        } else if (axis < 0) {
            int slot = start[b] - axis - 1;
            nx = -nxs[slot];
            ny = -nys[slot];
        } else {
            nx = axis == 1 ? 1f : axis == 2 ? -1f : 0f;
            ny = axis == 3 ? 1f : axis == 4 ? -1f : 0f;
        }
        out.normalXs()[p] = nx;
        out.normalYs()[p] = ny;
        return true;
    }

    private static boolean miss(SweepResults out, int p) {
        out.tFirsts()[p] = Float.NaN;
        out.tLasts()[p] = Float.NaN;
        out.normalXs()[p] = 0f;
        out.normalYs()[p] = 0f;
        return false;
    }
}
