package dev.sepax.simd;

import dev.sepax.batch.Distances;
import dev.sepax.batch.PairBatch;
import dev.sepax.batch.SimplexCache;
import dev.sepax.testing.RoundedFixtures;
import dev.sepax.shape.RoundedShapes;
import java.lang.management.ManagementFactory;
import java.util.SplittableRandom;

/**
 * Run in a JVM of its own by {@link VectorDistanceTest}: warms {@link VectorDistance} up until
 * C2 has compiled it, then prints {@code bytes=N}, the thread's allocation per batch once
 * {@value #SETTLED} batches in a row allocated nothing (or the least of the last batches if that
 * never happened within {@value #CAP} batches: C2 compiles late on a loaded host, so a fixed
 * count of warm-up batches is not enough), then the same for {@link VectorRoundedPenetration} ({@code mtvBytes=N}) and
 * {@link VectorRoundedManifolds} ({@code manifoldBytes=N}) and {@link VectorCast}
 * ({@code castBytes=N}). A JVM of its own, because the Vector API's shared profiles let other kernels' warm-up
 * change how C2 compiles this one (see {@link VectorDistance}).
 */
public final class DistanceAllocationProbe {
    /** Batches in a row that must allocate nothing. */
    static final int SETTLED = 20;
    /** The most batches per kernel. */
    static final int CAP = 30_000;

    private DistanceAllocationProbe() {}

    /** Runs batch(round) until SETTLED batches in a row allocate nothing; else the least of the last ten. */
    private static long settle(com.sun.management.ThreadMXBean counter, java.util.function.IntConsumer batch) {
        long least = Long.MAX_VALUE;
        int zeros = 0;
        for (int round = 0; round < CAP; round++) {
            long t0 = counter.getCurrentThreadAllocatedBytes();
            batch.accept(round);
            long bytes = counter.getCurrentThreadAllocatedBytes() - t0;
            zeros = bytes == 0 ? zeros + 1 : 0;
            if (zeros == SETTLED) {
                return 0;
            }
            if (round >= CAP - 10) {
                least = Math.min(least, bytes);
            }
        }
        return least;
    }

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
        long least = settle(counter, round -> VectorDistance.INSTANCE.distances(s, pairs, 0, pairs.size(), out,
                (round & 1) == 0 ? null : cache));
        // The penetration kernel runs the same lanes with another tail: measured after them, in this JVM.
        dev.sepax.batch.Penetrations mtv = new dev.sepax.batch.Penetrations(pairs.size());
        long leastMtv = settle(counter, round -> VectorRoundedPenetration.INSTANCE.penetrations(s, pairs, 0, pairs.size(),
                mtv, (round & 1) == 0 ? null : cache));
        System.out.println("mtvBytes=" + leastMtv);
        dev.sepax.contact.ContactManifolds manifolds = new dev.sepax.contact.ContactManifolds(pairs.size());
        long leastManifolds = settle(counter, round -> VectorRoundedManifolds.INSTANCE.manifolds(s, pairs, 0, pairs.size(),
                0.1f, mtv, manifolds, cache));
        System.out.println("manifoldBytes=" + leastManifolds);
        float[] vx = new float[s.size()];
        float[] vy = new float[s.size()];
        for (int i = 0; i < s.size(); i++) {
            vx[i] = (float) rnd.nextDouble(-3, 3);
            vy[i] = (float) rnd.nextDouble(-3, 3);
        }
        dev.sepax.shape.Velocities v = dev.sepax.shape.Velocities.of(vx, vy);
        dev.sepax.batch.Casts casts = new dev.sepax.batch.Casts(pairs.size());
        long leastCasts = settle(counter, round -> VectorCast.INSTANCE.casts(s, v, pairs, 0, pairs.size(), 1f, 1e-3f, casts,
                (round & 1) == 0 ? null : cache));
        System.out.println("castBytes=" + leastCasts);
        System.out.println("bytes=" + least);
    }
}
