package dev.sepax.narrow;

import dev.sepax.internal.PolygonArrays;
import dev.sepax.internal.BitWords;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.internal.BatchArguments;
import dev.sepax.shape.ConvexPolygons;

/**
 * The textbook separating-axis test, kept as an independent oracle for tests and as the
 * baseline in benchmarks: for every edge normal of both shapes, project <em>both</em> shapes
 * onto the unit normal and compare the intervals. It works in double from the stored float
 * vertices and computes its own normals, so it shares no arithmetic with {@link ScalarSat}.
 *
 * <p>Its candidate axes, gaps and touching convention are those of {@link SatKernel}: the world
 * x and y axes in both directions, and each edge's outward normal with the gap measured on the
 * outward side only, {@code min(projection of the other shape) - max(projection of the edge's
 * own shape)}. The pair is separated iff some gap exceeds the tolerance. (Measuring the gap on
 * both sides of an edge normal would change nothing at tolerance 0 or below, where the largest
 * gap is minus the penetration depth either way, but would report larger gaps than the contract
 * for some separated pairs, and so other verdicts at positive tolerances.) Verdicts agree with
 * the other kernels outside the {@link dev.sepax.narrow.FloatBand}.
 *
 * <p>Stateless, thread-safe, allocation-free.
 */
public final class TextbookSat implements SatKernel {
    /** The shared instance. */
    public static final TextbookSat INSTANCE = new TextbookSat();

    private TextbookSat() {}

    @Override
    public String name() {
        return "textbook";
    }

    @Override
    public boolean intersects(ConvexPolygons shapes, int a, int b, float tolerance) {
        BatchArguments.checkPair(shapes, a, b);
        BatchArguments.checkTolerance(tolerance);
        return !separated(shapes, a, b, tolerance);
    }

    @Override
    public int test(ConvexPolygons shapes, PairBatch pairs, int from, int to, float tolerance,
                    OverlapBits out, int[] axisCache) {
        BatchArguments.check(shapes, pairs, from, to, tolerance, out, axisCache);
        int[] pa = pairs.arrays().a;
        int[] pb = pairs.arrays().b;
        int hits = 0;
        for (int w = from; w < to; w += 64) {
            int end = Math.min(to, w + 64);
            long bits = 0;
            for (int p = w; p < end; p++) {
                if (!separated(shapes, pa[p], pb[p], tolerance)) {
                    bits |= 1L << p;
                }
            }
            hits += Long.bitCount(bits);
            BitWords.store(out.words(), w, end, bits);
        }
        return hits;
    }

    /** Exact-as-double textbook SAT with the AABB axes. */
    static boolean separated(ConvexPolygons s, int a, int b, double tol) {
        PolygonArrays r = s.arrays();
        if ((double) r.minX[b] - r.maxX[a] > tol || (double) r.minX[a] - r.maxX[b] > tol
                || (double) r.minY[b] - r.maxY[a] > tol || (double) r.minY[a] - r.maxY[b] > tol) {
            return true;
        }
        return anyEdgeSeparates(s, a, b, tol) || anyEdgeSeparates(s, b, a, tol);
    }

    /**
     * The pair's separation in the sense of {@link SatKernel}, computed in double: the largest
     * gap over the AABB axes (both directions) and the outward edge normals of both shapes (each
     * on its outward side). Positive: apart by at least that much along some axis; zero:
     * touching; negative: minus the penetration depth. Distance units.
     */
    public static double separation(ConvexPolygons s, int a, int b) {
        PolygonArrays r = s.arrays();
        double best = Math.max(Math.max((double) r.minX[b] - r.maxX[a], (double) r.minX[a] - r.maxX[b]),
                Math.max((double) r.minY[b] - r.maxY[a], (double) r.minY[a] - r.maxY[b]));
        best = Math.max(best, largestGap(s, a, b));
        return Math.max(best, largestGap(s, b, a));
    }

    private static boolean anyEdgeSeparates(ConvexPolygons s, int ref, int other, double tol) {
        return largestGap(s, ref, other) > tol;
    }

    private static double largestGap(ConvexPolygons s, int ref, int other) {
        PolygonArrays r = s.arrays();
        int o = r.start[ref];
        int k = r.count[ref];
        double best = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < k; i++) {
            int j = i + 1 == k ? o : o + i + 1;
            double ex = (double) r.x[j] - r.x[o + i];
            double ey = (double) r.y[j] - r.y[o + i];
            double l = Math.sqrt(ex * ex + ey * ey);
            double ux = ey / l;
            double uy = -ex / l;
            double maxA = Double.NEGATIVE_INFINITY;
            for (int v = o; v < o + k; v++) {
                maxA = Math.max(maxA, ux * r.x[v] + uy * r.y[v]);
            }
            double minB = Double.POSITIVE_INFINITY;
            int ob = r.start[other];
            for (int v = ob; v < ob + r.count[other]; v++) {
                minB = Math.min(minB, ux * r.x[v] + uy * r.y[v]);
            }
            // Outward side only: the other shape beyond this edge's own shape along its normal.
            best = Math.max(best, minB - maxA);
        }
        return best;
    }
}
