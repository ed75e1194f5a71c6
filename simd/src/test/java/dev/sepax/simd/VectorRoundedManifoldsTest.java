package dev.sepax.simd;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sepax.Sepax;
import dev.sepax.batch.PairBatch;
import dev.sepax.batch.Penetrations;
import dev.sepax.batch.SimplexCache;
import dev.sepax.contact.ContactManifolds;
import dev.sepax.contact.ScalarRoundedManifolds;
import dev.sepax.shape.RoundedShapes;
import dev.sepax.testing.PropertyTimeout;
import dev.sepax.testing.RoundedFixtures;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.FloatRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Differential tests: the SIMD rounded manifold kernel writes the scalar reference's bits into both outputs. */
@Timeout(120)
@AddLifecycleHook(PropertyTimeout.class)
class VectorRoundedManifoldsTest {
    private static void assertSameBits(RoundedShapes s, PairBatch pairs, float margin, boolean cached) {
        Penetrations ms = new Penetrations(pairs.size());
        Penetrations mv = new Penetrations(pairs.size());
        ContactManifolds scalar = new ContactManifolds(pairs.size());
        ContactManifolds simd = new ContactManifolds(pairs.size());
        SimplexCache cs = cached ? new SimplexCache(pairs.size()) : null;
        SimplexCache cv = cached ? new SimplexCache(pairs.size()) : null;
        for (int frame = 0; frame < (cached ? 2 : 1); frame++) {
            int hs = ScalarRoundedManifolds.INSTANCE.manifolds(s, pairs, 0, pairs.size(), margin, ms, scalar, cs);
            int hv = VectorRoundedManifolds.INSTANCE.manifolds(s, pairs, 0, pairs.size(), margin, mv, simd, cv);
            assertEquals(hs, hv, "pairs with points");
            for (int i = 0; i < pairs.size(); i++) {
                String where = "pair=" + i + " kinds " + s.kind(pairs.shapeA(i)) + "/" + s.kind(pairs.shapeB(i));
                assertEquals(Float.floatToRawIntBits(ms.depth(i)), Float.floatToRawIntBits(mv.depth(i)), where + ": depth");
                assertEquals(scalar.pointCount(i), simd.pointCount(i), where + ": count");
                assertEquals(Float.floatToRawIntBits(scalar.normalX(i)), Float.floatToRawIntBits(simd.normalX(i)), where);
                assertEquals(Float.floatToRawIntBits(scalar.normalY(i)), Float.floatToRawIntBits(simd.normalY(i)), where);
                for (int c = 0; c < scalar.pointCount(i); c++) {
                    assertEquals(Float.floatToRawIntBits(scalar.pointX(i, c)), Float.floatToRawIntBits(simd.pointX(i, c)), where);
                    assertEquals(Float.floatToRawIntBits(scalar.pointY(i, c)), Float.floatToRawIntBits(simd.pointY(i, c)), where);
                    assertEquals(Float.floatToRawIntBits(scalar.separation(i, c)),
                            Float.floatToRawIntBits(simd.separation(i, c)), where);
                    assertEquals(scalar.id(i, c), simd.id(i, c), where + ": id");
                }
            }
        }
    }

    @Property(tries = 40)
    void randomStoresOfMixedKindsGiveTheScalarBits(@ForAll long seed, @ForAll @IntRange(min = 3, max = 80) int kMax,
                                                   @ForAll @FloatRange(min = 0, max = 1) float margin) {
        SplittableRandom rnd = new SplittableRandom(seed);
        RoundedShapes s = RoundedFixtures.mixedStore(rnd, 40, kMax);
        assertSameBits(s, RoundedFixtures.nearbyPairs(s, 2.5), margin, rnd.nextBoolean());
    }

    @Test
    void theFacadeChoosesTheSimdKernel() {
        // The facade's switch serves the scalar kernel until this one is warm, under its name
        // (FacadeWarmUpTest checks the bits on both sides of the switch).
        assertEquals("simd", Sepax.roundedManifolds().name());
    }
}
