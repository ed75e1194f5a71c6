package dev.sepax.contact;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.shape.ConvexPolygons;

/**
 * The scalar reference {@link ManifoldKernel}: {@link ContactManifoldFinder} pair by pair. Its
 * bits are the ones every other manifold kernel reproduces. Stateless, thread-safe,
 * allocation-free.
 */
public final class ScalarManifolds implements ManifoldKernel {
    /** The shared instance (the kernel is stateless). */
    public static final ScalarManifolds INSTANCE = new ScalarManifolds();

    private ScalarManifolds() {}

    @Override
    public String name() {
        return "scalar";
    }

    @Override
    public int manifolds(ConvexPolygons shapes, PairBatch pairs, int from, int to, float margin, ContactManifolds out) {
        return ContactManifoldFinder.find(shapes, pairs, from, to, margin, out);
    }

    @Override
    public int manifolds(ConvexPolygons shapes, PairBatch pairs, OverlapBits selected, int from, int to, float margin,
                         ContactManifolds out) {
        if (selected == null) {
            throw new IllegalArgumentException("selected is null");
        }
        return ContactManifoldFinder.find(shapes, pairs, selected, from, to, margin, out);
    }
}
