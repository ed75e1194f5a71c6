package dev.sepax.narrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.Sepax;
import dev.sepax.batch.Distances;
import dev.sepax.batch.PairBatch;
import dev.sepax.batch.Penetrations;
import dev.sepax.batch.SimplexCache;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.shape.RoundedShapes;
import dev.sepax.testing.FindFixtures;
import dev.sepax.testing.PropertyTimeout;
import dev.sepax.testing.RoundedFixtures;
import java.util.SplittableRandom;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Timeout;

/** Geometric truths of the rounded penetration (MTV) query, on the scalar reference, against double oracles. */
@Timeout(120)
@AddLifecycleHook(PropertyTimeout.class)
class RoundedPenetrationPropertiesTest {
    private static final RoundedPenetrationKernel K = ScalarRoundedPenetration.INSTANCE;

    private static Penetrations run(RoundedShapes s, int a, int b) {
        Penetrations out = new Penetrations(1);
        K.penetration(s, a, b, out, 0);
        return out;
    }

    private static String describe(RoundedShapes s, Penetrations p) {
        return "kinds " + s.kind(0) + "/" + s.kind(1) + " depth=" + p.depth(0) + " normal=(" + p.normalX(0) + ", "
                + p.normalY(0) + ") axis=" + p.axis(0);
    }

    @Property(tries = 3000)
    void depthIsTheDoublePrecisionPenetrationWithinTheBand(@ForAll long seed) {
        RoundedShapes s = RoundedFixtures.randomPair(new SplittableRandom(seed), 24);
        Penetrations p = run(s, 0, 1);
        double truth = RoundedFixtures.penetration(s, 0, 1);
        double band = ScalarRoundedPenetration.band(s, 0, 1, truth);
        Statistics.collect(s.kind(0), p.axis(0) == Penetrations.AXIS_CORES ? "cores apart" : "cores overlap");
        assertTrue(Math.abs(p.depth(0) - truth) <= band, describe(s, p) + " truth=" + truth + " band=" + band);
        assertEquals(1.0, Math.hypot(p.normalX(0), p.normalY(0)), 1e-6, "unit normal: " + describe(s, p));
    }

    @Property(tries = 2000)
    void movingBByTheDepthAlongTheNormalBringsThemToTouching(@ForAll long seed) {
        RoundedShapes s = RoundedFixtures.randomPair(new SplittableRandom(seed), 16);
        Penetrations p = run(s, 0, 1);
        double depth = p.depth(0);
        double band = 4 * ScalarRoundedPenetration.band(s, 0, 1, depth);
        double turn = 0;
        if (p.axis(0) == Penetrations.AXIS_CORES) {
            // A normal from the cores' closest points turns by up to (their error) / (core gap),
            // capped at 2 (two unit vectors differ by at most that), which moves the shapes' far
            // parts by that much times their extent (2 extent bounds a core's diameter).
            double gap = (double) s.radius(0) + s.radius(1) - depth;
            turn = Math.min(2, band / gap);
            band += 2 * (extent(s, 0) + extent(s, 1)) * turn;
        }
        Statistics.collect(depth > band ? "overlap" : depth < -band ? "apart" : "near");
        // A turn near its cap is genuine (cores apart by about a band have a normal of about the
        // band's size, so its direction is anyone's guess), but the band then covers a good part
        // of the shapes and the assertions say little: such pairs must stay a small minority.
        Statistics.label("normal turn").collect(turnClass(p.axis(0) == Penetrations.AXIS_CORES, turn));
        Statistics.label("normal turn").coverage(c -> c.check(LARGE_TURN).percentage(pct -> pct < 5));
        // Touching after the move: the depth is not too large along this normal ...
        RoundedShapes touching = RoundedFixtures.withBMoved(s, 0, 1, depth * p.normalX(0), depth * p.normalY(0));
        assertTrue(RoundedFixtures.distance(touching, 0, 1) <= band, describe(s, p) + " distance after the move="
                + RoundedFixtures.distance(touching, 0, 1) + " band=" + band);
        // ... and not too small: a little further and they are apart.
        double t = depth + 3 * band;
        RoundedShapes apart = RoundedFixtures.withBMoved(s, 0, 1, t * p.normalX(0), t * p.normalY(0));
        assertTrue(RoundedFixtures.distance(apart, 0, 1) >= band, describe(s, p) + " distance after the move by depth + 3 band="
                + RoundedFixtures.distance(apart, 0, 1) + " band=" + band);
    }

    /** The label of pairs whose band grows by 10% of the diameters or more: nearly touching cores. */
    private static final String LARGE_TURN = "cores apart, turn >= 0.1";

    /** The bucket of the normal's possible turn, for the statistics of the bands above. */
    private static String turnClass(boolean coresApart, double turn) {
        if (!coresApart) {
            return "cores overlap, no turn";
        }
        return turn >= 0.1 ? LARGE_TURN : turn >= 0.01 ? "cores apart, turn 0.01 .. 0.1" : "cores apart, turn < 0.01";
    }

    private static double extent(RoundedShapes s, int shape) {
        float[] c = s.core(shape);
        double d = 0;
        for (int i = 0; i < c.length; i += 2) {
            d = Math.max(d, Math.hypot((double) c[i] - c[0], (double) c[i + 1] - c[1]));
        }
        return d;
    }

    @Property(tries = 2000)
    void whenTheCoresAreApartItIsTheDistanceKernelsAnswerNegated(@ForAll long seed) {
        RoundedShapes s = RoundedFixtures.randomPair(new SplittableRandom(seed), 24);
        Penetrations p = run(s, 0, 1);
        Distances d = new Distances(1);
        ScalarDistance.INSTANCE.distance(s, 0, 1, d, 0);
        if (p.axis(0) == Penetrations.AXIS_CORES) {
            assertEquals(d.intersects(0), p.intersects(0), describe(s, p));
            if (!d.intersects(0)) {
                assertEquals(Float.floatToIntBits(d.distance(0)), Float.floatToIntBits(-p.depth(0)), describe(s, p));
                assertEquals(d.normalX(0), p.normalX(0), describe(s, p));
                assertEquals(d.normalY(0), p.normalY(0), describe(s, p));
            }
        } else {
            // Cores that GJK finds touching: the shapes touch too, up to the band of radius 0 contact.
            assertTrue(d.intersects(0), describe(s, p));
            assertTrue(p.depth(0) >= -ScalarRoundedPenetration.band(s, 0, 1, 0), describe(s, p));
        }
    }

    @Property(tries = 1000)
    void circlesMatchTheAnalyticPenetration(@ForAll long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        float ax = (float) rnd.nextDouble(-5, 5);
        float ay = (float) rnd.nextDouble(-5, 5);
        float bx = (float) rnd.nextDouble(-5, 5);
        float by = (float) rnd.nextDouble(-5, 5);
        float ra = (float) rnd.nextDouble(0, 4);
        float rb = (float) rnd.nextDouble(0, 4);
        RoundedShapes s = RoundedShapes.builder().circle(ax, ay, ra).circle(bx, by, rb).build();
        Penetrations p = run(s, 0, 1);
        double c = Math.hypot((double) bx - ax, (double) by - ay);
        double band = ScalarRoundedPenetration.band(s, 0, 1, p.depth(0));
        assertEquals(ra + rb - c, p.depth(0), band, describe(s, p));
        if (c > 0) {
            assertEquals((bx - ax) / c, p.normalX(0), 1e-5, describe(s, p));
            assertEquals((by - ay) / c, p.normalY(0), 1e-5, describe(s, p));
        }
    }

    @Example
    void concentricCirclesPushAlongTheWorldXAxis() {
        RoundedShapes s = RoundedShapes.builder().circle(1, 2, 0.5f).circle(1, 2, 0.25f).build();
        Penetrations p = run(s, 0, 1);
        assertEquals(0.75f, p.depth(0));
        assertEquals(1f, p.normalX(0));
        assertEquals(0f, p.normalY(0));
        assertEquals(Penetrations.AXIS_WORLD_X, p.axis(0));
    }

    @Example
    void crossingCapsulesPushAlongTheShorterWay() {
        // A horizontal capsule through a vertical one, B's core 0.25 above A's middle: the cores
        // cross; B's core must move up by 0.5 (its lower end), the radii add 0.3.
        RoundedShapes s = RoundedShapes.builder().capsule(-2, 0, 2, 0, 0.1f).capsule(0, -0.5f, 0, 3, 0.2f).build();
        Penetrations p = run(s, 0, 1);
        assertEquals(0.8f, p.depth(0), 1e-6f, describe(s, p));
        assertEquals(0f, p.normalX(0), 1e-6f, describe(s, p));
        assertEquals(1f, p.normalY(0), 1e-6f, describe(s, p));
        assertTrue(p.axis(0) != Penetrations.AXIS_CORES, describe(s, p));
    }

    @Example
    void aCircleInsideABoxLeavesThroughTheNearestSide() {
        RoundedShapes s = RoundedShapes.builder().box(0, 0, 4, 2).circle(3, 1.5f, 0.25f).build();
        Penetrations p = run(s, 0, 1);
        assertEquals(0.75f, p.depth(0), 1e-6f, describe(s, p));
        assertEquals(0f, p.normalX(0), describe(s, p));
        assertEquals(1f, p.normalY(0), describe(s, p));
        assertEquals(3, p.axis(0), "A's edge 2 (top), code 1 + 2");
    }

    @Property(tries = 300)
    void polygonCoresGiveThePolygonMtvsDepthWithinTheBand(@ForAll long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        ConvexPolygons polys = ConvexPolygons.builder()
                .add(FindFixtures.convex(rnd, 3 + rnd.nextInt(6), 0, 0, 1))
                .add(FindFixtures.convex(rnd, 3 + rnd.nextInt(6), rnd.nextDouble(-1, 1), rnd.nextDouble(-1, 1), 1))
                .build();
        Penetrations poly = new Penetrations(1);
        ScalarPenetration.INSTANCE.penetration(polys, 0, 1, poly, 0);
        RoundedShapes s = RoundedShapes.of(polys);
        Penetrations p = run(s, 0, 1);
        Statistics.collect(poly.depth(0) >= 0 ? "overlap" : "apart");
        if (poly.depth(0) >= 0 && p.axis(0) != Penetrations.AXIS_CORES) {
            // Overlapping polygons: the same axes, the same expression; the polygon MTV has the world axes too.
            assertEquals(poly.depth(0), p.depth(0), ScalarRoundedPenetration.band(s, 0, 1, p.depth(0)), describe(s, p));
        } else {
            // Apart: the SAT depth is minus a lower bound of the distance, this one minus the distance.
            assertTrue(p.depth(0) <= poly.depth(0) + ScalarRoundedPenetration.band(s, 0, 1, p.depth(0)), describe(s, p));
        }
    }

    @Property(tries = 40)
    void batchesWithAndWithoutCacheGiveTheSinglePairBits(@ForAll long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        RoundedShapes s = RoundedFixtures.mixedStore(rnd, 40, 12);
        PairBatch pairs = RoundedFixtures.nearbyPairs(s, 2.5);
        Penetrations cold = new Penetrations(pairs.size());
        int coldHits = K.penetrations(s, pairs, 0, pairs.size(), cold, null);
        Penetrations warm = new Penetrations(pairs.size());
        SimplexCache cache = new SimplexCache(pairs.size());
        K.penetrations(s, pairs, 0, pairs.size(), warm, cache);
        K.penetrations(s, pairs, 0, pairs.size(), warm, cache);
        Penetrations one = new Penetrations(1);
        int hits = 0;
        for (int i = 0; i < pairs.size(); i++) {
            boolean hit = K.penetration(s, pairs.shapeA(i), pairs.shapeB(i), one, 0);
            hits += hit ? 1 : 0;
            Statistics.label("pair").collect(hit ? "touching" : "apart");
            // A batch without a cache runs each pair's cold GJK exactly as the single-pair call:
            // the same bits in every output.
            String at = "pair=" + i;
            assertEquals(hit, cold.intersects(i), at);
            assertEquals(Float.floatToRawIntBits(one.depth(0)), Float.floatToRawIntBits(cold.depth(i)), at);
            assertEquals(Float.floatToRawIntBits(one.normalX(0)), Float.floatToRawIntBits(cold.normalX(i)), at);
            assertEquals(Float.floatToRawIntBits(one.normalY(0)), Float.floatToRawIntBits(cold.normalY(i)), at);
            assertEquals(one.axis(0), cold.axis(i), at);
            // A warm start may end on another simplex of the same answer: equal within the band.
            double band = ScalarRoundedPenetration.band(s, pairs.shapeA(i), pairs.shapeB(i), one.depth(0));
            assertEquals(one.depth(0), warm.depth(i), band, at);
            Statistics.label("warm").collect(Float.floatToRawIntBits(one.depth(0))
                    == Float.floatToRawIntBits(warm.depth(i)) ? "same bits" : "within the band");
        }
        assertEquals(hits, coldHits);
        Statistics.label("pair").coverage(c -> {
            c.check("touching").count(n -> n > 0);
            c.check("apart").count(n -> n > 0);
        });
    }

    @Example
    void badArgumentsAreRejectedWithTheirNames() {
        RoundedShapes s = RoundedShapes.builder().circle(0, 0, 1).circle(1, 0, 1).build();
        PairBatch pairs = PairBatch.of(new int[] {0}, new int[] {1}, 2);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> K.penetrations(s, pairs, 0, 1, null, null))
                .getMessage().contains("out is null"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> K.penetrations(s, pairs, 0, 1, new Penetrations(0), null))
                .getMessage().contains("out.capacity=0"));
        assertTrue(assertThrows(IndexOutOfBoundsException.class, () -> K.penetration(s, 0, 2, new Penetrations(1), 0))
                .getMessage().contains("b=2"));
        // Per-pair outputs only: any from.
        assertEquals(1, K.penetrations(s, pairs, 1, 1, new Penetrations(1), null) + 1);
    }

    @Example
    void theFacadeServesAKernelWithTheScalarBits() {
        RoundedShapes s = RoundedShapes.builder().box(0, 0, 4, 2).capsule(3, 1, 6, 1, 0.5f).build();
        Penetrations a = new Penetrations(1);
        Penetrations b = new Penetrations(1);
        K.penetration(s, 0, 1, a, 0);
        Sepax.roundedPenetration().penetration(s, 0, 1, b, 0);
        assertEquals(Float.floatToIntBits(a.depth(0)), Float.floatToIntBits(b.depth(0)));
        assertEquals(a.axis(0), b.axis(0));
    }
}
