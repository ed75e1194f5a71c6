import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A/B of one kernel across builds in one JVM: each bench jar (for example this checkout's
 * {@code bench/target/sepax-bench.jar} and one built from an older commit) is loaded in its own
 * class loader, and their batches on the standard workload Wk alternate for the given seconds;
 * the best batch of each is kept. On a shared, noisy host this compares builds far more stably
 * than separate JMH runs, since every slow period hits all builds alike. It also prints a hash
 * of each build's results, so equal hashes mean bit-identical outputs.
 *
 * <pre>
 * java --add-modules jdk.incubator.vector bench/tools/BuildAb.java KERNEL K SECONDS JAR...
 *   KERNEL: simd-mtv | scalar-mtv | simd-sweep | scalar-sweep (the bench record names)
 * </pre>
 * A single-file program, run from source; not part of the build.
 */
public final class BuildAb {
    private static final class Build {
        String jar;
        Method run;
        Object kernel;
        Object[] args;
        Object out;
        int pairs;
        long best = Long.MAX_VALUE;
    }

    public static void main(String[] a) throws Exception {
        if (a.length < 4) {
            throw new IllegalArgumentException("usage: BuildAb KERNEL K SECONDS JAR...");
        }
        String kind = a[0];
        int k = Integer.parseInt(a[1]);
        double seconds = Double.parseDouble(a[2]);
        List<Build> builds = new ArrayList<>();
        for (int i = 3; i < a.length; i++) {
            builds.add(load(a[i], kind, k));
        }
        long end = System.nanoTime() + (long) (seconds * 1e9);
        int rounds = 0;
        while (System.nanoTime() < end) {
            for (Build b : builds) {
                long t0 = System.nanoTime();
                b.run.invoke(b.kernel, b.args);
                long t = System.nanoTime() - t0;
                if (rounds >= 20) { // after a warm-up
                    b.best = Math.min(b.best, t);
                }
            }
            rounds++;
        }
        for (Build b : builds) {
            System.out.printf("%s %s W%d: best batch %.2f M pairs/s over %d rounds, results hash %016x%n",
                    b.jar, kind, k, b.pairs / (b.best / 1e9) / 1e6, rounds, hash(b));
        }
    }

    private static Build load(String jar, String kind, int k) throws Exception {
        URLClassLoader cl = new URLClassLoader(new URL[] {Path.of(jar).toUri().toURL()},
                ClassLoader.getPlatformClassLoader());
        Build b = new Build();
        b.jar = jar;
        Object scene = cl.loadClass("dev.sepax.bench.Workloads").getMethod("standard", int.class, long.class)
                .invoke(null, k, 42L);
        Object shapes = scene.getClass().getMethod("shapes").invoke(scene);
        Object pairs = scene.getClass().getMethod("pairs").invoke(scene);
        b.pairs = (int) pairs.getClass().getMethod("size").invoke(pairs);
        Class<?> shapesType = type(cl, "dev.sepax.shape.ConvexPolygons");
        Class<?> pairsType = type(cl, "dev.sepax.batch.PairBatch");
        String kernel = switch (kind) {
            case "simd-mtv" -> "dev.sepax.simd.VectorPenetration";
            case "scalar-mtv" -> "dev.sepax.narrow.ScalarPenetration";
            case "simd-sweep" -> "dev.sepax.simd.VectorSweep";
            case "scalar-sweep" -> "dev.sepax.narrow.ScalarSweep";
            default -> throw new IllegalArgumentException("kernel " + kind);
        };
        Class<?> kc = type(cl, kernel);
        b.kernel = kc.getField("INSTANCE").get(null);
        if (kind.endsWith("mtv")) {
            Class<?> outType = type(cl, "dev.sepax.batch.Penetrations");
            b.out = outType.getConstructor(int.class).newInstance(b.pairs);
            b.run = kc.getMethod("penetrations", shapesType, pairsType, outType);
            b.args = new Object[] {shapes, pairs, b.out};
        } else {
            Class<?> velocityType = type(cl, "dev.sepax.shape.Velocities");
            Class<?> outType = type(cl, "dev.sepax.batch.SweepResults");
            int n = (int) shapesType.getMethod("size").invoke(shapes);
            Object velocities = cl.loadClass("dev.sepax.bench.jmh.SweepBenchmark")
                    .getMethod("velocities", int.class, long.class).invoke(null, n, 42L);
            b.out = outType.getConstructor(int.class).newInstance(b.pairs);
            b.run = kc.getMethod("sweep", shapesType, velocityType, pairsType, float.class, outType);
            b.args = new Object[] {shapes, velocities, pairs, 1f, b.out};
        }
        return b;
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

    /** A hash of every float and int array the result buffer exposes (bits, not values). */
    private static long hash(Build b) throws Exception {
        b.run.invoke(b.kernel, b.args);
        long h = 0;
        for (String name : new String[] {"depths", "axes", "tFirsts", "tLasts", "normalXs", "normalYs"}) {
            Method m;
            try {
                m = b.out.getClass().getMethod(name);
            } catch (NoSuchMethodException e) {
                continue;
            }
            Object arr = m.invoke(b.out);
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
