package dev.sepax.simd;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sepax.batch.Distances;
import dev.sepax.batch.SimplexCache;
import dev.sepax.batch.PairBatch;
import dev.sepax.Sepax;
import dev.sepax.narrow.GjkAcceleration;
import dev.sepax.narrow.ScalarDistance;
import dev.sepax.testing.PropertyTimeout;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import dev.sepax.testing.RoundedFixtures;
import dev.sepax.shape.RoundedShapes;
import java.util.SplittableRandom;
import net.jqwik.api.Example;
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
        assertSameBits(s, pairs, scalarCache, simdCache, ScalarDistance.DEFAULT_ACCELERATION);
    }

    /** Every acceleration, each with its own pair of caches (copies of the given ones, or none). */
    private static void assertSameBitsInEveryMode(RoundedShapes s, PairBatch pairs, SimplexCache cache) {
        for (GjkAcceleration mode : GjkAcceleration.values()) {
            assertSameBits(s, pairs, copy(cache), copy(cache), mode);
        }
    }

    private static SimplexCache copy(SimplexCache c) {
        if (c == null) {
            return null;
        }
        SimplexCache d = new SimplexCache(c.capacity());
        for (int p = 0; p < c.capacity(); p++) {
            d.set(p, c.count(p), c.indexA(p, 0), c.indexB(p, 0), c.indexA(p, 1), c.indexB(p, 1), c.indexA(p, 2),
                    c.indexB(p, 2));
        }
        return d;
    }

    private static void assertSameBits(RoundedShapes s, PairBatch pairs, SimplexCache scalarCache, SimplexCache simdCache,
                                       GjkAcceleration mode) {
        Distances scalar = new Distances(pairs.size());
        Distances simd = new Distances(pairs.size());
        int hs = ScalarDistance.of(mode).distances(s, pairs, 0, pairs.size(), scalar, scalarCache);
        int hv = VectorDistance.of(mode).distances(s, pairs, 0, pairs.size(), simd, simdCache);
        assertEquals(hs, hv, "touching or overlapping count, mode " + mode);
        for (int i = 0; i < pairs.size(); i++) {
            String where = "mode " + mode + " pair=" + i + " (" + pairs.shapeA(i) + ", " + pairs.shapeB(i) + ") kinds " + s.kind(pairs.shapeA(i)) + "/"
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

    @Example
    void crossingSegmentsOverlapInTheLanesToo() {
        // ScalarDistance's repeated support beyond the origin (crossing cores, the origin within
        // rounding of a diagonal of A - B): the lanes take the same overlap exit, in every mode,
        // in a batch where the pair shares its lanes with others.
        RoundedShapes s = RoundedShapes.builder()
                .add(0f, 47.909916f, 188.48232f, 14.093111f, -6.7198224f)
                .add(0f, 56.628773f, 70.55164f, 5.3742533f, 111.21085f)
                .add(0.5f, 0f, 0f, 3f, 1f, 0f, 2f)
                .add(0f, 60f, 60f, 61f, 60f, 60f, 61f).build();
        PairBatch pairs = new PairBatch(s.size(), 0);
        for (int rep = 0; rep < 9; rep++) {
            pairs.add(0, 1);
            pairs.add(2, 3);
        }
        assertSameBitsInEveryMode(s, pairs, null);
        Distances d = new Distances(pairs.size());
        VectorDistance.INSTANCE.distances(s, pairs, 0, pairs.size(), d, null);
        assertEquals(0f, d.distance(0));
        assertEquals(Distances.EXIT_OVERLAP, d.exit(0));
    }

    @Property(tries = 60)
    void randomStoresOfMixedKindsGiveTheScalarBits(@ForAll long seed, @ForAll @IntRange(min = 3, max = 80) int kMax) {
        SplittableRandom rnd = new SplittableRandom(seed);
        RoundedShapes s = RoundedFixtures.mixedStore(rnd, 40, kMax);
        assertSameBitsInEveryMode(s, RoundedFixtures.nearbyPairs(s, 2.5), null);
    }

    @Property(tries = 2000)
    void randomPairsGiveTheScalarBits(@ForAll long seed) {
        RoundedShapes s = RoundedFixtures.randomPair(new SplittableRandom(seed), 40);
        assertSameBitsInEveryMode(s, PairBatch.of(new int[] {0, 1, 0, 1}, new int[] {1, 0, 0, 1}, 2), null);
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
        // Every acceleration from the same warm (and garbage) entries, then from its own frame.
        for (GjkAcceleration mode : GjkAcceleration.values()) {
            SimplexCache m1 = copy(c1);
            SimplexCache m2 = copy(c2);
            assertSameBits(s, pairs, m1, m2, mode);
            assertSameBits(s, pairs, m1, m2, mode);
        }
    }

    @Property(tries = 40)
    void regimeScenesGiveTheScalarBitsInEveryMode(@ForAll long seed, @ForAll @IntRange(min = 3, max = 80) int k) {
        // Near contact (where momentum runs longest), far apart and deep pairs of k-gons.
        SplittableRandom rnd = new SplittableRandom(seed);
        RoundedShapes.Builder b = RoundedShapes.builder();
        int n = 24;
        for (int i = 0; i < n; i++) {
            double gap = switch (i % 3) {
                case 0 -> 1e-3;
                case 1 -> 5;
                default -> -1.6;
            };
            b.add(0f, dev.sepax.testing.FindFixtures.convex(rnd, k, 0, 0, 1));
            double t = rnd.nextDouble(2 * Math.PI);
            b.add(0f, dev.sepax.testing.FindFixtures.convex(rnd, k, (2 + gap) * Math.cos(t), (2 + gap) * Math.sin(t), 1));
        }
        RoundedShapes s = b.build();
        PairBatch pairs = new PairBatch(s.size(), 0);
        for (int i = 0; i < n; i++) {
            pairs.add(2 * i, 2 * i + 1);
            pairs.add(2 * i + 1, 2 * i);
        }
        assertSameBitsInEveryMode(s, pairs, null);
        SimplexCache warm = new SimplexCache(pairs.size());
        ScalarDistance.INSTANCE.distances(s, pairs, 0, pairs.size(), new Distances(pairs.size()), warm);
        assertSameBitsInEveryMode(s, pairs, warm);
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
            assertSameBitsInEveryMode(s, pairs, null);
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
        for (GjkAcceleration mode : GjkAcceleration.values()) {
            SimplexCache c1 = new SimplexCache(pairs.size());
            SimplexCache c2 = new SimplexCache(pairs.size());
            assertSameBits(s, pairs, c1, c2, mode);
            assertSameBits(s, pairs, c1, c2, mode);
        }
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
        // One line per kernel, each path (without and with a simplex cache) with its own minimum.
        java.util.List<String> lines = output.lines().toList();
        for (String kernel : new String[] {"distance", "nesterov", "proximity", "mtv", "manifold", "cast"}) {
            assertEquals(true, lines.contains(kernel + ": uncached=0 cached=0"), "least bytes per " + kernel + " batch: " + output);
        }
    }

    @Test
    void theFacadeChoosesTheSimdKernel() {
        // The facade's switch serves the scalar kernel until this one is warm, under its name
        // (FacadeWarmUpTest checks the bits on both sides of the switch).
        assertEquals("simd", Sepax.distance().name());
    }
}
