package dev.sepax.simd;

import dev.sepax.Sepax;
import dev.sepax.batch.Casts;
import dev.sepax.batch.Distances;
import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.batch.Penetrations;
import dev.sepax.batch.SweepResults;
import dev.sepax.contact.ContactManifolds;
import dev.sepax.contact.ManifoldKernel;
import dev.sepax.contact.RoundedManifoldKernel;
import dev.sepax.contact.ScalarManifolds;
import dev.sepax.contact.ScalarRoundedManifolds;
import dev.sepax.internal.PolygonArrays;
import dev.sepax.narrow.CastKernel;
import dev.sepax.narrow.DistanceKernel;
import dev.sepax.narrow.ExactSat;
import dev.sepax.narrow.GjkAcceleration;
import dev.sepax.narrow.PenetrationKernel;
import dev.sepax.narrow.Precision;
import dev.sepax.narrow.RoundedPenetrationKernel;
import dev.sepax.narrow.SatKernel;
import dev.sepax.narrow.ScalarCast;
import dev.sepax.narrow.ScalarDistance;
import dev.sepax.narrow.ScalarPenetration;
import dev.sepax.narrow.ScalarRoundedPenetration;
import dev.sepax.narrow.ScalarSat;
import dev.sepax.narrow.ScalarSweep;
import dev.sepax.narrow.SweepKernel;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.shape.Poses;
import dev.sepax.shape.RoundedShapes;
import dev.sepax.shape.ScalarTransform;
import dev.sepax.shape.TransformKernel;
import dev.sepax.shape.Velocities;
import dev.sepax.solid.BoxOverlapKernel;
import dev.sepax.solid.HullOverlapKernel;
import dev.sepax.solid.HullPenetrationKernel;
import dev.sepax.solid.HullPenetrations;
import dev.sepax.solid.OrientedBoxes;
import dev.sepax.solid.ScalarHullPenetration;
import dev.sepax.solid.ScalarHullSat;
import dev.sepax.solid.ScalarObbSat;
import dev.sepax.testing.RoundedFixtures;
import dev.sepax.testing.SolidFixtures;
import dev.sepax.testing.TestScenes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The facade kernels with a SIMD form, their scalar references, and one batch each, for the
 * child JVMs of {@link FacadeWarmUpTest} and {@link FacadeServesSimdTest}. Every kernel runs
 * through its batch method: the SIMD kernels' single-pair methods delegate to the scalar ones,
 * so only a batch shows which kernel computed it. A result is every output array of the batch
 * (and the hit count), compared bit for bit by {@link #sameBits}.
 */
final class FacadeBatches {
    /**
     * Labels, in the order of {@link #facade()} and {@link #scalar()}: the {@link #SWITCHES}
     * facade methods with a warm-up switch of their own, then {@code Sepax.distance(mode)} for
     * every {@link GjkAcceleration} (the same switch as {@code distance()}, in that mode).
     */
    static final List<String> LABELS;
    /** Entries of {@link #LABELS} that are facade kernels with a warm-up switch of their own. */
    static final int SWITCHES = 13;

    static {
        List<String> labels = new ArrayList<>(List.of("overlap", "exact", "penetration", "sweep", "manifolds",
                "transform", "distance", "roundedPenetration", "roundedManifolds", "cast", "hullOverlap",
                "hullPenetration", "boxOverlap"));
        for (GjkAcceleration mode : GjkAcceleration.values()) {
            labels.add("distance-" + mode.name().toLowerCase(Locale.ROOT));
        }
        LABELS = List.copyOf(labels);
    }

    private final ConvexPolygons polygons = TestScenes.mixed(7, 600, 24);
    private final PairBatch polygonPairs = TestScenes.bruteForcePairs(polygons, 0.3f);
    private final Velocities polygonVelocities = velocities(new SplittableRandom(6), polygons.size());
    private final RoundedShapes rounded = RoundedFixtures.mixedStore(new SplittableRandom(7), 400, 12);
    private final PairBatch roundedPairs = RoundedFixtures.nearbyPairs(rounded, 0.3);
    private final Velocities roundedVelocities = velocities(new SplittableRandom(9), rounded.size());
    private final ConvexPolygons local = TestScenes.mixed(11, 500, 16);
    private final Poses poses = poses(new SplittableRandom(10), local.size());
    private final SolidFixtures.Scene solid = SolidFixtures.scene(7, 300, 16, 2.5 * Math.cbrt(300), 2000);
    private final OrientedBoxes boxes = boxes(new SplittableRandom(7), 600);
    private final PairBatch boxPairs = boxPairs(new SplittableRandom(8), 600, 3000);

    /** The facade's kernels, in the order of {@link #LABELS}. */
    static Object[] facade() {
        List<Object> k = new ArrayList<>(List.of(Sepax.overlap(), Sepax.overlap(Precision.EXACT), Sepax.penetration(),
                Sepax.sweep(), Sepax.manifolds(), Sepax.transform(), Sepax.distance(), Sepax.roundedPenetration(),
                Sepax.roundedManifolds(), Sepax.cast(), Sepax.hullOverlap(), Sepax.hullPenetration(),
                Sepax.boxOverlap()));
        for (GjkAcceleration mode : GjkAcceleration.values()) {
            k.add(Sepax.distance(mode));
        }
        return k.toArray();
    }

    /** The scalar reference of each facade kernel, in the order of {@link #LABELS}. */
    static Object[] scalar() {
        List<Object> k = new ArrayList<>(List.of(ScalarSat.INSTANCE, ExactSat.INSTANCE, ScalarPenetration.INSTANCE,
                ScalarSweep.INSTANCE, ScalarManifolds.INSTANCE, ScalarTransform.INSTANCE, ScalarDistance.INSTANCE,
                ScalarRoundedPenetration.INSTANCE, ScalarRoundedManifolds.INSTANCE, ScalarCast.INSTANCE,
                ScalarHullSat.INSTANCE, ScalarHullPenetration.INSTANCE, ScalarObbSat.INSTANCE));
        for (GjkAcceleration mode : GjkAcceleration.values()) {
            k.add(ScalarDistance.of(mode));
        }
        return k.toArray();
    }

    /** Runs entry {@code k}'s batch on {@code kernel} (a kernel of that entry's type). */
    List<Object> run(int k, Object kernel) {
        return switch (k) {
            case 0, 1 -> overlap((SatKernel) kernel);
            case 2 -> penetration((PenetrationKernel) kernel);
            case 3 -> sweep((SweepKernel) kernel);
            case 4 -> manifolds((ManifoldKernel) kernel);
            case 5 -> transform((TransformKernel) kernel);
            case 7 -> roundedPenetration((RoundedPenetrationKernel) kernel);
            case 8 -> roundedManifolds((RoundedManifoldKernel) kernel);
            case 9 -> cast((CastKernel) kernel);
            case 10 -> hulls((HullOverlapKernel) kernel);
            case 11 -> hullPenetration((HullPenetrationKernel) kernel);
            case 12 -> boxes((BoxOverlapKernel) kernel);
            default -> distance((DistanceKernel) kernel); // 6, and every mode after SWITCHES
        };
    }

    /** Whether two results hold the same bits (floats compared by their raw bits). */
    static boolean sameBits(List<Object> a, List<Object> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            Object x = a.get(i);
            Object y = b.get(i);
            boolean same = x instanceof float[] f && y instanceof float[] g ? Arrays.equals(rawBits(f), rawBits(g))
                    : x instanceof int[] f && y instanceof int[] g ? Arrays.equals(f, g)
                    : x instanceof long[] f && y instanceof long[] g ? Arrays.equals(f, g)
                    : x.equals(y);
            if (!same) {
                return false;
            }
        }
        return true;
    }

    private static int[] rawBits(float[] f) {
        int[] bits = new int[f.length];
        for (int i = 0; i < f.length; i++) {
            bits[i] = Float.floatToRawIntBits(f[i]);
        }
        return bits;
    }

    private List<Object> overlap(SatKernel k) {
        OverlapBits out = new OverlapBits(polygonPairs.size());
        int hits = k.test(polygons, polygonPairs, 0f, out);
        return List.of(hits, out.words());
    }

    private List<Object> penetration(PenetrationKernel k) {
        Penetrations out = new Penetrations(polygonPairs.size());
        int hits = k.penetrations(polygons, polygonPairs, out);
        return List.of(hits, out.depths(), out.axes(), out.normalXs(), out.normalYs());
    }

    private List<Object> sweep(SweepKernel k) {
        SweepResults out = new SweepResults(polygonPairs.size());
        int hits = k.sweep(polygons, polygonVelocities, polygonPairs, 1f, out);
        return List.of(hits, out.hits().words(), out.tFirsts(), out.tLasts(), out.normalXs(), out.normalYs());
    }

    private List<Object> manifolds(ManifoldKernel k) {
        ContactManifolds out = new ContactManifolds(polygonPairs.size());
        int hits = k.manifolds(polygons, polygonPairs, 0.05f, out);
        return manifoldArrays(hits, out);
    }

    private static List<Object> manifoldArrays(int hits, ContactManifolds out) {
        return List.of(hits, out.pointCounts(), out.pointXs(), out.pointYs(), out.separations(), out.ids(),
                out.normalXs(), out.normalYs());
    }

    private List<Object> transform(TransformKernel k) {
        ConvexPolygons world = local.newWorldStore();
        k.transform(poses, local, world);
        PolygonArrays w = world.arrays();
        return List.of(w.x, w.y, w.enx, w.eny, w.nx, w.ny, w.len, w.minX, w.minY, w.maxX, w.maxY, w.bounds,
                w.centroidX, w.centroidY, w.area, w.magnitude, w.span);
    }

    private List<Object> distance(DistanceKernel k) {
        Distances out = new Distances(roundedPairs.size());
        int hits = k.distances(rounded, roundedPairs, out);
        return distanceArrays(hits, out);
    }

    private static List<Object> distanceArrays(int hits, Distances out) {
        return List.of(hits, out.distances(), out.pointAXs(), out.pointAYs(), out.pointBXs(), out.pointBYs(),
                out.normalXs(), out.normalYs(), out.iterationCounts(), out.exits());
    }

    private List<Object> roundedPenetration(RoundedPenetrationKernel k) {
        Penetrations out = new Penetrations(roundedPairs.size());
        int hits = k.penetrations(rounded, roundedPairs, out);
        return List.of(hits, out.depths(), out.axes(), out.normalXs(), out.normalYs());
    }

    private List<Object> roundedManifolds(RoundedManifoldKernel k) {
        Penetrations mtv = new Penetrations(roundedPairs.size());
        ContactManifolds out = new ContactManifolds(roundedPairs.size());
        int hits = k.manifolds(rounded, roundedPairs, 0.05f, mtv, out);
        List<Object> r = new ArrayList<>(manifoldArrays(hits, out));
        r.addAll(List.of(mtv.depths(), mtv.axes(), mtv.normalXs(), mtv.normalYs()));
        return r;
    }

    private List<Object> cast(CastKernel k) {
        Casts out = new Casts(roundedPairs.size());
        int hits = k.casts(rounded, roundedVelocities, roundedPairs, 1f, 0.005f, out);
        List<Object> r = new ArrayList<>(List.of(hits, out.times(), out.normalXs(), out.normalYs(), out.roundCounts(),
                out.exits()));
        r.addAll(distanceArrays(0, out.atTime()));
        return r;
    }

    private List<Object> hulls(HullOverlapKernel k) {
        OverlapBits out = new OverlapBits(solid.pairs().size());
        int hits = k.test(solid.world(), solid.pairs(), 0f, out);
        return List.of(hits, out.words());
    }

    private List<Object> hullPenetration(HullPenetrationKernel k) {
        HullPenetrations out = new HullPenetrations(solid.pairs().size());
        int hits = k.penetrations(solid.world(), solid.pairs(), out);
        return List.of(hits, out.depths(), out.axes(), out.normalXs(), out.normalYs(), out.normalZs());
    }

    private List<Object> boxes(BoxOverlapKernel k) {
        OverlapBits out = new OverlapBits(boxPairs.size());
        int hits = k.test(boxes, boxPairs, 0f, out);
        return List.of(hits, out.words());
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
