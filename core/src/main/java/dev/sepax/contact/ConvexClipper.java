package dev.sepax.contact;

import dev.sepax.internal.PolygonArrays;
import dev.sepax.internal.BatchArguments;
import dev.sepax.shape.ConvexPolygons;

/**
 * The scalar reference {@link ClipKernel}: the polygon shared by two convex polygons, and its area.
 *
 * <p>Sutherland-Hodgman clipping of A by the inner half-plane of each edge of B, in
 * {@code O(m * k)}, in double arithmetic on the stored float vertices. A vertex on a clipping
 * line counts as inside; a crossing point is added only where an edge truly crosses the line,
 * so no duplicate points are made at shared vertices. The result is convex and CCW. When the
 * interiors are disjoint (separated, or merely touching along an edge or at a point), or the
 * clipped area is not positive, the result is empty: {@code count() == 0} and area 0. Shapes
 * whose AABBs are disjoint are rejected before any clipping.
 *
 * <p>Stateless and thread-safe; each call allocates nothing unless {@code out} must grow. It
 * grows to {@code count(a) + count(b)} vertices, the most two convex polygons can share (a
 * clipping pass adds at most one vertex), and beyond that only when the vertices a pass
 * actually writes need it: rounding could in principle make a pass cross its line more than
 * twice (near-collinear vertices on it).
 */
public final class ConvexClipper implements ClipKernel {
    /** The one instance: the scalar reference {@link ClipKernel}. */
    public static final ConvexClipper INSTANCE = new ConvexClipper();

    private ConvexClipper() {}

    @Override
    public String name() {
        return "scalar";
    }

    @Override
    public double intersect(ConvexPolygons shapes, int a, int b, IntersectionPolygon out) {
        if (shapes == null || out == null) {
            throw new IllegalArgumentException(shapes == null ? "shapes is null" : "out is null");
        }
        BatchArguments.checkPair(shapes, a, b);
        out.count = 0;
        out.area = 0;
        PolygonArrays r = shapes.arrays();
        if (r.minX[b] > r.maxX[a] || r.minX[a] > r.maxX[b]
                || r.minY[b] > r.maxY[a] || r.minY[a] > r.maxY[b]) {
            return 0;
        }
        int ka = r.count[a];
        int kb = r.count[b];
        out.ensure(ka + kb);
        int oa = r.start[a];
        for (int i = 0; i < ka; i++) {
            out.x[i] = r.x[oa + i];
            out.y[i] = r.y[oa + i];
        }
        int n = ka;
        int ob = r.start[b];
        for (int j = 0; j < kb && n > 0; j++) {
            int j2 = j + 1 == kb ? 0 : j + 1;
            n = clip(out, n, r.x[ob + j], r.y[ob + j], r.x[ob + j2], r.y[ob + j2]);
        }
        double area2 = 0;
        if (n >= 3) {
            double x0 = out.x[0];
            double y0 = out.y[0];
            for (int i = 1; i + 1 < n; i++) {
                area2 += (out.x[i] - x0) * (out.y[i + 1] - y0) - (out.x[i + 1] - x0) * (out.y[i] - y0);
            }
        }
        if (!(area2 > 0)) {
            return 0;
        }
        out.count = n;
        out.area = area2 / 2;
        return out.area;
    }

    /**
     * Keeps the part of polygon {@code out.x, out.y [0, n)} left of the directed line
     * {@code (px, py) -> (qx, qy)}, writing it to the scratch arrays and swapping them in.
     */
    private static int clip(IntersectionPolygon out, int n, double px, double py, double qx, double qy) {
        double ex = qx - px;
        double ey = qy - py;
        double[] sx = out.x;
        double[] sy = out.y;
        double[] dx = out.scratchX;
        double[] dy = out.scratchY;
        int m = 0;
        double prevX = sx[n - 1];
        double prevY = sy[n - 1];
        // side > 0: strictly inside (left of the CCW edge), 0: on the line.
        double prevSide = ex * (prevY - py) - ey * (prevX - px);
        for (int i = 0; i < n; i++) {
            double cx = sx[i];
            double cy = sy[i];
            double side = ex * (cy - py) - ey * (cx - px);
            boolean keep = side >= 0;
            // A crossing point only where the edge truly crosses the line, into it or out of it.
            boolean cross = keep ? prevSide < 0 && side > 0 : prevSide > 0;
            int writes = (keep ? 1 : 0) + (cross ? 1 : 0);
            if (m + writes > dx.length) {
                // A line cuts a convex polygon at most twice, so a pass adds at most one vertex
                // and ensure(count(a) + count(b)) leaves room for every pass; rounding could in
                // principle make more crossings, so the writes are checked, not assumed.
                out.growScratch(m + writes);
                dx = out.scratchX;
                dy = out.scratchY;
            }
            if (cross) {
                m = addCrossing(dx, dy, m, prevX, prevY, prevSide, cx, cy, side);
            }
            if (keep) {
                dx[m] = cx;
                dy[m] = cy;
                m++;
            }
            prevX = cx;
            prevY = cy;
            prevSide = side;
        }
        out.swap();
        return m;
    }

    private static int addCrossing(double[] dx, double[] dy, int m, double ax, double ay, double sa,
                                   double bx, double by, double sb) {
        double t = sa / (sa - sb);
        dx[m] = ax + t * (bx - ax);
        dy[m] = ay + t * (by - ay);
        return m + 1;
    }
}
