package dev.sepax.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.narrow.FloatBand;
import dev.sepax.narrow.SatKernel;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.shape.Poses;
import dev.sepax.shape.TransformKernel;
import java.util.SplittableRandom;

/**
 * Float verdict kernels on world stores at nonzero tolerances, against {@link RationalSat} on the
 * stored world floats. Rounding the world vertices changes edge lengths (unit squares posed near
 * {@code 9e6}, where the float step is 1, round to diamonds of side {@code sqrt 2}; a 64-gon
 * whose edges are 100 roundings long changes them by a few percent), and the kernels compare a
 * separation along the exact world edge normal with {@code tolerance * len}: the pair is
 * decided wrongly unless {@code len} is the world edge's length. Where the oracle gives the same
 * verdict at {@code t - B} and {@code t + B}, {@code B} the band {@code Poses} documents for world
 * pairs ({@code FloatBand.of(world, a, b, t) + 12 e}), the kernel must give it at {@code t}.
 */
public final class WorldStoreTolerances {
    private static final double U = FloatBand.UNIT_ROUNDOFF;

    private WorldStoreTolerances() {}

    /** A tolerance drawn for a pair of posed squares, with where and how far apart they were posed. */
    public record SquarePose(float tolerance, float at, double distance) {}

    /**
     * Poses two unit squares (poses 0 and 1, centred at their local origins) near
     * {@code (at, at)}, {@code at} in {@code [1e4, 1e7)} where a float step is up to 1, turned by
     * a random angle and half a turn, their centres {@code t + sqrt(0.5) + jitter t} apart along
     * a diagonal of the first, so that their gap is about the drawn tolerance
     * {@code t = 10^[logTMin, 4)} and rounding decides many verdicts at {@code t}.
     */
    public static SquarePose poseSquares(SplittableRandom rnd, Poses poses, double logTMin, double jitter) {
        float t = (float) Math.pow(10, rnd.nextDouble(logTMin, 4));
        double angle = rnd.nextDouble(2 * Math.PI);
        float at = (float) Math.pow(10, rnd.nextDouble(4, 7));
        double dist = t + Math.sqrt(0.5) + rnd.nextDouble(-jitter, jitter) * t;
        double dir = angle + Math.PI / 4 + rnd.nextInt(4) * Math.PI / 2;
        poses.set(0, at, at, angle);
        poses.set(1, (float) (at + dist * Math.cos(dir)), (float) (at + dist * Math.sin(dir)), angle + Math.PI);
        return new SquarePose(t, at, dist);
    }

    /**
     * Runs both families of pairs, moved by {@code transform}, through every kernel; fails on the
     * first wrong verdict.
     */
    public static void assertExactOutsideTheBand(TransformKernel transform, SatKernel... kernels) {
        squaresNearTheFloatStep(transform, kernels);
        polygonsWithEdgesOfAHundredRoundings(transform, kernels);
    }

    private static void squaresNearTheFloatStep(TransformKernel transform, SatKernel[] kernels) {
        SplittableRandom rnd = new SplittableRandom(0x1E5L);
        float[] square = {-0.5f, -0.5f, 0.5f, -0.5f, 0.5f, 0.5f, -0.5f, 0.5f};
        ConvexPolygons local = ConvexPolygons.of(square, square);
        ConvexPolygons world = local.newWorldStore();
        Poses poses = new Poses(2);
        int decided = 0;
        for (int n = 0; n < 1_500; n++) {
            SquarePose q = poseSquares(rnd, poses, 1, 0.3);
            float t = q.tolerance();
            transform.transform(poses, local, world);
            float band = (float) (FloatBand.of(world, 0, 1, t) + 12 * U * (0.5 + Math.abs(q.at()) + q.distance()));
            decided += check(kernels, world, t, band, "squares, pair " + n);
        }
        assertTrue(decided > 500, "decided=" + decided);
    }

    private static void polygonsWithEdgesOfAHundredRoundings(TransformKernel transform, SatKernel[] kernels) {
        SplittableRandom rnd = new SplittableRandom(0x1E6L);
        int decided = 0;
        for (int n = 0; n < 600; n++) {
            int k = new int[] {8, 24, 64, 100}[n % 4];
            double r = 1;
            double edge = 2 * r * Math.sin(Math.PI / k);
            // e = u (M_local + |t|) = edge / 100 .. edge / 400: the documented regime.
            double at = edge / (U * rnd.nextDouble(100, 400));
            float[] xy = new float[2 * k];
            for (int i = 0; i < k; i++) {
                xy[2 * i] = (float) (r * Math.cos(2 * Math.PI * i / k));
                xy[2 * i + 1] = (float) (r * Math.sin(2 * Math.PI * i / k));
            }
            ConvexPolygons local = ConvexPolygons.of(xy, xy);
            ConvexPolygons world = local.newWorldStore();
            float t = (float) (edge * Math.pow(10, rnd.nextDouble(2.5, 4)));
            double angle = rnd.nextDouble(2 * Math.PI);
            double dist = t + 2 * r * Math.cos(Math.PI / k) + rnd.nextDouble(-0.05, 0.05) * t;
            double dir = angle + Math.PI / k;
            double angleB = angle + Math.PI;
            Poses poses = new Poses(2).set(0, (float) at, (float) at, angle)
                    .set(1, (float) (at + dist * Math.cos(dir)), (float) (at + dist * Math.sin(dir)), angleB);
            transform.transform(poses, local, world);
            // The wider band of the O(log k) path for every k: it only skips more pairs.
            float band = (float) (FloatBand.ofLargePairs(world, 0, 1, t) + 12 * U * (r + Math.abs(at) + dist));
            decided += check(kernels, world, t, band, "k=" + k + ", pair " + n);
        }
        assertTrue(decided > 200, "decided=" + decided);
    }

    /** 1 if the oracle decides the pair outside the band (and every kernel agreed), else 0. */
    private static int check(SatKernel[] kernels, ConvexPolygons world, float t, float band, String what) {
        boolean oracle = RationalSat.intersects(world, 0, 1, t);
        if (RationalSat.intersects(world, 0, 1, t - band) != oracle || RationalSat.intersects(world, 0, 1, t + band) != oracle) {
            return 0;
        }
        PairBatch pair = PairBatch.of(new int[] {0}, new int[] {1}, world);
        for (SatKernel kernel : kernels) {
            assertEquals(oracle, kernel.intersects(world, 0, 1, t), kernel.name() + ", " + what + ", tolerance " + t);
            OverlapBits bits = new OverlapBits(1);
            kernel.test(world, pair, t, bits);
            assertEquals(oracle, bits.get(0), kernel.name() + " batch, " + what + ", tolerance " + t);
        }
        return 1;
    }
}
