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
import dev.sepax.batch.Casts;
import dev.sepax.contact.RoundedManifoldKernel;
import dev.sepax.contact.ScalarRoundedManifolds;
import dev.sepax.internal.PolygonArrays;
import dev.sepax.narrow.CastKernel;
import dev.sepax.narrow.RoundedPenetrationKernel;
import dev.sepax.narrow.ScalarCast;
import dev.sepax.narrow.ScalarRoundedPenetration;
import dev.sepax.shape.Poses;
import dev.sepax.shape.ScalarTransform;
import dev.sepax.shape.TransformKernel;
import dev.sepax.shape.Velocities;
import dev.sepax.solid.BoxOverlapKernel;
import dev.sepax.solid.HullOverlapKernel;
import dev.sepax.solid.HullPenetrationKernel;
import dev.sepax.solid.HullPenetrations;
import dev.sepax.solid.ScalarHullPenetration;
import dev.sepax.solid.OrientedBoxes;
import dev.sepax.solid.ScalarHullSat;
import dev.sepax.solid.ScalarObbSat;
import dev.sepax.testing.RoundedFixtures;
import dev.sepax.testing.SolidFixtures;
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

    /** Kernels probed, in the order of the output lines. */
    static final int KERNELS = 11;

    public static void main(String[] args) {
        ConvexPolygons s = TestScenes.mixed(7, 600, 24);
        PairBatch pairs = TestScenes.bruteForcePairs(s, 0.3f);
        RoundedShapes r = RoundedFixtures.mixedStore(new SplittableRandom(7), 400, 12);
        PairBatch rPairs = RoundedFixtures.nearbyPairs(r, 0.3);
        int n = pairs.size();
        StringBuilder sb = new StringBuilder();
        SolidFixtures.Scene solid = SolidFixtures.scene(7, 300, 16, 2.5 * Math.cbrt(300), 2000);
        OrientedBoxes boxes = boxes(new SplittableRandom(7), 600);
        PairBatch boxPairs = boxPairs(new SplittableRandom(8), 600, 3000);
        Velocities v = velocities(new SplittableRandom(9), r.size());
        ConvexPolygons local = TestScenes.mixed(11, 500, 16);
        Poses poses = poses(new SplittableRandom(10), local.size());
        String[] before = new String[KERNELS];
        for (int pass = 0; pass < 2; pass++) {
            String[] got = {
                exact(s, pairs, n, Sepax.overlap(Precision.EXACT)),
                penetration(s, pairs, n, Sepax.penetration()),
                manifolds(s, pairs, n, Sepax.manifolds()),
                distance(r, rPairs, Sepax.distance()),
                roundedPenetration(r, rPairs, Sepax.roundedPenetration()),
                roundedManifolds(r, rPairs, Sepax.roundedManifolds()),
                cast(r, v, rPairs, Sepax.cast()),
                transform(poses, local, Sepax.transform()),
                hulls(solid, Sepax.hullOverlap()),
                boxes(boxes, boxPairs, Sepax.boxOverlap()),
                hullMtv(solid, Sepax.hullPenetration())};
            String[] want = {
                exact(s, pairs, n, ExactSat.INSTANCE),
                penetration(s, pairs, n, ScalarPenetration.INSTANCE),
                manifolds(s, pairs, n, ScalarManifolds.INSTANCE),
                distance(r, rPairs, ScalarDistance.INSTANCE),
                roundedPenetration(r, rPairs, ScalarRoundedPenetration.INSTANCE),
                roundedManifolds(r, rPairs, ScalarRoundedManifolds.INSTANCE),
                cast(r, v, rPairs, ScalarCast.INSTANCE),
                transform(poses, local, ScalarTransform.INSTANCE),
                hulls(solid, ScalarHullSat.INSTANCE),
                boxes(boxes, boxPairs, ScalarObbSat.INSTANCE),
                hullMtv(solid, ScalarHullPenetration.INSTANCE)};
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

    private static String roundedPenetration(RoundedShapes r, PairBatch pairs, RoundedPenetrationKernel k) {
        Penetrations out = new Penetrations(pairs.size());
        int hits = k.penetrations(r, pairs, out);
        return hits + Arrays.toString(out.depths()) + Arrays.toString(out.axes()) + Arrays.toString(out.normalXs())
                + Arrays.toString(out.normalYs());
    }

    private static String roundedManifolds(RoundedShapes r, PairBatch pairs, RoundedManifoldKernel k) {
        Penetrations mtv = new Penetrations(pairs.size());
        ContactManifolds out = new ContactManifolds(pairs.size());
        int hits = k.manifolds(r, pairs, 0.05f, mtv, out);
        return hits + Arrays.toString(out.pointCounts()) + Arrays.toString(out.pointXs()) + Arrays.toString(out.pointYs())
                + Arrays.toString(out.separations()) + Arrays.toString(out.ids()) + Arrays.toString(out.normalXs());
    }

    private static String cast(RoundedShapes r, Velocities v, PairBatch pairs, CastKernel k) {
        Casts out = new Casts(pairs.size());
        int hits = k.casts(r, v, pairs, 1f, 0.005f, out);
        StringBuilder sb = new StringBuilder().append(hits);
        for (int p = 0; p < pairs.size(); p++) {
            sb.append(out.hit(p) ? 'h' : 'm').append(Float.floatToRawIntBits(out.time(p))).append(',')
                    .append(Float.floatToRawIntBits(out.normalX(p))).append(',')
                    .append(Float.floatToRawIntBits(out.normalY(p))).append(';');
        }
        return sb.toString();
    }

    private static String transform(Poses poses, ConvexPolygons local, TransformKernel k) {
        ConvexPolygons world = local.newWorldStore();
        k.transform(poses, local, world);
        PolygonArrays w = world.arrays();
        return Arrays.toString(w.x) + Arrays.toString(w.y) + Arrays.toString(w.nx) + Arrays.toString(w.ny)
                + Arrays.toString(w.minX) + Arrays.toString(w.maxY);
    }

    private static String hulls(SolidFixtures.Scene scene, HullOverlapKernel k) {
        OverlapBits out = new OverlapBits(scene.pairs().size());
        int hits = k.test(scene.world(), scene.pairs(), 0f, out);
        return hits + Arrays.toString(out.words());
    }

    private static String hullMtv(SolidFixtures.Scene scene, HullPenetrationKernel k) {
        HullPenetrations out = new HullPenetrations(scene.pairs().size());
        int hits = k.penetrations(scene.world(), scene.pairs(), out);
        return hits + Arrays.toString(out.depths()) + Arrays.toString(out.axes()) + Arrays.toString(out.normalXs())
                + Arrays.toString(out.normalYs()) + Arrays.toString(out.normalZs());
    }

    private static String boxes(OrientedBoxes boxes, PairBatch pairs, BoxOverlapKernel k) {
        OverlapBits out = new OverlapBits(pairs.size());
        int hits = k.test(boxes, pairs, 0f, out);
        return hits + Arrays.toString(out.words());
    }

    private static OrientedBoxes boxes(SplittableRandom rnd, int n) {
        OrientedBoxes b = new OrientedBoxes(n);
        double side = 2.2 * Math.cbrt(n);
        for (int i = 0; i < n; i++) {
            b.setRotated(i, (float) rnd.nextDouble(side), (float) rnd.nextDouble(side), (float) rnd.nextDouble(side),
                    (float) rnd.nextDouble(-1, 1), (float) rnd.nextDouble(-1, 1), (float) rnd.nextDouble(-1, 1),
                    (float) rnd.nextDouble(0.1, 1), (float) rnd.nextDouble(0.3, 1), (float) rnd.nextDouble(0.3, 1),
                    (float) rnd.nextDouble(0.3, 1));
        }
        return b;
    }

    private static PairBatch boxPairs(SplittableRandom rnd, int n, int count) {
        PairBatch pairs = new PairBatch(n, count);
        while (pairs.size() < count) {
            int a = rnd.nextInt(n);
            int b = rnd.nextInt(n);
            if (a != b) {
                pairs.add(a, b);
            }
        }
        return pairs;
    }

    private static Velocities velocities(SplittableRandom rnd, int n) {
        Velocities v = new Velocities(n);
        for (int i = 0; i < n; i++) {
            v.set(i, (float) rnd.nextDouble(-1, 1), (float) rnd.nextDouble(-1, 1));
        }
        return v;
    }

    private static Poses poses(SplittableRandom rnd, int n) {
        Poses p = new Poses(n);
        for (int i = 0; i < n; i++) {
            p.set(i, (float) rnd.nextDouble(-50, 50), (float) rnd.nextDouble(-50, 50), rnd.nextDouble(-4, 4));
        }
        return p;
    }
}
