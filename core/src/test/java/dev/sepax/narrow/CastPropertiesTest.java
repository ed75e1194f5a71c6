package dev.sepax.narrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.Sepax;
import dev.sepax.batch.Casts;
import dev.sepax.batch.PairBatch;
import dev.sepax.batch.SimplexCache;
import dev.sepax.shape.RoundedShapes;
import dev.sepax.shape.Velocities;
import dev.sepax.testing.PropertyTimeout;
import dev.sepax.testing.RoundedFixtures;
import java.util.SplittableRandom;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Timeout;

/** The linear shape cast: never tunnels (against a fine time-stepped oracle), analytic cases, exits. */
@Timeout(300)
@AddLifecycleHook(PropertyTimeout.class)
class CastPropertiesTest {
    private static final CastKernel K = ScalarCast.INSTANCE;
    private static final int STEPS = 1000;

    /** The double-precision distance of the rounded shapes with B's core moved by {@code t u}. */
    private static double distanceAt(RoundedShapes s, double t, double ux, double uy) {
        float[] cb = s.core(1);
        for (int i = 0; i < cb.length; i += 2) {
            cb[i] = (float) (cb[i] + t * ux);
            cb[i + 1] = (float) (cb[i + 1] + t * uy);
        }
        return RoundedFixtures.coreDistance(s.core(0), cb) - s.radius(0) - s.radius(1);
    }

    @Property(tries = 300)
    void neverTunnelsNorMissesAgainstAFineTimeStep(@ForAll long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        RoundedShapes s = RoundedFixtures.randomPair(rnd, 12);
        // B starts a few sizes away and moves past A (or not), A moves too.
        double scale = Math.abs(s.pointX(0, 0) - s.pointX(1, 0)) + Math.abs(s.pointY(0, 0) - s.pointY(1, 0)) + 1;
        double ang = rnd.nextDouble(2 * Math.PI);
        double speed = scale * rnd.nextDouble(0.5, 4);
        float vax = (float) rnd.nextDouble(-scale, scale);
        float vay = (float) rnd.nextDouble(-scale, scale);
        float vbx = (float) (vax + speed * Math.cos(ang));
        float vby = (float) (vay + speed * Math.sin(ang));
        RoundedShapes moved = RoundedFixtures.withBMoved(s, 0, 1, -0.5 * speed * Math.cos(ang) - rnd.nextDouble(-1, 1),
                -0.5 * speed * Math.sin(ang) - rnd.nextDouble(-1, 1));
        Velocities v = Velocities.of(new float[] {vax, vbx}, new float[] {vay, vby});
        float tolerance = (float) (1e-4 * scale);
        Casts out = new Casts(1);
        K.cast(moved, v, 0, 1, 1f, tolerance, out, 0);
        double ux = (double) (vbx - vax);
        double uy = (double) (vby - vay);
        double band = 16 * ScalarDistance.band(moved, 0, 1, 0) + 64 * 0x1p-24 * speed;
        Statistics.collect(exitName(out.exit(0)), out.rounds(0) <= 4 ? "<= 4 rounds" : out.rounds(0) <= 16 ? "<= 16 rounds" : "more");
        float time = out.time(0);
        boolean stops = out.exit(0) == Casts.EXIT_HIT || out.exit(0) == Casts.EXIT_ROUND_CAP;
        double until = stops ? time : 1.0;
        // Never tunnels, never misses: no sampled time before the reported one overlaps beyond the band.
        for (int k = 0; k <= (stops ? STEPS - 1 : STEPS); k++) {
            double t = until * k / STEPS;
            if (stops && t >= time) {
                break;
            }
            double d = distanceAt(moved, t, ux, uy);
            assertTrue(d >= -band, "overlap " + d + " at t=" + t + " before the cast's time " + time + " exit="
                    + exitName(out.exit(0)) + " band=" + band);
        }
        if (out.exit(0) == Casts.EXIT_HIT) {
            assertTrue(distanceAt(moved, time, ux, uy) <= tolerance + band, "hit at " + time + " but apart by "
                    + distanceAt(moved, time, ux, uy));
        }
    }

    private static String exitName(int exit) {
        return switch (exit) {
            case Casts.EXIT_HIT -> "hit";
            case Casts.EXIT_SEPARATING -> "separating";
            case Casts.EXIT_BEYOND -> "beyond";
            case Casts.EXIT_ROUND_CAP -> "cap";
            default -> "exit " + exit;
        };
    }

    @Property(tries = 500)
    void circlesHeadOnHitAtTheAnalyticTime(@ForAll long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        float ra = (float) rnd.nextDouble(0.1, 2);
        float rb = (float) rnd.nextDouble(0.1, 2);
        float gap = (float) rnd.nextDouble(0.5, 10);
        RoundedShapes s = RoundedShapes.builder().circle(0, 0, ra).circle(ra + rb + gap, 0, rb).build();
        float speed = (float) rnd.nextDouble(gap, 3 * gap);
        Velocities v = Velocities.of(new float[] {0, -speed}, new float[] {0, 0});
        Casts out = new Casts(1);
        assertTrue(K.cast(s, v, 0, 1, 1f, 1e-5f, out, 0));
        assertEquals(gap / speed, out.time(0), 1e-5);
        assertEquals(1f, out.normalX(0), 1e-6f);
        assertTrue(out.rounds(0) <= 3, "rounds=" + out.rounds(0));
    }

    @Example
    void aBoxFallingOnABoxHitsFaceFirstInAFewRounds() {
        RoundedShapes s = RoundedShapes.builder().box(0, 0, 10, 1).box(4, 5, 6, 7).build();
        Velocities v = Velocities.of(new float[] {0, 0.5f}, new float[] {0, -8});
        Casts out = new Casts(1);
        assertTrue(K.cast(s, v, 0, 1, 1f, 1e-4f, out, 0));
        assertEquals(0.5f, out.time(0), 1e-5f);
        assertEquals(0f, out.normalX(0), 1e-6f);
        assertEquals(1f, out.normalY(0), 1e-6f);
        assertTrue(out.rounds(0) <= 3, "rounds=" + out.rounds(0));
        // Closest points at the time of impact, B where it is then.
        assertEquals(1f, out.atTime().pointAY(0), 1e-4f);
        assertEquals(1f, out.atTime().pointBY(0), 1e-4f);
    }

    @Example
    void separatingSlowAndOverlappingPairs() {
        RoundedShapes s = RoundedShapes.builder().circle(0, 0, 1).capsule(5, 0, 7, 0, 1).circle(0.5f, 0, 1).build();
        Casts out = new Casts(1);
        assertTrue(!K.cast(s, Velocities.of(new float[] {0, 1, 0}, new float[] {0, 0, 0}), 0, 1, 1f, 0f, out, 0));
        assertEquals(Casts.EXIT_SEPARATING, out.exit(0));
        assertTrue(!K.cast(s, Velocities.of(new float[] {0, -1, 0}, new float[] {0, 0, 0}), 0, 1, 1f, 0f, out, 0));
        assertEquals(Casts.EXIT_BEYOND, out.exit(0));
        assertTrue(out.time(0) == 0f, "the last safe time");
        assertTrue(K.cast(s, new Velocities(3), 0, 2, 1f, 0f, out, 0));
        assertEquals(0f, out.time(0));
    }

    @Example
    void badArgumentsAreRejectedWithTheirNames() {
        RoundedShapes s = RoundedShapes.builder().circle(0, 0, 1).circle(5, 0, 1).build();
        Velocities v = new Velocities(2);
        Casts out = new Casts(1);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> K.cast(s, v, 0, 1, Float.NaN, 0f, out, 0))
                .getMessage().contains("tMax=NaN"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> K.cast(s, v, 0, 1, 1f, -1f, out, 0))
                .getMessage().contains("tolerance=-1.0"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> K.cast(s, new Velocities(1), 0, 1, 1f, 0f, out, 0))
                .getMessage().contains("velocities.size=1"));
        Velocities fast = Velocities.of(new float[] {0, 0x1p60f}, new float[] {0, 0});
        assertTrue(assertThrows(IllegalArgumentException.class, () -> K.cast(s, fast, 0, 1, 4f, 0f, out, 0))
                .getMessage().contains("beyond 2^61"));
    }

    @Property(tries = 30)
    void batchesWithAndWithoutCacheAgreeWithSinglePairsOnTheVerdict(@ForAll long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        RoundedShapes s = RoundedFixtures.mixedStore(rnd, 40, 10);
        float[] vx = new float[s.size()];
        float[] vy = new float[s.size()];
        for (int i = 0; i < s.size(); i++) {
            vx[i] = (float) rnd.nextDouble(-3, 3);
            vy[i] = (float) rnd.nextDouble(-3, 3);
        }
        Velocities v = Velocities.of(vx, vy);
        PairBatch pairs = RoundedFixtures.nearbyPairs(s, 4);
        float tolerance = 1e-3f;
        Casts cold = new Casts(pairs.size());
        int coldHits = K.casts(s, v, pairs, 0, pairs.size(), 1f, tolerance, cold, null);
        Casts warm = new Casts(pairs.size());
        SimplexCache cache = new SimplexCache(pairs.size());
        int warmHits = K.casts(s, v, pairs, 0, pairs.size(), 1f, tolerance, warm, cache);
        Casts one = new Casts(1);
        int singleHits = 0;
        for (int i = 0; i < pairs.size(); i++) {
            int a = pairs.shapeA(i);
            int b = pairs.shapeB(i);
            boolean hit = K.cast(s, v, a, b, 1f, tolerance, one, 0);
            singleHits += hit ? 1 : 0;
            Statistics.label("verdict").collect(hit ? "hit" : "miss");
            // Without a cache every round of a batch entry is the single-pair call's cold GJK:
            // the same bits in every output.
            String at = "pair=" + i + " (" + a + ", " + b + ")";
            assertEquals(hit, cold.hit(i), at);
            assertEquals(one.exit(0), cold.exit(i), at);
            assertEquals(one.rounds(0), cold.rounds(i), at);
            assertEquals(Float.floatToRawIntBits(one.time(0)), Float.floatToRawIntBits(cold.time(i)), at);
            assertEquals(Float.floatToRawIntBits(one.normalX(0)), Float.floatToRawIntBits(cold.normalX(i)), at);
            assertEquals(Float.floatToRawIntBits(one.normalY(0)), Float.floatToRawIntBits(cold.normalY(i)), at);
            assertEquals(Float.floatToRawIntBits(one.atTime().distance(0)), Float.floatToRawIntBits(cold.atTime().distance(i)), at);
            assertEquals(Float.floatToRawIntBits(one.atTime().pointAX(0)), Float.floatToRawIntBits(cold.atTime().pointAX(i)), at);
            assertEquals(Float.floatToRawIntBits(one.atTime().pointBY(0)), Float.floatToRawIntBits(cold.atTime().pointBY(i)), at);
            // Warm starts may end a round's GJK on another simplex, its distance within
            // ScalarDistance's band of the cold one's, so the verdict is promised only where
            // both casts are right (the cast's contract: a hit lies within the tolerance plus
            // the band; a miss never overlaps beyond the band before the time it vouches for,
            // the window's end or, at the round cap, its last safe time). A pair whose verdicts
            // differ must be grazing: both casts pass the time-stepped oracle.
            double ux = (double) (vx[b] - vx[a]);
            double uy = (double) (vy[b] - vy[a]);
            double speed = Math.hypot(ux, uy);
            double band = 16 * ScalarDistance.band(s, a, b, 0) + 64 * 0x1p-24 * speed;
            if (hit != warm.hit(i)) {
                Statistics.label("warm verdict").collect("differs (grazing)");
                Casts hitter = hit ? one : warm;
                int h = hit ? 0 : i;
                double dHit = distanceAt(s, a, b, hitter.time(h), ux, uy);
                assertTrue(dHit <= tolerance + band, at + ": a hit at " + hitter.time(h) + " apart by " + dHit
                        + " (single " + exitName(one.exit(0)) + ", warm " + exitName(warm.exit(i)) + ")");
                Casts misser = hit ? warm : one;
                int m = hit ? i : 0;
                double until = misser.exit(m) == Casts.EXIT_ROUND_CAP ? misser.time(m) : 1.0;
                for (int k = 0; k <= STEPS; k++) {
                    double t = until * k / STEPS;
                    double d = distanceAt(s, a, b, t, ux, uy);
                    assertTrue(d >= -band, at + ": a miss (single " + exitName(one.exit(0)) + ", warm "
                            + exitName(warm.exit(i)) + ") but overlap " + d + " at t=" + t + " band=" + band);
                }
            } else {
                Statistics.label("warm verdict").collect("same");
                if (hit) {
                    // Both hit: the same first contact, up to the time the tolerance takes to cross.
                    assertEquals(one.time(0), warm.time(i), 2e-3 / speed + 1e-5, at);
                }
            }
        }
        assertEquals(singleHits, coldHits);
        Statistics.label("batch hits").collect(warmHits == coldHits ? "warm count same" : "warm count differs");
        Statistics.label("verdict").coverage(c -> {
            c.check("hit").count(n -> n > 0);
            c.check("miss").count(n -> n > 0);
        });
        Statistics.label("warm verdict").coverage(c -> c.check("same").percentage(pct -> pct > 95));
    }

    /** The double-precision distance of shapes {@code a} and {@code b} with B's core moved by {@code t u}. */
    private static double distanceAt(RoundedShapes s, int a, int b, double t, double ux, double uy) {
        float[] cb = s.core(b);
        for (int i = 0; i < cb.length; i += 2) {
            cb[i] = (float) (cb[i] + t * ux);
            cb[i + 1] = (float) (cb[i + 1] + t * uy);
        }
        return RoundedFixtures.coreDistance(s.core(a), cb) - s.radius(a) - s.radius(b);
    }

    @Example
    void theFacadeServesAKernelWithTheScalarBits() {
        RoundedShapes s = RoundedShapes.builder().box(0, 0, 10, 1).capsule(4, 5, 6, 7, 0.5f).build();
        Velocities v = Velocities.of(new float[] {0, 0.5f}, new float[] {0, -8});
        Casts a = new Casts(1);
        Casts b = new Casts(1);
        K.cast(s, v, 0, 1, 1f, 1e-4f, a, 0);
        Sepax.cast().cast(s, v, 0, 1, 1f, 1e-4f, b, 0);
        assertEquals(Float.floatToIntBits(a.time(0)), Float.floatToIntBits(b.time(0)));
    }
}
