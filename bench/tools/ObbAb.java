import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A/B of the OBB kernel across builds in one JVM, with JOML's {@code testObOb} on the same pairs:
 * each bench jar is loaded in its own class loader, and batches of the {@code OBB} workload
 * (32 768 pairs) alternate with JOML's loop (from the jar on the class path) for the given
 * seconds; the best and the median round (5 batches) of each are printed. On a shared host every
 * slow period hits all of them alike. Builds of the kernel loaded in one JVM share the Vector
 * API's profiles, which evened out a 15% difference between two builds here: compare builds in
 * separate runs (one jar each), each against JOML in its own JVM.
 *
 * <pre>
 * java --add-modules jdk.incubator.vector -cp JAR bench/tools/ObbAb.java ORDER SECONDS JAR...
 *   ORDER: random (the workload's order) | sorted (PairOrder.sortByFirst, as a broad phase emits)
 * </pre>
 * A single-file program, run from source; not part of the build.
 */
public final class ObbAb {
    private interface Run {
        int run() throws Exception;
    }

    public static void main(String[] a) throws Exception {
        if (a.length < 3) {
            throw new IllegalArgumentException("usage: ObbAb ORDER SECONDS JAR...");
        }
        boolean sorted = a[0].equals("sorted");
        double seconds = Double.parseDouble(a[1]);
        List<String> names = new ArrayList<>();
        List<Run> runs = new ArrayList<>();
        int pairsPerBatch = 0;
        for (int j = 2; j < a.length; j++) {
            URLClassLoader cl = new URLClassLoader(new URL[] {Path.of(a[j]).toUri().toURL()}, ObbAb.class.getClassLoader().getParent());
            Object w = cl.loadClass("dev.sepax.bench.SolidWorkloads").getMethod("boxes", long.class).invoke(null, 42L);
            Object boxes = w.getClass().getMethod("boxes").invoke(w);
            Object pairs = w.getClass().getMethod("pairs").invoke(w);
            Class<?> pairBatch = cl.loadClass("dev.sepax.batch.PairBatch");
            if (sorted) {
                Object order = cl.loadClass("dev.sepax.batch.PairOrder").getConstructor().newInstance();
                order.getClass().getMethod("sortByFirst", pairBatch, int[].class).invoke(order, pairs, null);
            }
            int n = (int) pairBatch.getMethod("size").invoke(pairs);
            pairsPerBatch = n;
            Class<?> bitsClass = cl.loadClass("dev.sepax.batch.OverlapBits");
            Object out = bitsClass.getConstructor(int.class).newInstance(n);
            Class<?> boxesClass = cl.loadClass("dev.sepax.solid.OrientedBoxes");
            Object kernel = cl.loadClass("dev.sepax.simd.VectorObbSat").getField("INSTANCE").get(null);
            Method test = kernel.getClass().getMethod("test", boxesClass, pairBatch, float.class, bitsClass);
            names.add(a[j]);
            runs.add(() -> (Integer) test.invoke(kernel, boxes, pairs, 0f, out));
            if (j == 2) {
                // JOML on the same pairs, compiled against the classes on the class path (-cp the
                // first jar), as ObbBenchmark.joml_obb calls it.
                dev.sepax.bench.SolidWorkloads.Boxes wj = dev.sepax.bench.SolidWorkloads.boxes(42);
                if (sorted) {
                    new dev.sepax.batch.PairOrder().sortByFirst(wj.pairs(), null);
                }
                int[] as = new int[n];
                int[] bs = new int[n];
                wj.pairs().copyIndices(as, bs);
                dev.sepax.bench.SolidPeers.JomlBoxes joml = new dev.sepax.bench.SolidPeers.JomlBoxes(wj.boxes());
                names.add("joml-obb");
                runs.add(() -> {
                    int hits = 0;
                    for (int p = 0; p < as.length; p++) {
                        hits += joml.test(as[p], bs[p]) ? 1 : 0;
                    }
                    return hits;
                });
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
                for (int rep = 0; rep < 5; rep++) {
                    hits[i] = runs.get(i).run();
                }
                long t = System.nanoTime() - t0;
                if (rounds >= 10) {
                    times.get(i).add(t);
                }
            }
            rounds++;
        }
        for (int i = 0; i < runs.size(); i++) {
            List<Long> l = times.get(i);
            l.sort(null);
            double b = 5.0 * pairsPerBatch / (l.get(0) / 1e9) / 1e6;
            double m = 5.0 * pairsPerBatch / (l.get(l.size() / 2) / 1e9) / 1e6;
            System.out.printf("%s %s: best %.1f M pairs/s (%.2f ns/pair), median %.1f M, hits %d, %d rounds%n",
                    a[0], names.get(i), b, 1e3 / b, m, hits[i], rounds);
        }
    }
}
