package dev.sepax.simd;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sepax.Sepax;
import dev.sepax.batch.Casts;
import dev.sepax.batch.PairBatch;
import dev.sepax.batch.SimplexCache;
import dev.sepax.narrow.ScalarCast;
import dev.sepax.shape.RoundedShapes;
import dev.sepax.shape.Velocities;
import dev.sepax.testing.FindFixtures;
import dev.sepax.testing.PropertyTimeout;
import dev.sepax.testing.RoundedFixtures;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Differential tests: the SIMD shape cast writes the scalar reference's bits, rounds and caches included. */
@Timeout(120)
@AddLifecycleHook(PropertyTimeout.class)
class VectorCastTest {
    private static Velocities random(SplittableRandom rnd, int n, double speed) {
        float[] vx = new float[n];
        float[] vy = new float[n];
        for (int i = 0; i < n; i++) {
            vx[i] = (float) rnd.nextDouble(-speed, speed);
            vy[i] = (float) rnd.nextDouble(-speed, speed);
        }
        return Velocities.of(vx, vy);
    }

    private static void assertSameBits(RoundedShapes s, Velocities v, PairBatch pairs, int from, float tolerance,
                                       boolean cached) {
        Casts scalar = new Casts(pairs.size());
        Casts simd = new Casts(pairs.size());
        SimplexCache cs = cached ? new SimplexCache(pairs.size()) : null;
        SimplexCache cv = cached ? new SimplexCache(pairs.size()) : null;
        for (int frame = 0; frame < (cached ? 2 : 1); frame++) {
            int hs = ScalarCast.INSTANCE.casts(s, v, pairs, from, pairs.size(), 1f, tolerance, scalar, cs);
            int hv = VectorCast.INSTANCE.casts(s, v, pairs, from, pairs.size(), 1f, tolerance, simd, cv);
            assertEquals(hs, hv, "hits");
            for (int i = from; i < pairs.size(); i++) {
                String where = "pair=" + i + " kinds " + s.kind(pairs.shapeA(i)) + "/" + s.kind(pairs.shapeB(i));
                assertEquals(Float.floatToRawIntBits(scalar.time(i)), Float.floatToRawIntBits(simd.time(i)), where + ": time");
                assertEquals(Float.floatToRawIntBits(scalar.normalX(i)), Float.floatToRawIntBits(simd.normalX(i)), where);
                assertEquals(Float.floatToRawIntBits(scalar.normalY(i)), Float.floatToRawIntBits(simd.normalY(i)), where);
                assertEquals(scalar.rounds(i), simd.rounds(i), where + ": rounds");
                assertEquals(scalar.exit(i), simd.exit(i), where + ": exit");
                assertEquals(Float.floatToRawIntBits(scalar.atTime().pointBX(i)),
                        Float.floatToRawIntBits(simd.atTime().pointBX(i)), where + ": point at time");
            }
        }
    }

    @Property(tries = 40)
    void randomStoresOfMixedKindsGiveTheScalarBits(@ForAll long seed, @ForAll @IntRange(min = 3, max = 80) int kMax,
                                                   @ForAll @IntRange(min = 0, max = 30) int from) {
        SplittableRandom rnd = new SplittableRandom(seed);
        RoundedShapes s = RoundedFixtures.mixedStore(rnd, 40, kMax);
        PairBatch pairs = RoundedFixtures.nearbyPairs(s, 4);
        assertSameBits(s, random(rnd, s.size(), 4), pairs, Math.min(from, pairs.size()),
                rnd.nextBoolean() ? 0f : 1e-3f, rnd.nextBoolean());
    }

    @Test
    void shapesBeyondTheLaneLimitMixedInGiveTheScalarBits() {
        SplittableRandom rnd = new SplittableRandom(11);
        RoundedShapes.Builder b = RoundedShapes.builder();
        int[] ks = {1, 2, 5, 64, 65, 200};
        for (int i = 0; i < 24; i++) {
            int k = ks[i % ks.length];
            double cx = rnd.nextDouble(0, 8);
            double cy = rnd.nextDouble(0, 8);
            if (k == 1) {
                b.circle((float) cx, (float) cy, 0.5f);
            } else if (k == 2) {
                b.capsule((float) cx, (float) cy, (float) cx + 1, (float) cy, 0.3f);
            } else {
                b.add(0.1f * (i % 2), FindFixtures.convex(rnd, k, cx, cy, 1));
            }
        }
        RoundedShapes s = b.build();
        PairBatch pairs = new PairBatch(s.size(), 0);
        for (int i = 0; i < s.size(); i++) {
            for (int j = 0; j < s.size(); j++) {
                pairs.add(i, j);
            }
        }
        assertSameBits(s, random(rnd, s.size(), 6), pairs, 0, 1e-3f, true);
    }

    @Test
    void theFacadeChoosesTheSimdKernel() {
        // The facade's switch serves the scalar kernel until this one is warm, under its name
        // (FacadeWarmUpTest checks the bits on both sides of the switch).
        assertEquals("simd", Sepax.cast().name());
    }
}
