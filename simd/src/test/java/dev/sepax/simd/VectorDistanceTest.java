package dev.sepax.simd;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sepax.batch.Distances;
import dev.sepax.batch.SimplexCache;
import dev.sepax.batch.PairBatch;
import dev.sepax.Sepax;
import dev.sepax.narrow.ScalarDistance;
import dev.sepax.testing.PropertyTimeout;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import dev.sepax.testing.RoundedFixtures;
import dev.sepax.shape.RoundedShapes;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Differential tests: the SIMD distance kernel returns the scalar reference's bits, caches included. */
@Timeout(120)
@AddLifecycleHook(PropertyTimeout.class)
class VectorDistanceTest {
    private static void assertSameBits(RoundedShapes s, PairBatch pairs, SimplexCache scalarCache, SimplexCache simdCache) {
        Distances scalar = new Distances(pairs.size());
        Distances simd = new Distances(pairs.size());
        int hs = ScalarDistance.INSTANCE.distances(s, pairs, 0, pairs.size(), scalar, scalarCache);
        int hv = VectorDistance.INSTANCE.distances(s, pairs, 0, pairs.size(), simd, simdCache);
        assertEquals(hs, hv, "touching or overlapping count");
        for (int i = 0; i < pairs.size(); i++) {
            String where = "pair=" + i + " (" + pairs.shapeA(i) + ", " + pairs.shapeB(i) + ") kinds " + s.kind(pairs.shapeA(i)) + "/"
                    + s.kind(pairs.shapeB(i)) + " counts " + s.count(pairs.shapeA(i)) + "/" + s.count(pairs.shapeB(i));
            assertBits(scalar.distances()[i], simd.distances()[i], where + ": distance");
            assertBits(scalar.pointAXs()[i], simd.pointAXs()[i], where + ": pointAX");
            assertBits(scalar.pointAYs()[i], simd.pointAYs()[i], where + ": pointAY");
            assertBits(scalar.pointBXs()[i], simd.pointBXs()[i], where + ": pointBX");
            assertBits(scalar.pointBYs()[i], simd.pointBYs()[i], where + ": pointBY");
            assertBits(scalar.normalXs()[i], simd.normalXs()[i], where + ": normalX");
            assertBits(scalar.normalYs()[i], simd.normalYs()[i], where + ": normalY");
            assertEquals(scalar.iterations(i), simd.iterations(i), where + ": iterations");
            assertEquals(scalar.exit(i), simd.exit(i), where + ": exit");
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
        assertSameBits(s, RoundedFixtures.nearbyPairs(s, 2.5), null, null);
    }

    @Property(tries = 2000)
    void randomPairsGiveTheScalarBits(@ForAll long seed) {
        RoundedShapes s = RoundedFixtures.randomPair(new SplittableRandom(seed), 40);
        assertSameBits(s, PairBatch.of(new int[] {0, 1, 0, 1}, new int[] {1, 0, 0, 1}, 2), null, null);
    }

    @Property(tries = 40)
    void warmStartsGiveTheScalarBitsAndCaches(@ForAll long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        RoundedShapes s = RoundedFixtures.mixedStore(rnd, 40, 12);
        PairBatch pairs = RoundedFixtures.nearbyPairs(s, 2.5);
        SimplexCache c1 = new SimplexCache(pairs.size());
        SimplexCache c2 = new SimplexCache(pairs.size());
        // Frame 1 fills the caches cold; frame 2 starts from them.
        assertSameBits(s, pairs, c1, c2);
        assertSameBits(s, pairs, c1, c2);
        // Garbage entries (out-of-range or repeated indices) are ignored or survived the same way.
        for (int p = 0; p < pairs.size(); p++) {
            int n = rnd.nextInt(4);
            int[] v = new int[6];
            for (int i = 0; i < 6; i++) {
                v[i] = rnd.nextInt(-1, 14);
            }
            c1.set(p, n, v[0], v[1], v[2], v[3], v[4], v[5]);
            c2.set(p, n, v[0], v[1], v[2], v[3], v[4], v[5]);
        }
        assertSameBits(s, pairs, c1, c2);
    }

    @Test
    void batchesOfEverySizeAroundTheLaneCountGiveTheScalarBits() {
        SplittableRandom rnd = new SplittableRandom(3);
        RoundedShapes s = RoundedFixtures.mixedStore(rnd, 60, 20);
        int lanes = VectorSupport.F.length();
        for (int size = 1; size <= 2 * lanes + 1; size++) {
            PairBatch pairs = new PairBatch(s.size(), size);
            for (int i = 0; i < size; i++) {
                pairs.add(rnd.nextInt(s.size()), rnd.nextInt(s.size()));
            }
            assertSameBits(s, pairs, null, null);
        }
    }

    @Test
    void shapesBeyondTheLaneLimitMixedInGiveTheScalarBits() {
        SplittableRandom rnd = new SplittableRandom(5);
        RoundedShapes.Builder b = RoundedShapes.builder();
        int[] ks = {3, 8, 63, 64, 65, 200, 1024};
        for (int i = 0; i < 30; i++) {
            int k = ks[i % ks.length];
            b.add(i % 3 == 0 ? 0.1f : 0f, dev.sepax.testing.FindFixtures.convex(rnd, k, rnd.nextDouble(0, 6), rnd.nextDouble(0, 6), 1.5));
        }
        RoundedShapes s = b.build();
        PairBatch pairs = new PairBatch(s.size(), 0);
        for (int i = 0; i < s.size(); i++) {
            for (int j = 0; j < s.size(); j++) {
                pairs.add(i, j);
            }
        }
        SimplexCache c1 = new SimplexCache(pairs.size());
        SimplexCache c2 = new SimplexCache(pairs.size());
        assertSameBits(s, pairs, c1, c2);
        assertSameBits(s, pairs, c1, c2);
    }

    @Test
    void compiledBatchesAllocateNothing() throws Exception {
        // In a JVM of its own (see DistanceAllocationProbe), with this JVM's species cap.
        java.util.List<String> cmd = new java.util.ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElseThrow());
        cmd.add("--add-modules");
        cmd.add("jdk.incubator.vector");
        String bits = System.getProperty("sepax.simd.bits");
        if (bits != null) {
            cmd.add("-Dsepax.simd.bits=" + bits);
        }
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(DistanceAllocationProbe.class.getName());
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), output);
        assertEquals(true, output.contains("bytes=0\n") || output.endsWith("bytes=0"), "bytes per distance batch: " + output);
        assertEquals(true, output.contains("mtvBytes=0\n"), "bytes per rounded penetration batch: " + output);
        assertEquals(true, output.contains("manifoldBytes=0\n"), "bytes per rounded manifold batch: " + output);
        assertEquals(true, output.contains("castBytes=0\n"), "bytes per cast batch: " + output);
    }

    @Test
    void theFacadeChoosesTheSimdKernel() {
        // The facade's switch serves the scalar kernel until this one is warm, under its name
        // (FacadeWarmUpTest checks the bits on both sides of the switch).
        assertEquals("simd", Sepax.distance().name());
    }
}
