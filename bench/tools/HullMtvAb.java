import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A/B of the 3D MTV kernels ({@code simd-hull-mtv}, {@code scalar-hull-mtv}) across builds in one
 * JVM: each bench jar is loaded in its own class loader, and rounds of 3 batches of an {@code H*}
 * workload (32 768 pairs) alternate between every kernel of every jar for the given seconds; the
 * best and the median round of each are printed, with a checksum of the outputs (the same bits
 * give the same checksum). On a shared host every slow period hits all of them alike.
 *
 * <pre>
 * java --add-modules jdk.incubator.vector -cp JAR bench/tools/HullMtvAb.java WORKLOAD SECONDS JAR...
 *   WORKLOAD: H8 | H16 | H32 | H64
 * </pre>
 * A single-file program, run from source; not part of the build.
 */
public final class HullMtvAb {
    private interface Run {
        int run() throws Exception;
    }

    public static void main(String[] a) throws Exception {
        if (a.length < 3) {
            throw new IllegalArgumentException("usage: HullMtvAb WORKLOAD SECONDS JAR...");
        }
        double seconds = Double.parseDouble(a[1]);
        List<String> names = new ArrayList<>();
        List<Run> runs = new ArrayList<>();
        List<Object> outs = new ArrayList<>();
        int pairsPerBatch = 0;
        for (int j = 2; j < a.length; j++) {
            URLClassLoader cl = new URLClassLoader(new URL[] {Path.of(a[j]).toUri().toURL()}, HullMtvAb.class.getClassLoader().getParent());
            Object w = cl.loadClass("dev.sepax.bench.SolidWorkloads").getMethod("hulls", String.class, long.class).invoke(null, a[0], 42L);
            Object world = w.getClass().getMethod("world").invoke(w);
            Object pairs = w.getClass().getMethod("pairs").invoke(w);
            Class<?> pairBatch = cl.loadClass("dev.sepax.batch.PairBatch");
            Class<?> store = cl.loadClass("dev.sepax.solid.ConvexPolyhedra");
            Class<?> outClass = cl.loadClass("dev.sepax.solid.HullPenetrations");
            int n = (int) pairBatch.getMethod("size").invoke(pairs);
            pairsPerBatch = n;
            for (String k : new String[] {"dev.sepax.simd.VectorHullPenetration", "dev.sepax.solid.ScalarHullPenetration"}) {
                Object kernel = cl.loadClass(k).getField("INSTANCE").get(null);
                Object out = outClass.getConstructor(int.class).newInstance(n);
                Method m = kernel.getClass().getMethod("penetrations", store, pairBatch, outClass);
                names.add(a[j] + " " + k.substring(k.lastIndexOf('.') + 1));
                outs.add(out);
                runs.add(() -> (Integer) m.invoke(kernel, world, pairs, out));
            }
        }
        List<List<Long>> times = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            times.add(new ArrayList<>());
        }
        int[] hits = new int[runs.size()];
        long end = System.nanoTime() + (long) (seconds * 1e9);
        int rounds = 0;
        while (System.nanoTime() < end) {
            for (int i = 0; i < runs.size(); i++) {
                long t0 = System.nanoTime();
                for (int rep = 0; rep < 3; rep++) {
                    hits[i] = runs.get(i).run();
                }
                long t = System.nanoTime() - t0;
                if (rounds >= 5) {
                    times.get(i).add(t);
                }
            }
            rounds++;
        }
        for (int i = 0; i < runs.size(); i++) {
            List<Long> l = times.get(i);
            l.sort(null);
            double b = 3.0 * pairsPerBatch / (l.get(0) / 1e9) / 1e3;
            double m = 3.0 * pairsPerBatch / (l.get(l.size() / 2) / 1e9) / 1e3;
            System.out.printf("%s %s: best %.0f k pairs/s (%.0f ns/pair), median %.0f k, hits %d, checksum %x, %d rounds%n",
                    a[0], names.get(i), b, 1e6 / b, m, hits[i], checksum(outs.get(i)), rounds);
        }
    }

    private static long checksum(Object out) throws Exception {
        long h = 1;
        for (String f : new String[] {"normalXs", "normalYs", "normalZs", "depths"}) {
            for (float v : (float[]) out.getClass().getMethod(f).invoke(out)) {
                h = h * 31 + Float.floatToRawIntBits(v);
            }
        }
        for (int v : (int[]) out.getClass().getMethod("axes").invoke(out)) {
            h = h * 31 + v;
        }
        return h;
    }
}
