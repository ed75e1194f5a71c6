package dev.sepax.narrow;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.internal.BatchArguments;
import dev.sepax.internal.BitWords;
import dev.sepax.internal.ExactVerdict;
import dev.sepax.internal.PolygonArrays;
import dev.sepax.shape.ConvexPolygons;

/**
 * The scalar exact kernel ({@link Precision#EXACT}): the separating-axis decision of
 * {@link SatKernel}, evaluated as exact real arithmetic on the stored float vertices.
 *
 * <h2>What is exact</h2>
 * The pair is separated iff the world x or y axis, or an edge normal of either shape, separates
 * it by more than {@code tolerance}, where the edge normals are those of the exact edge vectors
 * between the stored vertices and the separation along them is the exact Euclidean one
 * ({@code cross / |edge|}, square root included). So at tolerance 0 the verdict is "the closed
 * polygons share a point", touching exactly included (a shared vertex, a shared edge, a vertex on
 * an edge, in any store, world stores from {@link dev.sepax.shape.Poses#transform} included:
 * exact with respect to the world floats, not to the rotated local shapes they round). A
 * non-zero tolerance is taken as the float it is: the verdict is exact for that value. It
 * does not depend on {@link Precision#FLOAT}'s float band, and may differ from the float
 * kernels' verdict inside that band.
 *
 * <h2>How</h2>
 * Each separation is first computed as the float kernels compute it, and compared with two
 * thresholds a derived band below and above the limit ({@code ExactVerdict.band}, from the
 * per-shape magnitude and edge span kept by the store): below the lower one the vertex is
 * proven within reach, above the upper one proven beyond. Only separations between the two go to
 * {@link dev.sepax.geom.ExactSeparation}: a vertex equal to an edge end is a separation of exactly
 * 0; otherwise the exact orientation ({@link dev.sepax.geom.Orientation}: a double filter on exact
 * float products, then BigDecimal) at tolerance 0, a double filter then BigDecimal otherwise. The
 * AABB axes are exact float compares at tolerance 0 and exact gap comparisons otherwise. Axis
 * order and witnesses follow {@link ScalarSat} (they change the work, never the verdict).
 *
 * <p>Stateless, thread-safe. Allocation-free except where the double filters cannot decide: a
 * vertex exactly collinear with an edge (not one of its ends), or a separation within a few
 * double ulps of a non-zero tolerance, is decided in {@link java.math.BigDecimal}. The axis cache
 * works as in {@link SatKernel}.
 */
public final class ExactSat implements SatKernel {
    /** The shared instance (the kernel is stateless). */
    public static final ExactSat INSTANCE = new ExactSat();

    private ExactSat() {}

    @Override
    public String name() {
        return "scalar-exact";
    }

    @Override
    public boolean intersects(ConvexPolygons shapes, int a, int b, float tolerance) {
        BatchArguments.checkPair(shapes, a, b);
        BatchArguments.checkTolerance(tolerance);
        return ExactVerdict.separatingAxis(shapes, a, b, tolerance, 0) == ExactVerdict.NONE;
    }

    @Override
    public int test(ConvexPolygons shapes, PairBatch pairs, int from, int to, float tolerance,
                    OverlapBits out, int[] axisCache) {
        BatchArguments.check(shapes, pairs, from, to, tolerance, out, axisCache);
        int[] pa = pairs.arrays().a;
        int[] pb = pairs.arrays().b;
        PolygonArrays s = shapes.arrays();
        int hits = 0;
        for (int w = from; w < to; w += 64) {
            int end = Math.min(to, w + 64);
            long live = aabbSurvivors(shapes, pa, pb, w, end, tolerance);
            long bits = 0;
            while (live != 0) {
                int bit = Long.numberOfTrailingZeros(live);
                live &= live - 1;
                int p = w + bit;
                int hint = axisCache == null ? 0 : axisCache[p];
                int axis = ExactVerdict.edgeAxes(s, pa[p], pb[p], tolerance, hint);
                if (axis == ExactVerdict.NONE) {
                    bits |= 1L << bit;
                } else if (axisCache != null) {
                    axisCache[p] = axis;
                }
            }
            hits += Long.bitCount(bits);
            BitWords.store(out.words(), w, end, bits);
        }
        return hits;
    }

    /**
     * Bit {@code p & 63} set for each pair of {@code [first, end)} that the AABB axes do not
     * separate, exactly: at tolerance 0 the float compares of {@link ScalarSat#aabbSurvivors}
     * are exact already; otherwise each gap is compared exactly.
     */
    public static long aabbSurvivors(ConvexPolygons shapes, int[] pa, int[] pb, int first, int end, float tol) {
        if (tol == 0) {
            return ScalarSat.aabbSurvivors(shapes, pa, pb, first, end, tol);
        }
        PolygonArrays s = shapes.arrays();
        long live = 0;
        for (int p = first; p < end; p++) {
            if (!ExactVerdict.aabbSeparates(s, pa[p], pb[p], tol)) {
                live |= 1L << p;
            }
        }
        return live;
    }
}
