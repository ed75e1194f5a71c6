package dev.sepax.bench;

import dev.sepax.batch.Distances;
import dev.sepax.batch.PairBatch;
import dev.sepax.narrow.GjkAcceleration;
import dev.sepax.narrow.ScalarDistance;
import dev.sepax.shape.RoundedShapes;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Seeded scenes for GJK in three regimes, for the Nesterov-versus-plain measurements
 * ({@code GjkRegimeBenchmark}, and {@link #main} for iteration counts).
 *
 * <p>Each scene holds {@value #PAIRS} pairs of random convex k-gons of radius 1 (so about 2
 * across), shape {@code 2i} and {@code 2i + 1} forming pair {@code i}: A around the origin, B
 * along a random direction at the centre distance that gives the regime's gap (found by
 * bisection on the double-precision brute-force distance):
 * <ul>
 *   <li>{@code near}: gap 2e-3 (1e-3 of the shapes' size);
 *   <li>{@code far}: gap 6 (three sizes);
 *   <li>{@code deep}: no bisection, centres 0.2 apart (the cores overlap by most of their size).
 * </ul>
 * The pairs are independent (each pair's own shapes), so a batch reads every store entry once.
 */
public final class GjkRegimes {
    /** Pairs per scene. */
    public static final int PAIRS = 4096;
    /** The regimes, in table order. */
    public static final String[] REGIMES = {"near", "far", "deep"};

    private GjkRegimes() {}

    /** The scene of {@code regime} ({@link #REGIMES}) with cores of {@code k} points. */
    public static RoundedWorkloads.Scene scene(String regime, int k, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        RoundedShapes.Builder b = RoundedShapes.builder();
        PairBatch pairs = new PairBatch(2 * PAIRS, PAIRS);
        for (int i = 0; i < PAIRS; i++) {
            float[] a = Workloads.randomConvex(rnd, k, 0f, 0f, 1f);
            float[] c = Workloads.randomConvex(rnd, k, 0f, 0f, 1f);
            double t = rnd.nextDouble(2 * Math.PI);
            double ux = Math.cos(t);
            double uy = Math.sin(t);
            double centre = switch (regime) {
                case "near" -> centreFor(a, c, ux, uy, 2e-3);
                case "far" -> centreFor(a, c, ux, uy, 6);
                case "deep" -> 0.2;
                default -> throw new IllegalArgumentException("regime=" + regime + ": not near, far or deep");
            };
            float[] moved = new float[c.length];
            for (int j = 0; j < k; j++) {
                moved[2 * j] = (float) (c[2 * j] + centre * ux);
                moved[2 * j + 1] = (float) (c[2 * j + 1] + centre * uy);
            }
            b.polygon(a);
            b.polygon(moved);
            pairs.add(2 * i, 2 * i + 1);
        }
        return new RoundedWorkloads.Scene(regime + "-k" + k, b.build(), pairs);
    }

    /** The centre distance along {@code u} at which B (from {@code c}) is {@code gap} from A (bisection). */
    private static double centreFor(float[] a, float[] c, double ux, double uy, double gap) {
        double lo = 0;
        double hi = 4 + gap;
        for (int it = 0; it < 30; it++) {
            double mid = 0.5 * (lo + hi);
            if (distance(a, c, mid * ux, mid * uy) < gap) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return hi;
    }

    /** Brute-force distance of polygon a and polygon c moved by (ox, oy); 0 if they overlap. */
    static double distance(float[] a, float[] c, double ox, double oy) {
        int ka = a.length / 2;
        int kc = c.length / 2;
        if (overlap(a, c, ox, oy)) {
            return 0;
        }
        double best = Double.POSITIVE_INFINITY;
        for (int i = 0; i < ka; i++) {
            for (int j = 0; j < kc; j++) {
                double px = c[2 * j] + ox;
                double py = c[2 * j + 1] + oy;
                int i1 = (i + 1) % ka;
                best = Math.min(best, pointSegment(px, py, a[2 * i], a[2 * i + 1], a[2 * i1], a[2 * i1 + 1]));
                int j1 = (j + 1) % kc;
                best = Math.min(best, pointSegment(a[2 * i], a[2 * i + 1], px, py, c[2 * j1] + ox, c[2 * j1 + 1] + oy));
            }
        }
        return best;
    }

    private static boolean overlap(float[] a, float[] c, double ox, double oy) {
        return !separated(a, c, 0, 0, ox, oy) && !separated(c, a, ox, oy, 0, 0);
    }

    /** Whether an edge of p (moved by p0) separates q (moved by q0); p counter-clockwise. */
    private static boolean separated(float[] p, float[] q, double px0, double py0, double qx0, double qy0) {
        int kp = p.length / 2;
        for (int i = 0; i < kp; i++) {
            int i1 = (i + 1) % kp;
            double ex = p[2 * i1] - p[2 * i];
            double ey = p[2 * i1 + 1] - p[2 * i + 1];
            double min = Double.POSITIVE_INFINITY;
            for (int j = 0; j < q.length / 2; j++) {
                double vx = q[2 * j] + qx0 - (p[2 * i] + px0);
                double vy = q[2 * j + 1] + qy0 - (p[2 * i + 1] + py0);
                min = Math.min(min, ey * vx - ex * vy);
            }
            if (min > 0) {
                return true;
            }
        }
        return false;
    }

    private static double pointSegment(double px, double py, double ax, double ay, double bx, double by) {
        double ex = bx - ax;
        double ey = by - ay;
        double t = ((px - ax) * ex + (py - ay) * ey) / (ex * ex + ey * ey);
        t = Math.max(0, Math.min(1, t));
        return Math.hypot(px - (ax + t * ex), py - (ay + t * ey));
    }

    /**
     * Interleaved timing, for a loaded host: for each regime, rounds that run every
     * acceleration of one kernel in turn on the same scene (one batch each, cold), timed by the
     * thread's CPU time; prints the median nanoseconds per pair of each mode over the last
     * {@code rounds} rounds (after as many warm-up rounds) and its ratio to plain GJK. Drift in
     * the host's load hits every mode alike, which a run of one trial after another does not.
     * Needs {@code --add-modules jdk.incubator.vector} for the SIMD kernel.
     */
    public static void time(int k, int rounds) {
        java.lang.management.ThreadMXBean cpu = java.lang.management.ManagementFactory.getThreadMXBean();
        GjkAcceleration[] modes = GjkAcceleration.values();
        System.out.println("| kernel | regime | " + String.join(" | ", java.util.Arrays.stream(modes)
                .map(m -> m.name().toLowerCase(Locale.ROOT) + " ns/pair").toArray(String[]::new))
                + " | nesterov / none | proximity / none |");
        System.out.println("|---|---|---|---|---|---|---|");
        for (String kernel : new String[] {"simd", "scalar"}) {
            for (String regime : REGIMES) {
                RoundedWorkloads.Scene scene = scene(regime, k, 42);
                Distances out = new Distances(PAIRS);
                dev.sepax.narrow.DistanceKernel[] ks = new dev.sepax.narrow.DistanceKernel[modes.length];
                for (int m = 0; m < modes.length; m++) {
                    ks[m] = kernel.equals("simd") ? dev.sepax.simd.VectorDistance.of(modes[m]) : ScalarDistance.of(modes[m]);
                }
                long[][] ns = new long[modes.length][rounds];
                long sink = 0;
                for (int round = -rounds; round < rounds; round++) {
                    for (int m = 0; m < modes.length; m++) {
                        long t0 = cpu.getCurrentThreadCpuTime();
                        sink += ks[m].distances(scene.shapes(), scene.pairs(), out);
                        long t1 = cpu.getCurrentThreadCpuTime();
                        if (round >= 0) {
                            ns[m][round] = t1 - t0;
                        }
                    }
                }
                double[] med = new double[modes.length];
                StringBuilder row = new StringBuilder("| " + kernel + " | " + regime + " |");
                for (int m = 0; m < modes.length; m++) {
                    long[] v = ns[m].clone();
                    java.util.Arrays.sort(v);
                    med[m] = (double) v[rounds / 2] / PAIRS;
                    row.append(String.format(Locale.ROOT, " %.1f |", med[m]));
                }
                row.append(String.format(Locale.ROOT, " %.2fx | %.2fx |", med[1] / med[0], med[2] / med[0]));
                System.out.println(row + (sink == 42 ? " " : ""));
            }
        }
    }

    /**
     * Prints the mean GJK iterations (support pairs evaluated, {@link Distances#iterations}) of
     * each regime and acceleration, cold starts, on the scalar reference (the SIMD kernel gives
     * the same counts bit for bit). Arguments: the core sizes (default 8 32 64); or
     * {@code --time [k] [rounds]} for {@link #time}.
     */
    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("--time")) {
            time(args.length > 1 ? Integer.parseInt(args[1]) : 32, args.length > 2 ? Integer.parseInt(args[2]) : 400);
            return;
        }
        int[] ks = args.length == 0 ? new int[] {8, 32, 64} : java.util.Arrays.stream(args).mapToInt(Integer::parseInt).toArray();
        System.out.println("| k | regime | mode | mean iterations | max | exits (no progress / repeated / overlap / degenerate / cap) |");
        System.out.println("|---|---|---|---|---|---|");
        for (int k : ks) {
            for (String regime : REGIMES) {
                RoundedWorkloads.Scene scene = scene(regime, k, 42);
                Distances out = new Distances(PAIRS);
                for (GjkAcceleration mode : GjkAcceleration.values()) {
                    ScalarDistance.of(mode).distances(scene.shapes(), scene.pairs(), out);
                    long sum = 0;
                    int max = 0;
                    int[] exits = new int[6];
                    for (int p = 0; p < PAIRS; p++) {
                        sum += out.iterations(p);
                        max = Math.max(max, out.iterations(p));
                        exits[out.exit(p)]++;
                    }
                    System.out.printf(Locale.ROOT, "| %d | %s | %s | %.2f | %d | %d / %d / %d / %d / %d |%n", k, regime,
                            mode.name().toLowerCase(Locale.ROOT), (double) sum / PAIRS, max, exits[1], exits[2], exits[3],
                            exits[4], exits[5]);
                }
            }
        }
    }
}
