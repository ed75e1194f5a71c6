package dev.sepax.simd;

import dev.sepax.internal.PolygonArrays;
import dev.sepax.internal.PoseArrays;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.shape.Poses;
import dev.sepax.shape.ScalarTransform;
import dev.sepax.shape.TransformKernel;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * The Vector API {@link TransformKernel}: bit for bit the world stores of {@link Poses#transform}
 * ({@link ScalarTransform}).
 *
 * <h2>What runs in the lanes</h2>
 * One shape at a time, its vertex slots in 4 lanes (every capacity class is a multiple of 4; the
 * shapes of a frame are mostly of capacity 4 and 8, so wider vectors would mostly add masked or
 * wasted lanes), its pose broadcast:
 * <pre>
 *  per chunk:  x' = c*x - s*y + tx,  y' = s*x + c*y + ty,  nx' = c*nx - s*ny,  ny' = s*nx + c*ny
 *              (the scalar expressions, mul/sub/add in the same order), running min/max of x', y';
 *              then the previous chunk's edges: enx = y'[next] - y',  eny = -(x'[next] - x'),
 *              running max of |enx| + |eny|, with next = i + 1 (a lane shift, the last lane from
 *              the following chunk), or vertex 0 from the last real vertex on (a blend);
 *              len = (float) sqrt(dx*dx + dy*dy) with dx, dy the same vertex differences in
 *              double (4 double lanes: PolygonArrays.edgeLength, each operation rounded as there)
 * </pre>
 * The padding slots need no copy: a local store repeats its last vertex and normal there, and
 * the same pose moves equal inputs to equal bits, while the closing blend gives every slot from the
 * last real vertex on the closing edge's normal and length, which is what the reference copies
 * into them. Where the platform has no 256-bit vectors (4 double lanes), the lengths are the
 * scalar expression, slot by slot.
 * The minima and maxima run on sign-magnitude keys, {@code bits ^ ((bits >> 31) & 0x7fffffff)},
 * which order finite floats as ints with {@code -0} below {@code +0}, exactly as
 * {@code Math.min}/{@code Math.max} do; integer {@code MIN}/{@code MAX} reductions (one per
 * 4-lane chunk) are short instructions, while the float ones are long NaN-aware sequences on x86.
 * The result is exact and independent of the reduction order (a minimum rounds nothing), and the
 * repeated padding values change no extreme. The centroid is the scalar expression.
 *
 * <p>Stateless, thread-safe for distinct world stores, allocation-free.
 */
public final class VectorTransform implements TransformKernel {
    /** The shared instance, found by {@code Sepax.transform()}. */
    public static final VectorTransform INSTANCE = new VectorTransform();

    private static final VectorSpecies<Float> S4 = VectorSupport.S128;
    private static final VectorSpecies<Integer> I4 = VectorSpecies.of(int.class, S4.vectorShape());
    private static final int LANES = S4.length();
    /** Lane j takes lane j + 1 (the last lane takes lane 0, always replaced). */
    private static final VectorShuffle<Float> DOWN_ONE = VectorShuffle.fromOp(S4, j -> (j + 1) % LANES);
    private static final VectorMask<Float> LAST_LANE = VectorMask.fromLong(S4, 1L << (LANES - 1));
    /** The edge lengths' 4 double lanes. */
    private static final VectorSpecies<Double> D4 = DoubleVector.SPECIES_256;
    /**
     * 4 double lanes in hardware: else the lengths are scalar (an emulated species is slow).
     * Follows the capped width, so that {@code -Dsepax.simd.bits=128} runs the scalar lengths
     * too and the tests at that width cover them.
     */
    private static final boolean VECTOR_LENGTHS = VectorSupport.WIDE.vectorBitSize() >= 256;

    private VectorTransform() {}

    @Override
    public String name() {
        return "simd";
    }

    @Override
    public void transform(Poses poses, ConvexPolygons local, ConvexPolygons world) {
        if (poses == null) {
            throw new IllegalArgumentException("poses is null");
        }
        poses.checkTransform(local, world);
        PoseArrays p = poses.arrays();
        PolygonArrays l = local.arrays();
        PolygonArrays w = world.arrays();
        for (int s = 0; s < l.size; s++) {
            shape(p, l, w, s);
        }
    }

    /** Shape {@code s}, in chunks of 4 lanes ({@code capacity[s]} is a multiple of 4). */
    private static void shape(PoseArrays p, PolygonArrays l, PolygonArrays w, int s) {
        float c = p.cos[s];
        float sn = p.sin[s];
        float dx = p.tx[s];
        float dy = p.ty[s];
        int o = l.start[s];
        int k = l.count[s];
        int cap = l.capacity[s];
        FloatVector vc = FloatVector.broadcast(S4, c);
        FloatVector vs = FloatVector.broadcast(S4, sn);
        FloatVector vdx = FloatVector.broadcast(S4, dx);
        FloatVector vdy = FloatVector.broadcast(S4, dy);
        // Running extremes as sign-magnitude keys (class doc): int min/max, not float ones.
        // Each chunk's extremes are reduced to ints before the next chunk: a vector carried round
        // this loop was boxed per shape by some C2 compiles (docs/decisions.md, "Manifolds: no
        // vector carried between chunks").
        int loX = Integer.MAX_VALUE;
        int loY = Integer.MAX_VALUE;
        int hiX = Integer.MIN_VALUE;
        int hiY = Integer.MIN_VALUE;
        // The key's shift count and mask as vectors (as in VectorManifolds.packedPair): the first
        // operation on a reinterpreted vector dispatches on this call site's own type profile.
        IntVector shift31 = IntVector.broadcast(I4, 31);
        IntVector magnitude = IntVector.broadcast(I4, 0x7fffffff);
        // |enx| + |eny| is never negative nor -0, so its bits order as ints.
        int l1 = 0;
        int end = o + cap;
        // One pass: chunk i's edges end at chunk i's vertices moved down a lane and the next
        // chunk's first vertex in the last lane, all from registers (a reload of the world store
        // at i + 1 would straddle two of the vector stores just made, which the store buffer
        // cannot forward). From the last real vertex on, every lane's edge ends at vertex 0.
        FloatVector lx = FloatVector.fromArray(S4, l.x, o);
        FloatVector ly = FloatVector.fromArray(S4, l.y, o);
        FloatVector vx = vc.mul(lx).sub(vs.mul(ly)).add(vdx);
        FloatVector vy = vs.mul(lx).add(vc.mul(ly)).add(vdy);
        FloatVector x0 = FloatVector.broadcast(S4, vx.lane(0));
        FloatVector y0 = FloatVector.broadcast(S4, vy.lane(0));
        int i = o;
        while (true) {
            vx.intoArray(w.x, i);
            vy.intoArray(w.y, i);
            FloatVector ux = FloatVector.fromArray(S4, l.nx, i);
            FloatVector uy = FloatVector.fromArray(S4, l.ny, i);
            vc.mul(ux).sub(vs.mul(uy)).intoArray(w.nx, i);
            vs.mul(ux).add(vc.mul(uy)).intoArray(w.ny, i);
            IntVector bx = vx.reinterpretAsInts();
            IntVector by = vy.reinterpretAsInts();
            IntVector kx = bx.lanewise(VectorOperators.XOR, bx.lanewise(VectorOperators.ASHR, shift31).lanewise(VectorOperators.AND, magnitude));
            IntVector ky = by.lanewise(VectorOperators.XOR, by.lanewise(VectorOperators.ASHR, shift31).lanewise(VectorOperators.AND, magnitude));
            loX = Math.min(loX, kx.reduceLanes(VectorOperators.MIN));
            loY = Math.min(loY, ky.reduceLanes(VectorOperators.MIN));
            hiX = Math.max(hiX, kx.reduceLanes(VectorOperators.MAX));
            hiY = Math.max(hiY, ky.reduceLanes(VectorOperators.MAX));
            VectorMask<Float> closing = S4.indexInRange(i - o, k - 1).not();
            FloatVector nextX = x0;
            FloatVector nextY = y0;
            int next = i + LANES;
            if (next < end) {
                lx = FloatVector.fromArray(S4, l.x, next);
                ly = FloatVector.fromArray(S4, l.y, next);
                nextX = vc.mul(lx).sub(vs.mul(ly)).add(vdx);
                nextY = vs.mul(lx).add(vc.mul(ly)).add(vdy);
            }
            FloatVector ex = vx.rearrange(DOWN_ONE).blend(nextX.rearrange(DOWN_ONE), LAST_LANE).blend(x0, closing);
            FloatVector ey = vy.rearrange(DOWN_ONE).blend(nextY.rearrange(DOWN_ONE), LAST_LANE).blend(y0, closing);
            FloatVector enx = ey.sub(vy);
            FloatVector eny = ex.sub(vx).neg();
            enx.intoArray(w.enx, i);
            eny.intoArray(w.eny, i);
            if (VECTOR_LENGTHS) {
                // PolygonArrays.edgeLength per lane: the differences, squares, sum and root in
                // double, each rounded once as the scalar expression rounds it, then to float.
                DoubleVector ddx = ((DoubleVector) ex.convertShape(VectorOperators.F2D, D4, 0))
                        .sub((DoubleVector) vx.convertShape(VectorOperators.F2D, D4, 0));
                DoubleVector ddy = ((DoubleVector) ey.convertShape(VectorOperators.F2D, D4, 0))
                        .sub((DoubleVector) vy.convertShape(VectorOperators.F2D, D4, 0));
                DoubleVector root = ddx.mul(ddx).add(ddy.mul(ddy)).lanewise(VectorOperators.SQRT);
                ((FloatVector) root.convertShape(VectorOperators.D2F, S4, 0)).intoArray(w.len, i);
            }
            l1 = Math.max(l1, enx.abs().add(eny.abs()).reinterpretAsInts().reduceLanes(VectorOperators.MAX));
            if (next >= end) {
                break;
            }
            vx = nextX;
            vy = nextY;
            i = next;
        }
        if (!VECTOR_LENGTHS) {
            for (int j = o; j < end; j++) {
                w.len[j] = PolygonArrays.edgeLength(w.x, w.y, j, j < o + k - 1 ? j + 1 : o);
            }
        }
        float minX = fromKey(loX);
        float minY = fromKey(loY);
        float maxX = fromKey(hiX);
        float maxY = fromKey(hiY);
        w.minX[s] = minX;
        w.minY[s] = minY;
        w.maxX[s] = maxX;
        w.maxY[s] = maxY;
        w.bounds[4 * s] = minX;
        w.bounds[4 * s + 1] = minY;
        w.bounds[4 * s + 2] = maxX;
        w.bounds[4 * s + 3] = maxY;
        w.magnitude[s] = Math.max(Math.max(Math.abs(minX), Math.abs(maxX)), Math.max(Math.abs(minY), Math.abs(maxY)));
        w.span[s] = Float.intBitsToFloat(l1);
        float cx = l.centroidX[s];
        float cy = l.centroidY[s];
        w.centroidX[s] = c * cx - sn * cy + dx;
        w.centroidY[s] = sn * cx + c * cy + dy;
    }

    /** The float of a sign-magnitude key (the flip is its own inverse). */
    private static float fromKey(int key) {
        return Float.intBitsToFloat(key ^ ((key >> 31) & 0x7fffffff));
    }
}
