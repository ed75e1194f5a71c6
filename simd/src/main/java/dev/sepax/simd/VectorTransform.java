package dev.sepax.simd;

import dev.sepax.internal.PolygonArrays;
import dev.sepax.internal.PoseArrays;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.shape.Poses;
import dev.sepax.shape.ScalarTransform;
import dev.sepax.shape.TransformKernel;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
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
 *  pass 1, per chunk:  x' = c*x - s*y + tx,  y' = s*x + c*y + ty,  nx' = c*nx - s*ny,  ny' = s*nx + c*ny
 *                      (the scalar expressions, mul/sub/add in the same order), running min/max of x', y'
 *  pass 2, per chunk:  enx = y'[next] - y',  eny = -(x'[next] - x'),  running max of |enx| + |eny|
 *                      with next = i + 1, or vertex 0 from the last real vertex on (a blend)
 * </pre>
 * The padding slots need no copy: a local store repeats its last vertex and normal there, and
 * the same pose moves equal inputs to equal bits, while pass 2's blend gives every slot from the
 * last real vertex on the closing edge's normal, which is what the reference copies into them.
 * The minima and maxima reach the AABB through {@code MIN}/{@code MAX} reductions: exact and
 * independent of the reduction order (a minimum rounds nothing; {@code -0} and {@code +0} order
 * the same way whatever the order, and finite coordinates leave no NaN), and the repeated padding
 * values change no extreme. The centroid is the scalar expression.
 *
 * <p>Stateless, thread-safe for distinct world stores, allocation-free.
 */
public final class VectorTransform implements TransformKernel {
    /** The shared instance, found by {@code Sepax.transform()}. */
    public static final VectorTransform INSTANCE = new VectorTransform();

    private static final VectorSpecies<Float> S4 = VectorSupport.S128;
    private static final int LANES = S4.length();

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
        FloatVector lox = FloatVector.broadcast(S4, Float.POSITIVE_INFINITY);
        FloatVector loy = lox;
        FloatVector hix = FloatVector.broadcast(S4, Float.NEGATIVE_INFINITY);
        FloatVector hiy = hix;
        for (int i = o; i < o + cap; i += LANES) {
            FloatVector lx = FloatVector.fromArray(S4, l.x, i);
            FloatVector ly = FloatVector.fromArray(S4, l.y, i);
            FloatVector wx = vc.mul(lx).sub(vs.mul(ly)).add(vdx);
            FloatVector wy = vs.mul(lx).add(vc.mul(ly)).add(vdy);
            wx.intoArray(w.x, i);
            wy.intoArray(w.y, i);
            FloatVector ux = FloatVector.fromArray(S4, l.nx, i);
            FloatVector uy = FloatVector.fromArray(S4, l.ny, i);
            vc.mul(ux).sub(vs.mul(uy)).intoArray(w.nx, i);
            vs.mul(ux).add(vc.mul(uy)).intoArray(w.ny, i);
            lox = lox.min(wx);
            loy = loy.min(wy);
            hix = hix.max(wx);
            hiy = hiy.max(wy);
        }
        // Pass 2: the exact edge normals. Slot i's edge ends at slot i + 1 up to the second last
        // real vertex; from the last real vertex on (the padding repeats it) it ends at vertex 0.
        FloatVector x0 = FloatVector.broadcast(S4, w.x[o]);
        FloatVector y0 = FloatVector.broadcast(S4, w.y[o]);
        FloatVector l1 = FloatVector.zero(S4);
        for (int i = 0; i < cap; i += LANES) {
            // Lanes at or after the last real vertex take vertex 0 as the edge's end. The load
            // at i + 1 may reach the next shape's first slot or the store's tail slack: those
            // lanes are always replaced.
            VectorMask<Float> closing = S4.indexInRange(i, k - 1).not();
            FloatVector vx = FloatVector.fromArray(S4, w.x, o + i);
            FloatVector vy = FloatVector.fromArray(S4, w.y, o + i);
            FloatVector ex = FloatVector.fromArray(S4, w.x, o + i + 1).blend(x0, closing);
            FloatVector ey = FloatVector.fromArray(S4, w.y, o + i + 1).blend(y0, closing);
            FloatVector enx = ey.sub(vy);
            FloatVector eny = ex.sub(vx).neg();
            enx.intoArray(w.enx, o + i);
            eny.intoArray(w.eny, o + i);
            l1 = l1.max(enx.abs().add(eny.abs()));
        }
        float minX = lox.reduceLanes(VectorOperators.MIN);
        float minY = loy.reduceLanes(VectorOperators.MIN);
        float maxX = hix.reduceLanes(VectorOperators.MAX);
        float maxY = hiy.reduceLanes(VectorOperators.MAX);
        w.minX[s] = minX;
        w.minY[s] = minY;
        w.maxX[s] = maxX;
        w.maxY[s] = maxY;
        w.bounds[4 * s] = minX;
        w.bounds[4 * s + 1] = minY;
        w.bounds[4 * s + 2] = maxX;
        w.bounds[4 * s + 3] = maxY;
        w.magnitude[s] = Math.max(Math.max(Math.abs(minX), Math.abs(maxX)), Math.max(Math.abs(minY), Math.abs(maxY)));
        w.span[s] = l1.reduceLanes(VectorOperators.MAX);
        float cx = l.centroidX[s];
        float cy = l.centroidY[s];
        w.centroidX[s] = c * cx - sn * cy + dx;
        w.centroidY[s] = sn * cx + c * cy + dy;
    }
}
