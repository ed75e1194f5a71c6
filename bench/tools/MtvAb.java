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
 * Same-JVM comparison of the MTV and swept-test kernels on all 32 768 pairs of Wk, across
 * builds: for each bench jar given (each in a class loader of its own) its {@code simd-mtv},
 * {@code simd-sweep} and, for k at most 8, {@code scalar-sweep} and the first jar's
 * {@code jbox2d-mtv} peer (JBox2D {@code collidePolygons}, as {@code PeerBenchmark} calls it).
 * The batches alternate round by round for the given seconds, so every slow period of a shared
 * host hits all of them alike; after a warm-up (a quarter of the time, at most 5 s) each
 * kernel's best and median batch by the thread's CPU time are printed, with its ratio to the
 * first jar's same kernel, and a hash of each build's outputs (equal hashes: the same bits).
 * The peer is called through a method handle (its class is in the jar's own loader).
 *
 * <pre>
 * java --add-modules jdk.incubator.vector bench/tools/MtvAb.java K SECONDS OLD.jar NEW.jar...
 * </pre>
 * A single-file program, run from source; not part of the build.
 */
public final class MtvAb {
    private static final class Run {
        String name;
        Runnable body;
        Object out;
        long[] times = new long[1 << 16];
        int n;
    }

    public static void main(String[] a) throws Exception {
        if (a.length < 3) {
            throw new IllegalArgumentException("usage: MtvAb K SECONDS JAR...");
        }
        int k = Integer.parseInt(a[0]);
        double seconds = Double.parseDouble(a[1]);
        List<Run> runs = new ArrayList<>();
        for (int i = 2; i < a.length; i++) {
            load(a[i], k, i == 2 && k <= 8, runs);
        }
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long start = System.nanoTime();
        long warm = start + (long) (Math.min(5, seconds / 4) * 1e9);
        long end = start + (long) (seconds * 1e9);
        int rounds = 0;
        while (System.nanoTime() < end) {
            for (Run r : runs) {
                long t0 = mx.getCurrentThreadCpuTime();
                r.body.run();
                long t = mx.getCurrentThreadCpuTime() - t0;
                if (System.nanoTime() > warm && r.n < r.times.length) { // after a warm-up
                    r.times[r.n++] = t;
                }
            }
            rounds++;
        }
        System.out.printf("W%d, %d rounds, M pairs/s by thread CPU time (best / median batch)%n", k, rounds);
        for (Run r : runs) {
            long[] t = Arrays.copyOf(r.times, r.n);
            Arrays.sort(t);
            double best = 32768 / (t[0] / 1e9) / 1e6;
            double median = 32768 / (t[t.length / 2] / 1e9) / 1e6;
            String kernel = r.name.substring(r.name.indexOf(' ') + 1);
            Run first = runs.stream().filter(o -> o.name.endsWith(" " + kernel)).findFirst().orElseThrow();
            long[] f = Arrays.copyOf(first.times, first.n);
            Arrays.sort(f);
            System.out.printf("  %-36s %8.2f / %8.2f   %.2fx / %.2fx first   hash %016x%n", r.name, best, median,
                    (double) f[0] / t[0], (double) f[f.length / 2] / t[t.length / 2], hash(r));
        }
    }

    private static void load(String jar, int k, boolean peer, List<Run> runs) throws Exception {
        URLClassLoader cl = new URLClassLoader(new URL[] {Path.of(jar).toUri().toURL()},
                ClassLoader.getPlatformClassLoader());
        String tag = Path.of(jar).getFileName().toString();
        Object scene = cl.loadClass("dev.sepax.bench.Workloads").getMethod("standard", int.class, long.class)
                .invoke(null, k, 42L);
        Object shapes = scene.getClass().getMethod("shapes").invoke(scene);
        Object pairs = scene.getClass().getMethod("pairs").invoke(scene);
        Class<?> st = type(cl, "dev.sepax.shape.ConvexPolygons");
        Class<?> pt = type(cl, "dev.sepax.batch.PairBatch");
        int n = (int) pt.getMethod("size").invoke(pairs);
        int shapeCount = (int) st.getMethod("size").invoke(shapes);
        Class<?> pen = type(cl, "dev.sepax.batch.Penetrations");
        Class<?> swr = type(cl, "dev.sepax.batch.SweepResults");
        Class<?> vel = type(cl, "dev.sepax.shape.Velocities");
        Object velocities = cl.loadClass("dev.sepax.bench.jmh.SweepBenchmark")
                .getMethod("velocities", int.class, long.class).invoke(null, shapeCount, 42L);
        {
            Class<?> c = cl.loadClass("dev.sepax.simd.VectorPenetration");
            Object kernel = c.getField("INSTANCE").get(null);
            Method m = c.getMethod("penetrations", st, pt, pen);
            Object out = pen.getConstructor(int.class).newInstance(n);
            runs.add(run(tag + " simd-mtv", out, () -> m.invoke(kernel, shapes, pairs, out)));
        }
        String[][] sweeps = k <= 8
                ? new String[][] {{"simd-sweep", "dev.sepax.simd.VectorSweep"}, {"scalar-sweep", "dev.sepax.narrow.ScalarSweep"}}
                : new String[][] {{"simd-sweep", "dev.sepax.simd.VectorSweep"}};
        for (String[] s : sweeps) {
            Class<?> c = type(cl, s[1]);
            Object kernel = c.getField("INSTANCE").get(null);
            Method m = c.getMethod("sweep", st, vel, pt, float.class, swr);
            Object out = swr.getConstructor(int.class).newInstance(n);
            runs.add(run(tag + " " + s[0], out, () -> m.invoke(kernel, shapes, velocities, pairs, 1f, out)));
        }
        if (peer) {
            Object peers = cl.loadClass("dev.sepax.bench.Peers").getConstructor(st).newInstance(shapes);
            Method m = peers.getClass().getMethod("jbox2dMtv", int.class, int.class);
            int[] pa = new int[n];
            int[] pb = new int[n];
            for (int p = 0; p < n; p++) {
                pa[p] = (int) pt.getMethod("shapeA", int.class).invoke(pairs, p);
                pb[p] = (int) pt.getMethod("shapeB", int.class).invoke(pairs, p);
            }
            // A direct call per pair (no reflection in the loop) through a method handle.
            var h = java.lang.invoke.MethodHandles.publicLookup().unreflect(m).bindTo(peers);
            int[] sink = new int[1];
            runs.add(run("(peer) jbox2d-mtv", null, () -> {
                int points = 0;
                for (int p = 0; p < n; p++) {
                    points += (int) h.invokeExact(pa[p], pb[p]);
                }
                sink[0] += points;
            }));
        }
    }

    /**
     * A class of the build by its current name, or by the name it had before the package split
     * (everything of core in {@code dev.sepax.core}), so that older commits' jars load too.
     */
    private static Class<?> type(ClassLoader cl, String name) throws ClassNotFoundException {
        try {
            return cl.loadClass(name);
        } catch (ClassNotFoundException e) {
            return cl.loadClass("dev.sepax.core." + name.substring(name.lastIndexOf('.') + 1));
        }
    }

    private interface Body {
        void run() throws Throwable;
    }

    private static Run run(String name, Object out, Body body) {
        Run r = new Run();
        r.name = name;
        r.out = out;
        r.body = () -> {
            try {
                body.run();
            } catch (Throwable e) {
                throw new RuntimeException(e);
            }
        };
        return r;
    }

    /** A hash of every float and int array the result buffer exposes (bits, not values). */
    private static long hash(Run r) throws Exception {
        if (r.out == null) {
            return 0;
        }
        long h = 0;
        for (String name : new String[] {"depths", "axes", "tFirsts", "tLasts", "normalXs", "normalYs"}) {
            Method m;
            try {
                m = r.out.getClass().getMethod(name);
            } catch (NoSuchMethodException e) {
                continue;
            }
            Object arr = m.invoke(r.out);
            if (arr instanceof float[] f) {
                for (float x : f) {
                    h = h * 31 + Float.floatToRawIntBits(x);
                }
            } else if (arr instanceof int[] f) {
                for (int x : f) {
                    h = h * 31 + x;
                }
            }
        }
        return h;
    }
}
