package dev.sepax.solid;

import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * Quickhull in double precision for one point cloud, followed by coplanar-face merging and a
 * validation that either proves the result is a closed convex polyhedron containing every input
 * point (within the weld distance) or rejects the cloud. Build time only; allocates freely.
 *
 * <h2>Tolerances</h2>
 * With {@code ext} the largest side of the cloud's bounding box and {@code M} its largest
 * absolute coordinate, the weld distance is {@code w = 2^-18 ext + 2^-40 M}: points within
 * {@code w} of the current hull are not added as vertices, and triangles whose vertices lie
 * within {@code w} of a seed triangle's plane merge into one face. {@code 2^-18} is a few float
 * ulps of the extent, so faces that are coplanar up to the float rounding of their input become
 * one face (their normals would otherwise be arbitrary); {@code 2^-40 M} covers the double
 * rounding of plane offsets far from the origin. A cloud thinner than {@code 2^-14 ext}
 * ({@link #FLAT}) in some direction is rejected as nearly flat (or nearly collinear): its face
 * normals would be decided by rounding.
 *
 * <h2>Visibility</h2>
 * The triangles a new point replaces are those it lies strictly above, decided by the exact
 * sign of an orientation determinant ({@link #orient}), found by a walk from the triangle whose
 * outside set held the point. A triangle that stays is one the point is on or below, so each new
 * triangle meets it convexly or flat, and the triangulation stays exactly convex. A threshold
 * other than zero cannot give that: at {@code w}, a neighbour the point is barely above stays,
 * and when the point is close to their shared edge the new triangle there is steep enough that
 * the neighbour's far vertex lies well above it (one cloud of 10 000 points on a sphere ends
 * with a point 24w outside a face); at {@code -w}, triangles coplanar with the point but not containing it would
 * be replaced by triangles facing inward. Exact signs are affordable because the coordinates are
 * floats: a double filter decides almost every test, and BigDecimal the rest (points coplanar
 * with a triangle). The float distances that choose the next point and fill the outside sets
 * are only ever compared with {@code w}: each triangle's normal is within 2^-40 of its direction
 * ({@link #normal}), so their error is a tiny fraction of {@code w}.
 *
 * <p>Points dropped while within {@code w} above a new triangle are tested again against the
 * finished triangulation and put back if they are more than {@code w} above some triangle
 * ({@link #recheckNear}). So every input point is a vertex or at most {@code w} above every
 * triangle of the convex triangulation that the merge starts from.
 *
 * <p>A merged face must also have a convex outline: triangles coplanar within {@code w} can form
 * a patch with a notch (on a nearly flat cloud, a reflex corner of a few degrees within
 * {@code w} of the plane), and a group whose outline turns clockwise anywhere, by the exact sign
 * along the face's float normal, is left as separate triangles ({@link #merge}).
 *
 * <p>The result is then checked without trusting the construction: every face is planar within
 * {@code 4w}, every input point lies at most {@code 4w} above every face plane, every edge has
 * exactly two faces with opposite directions, every vertex has at least three faces, and Euler's
 * {@code V - E + F = 2} holds. A cloud that fails any check is rejected with the reason; none is
 * repaired by guessing.
 */
final class QuickHull {
    /** Relative thickness below which a cloud is rejected as nearly flat or collinear. */
    static final double FLAT = 0x1p-14;
    /** Relative weld distance (see class doc). */
    static final double WELD = 0x1p-18;
    /** The most points one cloud may hold. */
    static final int MAX_POINTS = 1 << 16;
    private static final String[] AXES = {"x", "y", "z"};

    /** A built hull: input indices of its vertices, and its faces as CCW loops of local vertex indices. */
    record Mesh(int[] vertex, int[][] faces, double[][] normals) {}

    private final double[] p;
    private final int n;
    private final int shape;
    private final double tol;
    /** Every triangle ever made, dead ones included: a triangle's id is its index here. */
    private final List<Tri> tris = new ArrayList<>();
    /** The live triangle (its id) on the left of each directed edge. */
    private final EdgeTable edgeFace;
    /**
     * Live triangles with outside points, farthest point first, then by id: the order in which
     * a scan of every triangle would pick the next point. Dead triangles are dropped when polled.
     */
    private final PriorityQueue<Tri> pending = new PriorityQueue<>(QuickHull::fartherFirst);
    /** Stamps {@link Tri#mark} for the triangles found visible by the current step. */
    private int step;
    /** Points dropped while within tol above a triangle (see {@link #recheckNear}). */
    private int[] near = new int[16];
    private int nearCount;

    private static final class Tri {
        final int id;
        final int a;
        final int b;
        final int c;
        final double nx;
        final double ny;
        final double nz;
        final double d;
        final double area;
        boolean alive = true;
        int[] outside = new int[4];
        int outsideCount;
        /** The largest distance of an outside point, and the first outside point at it. */
        double far;
        int eye = -1;
        int mark;

        Tri(int id, int a, int b, int c, double nx, double ny, double nz, double d, double area) {
            this.id = id;
            this.a = a;
            this.b = b;
            this.c = c;
            this.nx = nx;
            this.ny = ny;
            this.nz = nz;
            this.d = d;
            this.area = area;
        }

        void addOutside(int i) {
            if (outsideCount == outside.length) {
                outside = Arrays.copyOf(outside, outsideCount * 2);
            }
            outside[outsideCount++] = i;
        }
    }

    private QuickHull(double[] p, int n, int shape, double tol) {
        this.p = p;
        this.n = n;
        this.shape = shape;
        this.tol = tol;
        // A closed triangulation of at most n vertices has 3 (2n - 4) directed edges: no growth.
        this.edgeFace = new EdgeTable(6 * n);
    }

    private static int fartherFirst(Tri x, Tri y) {
        int c = Double.compare(y.far, x.far);
        return c != 0 ? c : Integer.compare(x.id, y.id);
    }

    static IllegalArgumentException fail(int shape, String reason) {
        return new IllegalArgumentException("shape=" + shape + ": " + reason);
    }

    /**
     * Builds the hull of {@code count} points {@code xyz[off + 3i .. off + 3i + 2]}.
     *
     * <p>Time: the quickhull takes each next point from a priority queue and redistributes only
     * the outside points of the faces it removes; the validation tests every point against every
     * face, at most {@link #MAX_POINTS} times {@link ConvexPolyhedra#MAX_FEATURES}, and a hull
     * with more faces, vertices or edges than that is refused before it.
     *
     * @throws IllegalArgumentException naming {@code shape} and the reason: a non-finite
     *     coordinate or one beyond {@link ConvexPolyhedra#MAX_COORDINATE} (with the point index
     *     and the axis), fewer than 4 points, too many points, coincident, nearly collinear or
     *     nearly flat points, a hull with more than {@link ConvexPolyhedra#MAX_FEATURES}
     *     vertices, faces or edges, or a hull that fails validation
     */
    static Mesh build(float[] xyz, int off, int count, int shape) {
        if (count < 4) {
            throw fail(shape, "a hull needs at least 4 points, got " + count);
        }
        if (count > MAX_POINTS) {
            throw fail(shape, count + " points: at most " + MAX_POINTS + " per hull");
        }
        double[] p = new double[3 * count];
        double m = 0;
        double[] lo = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY};
        double[] hi = {Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (int i = 0; i < count; i++) {
            for (int k = 0; k < 3; k++) {
                float v = xyz[off + 3 * i + k];
                if (!Float.isFinite(v)) {
                    throw fail(shape, "point=" + i + " is not finite: " + AXES[k] + "=" + v);
                }
                if (Math.abs(v) > ConvexPolyhedra.MAX_COORDINATE) {
                    throw fail(shape, "point=" + i + " is beyond +-2^60 (MAX_COORDINATE; the kernels' products "
                            + "would overflow): " + AXES[k] + "=" + v);
                }
                p[3 * i + k] = v;
                lo[k] = Math.min(lo[k], v);
                hi[k] = Math.max(hi[k], v);
                m = Math.max(m, Math.abs(v));
            }
        }
        double ext = Math.max(hi[0] - lo[0], Math.max(hi[1] - lo[1], hi[2] - lo[2]));
        if (ext == 0) {
            throw fail(shape, "all " + count + " points coincide");
        }
        QuickHull h = new QuickHull(p, count, shape, WELD * ext + 0x1p-40 * m);
        return h.run(ext);
    }

    private Mesh run(double ext) {
        int[] s = initialSimplex(ext);
        assignInitial(s);
        // Each step adds its eye as a vertex, and a recheck that puts points back is followed by
        // at least one step, so n steps bound both loops.
        int steps = 0;
        do {
            while (true) {
                Tri f = pending.poll();
                while (f != null && !f.alive) {
                    f = pending.poll();
                }
                if (f == null) {
                    break;
                }
                if (++steps > n) {
                    throw fail(shape, "quickhull did not converge in " + n + " steps (numerical failure)");
                }
                addPoint(f, f.eye);
            }
        } while (recheckNear());
        return merge();
    }

    /**
     * Puts each dropped point that now lies more than tol above a live triangle back into the
     * outside set of the one it is farthest above; returns whether any went back.
     *
     * <p>A point dropped because it is below every new triangle of a step is inside the new hull
     * (it was above a visible triangle, and beyond the hull as seen from the apex it would be
     * below every visible plane), so it stays inside. A point within tol above some new triangle
     * is outside, and near a sharp edge or corner it can be farther than tol from the hull: tol
     * above two planes that meet at a sharp angle is farther than tol from their edge. Triangles
     * made later at that edge, facing between the two, can then have it more than tol above
     * them, and no later step tests it (cylinders with jittered rims gave 3 tol). Points within
     * tol of the initial simplex are in the same case. So those points are kept and tested here
     * against every live triangle; each test costs their number times the triangles'.
     */
    private boolean recheckNear() {
        List<Tri> live = new ArrayList<>();
        for (Tri t : tris) {
            if (t.alive) {
                live.add(t);
            }
        }
        List<Tri> touched = new ArrayList<>();
        int kept = 0;
        for (int k = 0; k < nearCount; k++) {
            int i = near[k];
            Tri best = null;
            double bd = tol;
            for (Tri t : live) {
                double d = dist(t, i);
                if (d > bd) {
                    bd = d;
                    best = t;
                }
            }
            if (best == null) {
                near[kept++] = i;
            } else {
                if (best.outsideCount == 0) {
                    touched.add(best);
                }
                best.addOutside(i);
            }
        }
        nearCount = kept;
        for (Tri t : touched) {
            queue(t);
        }
        return !touched.isEmpty();
    }

    private void addNear(int i) {
        if (nearCount == near.length) {
            near = Arrays.copyOf(near, Math.max(16, 2 * nearCount));
        }
        near[nearCount++] = i;
    }

    /**
     * Records t's farthest outside point and queues t. A triangle's outside set is complete once
     * the step that made it has assigned the orphans, and never changes after, so this is done
     * once per triangle instead of rescanning every outside set at every step.
     */
    private void queue(Tri t) {
        if (t.outsideCount == 0) {
            return;
        }
        double best = 0;
        for (int k = 0; k < t.outsideCount; k++) {
            double dist = dist(t, t.outside[k]);
            if (dist > best) {
                best = dist;
                t.eye = t.outside[k];
            }
        }
        t.far = best;
        pending.add(t);
    }

    /** Shewchuk's bound on the rounding error of the double determinant in {@link #orient}. */
    private static final double ORIENT_BOUND = (7 + 56 * 0x1p-53) * 0x1p-53;

    /**
     * The sign of {@code (b - a) x (c - a) . (e - a)}, exactly: 1 if e lies above the plane of the
     * counter-clockwise triangle (a, b, c), 0 on it, -1 below. The double determinant decides
     * when it exceeds its error bound (J. R. Shewchuk, "Adaptive Precision Floating-Point
     * Arithmetic and Fast Robust Geometric Predicates", 1997: orient3d's first bound); otherwise
     * the coordinates, floats held exactly in doubles, are evaluated in BigDecimal. The inputs
     * are below 2^60 in magnitude and at least 2^-149 apart when distinct, so no product
     * overflows or underflows and the bound holds.
     */
    private int orient(int a, int b, int c, int e) {
        double adx = p[3 * a] - p[3 * e];
        double ady = p[3 * a + 1] - p[3 * e + 1];
        double adz = p[3 * a + 2] - p[3 * e + 2];
        double bdx = p[3 * b] - p[3 * e];
        double bdy = p[3 * b + 1] - p[3 * e + 1];
        double bdz = p[3 * b + 2] - p[3 * e + 2];
        double cdx = p[3 * c] - p[3 * e];
        double cdy = p[3 * c + 1] - p[3 * e + 1];
        double cdz = p[3 * c + 2] - p[3 * e + 2];
        double bdxcdy = bdx * cdy;
        double cdxbdy = cdx * bdy;
        double cdxady = cdx * ady;
        double adxcdy = adx * cdy;
        double adxbdy = adx * bdy;
        double bdxady = bdx * ady;
        // det[a - e; b - e; c - e], which is -(b - a) x (c - a) . (e - a).
        double det = adz * (bdxcdy - cdxbdy) + bdz * (cdxady - adxcdy) + cdz * (adxbdy - bdxady);
        double permanent = (Math.abs(bdxcdy) + Math.abs(cdxbdy)) * Math.abs(adz)
                + (Math.abs(cdxady) + Math.abs(adxcdy)) * Math.abs(bdz)
                + (Math.abs(adxbdy) + Math.abs(bdxady)) * Math.abs(cdz);
        double bound = ORIENT_BOUND * permanent;
        if (det > bound) {
            return -1;
        }
        if (-det > bound) {
            return 1;
        }
        return -exactDet(a, b, c, e);
    }

    /** The sign of det[a - e; b - e; c - e] in exact arithmetic. */
    private int exactDet(int a, int b, int c, int e) {
        BigDecimal[] d = new BigDecimal[9];
        int[] rows = {a, b, c};
        for (int r = 0; r < 3; r++) {
            for (int k = 0; k < 3; k++) {
                d[3 * r + k] = new BigDecimal(p[3 * rows[r] + k]).subtract(new BigDecimal(p[3 * e + k]));
            }
        }
        BigDecimal m0 = d[4].multiply(d[8]).subtract(d[5].multiply(d[7]));
        BigDecimal m1 = d[3].multiply(d[8]).subtract(d[5].multiply(d[6]));
        BigDecimal m2 = d[3].multiply(d[7]).subtract(d[4].multiply(d[6]));
        return d[0].multiply(m0).subtract(d[1].multiply(m1)).add(d[2].multiply(m2)).signum();
    }

    private double dist(Tri t, int i) {
        return t.nx * p[3 * i] + t.ny * p[3 * i + 1] + t.nz * p[3 * i + 2] - t.d;
    }

    private int[] initialSimplex(double ext) {
        int[] extreme = new int[6];
        for (int i = 1; i < n; i++) {
            for (int k = 0; k < 3; k++) {
                if (p[3 * i + k] < p[3 * extreme[2 * k] + k]) {
                    extreme[2 * k] = i;
                }
                if (p[3 * i + k] > p[3 * extreme[2 * k + 1] + k]) {
                    extreme[2 * k + 1] = i;
                }
            }
        }
        int i0 = 0;
        int i1 = 0;
        double far = -1;
        for (int x = 0; x < 6; x++) {
            for (int y = x + 1; y < 6; y++) {
                double d2 = dist2(extreme[x], extreme[y]);
                if (d2 > far) {
                    far = d2;
                    i0 = extreme[x];
                    i1 = extreme[y];
                }
            }
        }
        double dx = p[3 * i1] - p[3 * i0];
        double dy = p[3 * i1 + 1] - p[3 * i0 + 1];
        double dz = p[3 * i1 + 2] - p[3 * i0 + 2];
        double dl = Math.sqrt(dx * dx + dy * dy + dz * dz);
        int i2 = -1;
        double best = -1;
        for (int i = 0; i < n; i++) {
            double ex = p[3 * i] - p[3 * i0];
            double ey = p[3 * i + 1] - p[3 * i0 + 1];
            double ez = p[3 * i + 2] - p[3 * i0 + 2];
            double cx = ey * dz - ez * dy;
            double cy = ez * dx - ex * dz;
            double cz = ex * dy - ey * dx;
            double d = Math.sqrt(cx * cx + cy * cy + cz * cz) / dl;
            if (d > best) {
                best = d;
                i2 = i;
            }
        }
        if (best < FLAT * ext) {
            throw fail(shape, "nearly collinear: every point is within " + best + " of a line, extent=" + ext
                    + " (need at least " + FLAT + " * extent)");
        }
        double[] nrm = normal(i0, i1, i2);
        double d0 = nrm[0] * p[3 * i0] + nrm[1] * p[3 * i0 + 1] + nrm[2] * p[3 * i0 + 2];
        int i3 = -1;
        best = -1;
        for (int i = 0; i < n; i++) {
            double d = Math.abs(nrm[0] * p[3 * i] + nrm[1] * p[3 * i + 1] + nrm[2] * p[3 * i + 2] - d0);
            if (d > best) {
                best = d;
                i3 = i;
            }
        }
        if (best < FLAT * ext) {
            throw fail(shape, "nearly flat: thickness=" + best + ", extent=" + ext + " (need at least "
                    + FLAT + " * extent)");
        }
        int[] s = {i0, i1, i2, i3};
        addTri(i0, i1, i2, i3);
        addTri(i0, i1, i3, i2);
        addTri(i0, i2, i3, i1);
        addTri(i1, i2, i3, i0);
        return s;
    }

    private double dist2(int i, int j) {
        double dx = p[3 * i] - p[3 * j];
        double dy = p[3 * i + 1] - p[3 * j + 1];
        double dz = p[3 * i + 2] - p[3 * j + 2];
        return dx * dx + dy * dy + dz * dz;
    }

    /**
     * Unit normal of (b - a) x (c - a) and twice the triangle's area, each component within a
     * few ulps of its length. The double cross product of a needle-shaped triangle (a point
     * almost on the line through the other two) cancels, and its direction could be off by far
     * more than the weld distance allows over the cloud's extent; when its error bound exceeds
     * 2^-40 of its length, the components are computed exactly and rounded once.
     */
    private double[] normal(int a, int b, int c) {
        double ux = p[3 * b] - p[3 * a];
        double uy = p[3 * b + 1] - p[3 * a + 1];
        double uz = p[3 * b + 2] - p[3 * a + 2];
        double vx = p[3 * c] - p[3 * a];
        double vy = p[3 * c + 1] - p[3 * a + 1];
        double vz = p[3 * c + 2] - p[3 * a + 2];
        double nx = uy * vz - uz * vy;
        double ny = uz * vx - ux * vz;
        double nz = ux * vy - uy * vx;
        double l = Math.sqrt(nx * nx + ny * ny + nz * nz);
        // Each component's rounding error, the differences' included, is below 4 eps times the
        // sum of its two products' magnitudes.
        double err = 0x1p-50 * (Math.abs(uy * vz) + Math.abs(uz * vy) + Math.abs(uz * vx) + Math.abs(ux * vz)
                + Math.abs(ux * vy) + Math.abs(uy * vx));
        if (err > 0x1p-40 * l) {
            BigDecimal[] u = new BigDecimal[3];
            BigDecimal[] v = new BigDecimal[3];
            for (int k = 0; k < 3; k++) {
                BigDecimal o = new BigDecimal(p[3 * a + k]);
                u[k] = new BigDecimal(p[3 * b + k]).subtract(o);
                v[k] = new BigDecimal(p[3 * c + k]).subtract(o);
            }
            nx = u[1].multiply(v[2]).subtract(u[2].multiply(v[1])).doubleValue();
            ny = u[2].multiply(v[0]).subtract(u[0].multiply(v[2])).doubleValue();
            nz = u[0].multiply(v[1]).subtract(u[1].multiply(v[0])).doubleValue();
            l = Math.sqrt(nx * nx + ny * ny + nz * nz);
        }
        return new double[] {nx / l, ny / l, nz / l, l};
    }

    /** Adds the triangle (a, b, c), flipped if needed so that {@code opposite} lies below it. */
    private void addTri(int a, int b, int c, int opposite) {
        if (orient(a, b, c, opposite) > 0) {
            addTri(a, c, b);
        } else {
            addTri(a, b, c);
        }
    }

    private Tri addTri(int a, int b, int c) {
        double[] nrm = normal(a, b, c);
        if (!(nrm[3] > 0) || !Double.isFinite(nrm[0])) {
            throw fail(shape, "quickhull produced a degenerate triangle (numerical failure)");
        }
        double d = nrm[0] * p[3 * a] + nrm[1] * p[3 * a + 1] + nrm[2] * p[3 * a + 2];
        int id = tris.size();
        Tri t = new Tri(id, a, b, c, nrm[0], nrm[1], nrm[2], d, nrm[3]);
        tris.add(t);
        putEdge(a, b, id);
        putEdge(b, c, id);
        putEdge(c, a, id);
        return t;
    }

    private void putEdge(int u, int v, int face) {
        if (edgeFace.put(key(u, v), face) >= 0) {
            throw fail(shape, "quickhull produced a non-manifold edge (numerical failure)");
        }
    }

    private static long key(int u, int v) {
        return EdgeTable.key(u, v);
    }

    /** The live triangle on the left of the directed edge {@code u -> v}. */
    private Tri face(int u, int v) {
        int id = edgeFace.get(key(u, v));
        if (id < 0) {
            throw fail(shape, "quickhull lost an edge's twin (numerical failure)");
        }
        return tris.get(id);
    }

    private void assignInitial(int[] simplex) {
        for (int i = 0; i < n; i++) {
            if (i == simplex[0] || i == simplex[1] || i == simplex[2] || i == simplex[3]) {
                continue;
            }
            assign(i, 0, tris.size());
        }
        for (Tri t : tris) {
            queue(t);
        }
    }

    /**
     * Puts point i in the outside set of the triangle in [from, to) it is farthest above if that
     * is more than tol; a point above one of them by less is dropped for now but kept for
     * {@link #recheckNear}.
     */
    private void assign(int i, int from, int to) {
        Tri best = null;
        double bd = 0;
        for (int t = from; t < to; t++) {
            Tri tri = tris.get(t);
            if (!tri.alive) {
                continue;
            }
            double d = dist(tri, i);
            if (d > bd) {
                bd = d;
                best = tri;
            }
        }
        if (bd > tol) {
            best.addOutside(i);
        } else if (best != null) {
            addNear(i);
        }
    }

    private void addPoint(Tri start, int eye) {
        // The eye is more than tol above start by its float distance, whose error is far below
        // tol (see the class doc), so the exact test agrees; this only guards that argument.
        if (orient(start.a, start.b, start.c, eye) <= 0) {
            throw fail(shape, "point=" + eye + " is not above the face it was assigned to (numerical failure)");
        }
        // Triangles marked with this step's stamp are the visible ones: those the eye is strictly
        // above, by the exact sign (see the class doc). They form one connected patch, because
        // the triangulation is exactly convex, so the walk finds them all.
        int seen = ++step;
        List<Tri> visible = new ArrayList<>();
        ArrayDeque<Tri> queue = new ArrayDeque<>();
        queue.add(start);
        start.mark = seen;
        while (!queue.isEmpty()) {
            Tri t = queue.poll();
            visible.add(t);
            int[] vs = {t.a, t.b, t.c};
            for (int k = 0; k < 3; k++) {
                Tri nb = face(vs[(k + 1) % 3], vs[k]);
                if (nb.mark != seen && orient(nb.a, nb.b, nb.c, eye) > 0) {
                    nb.mark = seen;
                    queue.add(nb);
                }
            }
        }
        List<int[]> horizon = new ArrayList<>();
        for (Tri t : visible) {
            int[] vs = {t.a, t.b, t.c};
            for (int k = 0; k < 3; k++) {
                int u = vs[k];
                int v = vs[(k + 1) % 3];
                if (face(v, u).mark != seen) {
                    horizon.add(new int[] {u, v});
                }
            }
        }
        List<Integer> orphans = new ArrayList<>();
        for (Tri t : visible) {
            t.alive = false;
            edgeFace.remove(key(t.a, t.b));
            edgeFace.remove(key(t.b, t.c));
            edgeFace.remove(key(t.c, t.a));
            for (int k = 0; k < t.outsideCount; k++) {
                if (t.outside[k] != eye) {
                    orphans.add(t.outside[k]);
                }
            }
            t.outside = null;
            t.outsideCount = 0;
        }
        int first = tris.size();
        for (int[] e : horizon) {
            addTri(e[0], e[1], eye);
        }
        for (int o : orphans) {
            assign(o, first, tris.size());
        }
        for (int id = first; id < tris.size(); id++) {
            queue(tris.get(id));
        }
    }

    /**
     * Merges coplanar triangles into faces, drops vertices on fewer than 3 faces, validates, and
     * keeps every face's outline convex: a merged face whose outline turns right anywhere
     * ({@link #reflexCorner}) is taken apart into its triangles, which stay faces of their own,
     * and the merge runs again. Triangles coplanar within the weld distance can form a patch
     * whose outline is not convex (a notch where the triangle that would fill it tilts by more
     * than the weld): one face with that outline would hand callers a non-convex polygon and a
     * hull that is not the convex solid the store describes. A triangle is convex on its own, so
     * this ends; clouds without such patches merge exactly as before.
     */
    private Mesh merge() {
        boolean[] alone = new boolean[tris.size()];
        while (true) {
            List<List<Integer>> groups = new ArrayList<>();
            Mesh m = mergeOnce(alone, groups);
            boolean split = false;
            for (int f = 0; f < m.faces().length; f++) {
                if (groups.get(f).size() > 1 && reflexCorner(m.vertex(), m.faces()[f], m.normals()[f]) >= 0) {
                    for (int id : groups.get(f)) {
                        alone[id] = true;
                    }
                    split = true;
                }
            }
            if (!split) {
                return m;
            }
        }
    }

    /**
     * The first corner k of the outline (local vertex indices into {@code vertex}) at which it
     * turns clockwise seen along the face's float normal (the double normal rounded to float, as
     * the store holds it): {@code ((b - a) x (c - b)) . n < 0} for consecutive corners
     * {@code a, b = loop[k], c}, by its exact sign; -1 if there is none (the outline is convex;
     * collinear corners, exactly 0, are allowed).
     */
    private int reflexCorner(int[] vertex, int[] loop, double[] normal) {
        double nx = (float) normal[0];
        double ny = (float) normal[1];
        double nz = (float) normal[2];
        for (int k = 0; k < loop.length; k++) {
            int a = vertex[loop[(k + loop.length - 1) % loop.length]];
            int b = vertex[loop[k]];
            int c = vertex[loop[(k + 1) % loop.length]];
            if (turn(a, b, c, nx, ny, nz) < 0) {
                return k;
            }
        }
        return -1;
    }

    /**
     * The exact sign of {@code ((p_b - p_a) x (p_c - p_b)) . n}: a double evaluation when it
     * clears its error bound, BigDecimal otherwise. The differences of floats held in doubles are
     * within 2^-53 relative, each product of three within about 3 of those, the sums within 2
     * more: 2^-48 of the sum of the terms' magnitudes is a safe bound.
     */
    private int turn(int a, int b, int c, double nx, double ny, double nz) {
        double ux = p[3 * b] - p[3 * a];
        double uy = p[3 * b + 1] - p[3 * a + 1];
        double uz = p[3 * b + 2] - p[3 * a + 2];
        double vx = p[3 * c] - p[3 * b];
        double vy = p[3 * c + 1] - p[3 * b + 1];
        double vz = p[3 * c + 2] - p[3 * b + 2];
        double t = nx * (uy * vz - uz * vy) + ny * (uz * vx - ux * vz) + nz * (ux * vy - uy * vx);
        double mag = Math.abs(nx) * (Math.abs(uy * vz) + Math.abs(uz * vy))
                + Math.abs(ny) * (Math.abs(uz * vx) + Math.abs(ux * vz))
                + Math.abs(nz) * (Math.abs(ux * vy) + Math.abs(uy * vx));
        if (Math.abs(t) > 0x1p-48 * mag) {
            return t > 0 ? 1 : -1;
        }
        BigDecimal[] u = new BigDecimal[3];
        BigDecimal[] v = new BigDecimal[3];
        for (int i = 0; i < 3; i++) {
            u[i] = new BigDecimal(p[3 * b + i]).subtract(new BigDecimal(p[3 * a + i]));
            v[i] = new BigDecimal(p[3 * c + i]).subtract(new BigDecimal(p[3 * b + i]));
        }
        BigDecimal exact = new BigDecimal(nx).multiply(u[1].multiply(v[2]).subtract(u[2].multiply(v[1])))
                .add(new BigDecimal(ny).multiply(u[2].multiply(v[0]).subtract(u[0].multiply(v[2]))))
                .add(new BigDecimal(nz).multiply(u[0].multiply(v[1]).subtract(u[1].multiply(v[0]))));
        return exact.signum();
    }

    /**
     * One pass of {@link #merge}: triangles marked {@code alone} form faces of their own;
     * {@code groups} receives each face's triangles, by face index.
     */
    private Mesh mergeOnce(boolean[] alone, List<List<Integer>> groups) {
        List<Integer> alive = new ArrayList<>();
        for (int i = 0; i < tris.size(); i++) {
            if (tris.get(i).alive) {
                alive.add(i);
            }
        }
        alive.sort((x, y) -> Double.compare(tris.get(y).area, tris.get(x).area));
        int[] group = new int[tris.size()];
        Arrays.fill(group, -1);
        for (int seed : alive) {
            if (group[seed] >= 0) {
                continue;
            }
            Tri st = tris.get(seed);
            int g = groups.size();
            List<Integer> members = new ArrayList<>();
            groups.add(members);
            ArrayDeque<Integer> queue = new ArrayDeque<>();
            group[seed] = g;
            queue.add(seed);
            while (!queue.isEmpty()) {
                int id = queue.poll();
                members.add(id);
                Tri t = tris.get(id);
                int[] vs = {t.a, t.b, t.c};
                for (int k = 0; k < 3; k++) {
                    Tri u = face(vs[(k + 1) % 3], vs[k]);
                    int nb = u.id;
                    if (group[nb] < 0 && !alone[seed] && !alone[nb] && u.nx * st.nx + u.ny * st.ny + u.nz * st.nz > 0
                            && Math.abs(dist(st, u.a)) <= tol && Math.abs(dist(st, u.b)) <= tol
                            && Math.abs(dist(st, u.c)) <= tol) {
                        group[nb] = g;
                        queue.add(nb);
                    }
                }
            }
        }
        // Each group's boundary, as one loop of input indices.
        List<int[]> loops = new ArrayList<>();
        for (int g = 0; g < groups.size(); g++) {
            Map<Integer, Integer> next = new HashMap<>();
            int edges = 0;
            int startVertex = -1;
            for (int id : groups.get(g)) {
                Tri t = tris.get(id);
                int[] vs = {t.a, t.b, t.c};
                for (int k = 0; k < 3; k++) {
                    int u = vs[k];
                    int v = vs[(k + 1) % 3];
                    if (group[face(v, u).id] != g) {
                        if (next.put(u, v) != null) {
                            throw fail(shape, "merging coplanar faces gave a non-simple face");
                        }
                        edges++;
                        startVertex = u;
                    }
                }
            }
            int[] loop = new int[edges];
            int v = startVertex;
            for (int k = 0; k < edges; k++) {
                loop[k] = v;
                Integer nv = next.get(v);
                if (nv == null) {
                    throw fail(shape, "merging coplanar faces gave an open face boundary");
                }
                v = nv;
            }
            if (v != startVertex) {
                throw fail(shape, "merging coplanar faces gave a face with several boundaries");
            }
            loops.add(loop);
        }
        // Vertices on fewer than 3 faces lie on an edge (within the weld): drop them from the loops.
        Map<Integer, Integer> faceCount = new HashMap<>();
        for (int[] loop : loops) {
            for (int v : loop) {
                faceCount.merge(v, 1, Integer::sum);
            }
        }
        Map<Integer, Integer> local = new HashMap<>();
        List<Integer> vertexList = new ArrayList<>();
        int[][] faces = new int[loops.size()][];
        for (int f = 0; f < loops.size(); f++) {
            int[] loop = loops.get(f);
            int[] kept = new int[loop.length];
            int c = 0;
            for (int v : loop) {
                if (faceCount.get(v) >= 3) {
                    Integer l = local.get(v);
                    if (l == null) {
                        l = vertexList.size();
                        local.put(v, l);
                        vertexList.add(v);
                    }
                    kept[c++] = l;
                }
            }
            if (c < 3) {
                throw fail(shape, "a merged face has fewer than 3 corners (degenerate hull)");
            }
            faces[f] = Arrays.copyOf(kept, c);
        }
        int[] vertex = new int[vertexList.size()];
        for (int i = 0; i < vertex.length; i++) {
            vertex[i] = vertexList.get(i);
        }
        // Before validating: the validation costs faces * points, and a hull this large is refused anyway.
        long halfEdges = 0;
        for (int[] f : faces) {
            halfEdges += f.length;
        }
        int max = ConvexPolyhedra.MAX_FEATURES;
        if (vertex.length > max || faces.length > max || halfEdges / 2 > max) {
            throw fail(shape, "the hull has " + vertex.length + " vertices, " + faces.length + " faces and "
                    + halfEdges / 2 + " edges: at most " + max + " of each (feature ids have 15 bits)");
        }
        double[][] normals = validate(vertex, faces);
        return new Mesh(vertex, faces, normals);
    }

    private double[][] validate(int[] vertex, int[][] faces) {
        double slack = 4 * tol;
        double[][] normals = new double[faces.length][];
        for (int f = 0; f < faces.length; f++) {
            int[] loop = faces[f];
            double nx = 0;
            double ny = 0;
            double nz = 0;
            for (int k = 0; k < loop.length; k++) {
                int i = vertex[loop[k]];
                int j = vertex[loop[(k + 1) % loop.length]];
                nx += (p[3 * i + 1] - p[3 * j + 1]) * (p[3 * i + 2] + p[3 * j + 2]);
                ny += (p[3 * i + 2] - p[3 * j + 2]) * (p[3 * i] + p[3 * j]);
                nz += (p[3 * i] - p[3 * j]) * (p[3 * i + 1] + p[3 * j + 1]);
            }
            double l = Math.sqrt(nx * nx + ny * ny + nz * nz);
            if (!(l > 0)) {
                throw fail(shape, "face=" + f + " has no area (degenerate hull)");
            }
            nx /= l;
            ny /= l;
            nz /= l;
            double dMax = Double.NEGATIVE_INFINITY;
            double dMin = Double.POSITIVE_INFINITY;
            for (int v : loop) {
                int i = vertex[v];
                double d = nx * p[3 * i] + ny * p[3 * i + 1] + nz * p[3 * i + 2];
                dMax = Math.max(dMax, d);
                dMin = Math.min(dMin, d);
            }
            if (dMax - dMin > slack) {
                throw fail(shape, "face=" + f + " is not planar within " + slack + " (numerical failure)");
            }
            for (int i = 0; i < n; i++) {
                double d = nx * p[3 * i] + ny * p[3 * i + 1] + nz * p[3 * i + 2] - dMax;
                if (d > slack) {
                    throw fail(shape, "point=" + i + " lies " + d + " outside face=" + f
                            + " of the built hull (numerical failure)");
                }
            }
            normals[f] = new double[] {nx, ny, nz};
        }
        Map<Long, int[]> edges = new HashMap<>();
        for (int f = 0; f < faces.length; f++) {
            int[] loop = faces[f];
            for (int k = 0; k < loop.length; k++) {
                int u = loop[k];
                int v = loop[(k + 1) % loop.length];
                if (edges.put(key(u, v), new int[] {f}) != null) {
                    throw fail(shape, "edge " + u + "-" + v + " is used twice in one direction (invalid hull)");
                }
            }
        }
        for (long k : edges.keySet()) {
            int u = (int) (k >>> 32);
            int v = (int) k;
            if (!edges.containsKey(key(v, u))) {
                throw fail(shape, "edge " + u + "-" + v + " has one face only (open hull)");
            }
        }
        int e = edges.size() / 2;
        if (vertex.length - e + faces.length != 2) {
            throw fail(shape, "Euler check failed: V=" + vertex.length + ", E=" + e + ", F=" + faces.length);
        }
        return normals;
    }
}
