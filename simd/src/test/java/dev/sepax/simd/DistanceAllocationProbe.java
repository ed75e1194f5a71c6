package dev.sepax.simd;

import dev.sepax.batch.Distances;
import dev.sepax.batch.PairBatch;
import dev.sepax.batch.SimplexCache;
import dev.sepax.testing.RoundedFixtures;
import dev.sepax.shape.RoundedShapes;
import java.lang.management.ManagementFactory;
import java.util.SplittableRandom;

/**
 * Run in a JVM of its own by {@link VectorDistanceTest}: warms each kernel up until C2 has
 * compiled it and prints one line per kernel, {@code NAME: uncached=N cached=M}, the least the
 * thread allocated in one batch over the last batches without a simplex cache ({@code N}) and
 * with one ({@code M}). The rounds alternate the two paths on the same batch; each path keeps its
 * own minimum, so that one path allocating on every batch is not hidden by the other allocating
 * nothing. Each loop goes on past its fixed rounds until both minima are 0, at most {@link #CAP}
 * batches (C2 compiles late on a loaded host). Kernels, in order: {@link VectorDistance}
 * ({@code distance}), with Nesterov momentum ({@code nesterov}) and with momentum by proximity
 * ({@code proximity}), {@link VectorRoundedPenetration} ({@code mtv}), {@link
 * VectorRoundedManifolds} ({@code manifold}) and {@link VectorCast} ({@code cast}). A JVM of its
 * own, because the Vector API's shared profiles let other kernels' warm-up change how C2
 * compiles this one (see {@link VectorDistance}).
 */
public final class DistanceAllocationProbe {
    /**
     * Most rounds of one loop: past its fixed count it goes on until a round of each path (with and
     * without a cache) has allocated nothing (C2 compiles late on a loaded host).
     */
    private static final int CAP = 30_000;

    private DistanceAllocationProbe() {}

    public static void main(String[] args) {
        com.sun.management.ThreadMXBean counter =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        SplittableRandom rnd = new SplittableRandom(9);
        RoundedShapes s = RoundedFixtures.mixedStore(rnd, 400, 12);
        PairBatch pairs = new PairBatch(s.size(), 0);
        for (int p = 0; p < 2051; p++) {
            pairs.add(rnd.nextInt(s.size()), rnd.nextInt(s.size()));
        }
        Distances out = new Distances(pairs.size());
        SimplexCache cache = new SimplexCache(pairs.size());
        // least[0]: rounds without a cache (even), least[1]: with one (odd).
        long[] least = {Long.MAX_VALUE, Long.MAX_VALUE};
        for (int round = 0; round < CAP && (round < 1200 || least[0] != 0 || least[1] != 0); round++) {
            long t0 = counter.getCurrentThreadAllocatedBytes();
            VectorDistance.INSTANCE.distances(s, pairs, 0, pairs.size(), out, (round & 1) == 0 ? null : cache);
            long t1 = counter.getCurrentThreadAllocatedBytes();
            if (round >= 1190) {
                least[round & 1] = Math.min(least[round & 1], t1 - t0);
            }
        }
        line("distance", least);
        // The accelerated kernels run the same lanes with two more steps per trip.
        for (dev.sepax.narrow.GjkAcceleration mode : new dev.sepax.narrow.GjkAcceleration[] {
            dev.sepax.narrow.GjkAcceleration.NESTEROV, dev.sepax.narrow.GjkAcceleration.PROXIMITY}) {
            VectorDistance kernel = VectorDistance.of(mode);
            SimplexCache modeCache = new SimplexCache(pairs.size());
            long[] leastMode = {Long.MAX_VALUE, Long.MAX_VALUE};
            for (int round = 0; round < CAP && (round < 1200 || leastMode[0] != 0 || leastMode[1] != 0); round++) {
                long t0 = counter.getCurrentThreadAllocatedBytes();
                kernel.distances(s, pairs, 0, pairs.size(), out, (round & 1) == 0 ? null : modeCache);
                long t1 = counter.getCurrentThreadAllocatedBytes();
                if (round >= 1190) {
                    leastMode[round & 1] = Math.min(leastMode[round & 1], t1 - t0);
                }
            }
            line(mode.name().toLowerCase(java.util.Locale.ROOT), leastMode);
        }
        // The penetration kernel runs the same lanes with another tail: measured after them, in this JVM.
        dev.sepax.batch.Penetrations mtv = new dev.sepax.batch.Penetrations(pairs.size());
        long[] leastMtv = {Long.MAX_VALUE, Long.MAX_VALUE};
        for (int round = 0; round < CAP && (round < 1200 || leastMtv[0] != 0 || leastMtv[1] != 0); round++) {
            long t0 = counter.getCurrentThreadAllocatedBytes();
            VectorRoundedPenetration.INSTANCE.penetrations(s, pairs, 0, pairs.size(), mtv, (round & 1) == 0 ? null : cache);
            long t1 = counter.getCurrentThreadAllocatedBytes();
            if (round >= 1190) {
                leastMtv[round & 1] = Math.min(leastMtv[round & 1], t1 - t0);
            }
        }
        line("mtv", leastMtv);
        dev.sepax.contact.ContactManifolds manifolds = new dev.sepax.contact.ContactManifolds(pairs.size());
        long[] leastManifolds = {Long.MAX_VALUE, Long.MAX_VALUE};
        for (int round = 0; round < CAP && (round < 600 || leastManifolds[0] != 0 || leastManifolds[1] != 0); round++) {
            long t0 = counter.getCurrentThreadAllocatedBytes();
            VectorRoundedManifolds.INSTANCE.manifolds(s, pairs, 0, pairs.size(), 0.1f, mtv, manifolds,
                    (round & 1) == 0 ? null : cache);
            long t1 = counter.getCurrentThreadAllocatedBytes();
            if (round >= 590) {
                leastManifolds[round & 1] = Math.min(leastManifolds[round & 1], t1 - t0);
            }
        }
        line("manifold", leastManifolds);
        float[] vx = new float[s.size()];
        float[] vy = new float[s.size()];
        for (int i = 0; i < s.size(); i++) {
            vx[i] = (float) rnd.nextDouble(-3, 3);
            vy[i] = (float) rnd.nextDouble(-3, 3);
        }
        dev.sepax.shape.Velocities v = dev.sepax.shape.Velocities.of(vx, vy);
        dev.sepax.batch.Casts casts = new dev.sepax.batch.Casts(pairs.size());
        long[] leastCasts = {Long.MAX_VALUE, Long.MAX_VALUE};
        for (int round = 0; round < CAP && (round < 400 || leastCasts[0] != 0 || leastCasts[1] != 0); round++) {
            long t0 = counter.getCurrentThreadAllocatedBytes();
            VectorCast.INSTANCE.casts(s, v, pairs, 0, pairs.size(), 1f, 1e-3f, casts, (round & 1) == 0 ? null : cache);
            long t1 = counter.getCurrentThreadAllocatedBytes();
            if (round >= 390) {
                leastCasts[round & 1] = Math.min(leastCasts[round & 1], t1 - t0);
            }
        }
        line("cast", leastCasts);
    }

    private static void line(String kernel, long[] least) {
        System.out.println(kernel + ": uncached=" + least[0] + " cached=" + least[1]);
    }
}
