import java.lang.management.ManagementFactory;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A/B of one kernel across builds in one JVM, like {@code BuildAb}, but timed by the thread's
 * CPU time on 4096-pair slices of the standard workload Wk (builds alternate slice by slice, the
 * least time of each slice is kept, the sum over slices is reported): on a host shared with
 * other work a whole 32 768-pair batch is rarely left alone, a slice often is.
 * {@code -Dhot=N} remaps the pairs onto the first N shapes, so that their data stays in the
 * caches (the kernel's compute alone; for the MTV, which has no early exit).
 *
 * <pre>
 * java [-Dhot=64] --add-modules jdk.incubator.vector bench/tools/AbCpu.java KERNEL K SECONDS JAR...
 *   KERNEL: simd-mtv | scalar-mtv | simd-sweep | scalar-sweep
 * </pre>
 * A single-file program, run from source; not part of the build.
 */
public final class AbCpu {
    static final class B { String jar; Method run; Object kernel; Object shapes, pairs, out, vel; boolean mtv; long[] best; }
    public static void main(String[] a) throws Exception {
        String kind = a[0]; int k = Integer.parseInt(a[1]); double sec = Double.parseDouble(a[2]);
        List<B> bs = new ArrayList<>();
        for (int i = 3; i < a.length; i++) bs.add(load(a[i], kind, k));
        var mx = ManagementFactory.getThreadMXBean();
        int slice = 4096, n = 32768, slices = n / slice;
        for (B b : bs) { b.best = new long[slices]; java.util.Arrays.fill(b.best, Long.MAX_VALUE); }
        long end = System.nanoTime() + (long) (sec * 1e9);
        int rounds = 0;
        while (System.nanoTime() < end) {
            for (int s = 0; s < slices; s++) {
                for (B b : bs) {
                    long t0 = mx.getCurrentThreadCpuTime();
                    if (b.mtv) b.run.invoke(b.kernel, b.shapes, b.pairs, s * slice, (s + 1) * slice, b.out);
                    else b.run.invoke(b.kernel, b.shapes, b.vel, b.pairs, s * slice, (s + 1) * slice, 1f, b.out);
                    long t = mx.getCurrentThreadCpuTime() - t0;
                    if (rounds >= 15) b.best[s] = Math.min(b.best[s], t);
                }
            }
            rounds++;
        }
        double base = 0;
        for (B b : bs) {
            long sum = 0; for (long t : b.best) sum += t;
            double ns = sum / (double) n;
            if (base == 0) base = ns;
            System.out.printf("%-22s %s W%d: %.1f ns/pair (%.2f M pairs/s), %.2fx first, %d rounds%n", b.jar, kind, k, ns, 1e3 / ns, base / ns, rounds);
        }
    }
    static Class<?> type(ClassLoader cl, String n) throws Exception {
        try { return cl.loadClass(n); } catch (ClassNotFoundException e) { return cl.loadClass("dev.sepax.core." + n.substring(n.lastIndexOf('.') + 1)); }
    }
    static B load(String jar, String kind, int k) throws Exception {
        URLClassLoader cl = new URLClassLoader(new URL[] {Path.of(jar).toUri().toURL()}, ClassLoader.getPlatformClassLoader());
        B b = new B(); b.jar = Path.of(jar).getFileName().toString();
        Object scene = cl.loadClass("dev.sepax.bench.Workloads").getMethod("standard", int.class, long.class).invoke(null, k, 42L);
        b.shapes = scene.getClass().getMethod("shapes").invoke(scene);
        b.pairs = scene.getClass().getMethod("pairs").invoke(scene);
        int pairs = (int) b.pairs.getClass().getMethod("size").invoke(b.pairs);
        int hot = Integer.getInteger("hot", 0);
        if (hot > 0) {
            Class<?> pbt = type(cl, "dev.sepax.batch.PairBatch");
            int[] pa, pb;
            try { pa = (int[]) pbt.getMethod("as").invoke(b.pairs); pb = (int[]) pbt.getMethod("bs").invoke(b.pairs); }
            catch (NoSuchMethodException e) { Object arrs = pbt.getMethod("arrays").invoke(b.pairs);
                pa = (int[]) arrs.getClass().getField("a").get(arrs); pb = (int[]) arrs.getClass().getField("b").get(arrs); }
            Object nb = pbt.getConstructor(int.class, int.class).newInstance(4096, 0);
            Method add = pbt.getMethod("add", int.class, int.class);
            int n = 0;
            for (int i = 0; n < pairs; i++) { int x = pa[i % pairs] % hot, y = (pb[i % pairs] + i / pairs) % hot; if (x != y) { add.invoke(nb, x, y); n++; } }
            b.pairs = nb;
        }
        Class<?> st = type(cl,"dev.sepax.shape.ConvexPolygons"), pt = type(cl,"dev.sepax.batch.PairBatch");
        b.mtv = kind.endsWith("mtv");
        String kc = switch (kind) { case "simd-mtv" -> "dev.sepax.simd.VectorPenetration"; case "scalar-mtv" -> "dev.sepax.narrow.ScalarPenetration";
            case "simd-sweep" -> "dev.sepax.simd.VectorSweep"; default -> "dev.sepax.narrow.ScalarSweep"; };
        Class<?> c = type(cl,kc); b.kernel = c.getField("INSTANCE").get(null);
        if (b.mtv) { Class<?> ot = type(cl,"dev.sepax.batch.Penetrations"); b.out = ot.getConstructor(int.class).newInstance(pairs);
            b.run = c.getMethod("penetrations", st, pt, int.class, int.class, ot); }
        else { Class<?> vt = type(cl,"dev.sepax.shape.Velocities"), ot = type(cl,"dev.sepax.batch.SweepResults");
            int n = (int) st.getMethod("size").invoke(b.shapes);
            b.vel = cl.loadClass("dev.sepax.bench.jmh.SweepBenchmark").getMethod("velocities", int.class, long.class).invoke(null, n, 42L);
            b.out = ot.getConstructor(int.class).newInstance(pairs);
            b.run = c.getMethod("sweep", st, vt, pt, int.class, int.class, float.class, ot); }
        return b;
    }
}
