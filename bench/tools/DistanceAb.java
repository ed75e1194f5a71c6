import dev.sepax.batch.Distances;
import dev.sepax.batch.PairBatch;
import dev.sepax.shape.RoundedShapes;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jbox2d.collision.Distance;
import org.jbox2d.collision.DistanceInput;
import org.jbox2d.collision.DistanceOutput;
import org.jbox2d.collision.shapes.CircleShape;
import org.jbox2d.collision.shapes.EdgeShape;
import org.jbox2d.collision.shapes.PolygonShape;
import org.jbox2d.collision.shapes.Shape;
import org.jbox2d.common.Vec2;

/**
 * Same-JVM comparison of the distance kernels on all 32 768 pairs of Wk (or R8 for {@code k = 0}):
 * this build's SIMD and scalar kernels, JBox2D's {@code Distance.distance} (as
 * {@code DistanceBenchmark} calls it; only where no polygon has more than 8 vertices) and, for each further jar given, that build's SIMD kernel
 * (loaded in a class loader of its own). The batches alternate round by round for the given
 * seconds, so every slow period of a shared host hits all of them alike; each kernel's best and
 * median batch by the thread's CPU time are printed, with the ratios of the SIMD kernel to the
 * others and a hash of each SIMD build's outputs (equal hashes: the same bits).
 *
 * <pre>
 * java --add-modules jdk.incubator.vector -cp bench/target/sepax-bench.jar bench/tools/DistanceAb.java K SECONDS [JAR...]
 * </pre>
 * A single-file program, run from source; not part of the build. The first 50 rounds are
 * warm-up (the Vector API runs interpreted until C2 has compiled it). With {@code -Dalign=64}
 * every SIMD build's scratch arrays, pair lists and output arrays are moved to 64-byte
 * boundaries after the warm-up (see {@code alignScratch}); run with {@code -Xmx6g -Xmn4g}
 * (compressed references shifted by 3, and a young generation large enough that no collection
 * moves the arrays again) and check the residues printed at the end. Unaligned, each build
 * runs at the speed of wherever the allocator put its arrays (up to about 1.15x apart);
 * {@code -Dresidue=R} moves them to a given misalignment instead (R a multiple of 8 below 64).
 */
public final class DistanceAb {
    /** With {@code -Dalign=64}: the address mod 64 the arrays are moved to ({@code -Dresidue=R}, a multiple of 8; 0 = aligned). */
    private static final int RESIDUE = Integer.getInteger("residue", 0);
    private interface Batch {
        void run() throws Exception;
    }

    private static final class Entry {
        final String name;
        final Batch batch;
        final long[] times;
        long hash;
        Object out;
        /** The class loader of a SIMD build (null for the peers): its scratch is aligned with {@code -Dalign=64}. */
        ClassLoader loader;
        /** That build's pair batch (aligned with its scratch). */
        Object pairs;

        Entry(String name, Batch batch, int cap) {
            this.name = name;
            this.batch = batch;
            this.times = new long[cap];
        }
    }

    public static void main(String[] a) throws Exception {
        if (a.length < 2) {
            throw new IllegalArgumentException("usage: DistanceAb K SECONDS [JAR...]");
        }
        int k = Integer.parseInt(a[0]);
        double seconds = Double.parseDouble(a[1]);
        RoundedShapes shapes;
        PairBatch pairs;
        if (k == 0) {
            var scene = dev.sepax.bench.RoundedWorkloads.r8(42);
            shapes = scene.shapes();
            pairs = scene.pairs();
        } else {
            var scene = dev.sepax.bench.Workloads.standard(k, 42);
            shapes = RoundedShapes.of(scene.shapes());
            pairs = scene.pairs();
        }
        int n = pairs.size();
        int cap = 1 << 16;
        List<Entry> entries = new ArrayList<>();
        Distances simdOut = new Distances(n);
        Entry simd = new Entry("simd", () -> dev.sepax.simd.VectorDistance.INSTANCE.distances(shapes, pairs, simdOut), cap);
        simd.loader = DistanceAb.class.getClassLoader();
        simd.out = simdOut;
        simd.pairs = pairs;
        entries.add(simd);
        Distances scalarOut = new Distances(n);
        entries.add(new Entry("scalar", () -> dev.sepax.narrow.ScalarDistance.INSTANCE.distances(shapes, pairs, scalarOut), cap));
        if (shapes.maxCount() <= org.jbox2d.common.Settings.maxPolygonVertices) {
            entries.add(new Entry("jbox2d", box2d(shapes, pairs), cap));
        }
        List<Entry> builds = new ArrayList<>();
        builds.add(simd);
        for (int i = 2; i < a.length; i++) {
            Entry e = other(a[i], k, cap);
            entries.add(e);
            builds.add(e);
        }
        var mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long end = System.nanoTime() + (long) (seconds * 1e9);
        int rounds = 0;
        boolean align = Integer.getInteger("align", 0) == 64;
        while ((System.nanoTime() < end || rounds <= 60) && rounds - 50 < cap) {
            if (align && rounds == 50) {
                // The warm-up's garbage goes first; the fresh arrays then stay put as long as no
                // young collection runs (give the JVM a large young generation, e.g. -Xmn4g).
                System.gc();
                for (Entry e : builds) {
                    alignScratch(e.loader, true);
                    Object arrays = e.pairs.getClass().getMethod("arrays").invoke(e.pairs);
                    alignArrays(arrays, "a", "b");
                    alignArrays(e.out, "distance", "pointAX", "pointAY", "pointBX", "pointBY", "normalX", "normalY",
                            "iterations", "exit");
                }
            }
            for (Entry e : entries) {
                long t0 = mx.getCurrentThreadCpuTime();
                e.batch.run();
                long t = mx.getCurrentThreadCpuTime() - t0;
                if (rounds >= 50) {
                    e.times[rounds - 50] = t;
                }
            }
            rounds++;
        }
        int m = rounds - 50;
        simd.hash = hash(simdOut);
        for (Entry e : builds) {
            if (e != simd) {
                e.hash = hashOther(e.out);
            }
        }
        double simdBest = 0;
        double simdMedian = 0;
        for (Entry e : entries) {
            long[] t = Arrays.copyOf(e.times, m);
            Arrays.sort(t);
            double best = t[0] / (double) n;
            double median = t[m / 2] / (double) n;
            if (e == simd) {
                simdBest = best;
                simdMedian = median;
            }
            System.out.printf("%-40s best %6.1f ns/pair (%6.2f M/s)  median %6.1f ns/pair  best ratio %5.2fx  median ratio %5.2fx%s%n",
                    e.name, best, 1e3 / best, median, best / simdBest, median / simdMedian,
                    builds.contains(e) ? String.format("  hash %016x", e.hash) : "");
        }
        System.out.printf("W%d, %d rounds (ratio: that kernel's time / this build's simd)%n", k, m);
        if (align) {
            StringBuilder sb = new StringBuilder("scratch address mod 64 at the end (state ax ay bx by), by build:");
            for (Entry e : builds) {
                sb.append(' ').append(alignScratch(e.loader, false));
            }
            System.out.println(sb);
        }
    }

    /**
     * With {@code -Dalign=64}: after the warm-up, this thread's GjkLanes scratch arrays of the
     * build in {@code loader} are replaced by fresh ones whose first element sits on a 64-byte
     * boundary (addresses read through sun.misc.Unsafe: a measuring aid, never library code),
     * so that every 16-float row load and store stays within one cache line. The kernel's
     * speed depends on where the allocator happened to put these arrays (about 1.1x between
     * aligned and not), so two builds in one JVM compare fairly only when both are aligned.
     * Returns the current residues (a GC may move the arrays again).
     */
    @SuppressWarnings("removal")
    private static String alignScratch(ClassLoader loader, boolean replace) throws Exception {
        java.lang.reflect.Field uf = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
        uf.setAccessible(true);
        sun.misc.Unsafe u = (sun.misc.Unsafe) uf.get(null);
        Class<?> gl = Class.forName("dev.sepax.simd.GjkLanes", true, loader);
        Object g = gjkLanes(loader, gl);
        StringBuilder sb = new StringBuilder();
        List<float[]> discarded = new ArrayList<>();
        for (String name : new String[] {"state", "ax", "ay", "bx", "by"}) {
            java.lang.reflect.Field f = gl.getDeclaredField(name);
            f.setAccessible(true);
            float[] arr = (float[]) f.get(g);
            if (replace) {
                while (address(u, arr) % 64 != RESIDUE) {
                    discarded.add(arr);
                    arr = new float[arr.length];
                }
                f.set(g, arr);
            }
            sb.append(sb.length() == 0 ? "" : "/").append(address(u, arr) % 64);
        }
        return sb.toString();
    }

    /**
     * The GjkLanes this thread's batches use: a builds' per-thread instance ({@code PER_THREAD}),
     * or, where the lane state comes with the scratch pool, the pooled instance's (one thread
     * takes the same pooled instance batch after batch: the only free one, in its first slot).
     */
    private static Object gjkLanes(ClassLoader loader, Class<?> gl) throws Exception {
        try {
            java.lang.reflect.Field pt = gl.getDeclaredField("PER_THREAD");
            pt.setAccessible(true);
            return ((ThreadLocal<?>) pt.get(null)).get();
        } catch (NoSuchFieldException pooled) {
            Class<?> ks = Class.forName("dev.sepax.simd.KernelScratch", true, loader);
            java.lang.reflect.Field free = ks.getDeclaredField("FREE");
            free.setAccessible(true);
            java.util.concurrent.atomic.AtomicReferenceArray<?> pool =
                    (java.util.concurrent.atomic.AtomicReferenceArray<?>) free.get(null);
            java.lang.reflect.Field gjk = ks.getDeclaredField("gjk");
            gjk.setAccessible(true);
            Object found = null;
            for (int i = 0; i < pool.length(); i++) {
                Object scratch = pool.get(i);
                Object lanes = scratch == null ? null : gjk.get(scratch);
                if (lanes != null) {
                    if (found != null) {
                        throw new IllegalStateException("more than one pooled GjkLanes: cannot tell which this thread uses");
                    }
                    found = lanes;
                }
            }
            if (found == null) {
                throw new IllegalStateException("no pooled GjkLanes after the warm-up");
            }
            return found;
        }
    }

    /** The array fields {@code names} of {@code holder} replaced by copies that start on a 64-byte boundary (see {@code alignScratch}). */
    @SuppressWarnings("removal")
    private static void alignArrays(Object holder, String... names) throws Exception {
        java.lang.reflect.Field uf = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
        uf.setAccessible(true);
        sun.misc.Unsafe u = (sun.misc.Unsafe) uf.get(null);
        List<Object> discarded = new ArrayList<>();
        for (String name : names) {
            java.lang.reflect.Field f = holder.getClass().getDeclaredField(name);
            f.setAccessible(true);
            Object arr = f.get(holder);
            Object copy = arr;
            while (address(u, copy) % 64 != RESIDUE) {
                discarded.add(copy);
                copy = arr instanceof float[] fa ? fa.clone() : ((int[]) arr).clone();
            }
            f.set(holder, copy);
        }
    }

    @SuppressWarnings("removal")
    private static long address(sun.misc.Unsafe u, Object array) {
        Object[] holder = {array};
        long ref = u.getInt(holder, (long) u.arrayBaseOffset(Object[].class)) & 0xffffffffL;
        // Compressed references with a zero base and a shift of 3 (a heap of 4 to 32 GB).
        return (ref << 3) + u.arrayBaseOffset(float[].class);
    }

    private static Batch box2d(RoundedShapes s, PairBatch pairs) {
        Distance.DistanceProxy[] proxy = new Distance.DistanceProxy[s.size()];
        for (int i = 0; i < s.size(); i++) {
            int c = s.count(i);
            Shape shape;
            if (c == 1) {
                CircleShape circle = new CircleShape();
                circle.m_p.set(s.pointX(i, 0), s.pointY(i, 0));
                shape = circle;
            } else if (c == 2) {
                EdgeShape e = new EdgeShape();
                e.set(new Vec2(s.pointX(i, 0), s.pointY(i, 0)), new Vec2(s.pointX(i, 1), s.pointY(i, 1)));
                shape = e;
            } else {
                Vec2[] v = new Vec2[c];
                for (int j = 0; j < c; j++) {
                    v[j] = new Vec2(s.pointX(i, j), s.pointY(i, j));
                }
                PolygonShape p = new PolygonShape();
                p.set(v, c);
                shape = p;
            }
            shape.m_radius = s.radius(i);
            proxy[i] = new Distance.DistanceProxy();
            proxy[i].set(shape, 0);
        }
        Distance distance = new Distance();
        Distance.SimplexCache cache = new Distance.SimplexCache();
        DistanceInput in = new DistanceInput();
        DistanceOutput out = new DistanceOutput();
        in.transformA.setIdentity();
        in.transformB.setIdentity();
        in.useRadii = true;
        int[] as = new int[pairs.size()];
        int[] bs = new int[pairs.size()];
        pairs.copyIndices(as, bs);
        double[] sink = new double[1];
        return () -> {
            double sum = 0;
            for (int p = 0; p < as.length; p++) {
                in.proxyA = proxy[as[p]];
                in.proxyB = proxy[bs[p]];
                cache.count = 0;
                distance.distance(out, cache, in);
                sum += out.distance;
            }
            sink[0] += sum;
        };
    }

    /** Another build's SIMD kernel, in a class loader of its own, on its own copy of the scene. */
    private static Entry other(String jar, int k, int cap) throws Exception {
        URLClassLoader cl = new URLClassLoader(new URL[] {Path.of(jar).toUri().toURL()}, ClassLoader.getPlatformClassLoader());
        Object shapes;
        Object pairs;
        Class<?> shapesType = cl.loadClass("dev.sepax.shape.RoundedShapes");
        if (k == 0) {
            Object scene = cl.loadClass("dev.sepax.bench.RoundedWorkloads").getMethod("r8", long.class).invoke(null, 42L);
            shapes = scene.getClass().getMethod("shapes").invoke(scene);
            pairs = scene.getClass().getMethod("pairs").invoke(scene);
        } else {
            Object scene = cl.loadClass("dev.sepax.bench.Workloads").getMethod("standard", int.class, long.class).invoke(null, k, 42L);
            Object polygons = scene.getClass().getMethod("shapes").invoke(scene);
            shapes = shapesType.getMethod("of", cl.loadClass("dev.sepax.shape.ConvexPolygons")).invoke(null, polygons);
            pairs = scene.getClass().getMethod("pairs").invoke(scene);
        }
        Class<?> pairsType = cl.loadClass("dev.sepax.batch.PairBatch");
        Class<?> outType = cl.loadClass("dev.sepax.batch.Distances");
        int n = (int) pairsType.getMethod("size").invoke(pairs);
        Object out = outType.getConstructor(int.class).newInstance(n);
        Class<?> kc = cl.loadClass("dev.sepax.simd.VectorDistance");
        Object kernel = kc.getField("INSTANCE").get(null);
        Method run = kc.getMethod("distances", shapesType, pairsType, outType);
        Entry e = new Entry("simd " + jar, () -> run.invoke(kernel, shapes, pairs, out), cap);
        e.out = out;
        e.loader = cl;
        e.pairs = pairs;
        return e;
    }

    /** {@link #hash(Distances)} of another build's result buffer, through reflection. */
    private static long hashOther(Object out) throws Exception {
        float[][] f = new float[7][];
        String[] names = {"distances", "pointAXs", "pointAYs", "pointBXs", "pointBYs", "normalXs", "normalYs"};
        for (int i = 0; i < names.length; i++) {
            f[i] = (float[]) out.getClass().getMethod(names[i]).invoke(out);
        }
        int[] it = (int[]) out.getClass().getMethod("iterationCounts").invoke(out);
        int[] ex = (int[]) out.getClass().getMethod("exits").invoke(out);
        long h = 0;
        for (int p = 0; p < it.length; p++) {
            for (float[] c : f) {
                h = h * 31 + Float.floatToRawIntBits(c[p]);
            }
            h = h * 31 + it[p];
            h = h * 31 + ex[p];
        }
        return h;
    }

    private static long hash(Distances out) {
        long h = 0;
        int n = out.distances().length;
        for (int p = 0; p < n; p++) {
            h = h * 31 + Float.floatToRawIntBits(out.distances()[p]);
            h = h * 31 + Float.floatToRawIntBits(out.pointAXs()[p]);
            h = h * 31 + Float.floatToRawIntBits(out.pointAYs()[p]);
            h = h * 31 + Float.floatToRawIntBits(out.pointBXs()[p]);
            h = h * 31 + Float.floatToRawIntBits(out.pointBYs()[p]);
            h = h * 31 + Float.floatToRawIntBits(out.normalXs()[p]);
            h = h * 31 + Float.floatToRawIntBits(out.normalYs()[p]);
            h = h * 31 + out.iterationCounts()[p];
            h = h * 31 + out.exits()[p];
        }
        return h;
    }
}
