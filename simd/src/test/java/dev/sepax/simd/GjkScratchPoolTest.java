package dev.sepax.simd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.batch.Casts;
import dev.sepax.batch.Distances;
import dev.sepax.batch.PairBatch;
import dev.sepax.batch.Penetrations;
import dev.sepax.batch.SimplexCache;
import dev.sepax.narrow.ScalarCast;
import dev.sepax.narrow.ScalarDistance;
import dev.sepax.narrow.ScalarRoundedPenetration;
import dev.sepax.shape.RoundedShapes;
import dev.sepax.shape.Velocities;
import dev.sepax.testing.RoundedFixtures;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The GJK kernels borrow their lane state from the bounded {@link KernelScratch} pool: with every
 * instance lent elsewhere, a batch runs on the scalar kernel and gives its bits, caches included;
 * with the pool back, the lanes give the same bits again.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class GjkScratchPoolTest {
    private static float[] distanceBits(RoundedShapes s, PairBatch pairs, boolean simd, SimplexCache cache) {
        Distances d = new Distances(pairs.size());
        int hits = simd ? VectorDistance.INSTANCE.distances(s, pairs, 0, pairs.size(), d, cache)
                : ScalarDistance.INSTANCE.distances(s, pairs, 0, pairs.size(), d, cache);
        float[] out = new float[7 * pairs.size() + 1];
        for (int i = 0; i < pairs.size(); i++) {
            out[7 * i] = d.distance(i);
            out[7 * i + 1] = d.pointAXs()[i];
            out[7 * i + 2] = d.pointAYs()[i];
            out[7 * i + 3] = d.pointBXs()[i];
            out[7 * i + 4] = d.normalXs()[i];
            out[7 * i + 5] = d.iterations(i);
            out[7 * i + 6] = d.exit(i);
        }
        out[7 * pairs.size()] = hits;
        return out;
    }

    private static float[] castBits(RoundedShapes s, Velocities v, PairBatch pairs, boolean simd) {
        Casts c = new Casts(pairs.size());
        SimplexCache cache = new SimplexCache(pairs.size());
        int hits = simd ? VectorCast.INSTANCE.casts(s, v, pairs, 0, pairs.size(), 1f, 0f, c, cache)
                : ScalarCast.INSTANCE.casts(s, v, pairs, 0, pairs.size(), 1f, 0f, c, cache);
        float[] out = new float[4 * pairs.size() + 1];
        for (int i = 0; i < pairs.size(); i++) {
            out[4 * i] = c.time(i);
            out[4 * i + 1] = c.normalX(i);
            out[4 * i + 2] = c.rounds(i);
            out[4 * i + 3] = c.exit(i);
        }
        out[4 * pairs.size()] = hits;
        return out;
    }

    private static float[] mtvBits(RoundedShapes s, PairBatch pairs, boolean simd) {
        Penetrations m = new Penetrations(pairs.size());
        int hits = simd ? VectorRoundedPenetration.INSTANCE.penetrations(s, pairs, 0, pairs.size(), m, null)
                : ScalarRoundedPenetration.INSTANCE.penetrations(s, pairs, 0, pairs.size(), m, null);
        float[] out = new float[3 * pairs.size() + 1];
        for (int i = 0; i < pairs.size(); i++) {
            out[3 * i] = m.depth(i);
            out[3 * i + 1] = m.normalX(i);
            out[3 * i + 2] = m.normalY(i);
        }
        out[3 * pairs.size()] = hits;
        return out;
    }

    @Test
    void anEmptyPoolRunsTheScalarKernelWithTheSameBits() {
        SplittableRandom rnd = new SplittableRandom(5);
        RoundedShapes s = RoundedFixtures.mixedStore(rnd, 60, 12);
        PairBatch pairs = RoundedFixtures.nearbyPairs(s, 3);
        assertTrue(pairs.size() >= 64, "pairs=" + pairs.size());
        float[] vx = new float[s.size()];
        float[] vy = new float[s.size()];
        for (int i = 0; i < vx.length; i++) {
            vx[i] = (float) rnd.nextDouble(-3, 3);
            vy[i] = (float) rnd.nextDouble(-3, 3);
        }
        Velocities v = Velocities.of(vx, vy);
        float[] distance = distanceBits(s, pairs, false, null);
        float[] cast = castBits(s, v, pairs, false);
        float[] mtv = mtvBits(s, pairs, false);
        List<KernelScratch> taken = new ArrayList<>();
        try {
            for (KernelScratch k = KernelScratch.take(); k != null; k = KernelScratch.take()) {
                taken.add(k);
            }
            assertNull(KernelScratch.take());
            assertArrayEquals(distance, distanceBits(s, pairs, true, null), "distance, no scratch");
            assertArrayEquals(cast, castBits(s, v, pairs, true), "cast, no scratch");
            assertArrayEquals(mtv, mtvBits(s, pairs, true), "rounded MTV, no scratch");
        } finally {
            taken.forEach(KernelScratch::give);
        }
        assertArrayEquals(distance, distanceBits(s, pairs, true, null), "distance, lanes");
        assertArrayEquals(cast, castBits(s, v, pairs, true), "cast, lanes");
        assertArrayEquals(mtv, mtvBits(s, pairs, true), "rounded MTV, lanes");
    }
}
