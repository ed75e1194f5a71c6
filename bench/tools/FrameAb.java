import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.*;
import java.net.*;
import java.nio.file.Path;
import java.util.*;

/**
 * The physics frame {@code F<bodies>} of several engines in one JVM: the Sepax frame of each
 * bench jar given (its own class loader, its SIMD kernels named explicitly, so no facade warm-up
 * decision enters the comparison) and, from the first jar, the JBox2D and dyn4j frames. Every
 * engine steps its own copy of the scene (same seed and motion); each round runs one frame of
 * every engine in rotating order, timed in thread CPU time, so a slow period of a shared host
 * hits them alike. Prints each engine's median frame and the medians of the per-round ratios of
 * the last jar's Sepax frame to every other engine. The Sepax builds must find the same number
 * of contact points in every round, the peers within {@code FrameEnginesTest}'s tolerance (their
 * own precision and tie-breaks).
 *
 * <pre>
 * java --add-modules jdk.incubator.vector bench/tools/FrameAb.java BODIES ROUNDS [OLD.jar ...] NEW.jar
 * </pre>
 * A single-file program, run from source; not part of the build.
 */
public final class FrameAb {
    record Engine(String name, Object engine, Method frame, long[] t) {}

    public static void main(String[] a) throws Exception {
        int bodies = Integer.parseInt(a[0]);
        int rounds = Integer.parseInt(a[1]);
        List<Engine> es = new ArrayList<>();
        ClassLoader first = null;
        for (int j = 2; j < a.length; j++) {
            ClassLoader cl = new URLClassLoader(new URL[]{Path.of(a[j]).toUri().toURL()}, FrameAb.class.getClassLoader());
            if (first == null) {
                first = cl;
            }
            Class<?> scene = cl.loadClass("dev.sepax.bench.FrameScene");
            Class<?> sf = cl.loadClass("dev.sepax.bench.FrameEngines$SepaxFrame");
            Class<?> tk = cl.loadClass("dev.sepax.shape.TransformKernel");
            Class<?> sk = cl.loadClass("dev.sepax.narrow.SatKernel");
            Class<?> mk = cl.loadClass("dev.sepax.contact.ManifoldKernel");
            Object transform = cl.loadClass("dev.sepax.simd.VectorTransform").getField("INSTANCE").get(null);
            Object sat = cl.loadClass("dev.sepax.simd.VectorSat").getField("INSTANCE").get(null);
            Object manifolds = cl.loadClass("dev.sepax.simd.VectorManifolds").getField("INSTANCE").get(null);
            Constructor<?> c = sf.getConstructor(scene, tk, sk, mk);
            Object warm = c.newInstance(scene.getConstructor(int.class, long.class).newInstance(2000, 7L), transform, sat, manifolds);
            Method frame = sf.getMethod("frame");
            for (int f = 0; f < 300; f++) {
                frame.invoke(warm);
            }
            Object e = c.newInstance(scene.getConstructor(int.class, long.class).newInstance(bodies, 42L), transform, sat, manifolds);
            es.add(new Engine("sepax " + a[j], e, frame, new long[rounds]));
        }
        for (String peer : new String[]{"Jbox2dFrame", "Dyn4jFrame"}) {
            Class<?> scene = first.loadClass("dev.sepax.bench.FrameScene");
            Class<?> pc = first.loadClass("dev.sepax.bench.FrameEngines$" + peer);
            Constructor<?> c = pc.getConstructor(scene);
            Method frame = pc.getMethod("frame");
            Object warm = c.newInstance(scene.getConstructor(int.class, long.class).newInstance(2000, 7L));
            for (int f = 0; f < 300; f++) {
                frame.invoke(warm);
            }
            es.add(new Engine(peer, c.newInstance(scene.getConstructor(int.class, long.class).newInstance(bodies, 42L)), frame, new long[rounds]));
        }
        ThreadMXBean tm = ManagementFactory.getThreadMXBean();
        int n = es.size();
        for (int r = -20; r < rounds; r++) {
            int[] points = new int[n];
            for (int j = 0; j < n; j++) {
                int k = (j + Math.max(r, 0)) % n;
                Engine e = es.get(k);
                long t0 = tm.getCurrentThreadCpuTime();
                points[k] = (Integer) e.frame().invoke(e.engine());
                long t1 = tm.getCurrentThreadCpuTime();
                if (r >= 0) {
                    e.t()[r] = t1 - t0;
                }
            }
            int s = points[n - 3];
            for (int k = 0; k < n - 2; k++) {
                if (points[k] != s) {
                    throw new IllegalStateException("round " + r + ": " + es.get(k).name() + " found " + points[k] + " contact points, " + es.get(n - 3).name() + " " + s);
                }
            }
            if (Math.abs(points[n - 2] - s) > 2 + s / 50 || Math.abs(points[n - 1] - s) > 2 + s / 20) {
                throw new IllegalStateException("round " + r + ": sepax " + s + ", jbox2d " + points[n - 2] + ", dyn4j " + points[n - 1] + " contact points");
            }
        }
        Engine last = es.get(n - 1 - 2);
        for (Engine e : es) {
            long[] t = e.t().clone();
            Arrays.sort(t);
            double[] q = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                q[r] = (double) e.t()[r] / last.t()[r];
            }
            Arrays.sort(q);
            System.out.printf("%-60s median %8.1f us, best %8.1f us; time / last sepax frame: median of rounds %.3f%n",
                    e.name(), t[rounds / 2] / 1000.0, t[0] / 1000.0, q[rounds / 2]);
        }
    }
}
