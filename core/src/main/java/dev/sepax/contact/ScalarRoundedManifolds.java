package dev.sepax.contact;

import dev.sepax.batch.PairBatch;
import dev.sepax.batch.Penetrations;
import dev.sepax.batch.SimplexCache;
import dev.sepax.narrow.ScalarRoundedPenetration;
import dev.sepax.shape.RoundedShapes;

/**
 * The scalar reference {@link RoundedManifoldKernel}: {@link ScalarRoundedPenetration}, then
 * {@link RoundedManifoldFinder} pair by pair. Its bits are the ones every other rounded manifold
 * kernel reproduces. Stateless, thread-safe, allocation-free.
 */
public final class ScalarRoundedManifolds implements RoundedManifoldKernel {
    /** The shared instance (the kernel is stateless). */
    public static final ScalarRoundedManifolds INSTANCE = new ScalarRoundedManifolds();

    private ScalarRoundedManifolds() {}

    @Override
    public String name() {
        return "scalar";
    }

    @Override
    public int manifolds(RoundedShapes shapes, PairBatch pairs, int from, int to, float margin, Penetrations mtv,
                         ContactManifolds out, SimplexCache cache) {
        RoundedManifoldFinder.checkBatch(shapes, pairs, from, to, margin, mtv, out, cache);
        ScalarRoundedPenetration.INSTANCE.penetrations(shapes, pairs, from, to, mtv, cache);
        return RoundedManifoldFinder.find(shapes, pairs, from, to, margin, mtv, out);
    }
}
