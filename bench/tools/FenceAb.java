import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A/B of G100k's polygon queries ({@code sepax-fence}) across builds in one JVM: each bench jar
 * is loaded in its own class loader and builds its own index over the same fences; rounds of the
 * same queries alternate between the builds, each timed in thread CPU time. Prints, per build, the
 * best and the median round per query and the hit total (equal totals are required).
 *
 * <pre>
 * java --add-modules jdk.incubator.vector bench/tools/FenceAb.java SECONDS QUERIES BUILD...
 *   QUERIES: how many of the 1024 benchmark queries a round repeats (1024 as FenceBenchmark;
 *            16 keeps the working set in cache)
 *   BUILD:   JAR (one query per call), or JAR#batch (the round's queries in one batched call,
 *            for builds that have it)
 * </pre>
 * A single-file program, run from source; not part of the build.
 */
public final class FenceAb {
    private static final int STINT = 24;
    private static final int SKIP = 4;
    private static final class Build {
        String jar;
        MethodHandle intersecting;
        MethodHandle batch;
        int[] ends = new int[1024];
        int[] batchHits = new int[1 << 16];
        Object query;
        float[][] polygons;
        int[] hits = new int[256];
        List<Long> times = new ArrayList<>();
        int total = -1;
    }

    public static void main(String[] a) throws Throwable {
        if (a.length < 3) {
            throw new IllegalArgumentException("usage: FenceAb SECONDS QUERIES JAR...");
        }
        double seconds = Double.parseDouble(a[0]);
        int queries = Integer.parseInt(a[1]);
        List<Build> builds = new ArrayList<>();
        for (int i = 2; i < a.length; i++) {
            builds.add(load(a[i], queries));
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long end = System.nanoTime() + (long) (seconds * 1e9);
        int rounds = 0;
        while (System.nanoTime() < end) {
            for (Build b : builds) {
                // A stint of STINT rounds per build, as JMH runs one kernel for a while; the
                // first rounds of a stint, which refill the caches the other builds took, are
                // not kept; the stint's median round is.
                long[] stint = new long[STINT - SKIP];
                for (int s = 0; s < STINT; s++) {
                    // Repeat small sets so that every round runs 1024 queries.
                    int reps = Math.max(1, 1024 / queries);
                    long t0 = threads.getCurrentThreadCpuTime();
                    int total = 0;
                    for (int r = 0; r < reps; r++) {
                        if (b.batch != null) {
                            int n = b.polygons.length;
                            int done = (int) b.batch.invokeExact(b.query, b.polygons, 0, n, 0f, b.ends, b.batchHits);
                            if (done != n) {
                                throw new IllegalStateException(b.jar + ": batch answered " + done + " of " + n);
                            }
                            total += b.ends[n - 1];
                        } else {
                            for (float[] q : b.polygons) {
                                total += (int) b.intersecting.invokeExact(b.query, q, 0f, b.hits);
                            }
                        }
                    }
                    long t = threads.getCurrentThreadCpuTime() - t0;
                    if (b.total >= 0 && b.total != total) {
                        throw new IllegalStateException(b.jar + ": hits changed " + b.total + " -> " + total);
                    }
                    b.total = total;
                    if (s >= SKIP) {
                        stint[s - SKIP] = t;
                    }
                }
                Arrays.sort(stint);
                if (rounds >= 3) {
                    b.times.add(stint[stint.length / 2]);
                }
            }
            rounds++;
        }
        int per = Math.max(1, 1024 / queries) * queries;
        List<Long> base = builds.get(0).times;
        for (Build b : builds) {
            long[] t = b.times.stream().mapToLong(Long::longValue).sorted().toArray();
            // Each round's time over the first build's in the same round: slow periods of a
            // shared host hit both, so the median ratio is steadier than either time.
            double[] ratio = new double[b.times.size()];
            for (int i = 0; i < ratio.length; i++) {
                ratio[i] = (double) b.times.get(i) / base.get(i);
            }
            Arrays.sort(ratio);
            System.out.printf("%s: stint medians: best %.3f us, median %.3f us per query over %d stints, hits %d;"
                    + " time / first build's in the same round: median %.3f (quartiles %.3f-%.3f)%n", b.jar,
                    t[0] / 1e3 / per, t[t.length / 2] / 1e3 / per, t.length, b.total,
                    ratio[ratio.length / 2], ratio[ratio.length / 4], ratio[3 * ratio.length / 4]);
        }
        for (Build b : builds) {
            if (b.total != builds.get(0).total) {
                throw new IllegalStateException("hit totals differ: " + builds.get(0).total + " vs " + b.total);
            }
        }
    }

    private static Build load(String spec, int queries) throws Throwable {
        int hash = spec.indexOf('#');
        String jar = hash < 0 ? spec : spec.substring(0, hash);
        String mode = hash < 0 ? "" : spec.substring(hash + 1);
        ClassLoader loader = new URLClassLoader(new URL[] {Path.of(jar).toUri().toURL()}, FenceAb.class.getClassLoader().getParent());
        Class<?> w = loader.loadClass("dev.sepax.bench.ConcaveWorkloads");
        List<?> shapes = (List<?>) w.getMethod("fences", int.class, long.class).invoke(null, 100_000, 5L);
        float[][] polygons = (float[][]) w.getMethod("queries", int.class, int.class, long.class).invoke(null, 100_000, 1024, 6L);
        Class<?> compounds = loader.loadClass("dev.sepax.concave.Compounds");
        Object builder = compounds.getMethod("builder").invoke(null);
        Method add = builder.getClass().getMethod("add", float[][].class);
        Method rings = shapes.get(0).getClass().getMethod("rings");
        add.setAccessible(true);
        rings.setAccessible(true);
        for (Object s : shapes) {
            add.invoke(builder, (Object) rings.invoke(s));
        }
        Object built = builder.getClass().getMethod("build").invoke(builder);
        Class<?> index = loader.loadClass("dev.sepax.query.FenceIndex");
        Object ix = index.getMethod("of", compounds).invoke(null, built);
        Build b = new Build();
        b.jar = spec;
        b.query = index.getMethod("newQuery").invoke(ix);
        Class<?> fq = loader.loadClass("dev.sepax.query.FenceQuery");
        b.intersecting = MethodHandles.publicLookup().findVirtual(fq, "intersecting",
                MethodType.methodType(int.class, float[].class, float.class, int[].class))
                .asType(MethodType.methodType(int.class, Object.class, float[].class, float.class, int[].class));
        if (mode.equals("batch")) {
            b.batch = MethodHandles.publicLookup().findVirtual(fq, "intersecting",
                    MethodType.methodType(int.class, float[][].class, int.class, int.class, float.class, int[].class, int[].class))
                    .asType(MethodType.methodType(int.class, Object.class, float[][].class, int.class, int.class, float.class,
                            int[].class, int[].class));
        }
        b.polygons = Arrays.copyOf(polygons, queries);
        return b;
    }
}
