import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The SIMD manifold kernel ({@code VectorManifolds}, margin 0, every pair of the standard
 * workload Wk) of several bench jars in one JVM, each in its own class loader: rounds of one
 * pass per jar in rotating order, timed in thread CPU time. Prints each jar's best and median
 * nanoseconds per pair and the median of the per-round ratios to the last jar. The jars must
 * report the same number of pairs with points.
 *
 * <pre>
 * java --add-modules jdk.incubator.vector bench/tools/ManifoldAb.java K ROUNDS [OLD.jar ...] NEW.jar
 * </pre>
 * A single-file program, run from source; not part of the build.
 */
public final class ManifoldAb {
    public static void main(String[] a) throws Exception {
        int k = Integer.parseInt(a[0]);
        int rounds = Integer.parseInt(a[1]);
        int n = a.length - 2;
        Object[] kernel = new Object[n];
        Object[] shapes = new Object[n];
        Object[] pairs = new Object[n];
        Object[] out = new Object[n];
        Method[] run = new Method[n];
        int size = 0;
        for (int j = 0; j < n; j++) {
            ClassLoader cl = new URLClassLoader(new URL[]{Path.of(a[j + 2]).toUri().toURL()}, ManifoldAb.class.getClassLoader());
            Object scene = cl.loadClass("dev.sepax.bench.Workloads").getMethod("standard", int.class, long.class).invoke(null, k, 42L);
            shapes[j] = scene.getClass().getMethod("shapes").invoke(scene);
            pairs[j] = scene.getClass().getMethod("pairs").invoke(scene);
            size = (Integer) pairs[j].getClass().getMethod("size").invoke(pairs[j]);
            Class<?> mc = cl.loadClass("dev.sepax.contact.ContactManifolds");
            out[j] = mc.getConstructor(int.class).newInstance(size);
            kernel[j] = cl.loadClass("dev.sepax.simd.VectorManifolds").getField("INSTANCE").get(null);
            run[j] = cl.loadClass("dev.sepax.contact.ManifoldKernel").getMethod("manifolds",
                    cl.loadClass("dev.sepax.shape.ConvexPolygons"), cl.loadClass("dev.sepax.batch.PairBatch"), float.class, mc);
        }
        ThreadMXBean tm = ManagementFactory.getThreadMXBean();
        long[][] t = new long[n][rounds];
        for (int r = -200; r < rounds; r++) {
            int first = -1;
            for (int i = 0; i < n; i++) {
                int j = (i + Math.max(r, 0)) % n;
                long t0 = tm.getCurrentThreadCpuTime();
                int touching = (Integer) run[j].invoke(kernel[j], shapes[j], pairs[j], 0f, out[j]);
                long t1 = tm.getCurrentThreadCpuTime();
                if (r >= 0) {
                    t[j][r] = t1 - t0;
                }
                if (first < 0) {
                    first = touching;
                } else if (touching != first) {
                    throw new IllegalStateException("round " + r + ": " + a[j + 2] + " " + touching + " pairs with points, expected " + first);
                }
            }
        }
        for (int j = 0; j < n; j++) {
            long[] s = t[j].clone();
            Arrays.sort(s);
            double[] q = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                q[r] = (double) t[j][r] / t[n - 1][r];
            }
            Arrays.sort(q);
            System.out.printf("W%d %-40s best %6.1f ns/pair, median %6.1f ns/pair; time / last: median of rounds %.3f%n",
                    k, a[j + 2], (double) s[0] / size, (double) s[rounds / 2] / size, q[rounds / 2]);
        }
    }
}
