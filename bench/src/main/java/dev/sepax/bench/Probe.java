package dev.sepax.bench;

import dev.sepax.batch.OverlapBits;
import dev.sepax.narrow.SatKernel;
import dev.sepax.Sepax;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * {@code ./sepax probe}: is a slow benchmark the kernel's fault or the machine's? Runs short
 * rounds that alternate, in one JVM and on one thread, the selected kernel and the scalar
 * kernel on the standard workload Wk with three machine probes that do not touch Sepax: a
 * random pointer chase over an L2-sized buffer (768 KiB, about the size of the W8 store plus
 * its pairs), the same chase over an L1-sized buffer (24 KiB), and a register-only integer
 * loop. It prints one row per round.
 *
 * <p>Why: on a shared VM the memory system is shared with other tenants. When their traffic
 * evicts our L2, every kernel that streams an L2-sized working set slows down together and the
 * L2 chase slows with them, while the integer loop does not. A row where the kernels and the
 * L2 chase drop together is the machine; a drop of the kernel alone would be the kernel (for
 * example a recompilation). Figures are throughput per second of wall time for one round;
 * the first rounds include JIT warm-up.
 */
final class Probe {
    static final String HELP = """
            Usage: ./sepax probe [--k K] [--seconds S] [--round-ms MS]
              Alternates, round after round on one thread: the selected kernel and the scalar
              kernel on the standard workload Wk (4096 k-gons, 32768 pairs), a random pointer
              chase over 768 KiB (L2-sized) and over 24 KiB (L1-sized), and an integer loop.
              One row per round: kernel pairs/s and chase/loop steps/s, all in millions.
              When the kernels and the L2 chase drop together while the integer loop holds,
              the machine's caches are contended (another tenant), not the kernel.
            Options:
              --k K           vertices per shape of the workload (default 8; 3..64)
              --seconds S     total run time (default 10)
              --round-ms MS   time per probe per round (default 250)
              --help          this text
            """;

    /** Steps per timed call of a machine probe, small enough to stop close to the deadline. */
    private static final int STEPS = 100_000;

    private Probe() {}

    static int run(String[] args, PrintStream out, PrintStream err) {
        Options o = Options.parse("probe", args, List.of("--k", "--seconds", "--round-ms"), List.of());
        if (o.help()) {
            out.print(HELP);
            return 0;
        }
        int k = o.intValue("--k", 8, 3, 64);
        float seconds = o.floatValue("--seconds", 10f);
        int roundMs = o.intValue("--round-ms", 250, 1, 60_000);
        if (!(seconds > 0f) || seconds > 86_400f) {
            throw new Options.UsageException("probe: --seconds must be in (0, 86400]");
        }
        SatKernel selected = Kernels.selected();
        SatKernel scalar = Sepax.scalar();
        Workloads.Scene scene = Workloads.standard(k, 42);
        OverlapBits bits = new OverlapBits(scene.pairs().size());
        int[] l2 = chain(768 * 1024 / Integer.BYTES, 1);
        int[] l1 = chain(24 * 1024 / Integer.BYTES, 2);
        out.printf(Locale.ROOT, "# W%d, %s vs scalar, %d ms per probe; millions per second (the first rounds warm up the JIT)%n",
                k, selected.name(), roundMs);
        out.printf(Locale.ROOT, "%5s %8s %8s %9s %9s %9s%n", "round", selected.name(), "scalar", "chase-L2", "chase-L1", "int-loop");
        long roundNanos = roundMs * 1_000_000L;
        long end = System.nanoTime() + (long) (seconds * 1e9);
        long sink = 0;
        for (int round = 1; System.nanoTime() < end; round++) {
            double[] rate = new double[5];
            for (int probe = 0; probe < rate.length; probe++) {
                long t0 = System.nanoTime();
                long work = 0;
                long now;
                do {
                    switch (probe) {
                        case 0 -> sink += selected.test(scene.shapes(), scene.pairs(), 0f, bits);
                        case 1 -> sink += scalar.test(scene.shapes(), scene.pairs(), 0f, bits);
                        case 2 -> sink += chase(l2, (int) (sink & 1));
                        case 3 -> sink += chase(l1, (int) (sink & 1));
                        default -> sink += mix(sink);
                    }
                    work += probe < 2 ? scene.pairs().size() : STEPS;
                    now = System.nanoTime();
                } while (now - t0 < roundNanos);
                rate[probe] = work * 1e3 / (now - t0);
            }
            out.printf(Locale.ROOT, "%5d %8.1f %8.2f %9.0f %9.0f %9.0f%n", round, rate[0], rate[1], rate[2], rate[3], rate[4]);
        }
        // Printed so that no probe's work can be discarded as unused.
        out.printf(Locale.ROOT, "# checksum %d%n", sink & 0xff);
        return 0;
    }

    /** A single random cycle through all {@code n} slots: every load depends on the previous one. */
    private static int[] chain(int n, long seed) {
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = n - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        int[] next = new int[n];
        for (int i = 0; i < n; i++) {
            next[order[i]] = order[(i + 1) % n];
        }
        return next;
    }

    private static int chase(int[] next, int from) {
        int q = from;
        for (int i = 0; i < STEPS; i++) {
            q = next[q];
        }
        return q;
    }

    /** {@link #STEPS} rounds of a 64-bit multiply-xorshift: registers only. */
    private static long mix(long seed) {
        long h = seed | 1;
        for (int i = 0; i < STEPS; i++) {
            h = h * 6364136223846793005L + 1442695040888963407L;
            h ^= h >>> 29;
        }
        return h;
    }
}
