package dev.sepax.testing;

import dev.sepax.batch.PairBatch;
import dev.sepax.solid.ConvexPolyhedra;
import dev.sepax.solid.HullOverlapKernel;
import dev.sepax.solid.OrientedBoxes;
import dev.sepax.solid.ScalarObbSat;
import dev.sepax.solid.SolidPoses;
import dev.sepax.internal.BoxArrays;
import dev.sepax.internal.HullArrays;
import java.util.SplittableRandom;

/**
 * Random hulls, boxes and scenes for the 3D tests, and the independent double-precision
 * oracles: a brute-force separating-axis gap over all face normals (recomputed in double from the
 * face loops by Newell's method) and all edge-pair cross products (from the float vertices in
 * double), projecting both shapes fully on each axis, with no pruning.
 */
public final class SolidFixtures {
    /** Unit roundoff of float. */
    public static final double U = 0x1p-24;

    private SolidFixtures() {}

    /**
     * k random points on (0.7..1 of) a sphere of the given radius around the origin. With k >= 4
     * the whole cloud is drawn again while its first four points span a tetrahedron thinner than
     * {@code radius / 20} (its least face height or opposite-edge distance): the hull contains
     * that tetrahedron, so it is at least that wide in every direction, and every seed plane of
     * {@code QuickHull} then has a point at half that distance or more, far above its
     * nearly-flat limit {@code 2^-14} of the extent. Without the redraw, some seeds gave
     * 4-point clouds that the store rightly rejects as nearly flat.
     */
    public static float[] cloud(SplittableRandom r, int k, double radius) {
        float[] p;
        do {
            p = shell(r, k, radius);
        } while (k >= 4 && tetrahedronWidth(p) < radius / 20);
        return p;
    }

    /**
     * The least width of the tetrahedron of points 0..3 of {@code p}: the minimum over its four
     * face heights and its three opposite-edge distances (the widths across the directions
     * where a tetrahedron is thinnest).
     */
    private static double tetrahedronWidth(float[] p) {
        int[][] faces = {{1, 2, 3, 0}, {0, 2, 3, 1}, {0, 1, 3, 2}, {0, 1, 2, 3}};
        double least = Double.POSITIVE_INFINITY;
        for (int[] f : faces) {
            least = Math.min(least, distanceAlong(cross(sub(p, f[1], f[0]), sub(p, f[2], f[0])), sub(p, f[3], f[0])));
        }
        int[][] edges = {{0, 1, 2, 3}, {0, 2, 1, 3}, {0, 3, 1, 2}};
        for (int[] e : edges) {
            least = Math.min(least, distanceAlong(cross(sub(p, e[1], e[0]), sub(p, e[3], e[2])), sub(p, e[2], e[0])));
        }
        return least;
    }

    private static double[] sub(float[] p, int i, int j) {
        return new double[] {(double) p[3 * i] - p[3 * j], (double) p[3 * i + 1] - p[3 * j + 1],
                (double) p[3 * i + 2] - p[3 * j + 2]};
    }

    private static double[] cross(double[] a, double[] b) {
        return new double[] {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
    }

    /** |v . n| / |n|, or 0 for a zero n (a degenerate direction counts as no width). */
    private static double distanceAlong(double[] n, double[] v) {
        double len = Math.sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
        return len == 0 ? 0 : Math.abs(v[0] * n[0] + v[1] * n[1] + v[2] * n[2]) / len;
    }

    /**
     * k points in a shell of radii 0.7 to 1.0 times {@code radius} round the origin, directions
     * uniform: the clouds of the bench's H workloads ({@code SolidWorkloads.cloud}, the same draws).
     */
    public static float[] shell(SplittableRandom r, int k, double radius) {
        float[] p = new float[3 * k];
        for (int i = 0; i < k; i++) {
            double[] d = ballPoint(r);
            double s = radius * r.nextDouble(0.7, 1.0) / d[3];
            p[3 * i] = (float) (d[0] * s);
            p[3 * i + 1] = (float) (d[1] * s);
            p[3 * i + 2] = (float) (d[2] * s);
        }
        return p;
    }

    /** n points uniform on the unit sphere, float-rounded (every one a hull vertex). */
    public static float[] sphere(int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        float[] p = new float[3 * n];
        for (int i = 0; i < n; i++) {
            double[] u = direction(r);
            p[3 * i] = (float) u[0];
            p[3 * i + 1] = (float) u[1];
            p[3 * i + 2] = (float) u[2];
        }
        return p;
    }

    /** A uniformly random unit vector (double). */
    public static double[] direction(SplittableRandom r) {
        double[] d = ballPoint(r);
        return new double[] {d[0] / d[3], d[1] / d[3], d[2] / d[3]};
    }

    /**
     * {x, y, z, |(x, y, z)|}: a point uniform in the ball of radius 1 outside radius 0.1, by
     * rejection from the cube (the shared draw of the helpers above).
     */
    private static double[] ballPoint(SplittableRandom r) {
        double x;
        double y;
        double z;
        double l;
        do {
            x = r.nextDouble(-1, 1);
            y = r.nextDouble(-1, 1);
            z = r.nextDouble(-1, 1);
            l = Math.sqrt(x * x + y * y + z * z);
        } while (l > 1 || l < 0.1);
        return new double[] {x, y, z, l};
    }

    /** A random unit quaternion {x, y, z, w}. */
    public static float[] quaternion(SplittableRandom r) {
        double x;
        double y;
        double z;
        double w;
        double l;
        do {
            x = r.nextDouble(-1, 1);
            y = r.nextDouble(-1, 1);
            z = r.nextDouble(-1, 1);
            w = r.nextDouble(-1, 1);
            l = Math.sqrt(x * x + y * y + z * z + w * w);
        } while (l > 1 || l < 0.1);
        return new float[] {(float) (x / l), (float) (y / l), (float) (z / l), (float) (w / l)};
    }

    /** The vector v rotated by the unit quaternion q {x, y, z, w}, in double. */
    public static double[] rotate(float[] q, float[] v) {
        return rotate(q, new double[] {v[0], v[1], v[2]});
    }

    /** The vector v rotated by the unit quaternion q {x, y, z, w}, in double. */
    public static double[] rotate(float[] q, double[] v) {
        double x = q[0];
        double y = q[1];
        double z = q[2];
        double w = q[3];
        double[][] m = {
            {1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)},
            {2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)},
            {2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)}};
        return new double[] {m[0][0] * v[0] + m[0][1] * v[1] + m[0][2] * v[2],
                m[1][0] * v[0] + m[1][1] * v[1] + m[1][2] * v[2], m[2][0] * v[0] + m[2][1] * v[1] + m[2][2] * v[2]};
    }

    /** Hamilton product a * b (rotate by b, then by a). */
    public static float[] multiply(float[] a, float[] b) {
        double ax = a[0], ay = a[1], az = a[2], aw = a[3];
        double bx = b[0], by = b[1], bz = b[2], bw = b[3];
        return new float[] {(float) (aw * bx + ax * bw + ay * bz - az * by), (float) (aw * by - ax * bz + ay * bw + az * bx),
                (float) (aw * bz + ax * by - ay * bx + az * bw), (float) (aw * bw - ax * bx - ay * by - az * bz)};
    }

    /** A posed scene: local hulls, random poses, the world store and pairs of nearby shapes. */
    public record Scene(ConvexPolyhedra local, SolidPoses poses, ConvexPolyhedra world, PairBatch pairs) {}

    /**
     * {@code n} hulls of {@code k} points (radius 0.5..1.5), randomly rotated and placed in a cube
     * of side {@code side}, and {@code pairCount} random pairs of shapes within 3.5 of each
     * other: about half intersect for side around 2.5 * n^(1/3).
     */
    public static Scene scene(long seed, int n, int k, double side, int pairCount) {
        SplittableRandom r = new SplittableRandom(seed);
        ConvexPolyhedra.Builder b = new ConvexPolyhedra.Builder();
        for (int i = 0; i < n; i++) {
            b.addHull(cloud(r, k, r.nextDouble(0.5, 1.5)));
        }
        ConvexPolyhedra local = b.build();
        SolidPoses poses = new SolidPoses(n);
        float[] t = new float[3 * n];
        for (int i = 0; i < n; i++) {
            float[] q = quaternion(r);
            t[3 * i] = (float) r.nextDouble(0, side);
            t[3 * i + 1] = (float) r.nextDouble(0, side);
            t[3 * i + 2] = (float) r.nextDouble(0, side);
            poses.setQuaternion(i, q[0], q[1], q[2], q[3], t[3 * i], t[3 * i + 1], t[3 * i + 2]);
        }
        ConvexPolyhedra world = local.worldCopy();
        poses.transform(local, world);
        PairBatch pairs = new PairBatch(n, pairCount);
        int tries = 0;
        while (pairs.size() < pairCount) {
            int i = r.nextInt(n);
            int j = r.nextInt(n);
            double dx = t[3 * i] - t[3 * j];
            double dy = t[3 * i + 1] - t[3 * j + 1];
            double dz = t[3 * i + 2] - t[3 * j + 2];
            if (dx * dx + dy * dy + dz * dz < 3.5 * 3.5 || ++tries % 50 == 0) {
                pairs.add(i, j);
            }
        }
        return new Scene(local, poses, world, pairs);
    }

    /**
     * {@code pairs} pairs of shapes {@code (2i, 2i + 1)} that meet at a knife edge: shape 2i is
     * a flat cone (a base of {@code rim} points on the unit circle, its apex {@code height}
     * above the centre), shape 2i + 1 a narrow roof whose ridge, sloped by {@code 1e-8} to
     * {@code 1e-2} rad, runs radially across the cone's rim while its body pokes through the
     * base; each pair turned by a random rotation. The pairs intersect by about 0.1 (the roof
     * must move that far outwards), no vertex of either lies in the other, and the edge axis of
     * the rim edge and the ridge lies close to the base normal, along which the cone's centroid
     * is within {@code height / rim} of its support plane: the orientation of that axis is at
     * the mercy of rounding, the case {@code ScalarHullSat.orientationBound} guards.
     */
    public static ConvexPolyhedra knifeEdgePairs(long seed, int pairs, int rim, double height) {
        SplittableRandom r = new SplittableRandom(seed);
        ConvexPolyhedra.Builder builder = new ConvexPolyhedra.Builder();
        double[] cone = new double[3 * (rim + 1)];
        for (int i = 0; i < rim; i++) {
            // Half a step off the x axis, so that no rim vertex lies inside the roof.
            double angle = 2 * Math.PI * (i + 0.5) / rim;
            cone[3 * i] = Math.cos(angle);
            cone[3 * i + 1] = Math.sin(angle);
        }
        cone[3 * rim + 2] = height;
        for (int p = 0; p < pairs; p++) {
            double slope = Math.pow(10, r.nextDouble(-8, -2)) * (r.nextBoolean() ? 1 : -1);
            double top = r.nextDouble(0.05, 0.5);
            double halfWidth = 0.003;
            double drop = halfWidth / Math.tan(r.nextDouble(0.3, 1.2)) + 0.8;
            double[] roof = new double[18];
            int k = 0;
            for (double x : new double[] {0.9, 1.1}) {
                double ridge = top + (x - 1) * Math.tan(slope);
                double[][] corners = {{x, 0, ridge}, {x, -halfWidth, ridge - drop}, {x, halfWidth, ridge - drop}};
                for (double[] c : corners) {
                    roof[k++] = c[0];
                    roof[k++] = c[1];
                    roof[k++] = c[2];
                }
            }
            float[] q = quaternion(r);
            builder.addHull(rotated(q, cone));
            builder.addHull(rotated(q, roof));
        }
        return builder.build();
    }

    /** The points xyz rotated by the unit quaternion q, in double, rounded to float. */
    private static float[] rotated(float[] q, double[] xyz) {
        float[] out = new float[xyz.length];
        for (int i = 0; i < xyz.length; i += 3) {
            double[] v = rotate(q, new double[] {xyz[i], xyz[i + 1], xyz[i + 2]});
            out[i] = (float) v[0];
            out[i + 1] = (float) v[1];
            out[i + 2] = (float) v[2];
        }
        return out;
    }

    /** The store's vertex i of shape s in double. */
    private static double[] vertex(HullArrays h, int s, int i) {
        int v = h.vStart[s] + i;
        return new double[] {h.vx[v], h.vy[v], h.vz[v]};
    }

    /**
     * The SAT gap of shapes a and b in double: the largest
     * {@code max(min_B - max_A, min_A - max_B) / |L|} over the world axes, every face normal
     * (Newell, from the float vertices) and every edge-pair cross product. Positive: separated by
     * that distance along the best axis; otherwise the pair intersects.
     */
    public static double hullGap(ConvexPolyhedra s, int a, int b) {
        return hullGap(s, a, b, false);
    }

    /**
     * {@link #hullGap} over the axes the pruned kernel ({@code ScalarHullSat}) decides on: the
     * world axes, every face normal, and the edge pairs whose Gauss-map arcs cross (the face
     * normals of {@code B - A}; the arc test of {@code ScalarHullSat} in double, on Newell
     * normals). Equal to {@link #hullGap} for intersecting pairs; for separated pairs it can be
     * smaller, since a pair of edges whose arcs do not cross can give a direction nearer the
     * closest one than any face of {@code B - A} (the SAT gap is not the distance).
     */
    public static double hullFaceGap(ConvexPolyhedra s, int a, int b) {
        return hullGap(s, a, b, true);
    }

    private static double hullGap(ConvexPolyhedra s, int a, int b, boolean crossingOnly) {
        HullArrays h = s.arrays();
        double[][] facesA = faceNormals(h, a);
        double[][] facesB = faceNormals(h, b);
        double best = Double.NEGATIVE_INFINITY;
        for (double[] axis : new double[][] {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}) {
            best = Math.max(best, gap(h, a, b, axis));
        }
        for (double[][] faces : new double[][][] {facesA, facesB}) {
            for (double[] n : faces) {
                best = Math.max(best, gap(h, a, b, n));
            }
        }
        for (int ea = 0; ea < h.eCount[a]; ea++) {
            double[] da = edge(h, a, ea);
            double[] na = facesA[h.ef0[h.eStart[a] + ea]];
            double[] nb = facesA[h.ef1[h.eStart[a] + ea]];
            double[] ga = cross(na, nb);
            for (int eb = 0; eb < h.eCount[b]; eb++) {
                if (crossingOnly) {
                    double[] nc = facesB[h.ef0[h.eStart[b] + eb]];
                    double[] nd = facesB[h.ef1[h.eStart[b] + eb]];
                    double[] gb = cross(nc, nd);
                    double cga = dot(nc, ga);
                    double dga = dot(nd, ga);
                    double agb = dot(na, gb);
                    double bgb = dot(nb, gb);
                    if (!(cga * dga < 0 && agb * bgb < 0 && cga * bgb < 0)) {
                        continue;
                    }
                }
                double[] db = edge(h, b, eb);
                double[] l = cross(da, db);
                if (norm(l) > 1e-12 * norm(da) * norm(db)) {
                    best = Math.max(best, gap(h, a, b, l));
                }
            }
        }
        return best;
    }

    /** Every face's Newell normal of shape s, in double, by face index. */
    private static double[][] faceNormals(HullArrays h, int s) {
        double[][] n = new double[h.fCount[s]][];
        for (int f = 0; f < n.length; f++) {
            n[f] = newell(h, s, f);
        }
        return n;
    }

    private static double norm(double[] v) {
        return Math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    }

    private static double[] edge(HullArrays h, int s, int e) {
        double[] p = vertex(h, s, h.ev0[h.eStart[s] + e]);
        double[] q = vertex(h, s, h.ev1[h.eStart[s] + e]);
        return new double[] {q[0] - p[0], q[1] - p[1], q[2] - p[2]};
    }

    private static double[] newell(HullArrays h, int s, int f) {
        int slot = h.fStart[s] + f;
        int n = h.loopCount[slot];
        double nx = 0;
        double ny = 0;
        double nz = 0;
        for (int k = 0; k < n; k++) {
            double[] p = vertex(h, s, h.loop[h.loopStart[slot] + k]);
            double[] q = vertex(h, s, h.loop[h.loopStart[slot] + (k + 1) % n]);
            nx += (p[1] - q[1]) * (p[2] + q[2]);
            ny += (p[2] - q[2]) * (p[0] + q[0]);
            nz += (p[0] - q[0]) * (p[1] + q[1]);
        }
        return new double[] {nx, ny, nz};
    }

    private static double gap(HullArrays h, int a, int b, double[] l) {
        double len = norm(l);
        double minA = Double.POSITIVE_INFINITY;
        double maxA = Double.NEGATIVE_INFINITY;
        double minB = Double.POSITIVE_INFINITY;
        double maxB = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < h.vCount[a]; i++) {
            double[] v = vertex(h, a, i);
            double p = (l[0] * v[0] + l[1] * v[1] + l[2] * v[2]) / len;
            minA = Math.min(minA, p);
            maxA = Math.max(maxA, p);
        }
        for (int i = 0; i < h.vCount[b]; i++) {
            double[] v = vertex(h, b, i);
            double p = (l[0] * v[0] + l[1] * v[1] + l[2] * v[2]) / len;
            minB = Math.min(minB, p);
            maxB = Math.max(maxB, p);
        }
        return Math.max(minB - maxA, minA - maxB);
    }

    /** The hull-kernel band of {@link HullOverlapKernel} with a floor for sin(theta): 2^-12 M. */
    public static double hullBand(ConvexPolyhedra s, int a, int b) {
        HullArrays h = s.arrays();
        return 0x1p-12 * Math.max(h.magnitude[a], h.magnitude[b]);
    }

    /** The 8 corners of box i in double, as x, y, z triples. */
    public static double[] corners(OrientedBoxes boxes, int i) {
        BoxArrays r = boxes.arrays();
        double[] c = new double[24];
        for (int k = 0; k < 8; k++) {
            double su = (k & 1) == 0 ? -r.hu[i] : r.hu[i];
            double sv = (k & 2) == 0 ? -r.hv[i] : r.hv[i];
            double sw = (k & 4) == 0 ? -r.hw[i] : r.hw[i];
            c[3 * k] = r.cx[i] + su * r.ux[i] + sv * r.vx[i] + sw * r.wx[i];
            c[3 * k + 1] = r.cy[i] + su * r.uy[i] + sv * r.vy[i] + sw * r.wy[i];
            c[3 * k + 2] = r.cz[i] + su * r.uz[i] + sv * r.vz[i] + sw * r.wz[i];
        }
        return c;
    }

    /** The 15-axis SAT gap of boxes a and b in double, from their corners (full projections). */
    public static double boxGap(OrientedBoxes boxes, int a, int b) {
        BoxArrays r = boxes.arrays();
        double[][] ax = new double[6][];
        int[] who = {a, b};
        for (int s = 0; s < 2; s++) {
            int i = who[s];
            ax[3 * s] = new double[] {r.ux[i], r.uy[i], r.uz[i]};
            ax[3 * s + 1] = new double[] {r.vx[i], r.vy[i], r.vz[i]};
            ax[3 * s + 2] = new double[] {r.wx[i], r.wy[i], r.wz[i]};
        }
        double[] ca = corners(boxes, a);
        double[] cb = corners(boxes, b);
        double best = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < 6; i++) {
            best = Math.max(best, cornerGap(ca, cb, ax[i]));
        }
        for (int i = 0; i < 3; i++) {
            for (int j = 3; j < 6; j++) {
                double[] p = ax[i];
                double[] q = ax[j];
                double[] l = {p[1] * q[2] - p[2] * q[1], p[2] * q[0] - p[0] * q[2], p[0] * q[1] - p[1] * q[0]};
                if (norm(l) > 1e-9) {
                    best = Math.max(best, cornerGap(ca, cb, l));
                }
            }
        }
        return best;
    }

    private static double cornerGap(double[] ca, double[] cb, double[] l) {
        double len = norm(l);
        double minA = Double.POSITIVE_INFINITY;
        double maxA = Double.NEGATIVE_INFINITY;
        double minB = Double.POSITIVE_INFINITY;
        double maxB = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < 8; k++) {
            double pa = (l[0] * ca[3 * k] + l[1] * ca[3 * k + 1] + l[2] * ca[3 * k + 2]) / len;
            double pb = (l[0] * cb[3 * k] + l[1] * cb[3 * k + 1] + l[2] * cb[3 * k + 2]) / len;
            minA = Math.min(minA, pa);
            maxA = Math.max(maxA, pa);
            minB = Math.min(minB, pb);
            maxB = Math.max(maxB, pb);
        }
        return Math.max(minB - maxA, minA - maxB);
    }

    /**
     * The OBB kernel's band for boxes a and b ({@link ScalarObbSat}): {@code 16 u (|t| + sum of
     * half-extents) + GUARD * sum of half-extents}, divided by the shortest {@code |A_i x B_j|}
     * (a cross axis's gap is its computed value over that length).
     */
    public static double boxBand(OrientedBoxes boxes, int a, int b) {
        BoxArrays r = boxes.arrays();
        double h = r.hu[a] + r.hv[a] + r.hw[a] + r.hu[b] + r.hv[b] + r.hw[b];
        double t = Math.abs(r.cx[b] - r.cx[a]) + Math.abs(r.cy[b] - r.cy[a]) + Math.abs(r.cz[b] - r.cz[a]);
        double minL = 1;
        int[] who = {a, b};
        double[][] ax = new double[6][];
        for (int s = 0; s < 2; s++) {
            int i = who[s];
            ax[3 * s] = new double[] {r.ux[i], r.uy[i], r.uz[i]};
            ax[3 * s + 1] = new double[] {r.vx[i], r.vy[i], r.vz[i]};
            ax[3 * s + 2] = new double[] {r.wx[i], r.wy[i], r.wz[i]};
        }
        for (int i = 0; i < 3; i++) {
            for (int j = 3; j < 6; j++) {
                double[] p = ax[i];
                double[] q = ax[j];
                minL = Math.min(minL, norm(new double[] {p[1] * q[2] - p[2] * q[1], p[2] * q[0] - p[0] * q[2],
                        p[0] * q[1] - p[1] * q[0]}));
            }
        }
        return (16 * U * (t + h) + ScalarObbSat.GUARD * h) / Math.max(minL, 0x1p-30);
    }

    /**
     * {@code n} boxes in pairs {@code (2i, 2i + 1)} near edge-on-edge contact: box 2i + 1 is
     * placed from box 2i along a random cross axis {@code A_i x B_j}, at the distance where
     * their projections on it touch, plus a gap of up to 2% of that distance either way. Many
     * such pairs are separated by a cross axis only, or intersect without sharing either
     * centre's nearest point: the cases the kernels' face axes and certificate leave open.
     */
    public static OrientedBoxes edgeContactBoxes(long seed, int n) {
        SplittableRandom r = new SplittableRandom(seed);
        OrientedBoxes b = new OrientedBoxes(n);
        BoxArrays s = b.arrays();
        for (int i = 0; i + 1 < n; i += 2) {
            float[] qa = quaternion(r);
            float[] qb = quaternion(r);
            float[] ha = {(float) r.nextDouble(0.1, 2), (float) r.nextDouble(0.1, 2), (float) r.nextDouble(0.1, 2)};
            float[] hb = {(float) r.nextDouble(0.1, 2), (float) r.nextDouble(0.1, 2), (float) r.nextDouble(0.1, 2)};
            b.setRotated(i, 0, 0, 0, qa[0], qa[1], qa[2], qa[3], ha[0], ha[1], ha[2]);
            b.setRotated(i + 1, 0, 0, 0, qb[0], qb[1], qb[2], qb[3], hb[0], hb[1], hb[2]);
            double[][] axes = new double[6][];
            for (int k = 0; k < 2; k++) {
                int box = i + k;
                axes[3 * k] = new double[] {s.ux[box], s.uy[box], s.uz[box]};
                axes[3 * k + 1] = new double[] {s.vx[box], s.vy[box], s.vz[box]};
                axes[3 * k + 2] = new double[] {s.wx[box], s.wy[box], s.wz[box]};
            }
            double[] p = axes[r.nextInt(3)];
            double[] q = axes[3 + r.nextInt(3)];
            double[] l = {p[1] * q[2] - p[2] * q[1], p[2] * q[0] - p[0] * q[2], p[0] * q[1] - p[1] * q[0]};
            double len = norm(l);
            if (len < 0.1) {
                l = p;
                len = 1;
            }
            double reach = 0;
            for (int k = 0; k < 3; k++) {
                reach += ha[k] * Math.abs(dot(axes[k], l)) / len + hb[k] * Math.abs(dot(axes[3 + k], l)) / len;
            }
            double d = reach * (1 + r.nextDouble(-0.02, 0.02));
            // A sideways offset too, so that the contact is not always centre on centre.
            double side = r.nextDouble(-0.3, 0.3) * reach;
            double[] o = {q[1] * l[2] - q[2] * l[1], q[2] * l[0] - q[0] * l[2], q[0] * l[1] - q[1] * l[0]};
            double ol = Math.max(norm(o), 1e-9);
            float cx = (float) (r.nextDouble(-50, 50));
            float cy = (float) (r.nextDouble(-50, 50));
            float cz = (float) (r.nextDouble(-50, 50));
            b.setRotated(i, cx, cy, cz, qa[0], qa[1], qa[2], qa[3], ha[0], ha[1], ha[2]);
            b.setRotated(i + 1, (float) (cx + d * l[0] / len + side * o[0] / ol), (float) (cy + d * l[1] / len + side * o[1] / ol),
                    (float) (cz + d * l[2] / len + side * o[2] / ol), qb[0], qb[1], qb[2], qb[3], hb[0], hb[1], hb[2]);
        }
        return b;
    }

    /** The largest of the six face-axis gaps of boxes a and b in double (corner projections). */
    public static double boxFaceGap(OrientedBoxes boxes, int a, int b) {
        BoxArrays r = boxes.arrays();
        double[] ca = corners(boxes, a);
        double[] cb = corners(boxes, b);
        double best = Double.NEGATIVE_INFINITY;
        for (int i : new int[] {a, b}) {
            best = Math.max(best, cornerGap(ca, cb, new double[] {r.ux[i], r.uy[i], r.uz[i]}));
            best = Math.max(best, cornerGap(ca, cb, new double[] {r.vx[i], r.vy[i], r.vz[i]}));
            best = Math.max(best, cornerGap(ca, cb, new double[] {r.wx[i], r.wy[i], r.wz[i]}));
        }
        return best;
    }

    private static double dot(double[] a, double[] b) {
        return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    }

    /** n random boxes (half-extents 0.1..1.5) randomly rotated in a cube of the given side. */
    public static OrientedBoxes boxes(long seed, int n, double side) {
        SplittableRandom r = new SplittableRandom(seed);
        OrientedBoxes b = new OrientedBoxes(n);
        for (int i = 0; i < n; i++) {
            float[] q = quaternion(r);
            b.setRotated(i, (float) r.nextDouble(0, side), (float) r.nextDouble(0, side), (float) r.nextDouble(0, side),
                    q[0], q[1], q[2], q[3],
                    (float) r.nextDouble(0.1, 1.5), (float) r.nextDouble(0.1, 1.5), (float) r.nextDouble(0.1, 1.5));
        }
        return b;
    }

    /** pairCount random pairs of boxes whose centres are within 3 of each other (plus a few far ones). */
    public static PairBatch boxPairs(long seed, OrientedBoxes boxes, int pairCount) {
        SplittableRandom r = new SplittableRandom(seed);
        BoxArrays a = boxes.arrays();
        int n = boxes.size();
        PairBatch p = new PairBatch(n, pairCount);
        int tries = 0;
        while (p.size() < pairCount) {
            int i = r.nextInt(n);
            int j = r.nextInt(n);
            double dx = a.cx[i] - a.cx[j];
            double dy = a.cy[i] - a.cy[j];
            double dz = a.cz[i] - a.cz[j];
            if (dx * dx + dy * dy + dz * dz < 9 || ++tries % 50 == 0) {
                p.add(i, j);
            }
        }
        return p;
    }
}
