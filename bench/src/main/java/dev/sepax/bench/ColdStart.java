package dev.sepax.bench;

import dev.sepax.Sepax;
import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.Penetrations;
import dev.sepax.batch.SweepResults;
import dev.sepax.narrow.PenetrationKernel;
import dev.sepax.narrow.SatKernel;
import dev.sepax.narrow.SweepKernel;
import dev.sepax.shape.Velocities;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * {@code ./sepax coldstart}: what a caller's first frames cost. Each run is a fresh JVM that
 * builds the standard workload Wk, then calls one facade kernel ({@link Sepax#overlap()},
 * {@link Sepax#penetration()} or {@link Sepax#sweep()}) batch after batch, from the very first
 * call, for {@code --seconds}. It reports the time of the first batch, of the first 10 batches,
 * and the pairs done in the first second. Three configurations, interleaved run by run so that
 * machine noise hits them alike: {@code facade} (the automatic choice: scalar until the SIMD
 * kernel is warm), {@code scalar} ({@code -Dsepax.kernel=scalar}) and {@code simd-cold}
 * ({@code -Dsepax.kernel=simd}: the SIMD kernel from its first call, no warm-up switch). Medians
 * over the runs, and the facade's ratios to scalar.
 */
final class ColdStart {
    static final String HELP = """
            Usage: ./sepax coldstart [--kernel overlap|penetration|sweep] [--k K] [--runs N] [--seconds S]
              Fresh JVMs, one per run and configuration, each timing a facade kernel from its
              first call on the standard workload Wk (4096 k-gons, 32768 pairs): the first
              batch, the first 10 batches, and the pairs done in the first second.
              Configurations: facade (automatic: scalar until SIMD is warm), scalar
              (-Dsepax.kernel=scalar), simd-cold (-Dsepax.kernel=simd, no warm-up switch).
              Prints medians over the runs and the facade's ratios to scalar.
            Options:
              --kernel NAME   overlap (default), penetration or sweep
              --k K           vertices per shape (default 8; 3..64)
              --runs N        JVMs per configuration (default 5; 1..50)
              --seconds S     how long each JVM calls the kernel (default 2; 1..60)
              --help          this text
            """;

    private static final String[] CONFIGS = {"facade", "scalar", "simd-cold"};
    private static final String[] PROPERTY = {null, "scalar", "simd"};

    private ColdStart() {}

    static int run(String[] args, PrintStream out, PrintStream err) throws IOException {
        Options o = Options.parse("coldstart", args, List.of("--kernel", "--k", "--runs", "--seconds"), List.of());
        if (o.help()) {
            out.print(HELP);
            return 0;
        }
        String kernel = o.get("--kernel", "overlap");
        if (!List.of("overlap", "penetration", "sweep").contains(kernel)) {
            throw new Options.UsageException("coldstart: --kernel " + kernel + ": expected overlap, penetration or sweep");
        }
        int k = o.intValue("--k", 8, 3, 64);
        int runs = o.intValue("--runs", 5, 1, 50);
        int seconds = o.intValue("--seconds", 2, 1, 60);
        String java = ProcessHandle.current().info().command().orElse(
                System.getProperty("java.home") + File.separator + "bin" + File.separator + "java");
        // [config][run] = {first batch ns, first 10 batches ns, pairs in the first second}
        long[][][] results = new long[CONFIGS.length][runs][];
        out.printf(Locale.ROOT, "# coldstart: Sepax.%s() on W%d, %d fresh JVMs per configuration, %d s each%n",
                kernel, k, runs, seconds);
        for (int r = 0; r < runs; r++) {
            for (int c = 0; c < CONFIGS.length; c++) {
                List<String> cmd = new ArrayList<>(List.of(java, "--add-modules", "jdk.incubator.vector",
                        "-XX:+UseParallelGC"));
                if (PROPERTY[c] != null) {
                    cmd.add("-Dsepax.kernel=" + PROPERTY[c]);
                }
                cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Child.class.getName(), kernel,
                        Integer.toString(k), Integer.toString(seconds)));
                results[c][r] = child(cmd, CONFIGS[c], seconds, err);
                err.printf(Locale.ROOT, "\r  run %d/%d %-9s", r + 1, runs, CONFIGS[c]);
            }
        }
        err.println();
        out.printf(Locale.ROOT, "%-10s %14s %16s %20s%n", "config", "first batch", "first 10 batches", "pairs in first 1 s");
        double[][] med = new double[CONFIGS.length][3];
        for (int c = 0; c < CONFIGS.length; c++) {
            for (int m = 0; m < 3; m++) {
                long[] v = new long[runs];
                for (int r = 0; r < runs; r++) {
                    v[r] = results[c][r][m];
                }
                med[c][m] = median(v);
            }
            out.printf(Locale.ROOT, "%-10s %11.1f ms %13.1f ms %18.2f M%n", CONFIGS[c], med[c][0] / 1e6,
                    med[c][1] / 1e6, med[c][2] / 1e6);
        }
        out.printf(Locale.ROOT, "facade / scalar: first batch %.2fx time, first 10 batches %.2fx time, first second %.2fx pairs%n",
                med[0][0] / med[1][0], med[0][1] / med[1][1], med[0][2] / med[1][2]);
        out.printf(Locale.ROOT, "simd-cold / scalar: first batch %.2fx time, first 10 batches %.2fx time, first second %.2fx pairs%n",
                med[2][0] / med[1][0], med[2][1] / med[1][1], med[2][2] / med[1][2]);
        return 0;
    }

    private static long[] child(List<String> cmd, String config, int seconds, PrintStream err) throws IOException {
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String line;
        try (InputStream in = p.getInputStream()) {
            line = new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
        }
        try {
            if (!p.waitFor(seconds + 120L, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("coldstart: the " + config + " JVM did not finish");
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("coldstart: interrupted");
        }
        String[] f = line.split(" ");
        if (p.exitValue() != 0 || f.length != 3) {
            throw new IOException("coldstart: the " + config + " JVM failed (exit " + p.exitValue() + "): " + line);
        }
        return new long[] {Long.parseLong(f[0]), Long.parseLong(f[1]), Long.parseLong(f[2])};
    }

    private static double median(long[] v) {
        long[] s = v.clone();
        Arrays.sort(s);
        int n = s.length;
        return (n & 1) == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2.0;
    }

    /**
     * One fresh JVM: builds Wk, then times the facade kernel from its first call. Prints
     * {@code firstBatchNanos first10Nanos pairsInFirstSecond}.
     */
    static final class Child {
        private Child() {}

        public static void main(String[] args) {
            String kernel = args[0];
            int k = Integer.parseInt(args[1]);
            long runNanos = TimeUnit.SECONDS.toNanos(Integer.parseInt(args[2]));
            Workloads.Scene scene = Workloads.standard(k, 42);
            int n = scene.pairs().size();
            OverlapBits bits = new OverlapBits(n);
            Penetrations pens = new Penetrations(n);
            SweepResults sweeps = new SweepResults(n);
            SplittableRandom rnd = new SplittableRandom(7);
            Velocities v = new Velocities(scene.shapes().size());
            for (int s = 0; s < v.size(); s++) {
                v.set(s, (float) rnd.nextDouble(-1, 1), (float) rnd.nextDouble(-1, 1));
            }
            long start = System.nanoTime();
            long first = 0;
            long ten = 0;
            long pairsFirstSecond = 0;
            long sink = 0;
            for (int batch = 1; ; batch++) {
                // The facade is asked every batch, as a caller holding no reference would.
                sink += switch (kernel) {
                    case "overlap" -> {
                        SatKernel sat = Sepax.overlap();
                        yield sat.test(scene.shapes(), scene.pairs(), 0f, bits);
                    }
                    case "penetration" -> {
                        PenetrationKernel mtv = Sepax.penetration();
                        yield mtv.penetrations(scene.shapes(), scene.pairs(), pens);
                    }
                    default -> {
                        SweepKernel sweep = Sepax.sweep();
                        yield sweep.sweep(scene.shapes(), v, scene.pairs(), 1f, sweeps);
                    }
                };
                long t = System.nanoTime() - start;
                if (batch == 1) {
                    first = t;
                }
                if (batch == 10) {
                    ten = t;
                }
                if (t <= 1_000_000_000L) {
                    pairsFirstSecond += n;
                }
                if (t >= runNanos && batch >= 10) {
                    break;
                }
            }
            if (sink == 42) {
                System.err.println(); // keeps the results alive
            }
            System.out.println(first + " " + ten + " " + pairsFirstSecond);
        }
    }
}
