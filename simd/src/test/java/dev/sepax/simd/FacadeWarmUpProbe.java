package dev.sepax.simd;

import dev.sepax.Sepax;
import dev.sepax.batch.Distances;
import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.batch.Penetrations;
import dev.sepax.contact.ContactManifolds;
import dev.sepax.contact.ScalarManifolds;
import dev.sepax.narrow.ExactSat;
import dev.sepax.narrow.Precision;
import dev.sepax.narrow.ScalarDistance;
import dev.sepax.narrow.ScalarPenetration;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.shape.RoundedShapes;
import dev.sepax.testing.RoundedFixtures;
import dev.sepax.testing.TestScenes;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Child JVM of {@link FacadeWarmUpTest}: runs every facade kernel with a warm-up switch on a
 * batch before and after {@link Sepax#warmUp()} and prints, per kernel, whether both results
 * equal the scalar reference's bits, then the warm-up's result and how long it took.
 */
public final class FacadeWarmUpProbe {
    private FacadeWarmUpProbe() {}

    public static void main(String[] args) {
        ConvexPolygons s = TestScenes.mixed(7, 600, 24);
        PairBatch pairs = TestScenes.bruteForcePairs(s, 0.3f);
        RoundedShapes r = RoundedFixtures.mixedStore(new SplittableRandom(7), 400, 12);
        PairBatch rPairs = RoundedFixtures.nearbyPairs(r, 0.3);
        int n = pairs.size();
        StringBuilder sb = new StringBuilder();
        String[] before = new String[4];
        for (int pass = 0; pass < 2; pass++) {
            String[] got = {
                exact(s, pairs, n, Sepax.overlap(Precision.EXACT)),
                penetration(s, pairs, n, Sepax.penetration()),
                manifolds(s, pairs, n, Sepax.manifolds()),
                distance(r, rPairs, Sepax.distance())};
            String[] want = {
                exact(s, pairs, n, ExactSat.INSTANCE),
                penetration(s, pairs, n, ScalarPenetration.INSTANCE),
                manifolds(s, pairs, n, ScalarManifolds.INSTANCE),
                distance(r, rPairs, ScalarDistance.INSTANCE)};
            for (int k = 0; k < got.length; k++) {
                if (pass == 0) {
                    before[k] = got[k].equals(want[k]) ? "same" : "different";
                } else {
                    sb.append(k).append(": before=").append(before[k]).append(" after=")
                            .append(got[k].equals(want[k]) ? "same" : "different").append('\n');
                }
            }
            if (pass == 0) {
                long t0 = System.nanoTime();
                boolean warm = Sepax.warmUp();
                sb.append("warm=").append(warm).append(" ms=").append((System.nanoTime() - t0) / 1_000_000).append('\n');
            }
        }
        System.out.print(sb);
    }

    private static String exact(ConvexPolygons s, PairBatch pairs, int n, dev.sepax.narrow.SatKernel k) {
        OverlapBits out = new OverlapBits(n);
        int hits = k.test(s, pairs, 0f, out);
        return hits + Arrays.toString(out.words());
    }

    private static String penetration(ConvexPolygons s, PairBatch pairs, int n, dev.sepax.narrow.PenetrationKernel k) {
        Penetrations out = new Penetrations(n);
        int hits = k.penetrations(s, pairs, 0, n, out);
        return hits + Arrays.toString(out.depths()) + Arrays.toString(out.axes()) + Arrays.toString(out.normalXs())
                + Arrays.toString(out.normalYs());
    }

    private static String manifolds(ConvexPolygons s, PairBatch pairs, int n, dev.sepax.contact.ManifoldKernel k) {
        ContactManifolds out = new ContactManifolds(n);
        int hits = k.manifolds(s, pairs, 0.05f, out);
        return hits + Arrays.toString(out.pointCounts()) + Arrays.toString(out.pointXs()) + Arrays.toString(out.pointYs())
                + Arrays.toString(out.separations()) + Arrays.toString(out.ids()) + Arrays.toString(out.normalXs());
    }

    private static String distance(RoundedShapes r, PairBatch pairs, dev.sepax.narrow.DistanceKernel k) {
        Distances out = new Distances(pairs.size());
        int hits = k.distances(r, pairs, out);
        return hits + Arrays.toString(out.distances()) + Arrays.toString(out.pointAXs()) + Arrays.toString(out.pointBYs())
                + Arrays.toString(out.normalXs());
    }
}
