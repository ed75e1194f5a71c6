package dev.sepax.simd;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sepax.Sepax;
import dev.sepax.batch.PairBatch;
import dev.sepax.batch.Penetrations;
import dev.sepax.batch.SimplexCache;
import dev.sepax.narrow.ScalarRoundedPenetration;
import dev.sepax.shape.RoundedShapes;
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

/** Differential tests: the SIMD rounded penetration kernel writes the scalar reference's bits, caches included. */
@Timeout(120)
@AddLifecycleHook(PropertyTimeout.class)
class VectorRoundedPenetrationTest {
    private static void assertSameBits(RoundedShapes s, PairBatch pairs, int from, SimplexCache scalarCache,
                                       SimplexCache simdCache) {
        Penetrations scalar = new Penetrations(pairs.size());
        Penetrations simd = new Penetrations(pairs.size());
        int hs = ScalarRoundedPenetration.INSTANCE.penetrations(s, pairs, from, pairs.size(), scalar, scalarCache);
        int hv = VectorRoundedPenetration.INSTANCE.penetrations(s, pairs, from, pairs.size(), simd, simdCache);
        assertEquals(hs, hv, "touching or overlapping count");
        for (int i = 0; i < pairs.size(); i++) {
            String where = "pair=" + i + " (" + pairs.shapeA(i) + ", " + pairs.shapeB(i) + ") kinds "
                    + s.kind(pairs.shapeA(i)) + "/" + s.kind(pairs.shapeB(i));
            assertBits(scalar.depths()[i], simd.depths()[i], where + ": depth");
            assertBits(scalar.normalXs()[i], simd.normalXs()[i], where + ": normalX");
            assertBits(scalar.normalYs()[i], simd.normalYs()[i], where + ": normalY");
            assertEquals(scalar.axis(i), simd.axis(i), where + ": axis");
            if (scalarCache != null) {
                assertEquals(scalarCache.count(i), simdCache.count(i), where + ": cache count");
                for (int v = 0; v < 3; v++) {
                    assertEquals(scalarCache.indexA(i, v), simdCache.indexA(i, v), where + ": cache A " + v);
                    assertEquals(scalarCache.indexB(i, v), simdCache.indexB(i, v), where + ": cache B " + v);
                }
            }
        }
    }

    private static void assertBits(float expected, float actual, String what) {
        assertEquals(Float.floatToRawIntBits(expected), Float.floatToRawIntBits(actual), what + " " + expected + " vs " + actual);
    }

    @Property(tries = 60)
    void randomStoresOfMixedKindsGiveTheScalarBits(@ForAll long seed, @ForAll @IntRange(min = 3, max = 80) int kMax) {
        SplittableRandom rnd = new SplittableRandom(seed);
        RoundedShapes s = RoundedFixtures.mixedStore(rnd, 40, kMax);
        assertSameBits(s, RoundedFixtures.nearbyPairs(s, 2.5), 0, null, null);
    }

    @Property(tries = 1000)
    void randomPairsGiveTheScalarBits(@ForAll long seed) {
        RoundedShapes s = RoundedFixtures.randomPair(new SplittableRandom(seed), 40);
        assertSameBits(s, PairBatch.of(new int[] {0, 1, 0, 1}, new int[] {1, 0, 0, 1}, 2), 0, null, null);
    }

    @Property(tries = 30)
    void warmStartsAndAnyFromGiveTheScalarBitsAndCaches(@ForAll long seed, @ForAll @IntRange(min = 0, max = 40) int from) {
        SplittableRandom rnd = new SplittableRandom(seed);
        RoundedShapes s = RoundedFixtures.mixedStore(rnd, 40, 12);
        PairBatch pairs = RoundedFixtures.nearbyPairs(s, 2.5);
        int f = Math.min(from, pairs.size());
        SimplexCache c1 = new SimplexCache(pairs.size());
        SimplexCache c2 = new SimplexCache(pairs.size());
        assertSameBits(s, pairs, f, c1, c2);
        assertSameBits(s, pairs, f, c1, c2);
    }

    @Test
    void shapesBeyondTheLaneLimitMixedInGiveTheScalarBits() {
        SplittableRandom rnd = new SplittableRandom(5);
        RoundedShapes.Builder b = RoundedShapes.builder();
        int[] ks = {1, 2, 3, 8, 64, 65, 300};
        for (int i = 0; i < 28; i++) {
            int k = ks[i % ks.length];
            float r = i % 3 == 0 ? 0.1f : 0f;
            double cx = rnd.nextDouble(0, 4);
            double cy = rnd.nextDouble(0, 4);
            if (k == 1) {
                b.circle((float) cx, (float) cy, 0.7f);
            } else if (k == 2) {
                b.capsule((float) cx, (float) cy, (float) cx + 1.5f, (float) cy + 0.5f, r);
            } else {
                b.add(r, FindFixtures.convex(rnd, k, cx, cy, 1.5));
            }
        }
        RoundedShapes s = b.build();
        PairBatch pairs = new PairBatch(s.size(), 0);
        for (int i = 0; i < s.size(); i++) {
            for (int j = 0; j < s.size(); j++) {
                pairs.add(i, j);
            }
        }
        assertSameBits(s, pairs, 0, new SimplexCache(pairs.size()), new SimplexCache(pairs.size()));
    }

    @Test
    void theFacadeChoosesTheSimdKernel() {
        // The facade's switch serves the scalar kernel until this one is warm, under its name
        // (FacadeWarmUpTest checks the bits on both sides of the switch).
        assertEquals("simd", Sepax.roundedPenetration().name());
    }
}
