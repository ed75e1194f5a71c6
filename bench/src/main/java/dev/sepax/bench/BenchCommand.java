package dev.sepax.bench;

import dev.sepax.Sepax;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * {@code ./sepax bench}: runs the JMH benchmarks {@code dev.sepax.bench.jmh.*Benchmark}
 * programmatically with the GC profiler, prints a table and writes the JSON records of the
 * bench contract (see {@code bench/results/cli.md}): an array of objects with exactly the fields
 * {@code workload} ("W" + k), {@code kernel} (benchmark method name, {@code _} replaced by
 * {@code -}), {@code pairsPerSecond}, {@code error} (JMH's 99.9% half-width, null when JMH gives
 * none) and {@code allocBytesPerPair} ({@code gc.alloc.rate.norm}, null without the profiler),
 * plus {@code notSteady} (the reason) on records that are not steady-state figures: a Sepax
 * kernel allocating more than 1 byte per pair, or no error.
 */
final class BenchCommand {
    static final String HELP = """
            Usage: ./sepax bench [--quick] [--forks N] [--json FILE] [--include REGEX] [--k LIST] [--out DIR]
              Runs every JMH benchmark dev.sepax.bench.jmh.*Benchmark (Sepax kernels and the
              peers dyn4j, JBox2D, JTS) on the standard workloads Wk and the touching
              workloads Tk (exact kernels vs JTS), and the 3D workloads H8..H64 (hulls vs
              JBullet) and OBB (boxes vs JOML), with -prof gc; prints
              pairs/s and bytes allocated per pair; writes JSON records
              {workload, kernel, pairsPerSecond, error, allocBytesPerPair[, notSteady]}
              and a chart.
              JMH's own log goes to standard error.
            Options:
              --quick          k 4,8,32 unless --k is given; 2 x 100 ms warm-up,
                               5 x 100 ms measurement (a few minutes); default: k 4..64,
                               3 x 1 s warm-up, 5 x 1 s measurement. Either way each Sepax
                               kernel is first run until compiled (allocation-free, time
                               settled), however long that takes; a record that still
                               allocates over 1 B/pair or has no error is marked
                               'not steady'
              --forks N        JVM forks per benchmark and k (default 1; 1..20). On a shared
                               machine a fork can land in a slow period of the host (see
                               ./sepax probe); more forks average over them, and the error
                               then includes the spread between forks
              --json FILE      JSON output (default OUT/bench.json)
              --include REGEX  benchmarks to run, a regular expression found in the full
                               method name (default dev.sepax.bench.jmh..*Benchmark)
              --k LIST         workloads (default 4,8,16,32,64); JBox2D runs only k <= 8;
                               the large-polygon benchmark (simd, simd-linear, scalar)
                               runs the k >= 128 of the list, by default W256 and W1024
                               (--quick: W256), the others the k < 128;
                               J200 (a join of 200 concave polygons, joins/s) and G100k
                               (10^5 fences, queries/s) have fixed sizes;
                               the frame benchmarks run F2000 and F20000 (--quick: F2000),
                               scored in frames/s and bytes per frame
              --out DIR        folder for bench.json and bench-throughput.png (default sepax-out)
              --help           this text
            """;

    static final String DEFAULT_INCLUDE = "dev\\.sepax\\.bench\\.jmh\\..*Benchmark";
    private static final String JBOX2D = "dev.sepax.bench.jmh.PeerBenchmark.jbox2d";
    /** The large-polygon benchmark: its own workloads, W256 and W1024 by default. */
    private static final String LARGE = "dev.sepax.bench.jmh.LargeSatBenchmark.";
    /** Workloads from this k on go to {@link #LARGE} only. */
    static final int LARGE_K = 128;
    /** Most bytes per pair a steady Sepax kernel may allocate (it allocates none once compiled). */
    static final double STEADY_ALLOC_BYTES_PER_PAIR = 1.0;

    private BenchCommand() {}

    /** The 3D peers (SolidPeers): they allocate per call by design, like the 2D ones. */
    static final List<String> SOLID_PEERS = List.of("jbullet-hull", "bulletjme-hull", "joml-obb", "joml-obb-floats");

    /** One JSON record of the bench contract. */
    record Row(String workload, String kernel, double pairsPerSecond, double error, double allocBytesPerPair) {
        Map<String, Object> toJson() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("workload", workload);
            m.put("kernel", kernel);
            m.put("pairsPerSecond", pairsPerSecond);
            m.put("error", Double.isFinite(error) ? error : null);
            m.put("allocBytesPerPair", Double.isFinite(allocBytesPerPair) ? allocBytesPerPair : null);
            String why = notSteady();
            if (why != null) {
                m.put("notSteady", why);
            }
            return m;
        }

        /**
         * Why this record is not a steady-state figure, or null when it is: no error (too few
         * iterations for an interval), or a Sepax kernel allocating more than
         * {@value #STEADY_ALLOC_BYTES_PER_PAIR} B/pair (still boxing vectors, not compiled). The
         * peers allocate per call by design, so allocation says nothing about theirs.
         */
        String notSteady() {
            List<String> why = new ArrayList<>();
            if (!Peers.NAMES.contains(kernel) && !SOLID_PEERS.contains(kernel) && !kernel.startsWith("jts-") && Double.isFinite(allocBytesPerPair)
                    && allocBytesPerPair > STEADY_ALLOC_BYTES_PER_PAIR) {
                why.add(String.format(java.util.Locale.ROOT, "allocates %.1f B/pair", allocBytesPerPair));
            }
            if (!Double.isFinite(error)) {
                why.add("no error");
            }
            return why.isEmpty() ? null : String.join("; ", why);
        }

        /** The workload's size: k for Wk/Tk/Hk, bodies for Fn, 200 for J200, 100000 for G100k, 0 for OBB. */
        int k() {
            String d = workload.substring(1);
            if (d.matches("\\d+k")) {
                return 1000 * Integer.parseInt(d.substring(0, d.length() - 1));
            }
            return d.matches("\\d+") ? Integer.parseInt(d) : 0;
        }
    }

    static int run(String[] args, PrintStream out, PrintStream err) throws IOException {
        Options o = Options.parse("bench", args, List.of("--forks", "--json", "--include", "--k", "--out"),
                List.of("--quick"));
        if (o.help()) {
            out.print(HELP);
            return 0;
        }
        boolean quick = o.flag("--quick");
        int forks = o.intValue("--forks", 1, 1, 20);
        String include = o.get("--include", DEFAULT_INCLUDE);
        Pattern pattern;
        try {
            pattern = Pattern.compile(include);
        } catch (java.util.regex.PatternSyntaxException e) {
            throw new Options.UsageException("bench: --include is not a regular expression: " + e.getDescription());
        }
        List<String> all = benchmarks();
        List<String> chosen = all.stream().filter(b -> pattern.matcher(b).find()).toList();
        if (chosen.isEmpty()) {
            throw new Options.UsageException("bench: --include '" + include + "' matches no benchmark; the benchmarks are:\n  "
                    + String.join("\n  ", all));
        }
        // --quick trims the workloads too: each (benchmark, k) costs a JVM fork plus setup.
        int[] given = o.intList("--k", null);
        int[] ks = given != null ? Arrays.stream(given).filter(k -> k < LARGE_K).toArray()
                : quick ? new int[] {4, 8, 32} : new int[] {4, 8, 16, 32, 64};
        int[] largeKs = given != null ? Arrays.stream(given).filter(k -> k >= LARGE_K).toArray()
                : quick ? new int[] {256} : new int[] {256, 1024};
        Path dir = Path.of(o.get("--out", "sepax-out"));
        Path json = Path.of(o.get("--json", dir.resolve("bench.json").toString()));
        Files.createDirectories(dir);
        if (json.toAbsolutePath().getParent() != null) {
            Files.createDirectories(json.toAbsolutePath().getParent());
        }

        List<RunResult> results = new ArrayList<>();
        try {
            // JBox2D polygons hold at most 8 vertices: its benchmarks run on the small k only.
            List<String> box2d = chosen.stream().filter(b -> b.startsWith(JBOX2D)).toList();
            List<String> large = chosen.stream().filter(b -> b.startsWith(LARGE)).toList();
            List<String> rest = chosen.stream().filter(b -> !b.startsWith(JBOX2D) && !b.startsWith(LARGE)).toList();
            if (!rest.isEmpty() && ks.length > 0) {
                results.addAll(runJmh(exactly(base(quick, forks, ks), rest), err));
            }
            if (!large.isEmpty() && largeKs.length > 0) {
                results.addAll(runJmh(exactly(base(quick, forks, largeKs), large), err));
            }
            int[] small = Arrays.stream(ks).filter(k -> k <= org.jbox2d.common.Settings.maxPolygonVertices).toArray();
            if (small.length > 0 && !box2d.isEmpty()) {
                results.addAll(runJmh(exactly(base(quick, forks, small), box2d), err));
            }
        } catch (RunnerException e) {
            err.println("sepax bench: JMH failed: " + (e.getMessage() != null ? e.getMessage()
                    : e.getCause() != null ? e.getCause().toString() : e.getClass().getSimpleName()));
            return 1;
        }
        List<Row> rows = rows(results);
        if (rows.isEmpty()) {
            err.println("sepax bench: no benchmark matched '" + include + "' or every run failed");
            return 1;
        }
        printTable(out, rows);
        List<Object> records = new ArrayList<>();
        for (Row r : rows) {
            records.add(r.toJson());
        }
        Files.writeString(json, Json.write(records));
        Chart chart = new Chart(ks.length > 0 ? ks : new int[] {4, 8, 16, 32, 64});
        for (Row r : rows) {
            if (!r.workload().startsWith("W") || r.k() >= LARGE_K) {
                continue; // the chart is pairs/s by k on Wk up to 64; frame workloads are frames/s, R8 has no k
            }
            chart.put(r.kernel(), r.k(), r.pairsPerSecond());
        }
        Path png = dir.resolve("bench-throughput.png");
        chart.writePng(png, "Sepax bench (JMH" + (quick ? ", quick" : "") + "): pairs/s by k");
        out.println("json:  " + json);
        out.println("chart: " + png);
        return 0;
    }

    /** Every benchmark in this jar (JMH's list), by full method name. */
    static List<String> benchmarks() {
        return BenchmarkList.defaultList()
                .getAll(OutputFormatFactory.createFormatInstance(new PrintStream(java.io.OutputStream.nullOutputStream()), VerboseMode.SILENT), List.of())
                .stream().map(BenchmarkListEntry::getUsername).distinct().sorted().toList();
    }

    private static ChainedOptionsBuilder exactly(ChainedOptionsBuilder b, List<String> benchmarks) {
        for (String name : benchmarks) {
            b.include(Pattern.quote(name) + "$");
        }
        return b;
    }

    private static ChainedOptionsBuilder base(boolean quick, int forks, int[] ks) {
        String[] kv = Arrays.stream(ks).mapToObj(Integer::toString).toArray(String[]::new);
        ChainedOptionsBuilder b = new OptionsBuilder()
                .param("k", kv)
                .forks(forks)
                .addProfiler(GCProfiler.class)
                .shouldFailOnError(false);
        String forced = System.getProperty("sepax.kernel");
        if (forced != null) {
            b.jvmArgsAppend("-Dsepax.kernel=" + forced); // e.g. SEPAX_JAVA_OPTS=-Dsepax.kernel=scalar
        }
        if (quick) {
            b.param("bodies", "2000");
            // SteadyState has compiled the kernel in the setup. JMH gives an error from 3
            // iterations on; 5 short ones keep its Student-t factor moderate (8.6 against 31.6).
            b.warmupIterations(2).warmupTime(TimeValue.milliseconds(100))
                    .measurementIterations(5).measurementTime(TimeValue.milliseconds(100));
        } else {
            b.warmupIterations(3).warmupTime(TimeValue.seconds(1))
                    .measurementIterations(5).measurementTime(TimeValue.seconds(1));
        }
        return b;
    }

    private static Collection<RunResult> runJmh(ChainedOptionsBuilder b, PrintStream err) throws RunnerException {
        return new Runner(b.build(), OutputFormatFactory.createFormatInstance(err, VerboseMode.NORMAL)).run();
    }

    /** Contract rows from JMH results, sorted by k then kernel. */
    static List<Row> rows(Collection<RunResult> results) {
        List<Row> rows = new ArrayList<>();
        for (RunResult r : results) {
            BenchmarkParams p = r.getParams();
            String bench = p.getBenchmark();
            String kernel = bench.substring(bench.lastIndexOf('.') + 1).replace('_', '-');
            String k = p.getParam("k");
            String bodies = p.getParam("bodies");
            // TouchingBenchmark measures the touching workloads Tk, every other one Wk.
            String prefix = bench.contains(".TouchingBenchmark.") ? "T" : "W";
            Result<?> primary = r.getPrimaryResult();
            double alloc = Double.NaN;
            for (String key : r.getSecondaryResults().keySet()) {
                if (key.endsWith("gc.alloc.rate.norm")) {
                    alloc = r.getSecondaryResults().get(key).getScore();
                }
            }
            // Frame workloads (FrameBenchmark, BroadPhaseBenchmark) are Fn: n bodies, one op per frame;
            // k = 0 names the rounded workload R8 (DistanceBenchmark).
            // 3D workloads (SolidBenchmark, ObbBenchmark) name themselves: H8..H64, OBB.
            String solid = p.getParam("solid");
            String workload = solid != null ? solid : bodies != null ? "F" + bodies : k == null ? prefix + "?"
                    : "0".equals(k) ? "R8" : prefix + k;
            // The concave workloads have fixed sizes: J200 (join, joins/s), G100k (fences, queries/s).
            if (bench.contains(".ConcaveJoinBenchmark.")) {
                workload = "J200";
            } else if (bench.contains(".FenceBenchmark.")) {
                workload = "G100k";
            }
            rows.add(new Row(workload, kernel, primary.getScore(), primary.getScoreError(), alloc));
        }
        rows.sort(Comparator.comparingInt((Row r) -> r.workload().endsWith("?") ? -1 : r.k())
                .thenComparing(Row::workload).thenComparing(Row::kernel));
        return rows;
    }

    static void printTable(PrintStream out, List<Row> rows) {
        out.printf("%-8s %-18s %14s %12s %12s  %s%n", "workload", "kernel", "pairs/s", "error", "B/pair", "note");
        int unsteady = 0;
        for (Row r : rows) {
            String why = r.notSteady();
            unsteady += why == null ? 0 : 1;
            out.printf("%-8s %-18s %14s %12s %12s  %s%n", r.workload(), r.kernel(), Demo.human(r.pairsPerSecond()),
                    Double.isFinite(r.error()) ? Demo.human(r.error()) : "-",
                    Double.isFinite(r.allocBytesPerPair()) ? String.format("%.1f", r.allocBytesPerPair()) : "-",
                    why == null ? "" : "not steady (" + why + ")");
        }
        if (unsteady > 0) {
            out.printf("%d record%s not steady: not a steady-state figure; rerun without --quick or with more --forks%n",
                    unsteady, unsteady == 1 ? " is" : "s are");
        }
    }
}
