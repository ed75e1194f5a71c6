package dev.sepax.testing;


import java.util.SplittableRandom;

/**
 * Measures how far ScalarSat's float separation strays from the truth, in units of
 * {@code u M} ({@code u = 2^-24}, {@code M} the largest absolute coordinate of the pair), over
 * random pairs of every generator kind placed anywhere. FloatBand claims 16; the result goes to
 * {@code bench/results/tests.md}. Not a test: run it by hand, e.g.
 * <pre>
 * java -cp core/target/classes:core/target/test-classes:JQWIK_API_JAR \
 *     dev.sepax.testing.FloatBandSurvey 200000
 * </pre>
 */
public final class FloatBandSurvey {
    private FloatBandSurvey() {}

    public static void main(String[] args) {
        int pairs = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        SplittableRandom r = new SplittableRandom(11);
        Polygons.Kind[] kinds = Polygons.Kind.values();
        double worstSep = 0;
        double worstWithLimit = 0;
        long checks = 0;
        for (int it = 0; it < pairs; it++) {
            float[][] p = new float[2][];
            for (int q = 0; q < 2; q++) {
                double size = Math.pow(10, r.nextDouble(-3, 6));
                double off = r.nextInt(5) == 0 ? 1000 : 4;
                p[q] = Polygons.build(kinds[r.nextInt(kinds.length)], 3 + r.nextInt(62), size,
                        r.nextDouble(-off, off) * size, r.nextDouble(-off, off) * size, r.nextLong());
            }
            if (p[0] == null || p[1] == null) {
                continue;
            }
            double um = 0x1p-24 * Polygons.maxAbs(p[0], p[1]);
            float[] a = p[0];
            float[] b = p[1];
            int k = a.length / 2;
            for (int i = 0; i < k; i++) {
                int j = (i + 1) % k;
                // Exactly ConvexPolygons' edge normal and ScalarSat's expressions.
                float enx = a[2 * j + 1] - a[2 * i + 1];
                float eny = -(a[2 * j] - a[2 * i]);
                double ex = (double) a[2 * j] - a[2 * i];
                double ey = (double) a[2 * j + 1] - a[2 * i + 1];
                double len = Math.hypot(ex, ey);
                float flen = (float) len;
                for (int v = 0; v < b.length; v += 2) {
                    double truth = (ey * ((double) b[v] - a[2 * i]) - ex * ((double) b[v + 1] - a[2 * i + 1])) / len;
                    float sep = enx * (b[v] - a[2 * i]) + eny * (b[v + 1] - a[2 * i + 1]);
                    double e1 = Math.abs(sep / len - truth) / um;
                    float tol = (float) truth;
                    double e2 = Math.abs(tol * flen / len - tol) / um;
                    worstSep = Math.max(worstSep, e1);
                    worstWithLimit = Math.max(worstWithLimit, e1 + e2);
                    checks++;
                }
            }
        }
        System.out.printf("pairs=%d checks=%d worst separation error=%.2f u M, with the limit's rounding=%.2f u M%n",
                pairs, checks, worstSep, worstWithLimit);
    }
}
