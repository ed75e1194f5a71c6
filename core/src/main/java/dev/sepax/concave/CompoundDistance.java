package dev.sepax.concave;

import dev.sepax.Sepax;
import dev.sepax.batch.Distances;
import dev.sepax.batch.PairBatch;
import dev.sepax.internal.SingleCaller;
import dev.sepax.narrow.DistanceKernel;
import dev.sepax.narrow.ScalarDistance;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.shape.RoundedShapes;

/**
 * Distances for pairs of compounds: how far apart are compound A and compound B? The minimum over
 * their part pairs of the {@link DistanceKernel}'s distance (GJK on the convex parts), which is
 * the distance of the polygons because the parts' union is each polygon. 0 when they touch or
 * overlap.
 *
 * <p>A call walks compound pair {@code i}'s part pairs, skipping those whose AABB gap (a lower
 * bound of their distance, in double) is at least the smallest distance found so far, hands the
 * rest to the kernel 64 at a time (the SIMD kernel where {@link Sepax#distance()} chose it) and
 * stops at the first chunk with a distance of 0.
 *
 * <h2>Band</h2>
 * Each part distance is within {@link ScalarDistance#band} of the true one, so the minimum is
 * within {@code PROGRESS · d + 64 · 2^-24 · M} of the compounds' true distance ({@code d} the
 * result, {@code M} the largest absolute coordinate of the two compounds); pairs closer than that
 * may come out as 0 or as a tiny positive distance. The parts' store welds nearly collinear
 * vertices, which moves a boundary by less than its float band {@code 16 · 2^-24 · M} more.
 *
 * <h2>Threads and allocation</h2>
 * An instance keeps a part-pair chunk, its distances and a zero-radius view of the last
 * compounds' parts, and reuses them: on the same {@link Compounds} a call allocates nothing. One
 * caller at a time (a concurrent call throws {@link IllegalStateException} before touching
 * anything); use one instance per thread over a shared store.
 */
public final class CompoundDistance {
    private final DistanceKernel kernel;
    private final SingleCaller caller = new SingleCaller("CompoundDistance");
    private PairBatch chunk = new PairBatch(0, 0);
    private final Distances chunkOut = new Distances(CompoundOverlap.CHUNK);
    private Compounds viewOf;
    private RoundedShapes view;

    /** Uses {@link Sepax#distance()}. */
    public CompoundDistance() {
        this(Sepax.distance());
    }

    /** Uses the given kernel. */
    public CompoundDistance(DistanceKernel kernel) {
        if (kernel == null) {
            throw new IllegalArgumentException("kernel is null");
        }
        this.kernel = kernel;
    }

    /**
     * Writes the distance of compound pair {@code i} to {@code out[i]} for {@code i} in
     * {@code [0, pairs.size())}.
     *
     * @return the number of pairs that touch or overlap (distance 0)
     * @throws IllegalArgumentException if an argument is null, {@code pairs} was validated
     *     against another compound count or {@code out} is too small
     * @throws IllegalStateException if another call on this instance is running
     */
    public int distances(Compounds compounds, PairBatch pairs, float[] out) {
        if (compounds == null || pairs == null || out == null) {
            throw new IllegalArgumentException("compounds, pairs or out is null");
        }
        if (pairs.shapeCount() != compounds.size()) {
            throw new IllegalArgumentException("pairs validated against " + pairs.shapeCount()
                    + " shapes, compounds has " + compounds.size());
        }
        if (out.length < pairs.size()) {
            throw new IllegalArgumentException("out holds " + out.length + " distances < " + pairs.size() + " pairs");
        }
        caller.enter();
        try {
            if (viewOf != compounds) {
                view = RoundedShapes.of(compounds.parts());
                viewOf = compounds;
                chunk = new PairBatch(compounds.parts().size(), CompoundOverlap.CHUNK);
            }
            int touching = 0;
            for (int i = 0; i < pairs.size(); i++) {
                float d = pair(compounds, pairs.shapeA(i), pairs.shapeB(i));
                out[i] = d;
                touching += d == 0 ? 1 : 0;
            }
            return touching;
        } finally {
            caller.exit();
        }
    }

    private float pair(Compounds c, int a, int b) {
        ConvexPolygons parts = c.parts();
        float best = Float.POSITIVE_INFINITY;
        chunk.clear();
        for (int pa = c.firstPart(a); pa < c.firstPart(a + 1); pa++) {
            for (int pb = c.firstPart(b); pb < c.firstPart(b + 1); pb++) {
                if (gap(parts, pa, pb) >= best) {
                    continue;
                }
                chunk.add(pa, pb);
                if (chunk.size() == CompoundOverlap.CHUNK) {
                    best = Math.min(best, flush());
                    if (best == 0) {
                        return 0;
                    }
                }
            }
        }
        return chunk.size() > 0 ? Math.min(best, flush()) : best;
    }

    /** Runs the chunk, clears it and returns its smallest distance. */
    private float flush() {
        int n = chunk.size();
        kernel.distances(view, chunk, 0, n, chunkOut, null);
        float min = Float.POSITIVE_INFINITY;
        float[] d = chunkOut.distances();
        for (int p = 0; p < n; p++) {
            min = Math.min(min, d[p]);
        }
        chunk.clear();
        return min;
    }

    /** The distance of the parts' AABBs, in double: a lower bound of the parts' distance. */
    private static double gap(ConvexPolygons parts, int pa, int pb) {
        double gx = Math.max(0, Math.max((double) parts.minX(pb) - parts.maxX(pa), (double) parts.minX(pa) - parts.maxX(pb)));
        double gy = Math.max(0, Math.max((double) parts.minY(pb) - parts.maxY(pa), (double) parts.minY(pa) - parts.maxY(pb)));
        return Math.hypot(gx, gy);
    }
}
