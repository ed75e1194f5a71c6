import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.*;
import java.net.*;
import java.nio.file.Path;
import java.util.*;

/**
 * A/B of {@code PersistentBroadPhase} across builds in one JVM: each bench jar is loaded in its
 * own class loader with its own copy of the scene {@code F<bodies>} (same seed, same motion);
 * every frame each build steps and transforms its scene (untimed), then runs its persistent broad
 * phase and a {@code SweepAndPrune} rebuild, timed in thread CPU time, builds in rotating order.
 * Prints per build the medians and their ratio, and for two builds the median of the per-frame
 * ratios new / old of the persistent broad phase. Slow periods of a shared host hit both builds.
 *
 * <pre>
 * java --add-modules jdk.incubator.vector bench/tools/BroadPhaseAb.java BODIES FRAMES OLD.jar NEW.jar
 * </pre>
 * A single-file program, run from source; not part of the build.
 */
public final class BroadPhaseAb {
    static final class B {
        Object scene, poses, local, world, broad, sap, batch;
        Method step, setCosSin, transform, update, liveCount, findPairs;
        Field x, y, cos, sin;
        long[] t; long[] tr;
    }
    public static void main(String[] a) throws Exception {
        int bodies = Integer.parseInt(a[0]);
        int frames = Integer.parseInt(a[1]);
        List<B> bs = new ArrayList<>();
        for (int j = 2; j < a.length; j++) {
            ClassLoader cl = new URLClassLoader(new URL[]{Path.of(a[j]).toUri().toURL()}, BroadPhaseAb.class.getClassLoader());
            B b = new B();
            Class<?> fs = cl.loadClass("dev.sepax.bench.FrameScene");
            Class<?> fe = cl.loadClass("dev.sepax.bench.FrameEngines");
            Class<?> poses = cl.loadClass("dev.sepax.shape.Poses");
            Class<?> cp = cl.loadClass("dev.sepax.shape.ConvexPolygons");
            Class<?> pbp = cl.loadClass("dev.sepax.broad.PersistentBroadPhase");
            Class<?> sapc = cl.loadClass("dev.sepax.broad.SweepAndPrune");
            Class<?> pb = cl.loadClass("dev.sepax.batch.PairBatch");
            b.scene = fs.getConstructor(int.class, long.class).newInstance(bodies, 42L);
            Method loc = fs.getDeclaredMethod("local"); loc.setAccessible(true);
            b.local = loc.invoke(b.scene);
            b.world = cp.getMethod("newWorldStore").invoke(b.local);
            b.poses = poses.getConstructor(int.class).newInstance(bodies);
            Field fm = fe.getDeclaredField("FAT_MARGIN"); fm.setAccessible(true);
            b.broad = pbp.getConstructor(int.class, float.class, float.class).newInstance(bodies, 0f, fm.getFloat(null));
            b.sap = sapc.getConstructor().newInstance();
            b.batch = pb.getConstructor(int.class, int.class).newInstance(bodies, 0);
            b.step = fs.getDeclaredMethod("step"); b.step.setAccessible(true);
            b.setCosSin = poses.getMethod("setCosSin", int.class, float.class, float.class, float.class, float.class);
            b.transform = poses.getMethod("transform", cp, cp);
            b.update = pbp.getMethod("update", cp);
            b.liveCount = pbp.getMethod("liveCount");
            b.findPairs = sapc.getMethod("findPairs", cp, float.class, pb);
            b.x = fs.getDeclaredField("x"); b.x.setAccessible(true);
            b.y = fs.getDeclaredField("y"); b.y.setAccessible(true);
            b.cos = fs.getDeclaredField("cos"); b.cos.setAccessible(true);
            b.sin = fs.getDeclaredField("sin"); b.sin.setAccessible(true);
            b.t = new long[frames]; b.tr = new long[frames];
            bs.add(b);
        }
        ThreadMXBean tm = ManagementFactory.getThreadMXBean();
        for (int f = -300; f < frames; f++) {
            for (int jj = 0; jj < bs.size(); jj++) {
                B b = bs.get((jj + Math.max(f, 0)) % bs.size());
                b.step.invoke(b.scene);
                double[] x = (double[]) b.x.get(b.scene), y = (double[]) b.y.get(b.scene), c = (double[]) b.cos.get(b.scene), s = (double[]) b.sin.get(b.scene);
                for (int i = 0; i < bodies; i++) b.setCosSin.invoke(b.poses, i, (float) x[i], (float) y[i], (float) c[i], (float) s[i]);
                b.transform.invoke(b.poses, b.local, b.world);
                long t0 = tm.getCurrentThreadCpuTime();
                b.update.invoke(b.broad, b.world);
                long t1 = tm.getCurrentThreadCpuTime();
                b.findPairs.invoke(b.sap, b.world, 0f, b.batch);
                long t2 = tm.getCurrentThreadCpuTime();
                if (f >= 0) { b.t[f] = t1 - t0; b.tr[f] = t2 - t1; }
            }
        }
        for (int j = 0; j < bs.size(); j++) {
            B b = bs.get(j);
            long[] t = b.t.clone(); Arrays.sort(t); long[] r = b.tr.clone(); Arrays.sort(r);
            System.out.printf("%s: persistent %d us, rebuild %d us, ratio %.3f, live %s%n", a[j + 2], t[frames / 2] / 1000, r[frames / 2] / 1000, (double) t[frames / 2] / r[frames / 2], b.liveCount.invoke(b.broad));
        }
        if (bs.size() == 2) {
            double[] q = new double[frames];
            for (int f = 0; f < frames; f++) q[f] = (double) bs.get(1).t[f] / bs.get(0).t[f];
            Arrays.sort(q);
            System.out.printf("persistent new/old median of per-frame ratios %.3f%n", q[frames / 2]);
        }
    }
}
