package dev.sepax.simd;

import dev.sepax.batch.PairBatch;
import dev.sepax.batch.Penetrations;
import dev.sepax.batch.SimplexCache;
import dev.sepax.contact.ContactManifolds;
import dev.sepax.contact.RoundedManifoldFinder;
import dev.sepax.contact.RoundedManifoldKernel;
import dev.sepax.contact.ScalarRoundedManifolds;
import dev.sepax.shape.RoundedShapes;

/**
 * The Vector API {@link RoundedManifoldKernel}: the penetrations by
 * {@link VectorRoundedPenetration} (GJK in lanes across pairs), then
 * {@link RoundedManifoldFinder}'s per-pair clipping, which is the scalar reference's own tail;
 * so both outputs are the bits of {@link ScalarRoundedManifolds}. Thread-safe; allocation-free in
 * steady state.
 */
public final class VectorRoundedManifolds implements RoundedManifoldKernel {
    /** The shared instance, found by {@code Sepax.roundedManifolds()}. */
    public static final VectorRoundedManifolds INSTANCE = new VectorRoundedManifolds();

    private VectorRoundedManifolds() {}

    @Override
    public String name() {
        return "simd";
    }

    @Override
    public int manifolds(RoundedShapes shapes, PairBatch pairs, int from, int to, float margin, Penetrations mtv,
                         ContactManifolds out, SimplexCache cache) {
        RoundedManifoldFinder.checkBatch(shapes, pairs, from, to, margin, mtv, out, cache);
        VectorDistance.run(shapes, pairs, from, to, null, cache, mtv);
        return RoundedManifoldFinder.find(shapes, pairs, from, to, margin, mtv, out);
    }
}
