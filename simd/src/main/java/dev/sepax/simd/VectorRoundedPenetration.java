package dev.sepax.simd;

import dev.sepax.batch.PairBatch;
import dev.sepax.batch.Penetrations;
import dev.sepax.batch.SimplexCache;
import dev.sepax.narrow.RoundedPenetrationKernel;
import dev.sepax.narrow.ScalarDistance;
import dev.sepax.narrow.ScalarRoundedPenetration;
import dev.sepax.shape.RoundedShapes;

/**
 * The Vector API {@link RoundedPenetrationKernel}: bit for bit the results of
 * {@link ScalarRoundedPenetration}.
 *
 * <p>The GJK on the cores runs in {@link VectorDistance}'s lanes across pairs (the same groups,
 * steps and guards), and each lane's tail is {@link ScalarDistance#finish} with the penetration
 * output: the core gap and radii for cores apart, the separating-axis test on the cores for
 * cores that overlap. So the iterations, which are most of the work for pairs whose cores are
 * apart, are vector code, and the tail is the scalar reference's own expressions (same bits by
 * construction). Pairs with a shape of more than 64 core points run the scalar reference.
 *
 * <p>Thread-safe: the GJK lanes borrow their scratch from the bounded {@link KernelScratch} pool,
 * as {@link VectorDistance} does; allocation-free in steady state.
 */
public final class VectorRoundedPenetration implements RoundedPenetrationKernel {
    /** The shared instance, found by {@code Sepax.roundedPenetration()}. */
    public static final VectorRoundedPenetration INSTANCE = new VectorRoundedPenetration();

    private VectorRoundedPenetration() {}

    @Override
    public String name() {
        return "simd";
    }

    @Override
    public boolean penetration(RoundedShapes shapes, int a, int b, Penetrations out, int index) {
        return ScalarRoundedPenetration.INSTANCE.penetration(shapes, a, b, out, index);
    }

    @Override
    public int penetrations(RoundedShapes shapes, PairBatch pairs, int from, int to, Penetrations out,
                            SimplexCache cache) {
        RoundedPenetrationKernel.checkBatch(shapes, pairs, from, to, out, cache);
        return VectorDistance.run(shapes, pairs, from, to, null, cache, out);
    }
}
