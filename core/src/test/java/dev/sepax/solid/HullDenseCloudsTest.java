package dev.sepax.solid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.sepax.testing.PropertyTimeout;
import dev.sepax.testing.SolidFixtures;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import org.junit.jupiter.api.Timeout;

/**
 * Dense and degenerate clouds that are valid input build, checked independently of the
 * builder's own validation: points on a sphere (random and Fibonacci lattices, up to 10 000, and
 * a thin shell under a sphere), on a cube's surface and on a cylinder, with duplicates, with
 * points coplanar up to rounding or jittered around the weld distance, scaled and moved far from
 * the origin. Every cloud here has at most 10 922 points, so its hull has at most
 * {@code 3 * 10922 - 6 < MAX_FEATURES} edges: none may be refused. 20 000 points on a sphere
 * are refused, by the feature limit only.
 *
 * <p>The checks, in double, with {@code w} the weld distance of {@link QuickHull} and the
 * validation's {@code 4w} as the documented bound: every store vertex is an input point and
 * none repeats; every face is planar and every input point and every vertex lies at most
 * {@code 4w} above every face's plane (contained, convex); every edge has its twin, every vertex
 * at least three faces, and {@code V - E + F = 2} with E counted from the face loops.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
@AddLifecycleHook(PropertyTimeout.class)
class HullDenseCloudsTest {
    /** Jitters across the weld distance 2^-17 of an extent of 2: none, below rounding, w/4, w, 4w, far above. */
    private static final double[] JITTER = {0, 0x1p-30, 0x1p-19, 0x1p-17, 0x1p-15, 0x1p-10};

    /** The Fibonacci lattice of n points on the unit sphere: evenly spread, many nearly co-circular quads. */
    static float[] fibonacci(int n) {
        float[] p = new float[3 * n];
        double turn = Math.PI * (3 - Math.sqrt(5));
        for (int i = 0; i < n; i++) {
            double z = 1 - (2.0 * i + 1) / n;
            double r = Math.sqrt(1 - z * z);
            p[3 * i] = (float) (r * Math.cos(turn * i));
            p[3 * i + 1] = (float) (r * Math.sin(turn * i));
            p[3 * i + 2] = (float) z;
        }
        return p;
    }

    /**
     * n points on the surface of [-1, 1]^3, uniform or on a grid of step 0.1 (then many on the
     * cube's edges and several on its corners), each moved off its face by up to {@code jitter}.
     */
    static float[] cube(SplittableRandom r, int n, double jitter, boolean grid) {
        float[] p = new float[3 * n];
        for (int i = 0; i < n; i++) {
            int face = r.nextInt(6);
            for (int k = 0; k < 3; k++) {
                double v;
                if (k == face / 2) {
                    v = (face % 2 == 0 ? -1 : 1) + (jitter > 0 ? r.nextDouble(-jitter, jitter) : 0);
                } else {
                    v = grid ? (r.nextInt(21) - 10) / 10.0 : r.nextDouble(-1, 1);
                }
                p[3 * i + k] = (float) v;
            }
        }
        return p;
    }

    /**
     * n points on a cylinder of radius 1 and height 3: on the two rims at {@code rim} fixed
     * angles, on the side at those angles (coplanar vertical lines), on the side anywhere, and in
     * the caps; rim and cap points moved off by up to {@code jitter}.
     */
    static float[] cylinder(SplittableRandom r, int n, int rim, double jitter) {
        float[] p = new float[3 * n];
        for (int i = 0; i < n; i++) {
            double a;
            double z;
            double radius = 1;
            int kind = r.nextInt(4);
            if (kind == 0) {
                a = 2 * Math.PI * r.nextInt(rim) / rim;
                z = r.nextBoolean() ? 0 : 3;
            } else if (kind == 1) {
                a = 2 * Math.PI * r.nextInt(rim) / rim;
                z = r.nextDouble(0, 3);
            } else if (kind == 2) {
                a = r.nextDouble(0, 2 * Math.PI);
                z = r.nextDouble(0, 3);
            } else {
                a = r.nextDouble(0, 2 * Math.PI);
                z = r.nextBoolean() ? 0 : 3;
                radius = Math.sqrt(r.nextDouble());
            }
            if (jitter > 0 && kind != 1 && kind != 2) {
                z += r.nextDouble(-jitter, jitter);
                radius += kind == 0 ? r.nextDouble(-jitter, jitter) : 0;
            }
            p[3 * i] = (float) (radius * Math.cos(a));
            p[3 * i + 1] = (float) (radius * Math.sin(a));
            p[3 * i + 2] = (float) z;
        }
        return p;
    }

    /** Overwrites about {@code percent} of the points with exact copies of other points. */
    static float[] duplicate(SplittableRandom r, float[] p, int percent) {
        int n = p.length / 3;
        for (int i = 1; i < n; i++) {
            if (r.nextInt(100) < percent) {
                int j = r.nextInt(i);
                System.arraycopy(p, 3 * j, p, 3 * i, 3);
            }
        }
        return p;
    }

    /** Scales the cloud by 2^scaleExp and moves it by {@code offset} times its new size along a random direction. */
    static float[] placed(SplittableRandom r, float[] p, int scaleExp, double offset) {
        double s = Math.scalb(1.0, scaleExp);
        double[] u = SolidFixtures.direction(r);
        float[] q = new float[p.length];
        for (int i = 0; i < p.length; i++) {
            q[i] = (float) (p[i] * s + u[i % 3] * offset * s);
        }
        return q;
    }

    /** The weld distance QuickHull uses for this cloud. */
    static double weld(float[] c) {
        double m = 0;
        double ext = 0;
        for (int k = 0; k < 3; k++) {
            double lo = Double.POSITIVE_INFINITY;
            double hi = Double.NEGATIVE_INFINITY;
            for (int i = k; i < c.length; i += 3) {
                lo = Math.min(lo, c[i]);
                hi = Math.max(hi, c[i]);
                m = Math.max(m, Math.abs(c[i]));
            }
            ext = Math.max(ext, hi - lo);
        }
        return QuickHull.WELD * ext + 0x1p-40 * m;
    }

    /** Builds the hull of c, which must not be refused, and checks it (see the class doc). */
    static ConvexPolyhedra assertValidHull(float[] c, String what) {
        ConvexPolyhedra s;
        try {
            s = ConvexPolyhedra.of(c);
        } catch (IllegalArgumentException e) {
            throw new AssertionError(what + ": valid cloud refused: " + e.getMessage(), e);
        }
        int n = c.length / 3;
        double slack = 4 * weld(c);
        int v = s.vertexCount(0);
        int f = s.faceCount(0);
        double[][] vert = new double[v][3];
        Set<String> input = new HashSet<>();
        for (int i = 0; i < n; i++) {
            input.add(key(c[3 * i], c[3 * i + 1], c[3 * i + 2]));
        }
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < v; i++) {
            float x = s.vertex(0, i, 0);
            float y = s.vertex(0, i, 1);
            float z = s.vertex(0, i, 2);
            assertTrue(input.contains(key(x, y, z)), what + ": vertex " + i + " is not an input point");
            assertTrue(seen.add(key(x, y, z)), what + ": vertex " + i + " repeats");
            vert[i] = new double[] {x, y, z};
        }
        Map<Long, Integer> halfEdges = new HashMap<>();
        int[] degree = new int[v];
        for (int g = 0; g < f; g++) {
            int[] loop = s.faceVertices(0, g);
            // Newell's normal: the face's plane from all its corners, not from the builder's normals.
            double nx = 0;
            double ny = 0;
            double nz = 0;
            for (int k = 0; k < loop.length; k++) {
                double[] a = vert[loop[k]];
                double[] b = vert[loop[(k + 1) % loop.length]];
                nx += (a[1] - b[1]) * (a[2] + b[2]);
                ny += (a[2] - b[2]) * (a[0] + b[0]);
                nz += (a[0] - b[0]) * (a[1] + b[1]);
                assertEquals(null, halfEdges.put(((long) loop[k] << 32) | loop[(k + 1) % loop.length], g),
                        what + ": half-edge " + loop[k] + "->" + loop[(k + 1) % loop.length] + " twice");
                degree[loop[k]]++;
            }
            double l = Math.sqrt(nx * nx + ny * ny + nz * nz);
            assertTrue(l > 0, what + ": face " + g + " has no area");
            nx /= l;
            ny /= l;
            nz /= l;
            double hi = Double.NEGATIVE_INFINITY;
            double lo = Double.POSITIVE_INFINITY;
            for (int k : loop) {
                double d = nx * vert[k][0] + ny * vert[k][1] + nz * vert[k][2];
                hi = Math.max(hi, d);
                lo = Math.min(lo, d);
            }
            assertTrue(hi - lo <= slack, what + ": face " + g + " is " + (hi - lo) + " from planar, slack " + slack);
            for (int i = 0; i < n; i++) {
                double d = nx * c[3 * i] + ny * c[3 * i + 1] + nz * c[3 * i + 2] - hi;
                if (d > slack) {
                    fail(what + ": point " + i + " is " + d + " above face " + g + ", slack " + slack);
                }
            }
            for (int i = 0; i < v; i++) {
                double d = nx * vert[i][0] + ny * vert[i][1] + nz * vert[i][2] - hi;
                if (d > slack) {
                    fail(what + ": vertex " + i + " is " + d + " above face " + g + " (not convex), slack " + slack);
                }
            }
        }
        for (long e : halfEdges.keySet()) {
            long twin = (e << 32) | (e >>> 32);
            assertTrue(halfEdges.containsKey(twin), what + ": half-edge " + (e >>> 32) + "->" + (int) e + " has no twin");
        }
        for (int i = 0; i < v; i++) {
            assertTrue(degree[i] >= 3, what + ": vertex " + i + " is on " + degree[i] + " faces");
        }
        int e = halfEdges.size() / 2;
        assertEquals(2, v - e + f, what + ": Euler, V=" + v + ", E=" + e + ", F=" + f);
        assertEquals(e, s.edgeCount(0), what + ": the store's edges");
        return s;
    }

    private static String key(float x, float y, float z) {
        return Float.floatToRawIntBits(x) + "," + Float.floatToRawIntBits(y) + "," + Float.floatToRawIntBits(z);
    }

    /**
     * The cloud the builder once refused with "point=5975 lies 1.85e-4 outside face=18639": the
     * new point lay within the weld distance above a neighbour of its visible region, next to
     * their shared edge, and the triangle left there folded against that neighbour.
     */
    @Example
    void tenThousandPointsOnASphereBuild() {
        ConvexPolyhedra s = assertValidHull(SolidFixtures.sphere(10_000, 1), "sphere 10000, seed 1");
        assertTrue(s.vertexCount(0) > 9990, "vertices " + s.vertexCount(0));
    }

    @Property(tries = 8)
    void randomSpheresBuild(@ForAll long seed, @ForAll @IntRange(min = 1000, max = 10_000) int n) {
        assertValidHull(SolidFixtures.sphere(n, seed), "sphere " + n + ", seed " + seed);
    }

    @Example
    void fibonacciSpheresBuildUpToTheFeatureLimit() {
        for (int n : new int[] {1000, 5000, 10_000}) {
            ConvexPolyhedra s = assertValidHull(fibonacci(n), "Fibonacci " + n);
            assertEquals(n, s.vertexCount(0), "Fibonacci " + n + ": every point is a vertex");
        }
        // 20 000 vertices need about 60 000 edges.
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ConvexPolyhedra.of(fibonacci(20_000)));
        assertTrue(e.getMessage().startsWith("shape=0: the hull has 20000 vertices")
                && e.getMessage().contains("at most " + ConvexPolyhedra.MAX_FEATURES + " of each"), e.getMessage());
    }

    /**
     * A sphere's points and many more in a thin shell just under it, about as deep as its
     * triangles' sagitta: many points end within the weld distance above a triangle, some above
     * a triangle next to the one they were tested against.
     */
    @Property(tries = 5)
    void aSphereOverAThinShellBuilds(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int base = 1000;
        float[] c = Arrays.copyOf(SolidFixtures.sphere(base, seed), 3 * 9000);
        for (int i = base; i < 9000; i++) {
            double[] u = SolidFixtures.direction(r);
            double depth = r.nextDouble(0, 0x1p-9);
            for (int k = 0; k < 3; k++) {
                c[3 * i + k] = (float) (u[k] * (1 - depth));
            }
        }
        assertValidHull(c, "shell, seed " + seed);
    }

    @Property(tries = 60)
    void cubeSurfacesBuild(@ForAll long seed, @ForAll @IntRange(min = 200, max = 5000) int n,
                           @ForAll @IntRange(min = 0, max = 5) int jitter, @ForAll boolean grid,
                           @ForAll @IntRange(min = 0, max = 50) int duplicates) {
        SplittableRandom r = new SplittableRandom(seed);
        float[] c = duplicate(r, cube(r, n, JITTER[jitter], grid), duplicates);
        assertValidHull(c, "cube n=" + n + ", jitter " + JITTER[jitter] + ", grid " + grid + ", seed " + seed);
    }

    @Property(tries = 60)
    void cylindersBuild(@ForAll long seed, @ForAll @IntRange(min = 200, max = 5000) int n,
                        @ForAll @IntRange(min = 3, max = 500) int rim, @ForAll @IntRange(min = 0, max = 5) int jitter,
                        @ForAll @IntRange(min = 0, max = 50) int duplicates) {
        SplittableRandom r = new SplittableRandom(seed);
        float[] c = duplicate(r, cylinder(r, n, rim, JITTER[jitter]), duplicates);
        assertValidHull(c, "cylinder n=" + n + ", rim " + rim + ", jitter " + JITTER[jitter] + ", seed " + seed);
    }

    /**
     * Rim points jittered by 4w are sharp corners: a point within w above two new triangles that
     * meet there can be farther than w from the hull, and ends more than 4w above a face made
     * later. Without rechecking dropped points against the finished hull (QuickHull.recheckNear),
     * the validation refuses this cloud.
     */
    @Example
    void aPointDroppedNearASharpRimIsRecheckedAgainstTheFinishedHull() {
        cylindersBuild(303L, 2000, 13, 4, 10);
    }

    /** The same kinds of cloud, tiny or huge and far from the origin, where the weld's 2^-40 M term counts. */
    @Property(tries = 60)
    void scaledAndMovedCloudsBuild(@ForAll long seed, @ForAll @IntRange(min = 0, max = 2) int kind,
                                   @ForAll @IntRange(min = -40, max = 40) int scaleExp,
                                   @ForAll @IntRange(min = 0, max = 1 << 12) int offset) {
        SplittableRandom r = new SplittableRandom(seed);
        int n = 200 + r.nextInt(1800);
        float[] c = switch (kind) {
            case 0 -> SolidFixtures.sphere(n, seed);
            case 1 -> cube(r, n, JITTER[r.nextInt(JITTER.length)], r.nextBoolean());
            default -> cylinder(r, n, 3 + r.nextInt(100), JITTER[r.nextInt(JITTER.length)]);
        };
        c = placed(r, duplicate(r, c, 10), scaleExp, offset);
        assertValidHull(c, "kind " + kind + " n=" + n + " scaled 2^" + scaleExp + ", moved " + offset + ", seed " + seed);
    }
}
