package dev.sepax.narrow;

import dev.sepax.shape.ConvexPolygons;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.testing.Polygons;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;

/**
 * Geometric truths every verdict kernel must respect. Exact ones (symmetry, exact translations,
 * power-of-two scaling, quarter turns, shared vertices and edges) hold bit for bit; the others
 * hold wherever the true separation is farther than the {@link FloatBand} from the tolerance.
 */
class SatPropertiesTest {
    static final SatKernel[] KERNELS = {ScalarSat.INSTANCE, TextbookSat.INSTANCE};
    static final float U = FloatBand.UNIT_ROUNDOFF;

    @Provide
    Arbitrary<float[][]> pairs() {
        return Polygons.nearPairs();
    }

    @Provide
    Arbitrary<float[]> shapes() {
        return Polygons.convex();
    }

    /** Tolerances relative to the pair's size: 0 half of the time, else within +-30 %. */
    @Provide
    Arbitrary<Double> relativeTolerances() {
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(1, Arbitraries.just(0.0)),
                net.jqwik.api.Tuple.of(1, Arbitraries.doubles().between(-0.3, 0.3)));
    }

    static float tolerance(float[][] pair, double relative) {
        return (float) (relative * (Polygons.extent(pair[0]) + Polygons.extent(pair[1])) / 2);
    }

    static ConvexPolygons store(float[][] pair) {
        return ConvexPolygons.of(pair[0], pair[1]);
    }

    // ---- Exact symmetries ------------------------------------------------------------------

    @Property
    void verdictIsSymmetric(@ForAll("pairs") float[][] pair, @ForAll("relativeTolerances") double rel) {
        ConvexPolygons s = store(pair);
        float tol = tolerance(pair, rel);
        for (SatKernel k : KERNELS) {
            assertEquals(k.intersects(s, 0, 1, tol), k.intersects(s, 1, 0, tol), k.name());
        }
    }

    @Property
    void exactTranslationPreservesScalarVerdictBitForBit(@ForAll("pairs") float[][] pair,
            @ForAll("relativeTolerances") double rel,
            @ForAll @IntRange(min = -(1 << 22), max = 1 << 22) int mx,
            @ForAll @IntRange(min = -(1 << 22), max = 1 << 22) int my) {
        // Snap both shapes to a grid G (a power of two) with at most 20 significant bits, so that
        // any shift t = m * G with |m| <= 2^22 keeps every coordinate exact: |x + t| < 2^23 G.
        float m = Polygons.maxAbs(pair);
        Assume.that(m > 0);
        float grid = Math.scalb(1f, Math.getExponent(m) - 19);
        float[] a = Polygons.storedOrNull(snapped(pair[0], grid));
        float[] b = Polygons.storedOrNull(snapped(pair[1], grid));
        Assume.that(a != null && b != null);
        float tx = mx * grid;
        float ty = my * grid;
        float[] ta = shiftedExactly(a, tx, ty);
        float[] tb = shiftedExactly(b, tx, ty);
        ConvexPolygons before = ConvexPolygons.of(a, b);
        ConvexPolygons after = ConvexPolygons.of(ta, tb);
        float tol = tolerance(pair, rel);
        assertEquals(ScalarSat.INSTANCE.intersects(before, 0, 1, tol), ScalarSat.INSTANCE.intersects(after, 0, 1, tol));
        double gap = TextbookSat.separation(before, 0, 1);
        float band = Math.max(FloatBand.of(before, 0, 1, tol), FloatBand.of(after, 0, 1, tol));
        if (Math.abs(gap - tol) > 2 * band) {
            assertEquals(TextbookSat.INSTANCE.intersects(before, 0, 1, tol),
                    TextbookSat.INSTANCE.intersects(after, 0, 1, tol));
        }
    }

    private static float[] snapped(float[] p, float grid) {
        float[] q = new float[p.length];
        for (int i = 0; i < p.length; i++) {
            q[i] = (float) Math.rint(p[i] / grid) * grid;
        }
        return q;
    }

    private static float[] shiftedExactly(float[] p, float tx, float ty) {
        float[] q = new float[p.length];
        for (int i = 0; i < p.length; i += 2) {
            q[i] = p[i] + tx;
            q[i + 1] = p[i + 1] + ty;
            // The premise of the property: the float sum equals the real sum.
            assertEquals((double) p[i] + tx, q[i], 0.0);
            assertEquals((double) p[i + 1] + ty, q[i + 1], 0.0);
        }
        return q;
    }

    @Property
    void scalingByAPowerOfTwoPreservesScalarVerdictBitForBit(@ForAll("pairs") float[][] pair,
            @ForAll("relativeTolerances") double rel, @ForAll @IntRange(min = -30, max = 60) int exponent) {
        float f = Math.scalb(1f, exponent);
        float[] a = pair[0].clone();
        float[] b = pair[1].clone();
        for (int i = 0; i < a.length; i++) {
            a[i] *= f;
        }
        for (int i = 0; i < b.length; i++) {
            b[i] *= f;
        }
        // Up to the coordinate limit, where no product may overflow; and clear of subnormal
        // products (a difference is at least 2^-23 of the smallest coordinate), where scaling
        // would not be exact.
        Assume.that(Polygons.maxAbs(a, b) <= ConvexPolygons.MAX_COORDINATE && smallestNonZero(a, b) >= 0x1p-40f);
        float tol = tolerance(pair, rel);
        assertEquals(ScalarSat.INSTANCE.intersects(store(pair), 0, 1, tol),
                ScalarSat.INSTANCE.intersects(ConvexPolygons.of(a, b), 0, 1, tol * f));
    }

    private static float smallestNonZero(float[]... ps) {
        float m = Float.MAX_VALUE;
        for (float[] p : ps) {
            for (float v : p) {
                if (v != 0) {
                    m = Math.min(m, Math.abs(v));
                }
            }
        }
        return m;
    }

    @Property
    void quarterTurnPreservesScalarVerdictBitForBit(@ForAll("pairs") float[][] pair,
            @ForAll("relativeTolerances") double rel) {
        // (x, y) -> (-y, x) is exact and keeps the winding: every separation is the same two
        // products added in the other order, which float addition does not notice.
        float tol = tolerance(pair, rel);
        assertEquals(ScalarSat.INSTANCE.intersects(store(pair), 0, 1, tol),
                ScalarSat.INSTANCE.intersects(ConvexPolygons.of(quarterTurn(pair[0]), quarterTurn(pair[1])), 0, 1, tol));
    }

    private static float[] quarterTurn(float[] p) {
        float[] q = new float[p.length];
        for (int i = 0; i < p.length; i += 2) {
            q[i] = -p[i + 1];
            q[i + 1] = p[i];
        }
        return q;
    }

    @Property
    void higherToleranceNeverTurnsAnIntersectionIntoASeparation(@ForAll("pairs") float[][] pair,
            @ForAll @DoubleRange(min = -0.3, max = 0.3) double rel1, @ForAll @DoubleRange(min = 0, max = 0.3) double more) {
        ConvexPolygons s = store(pair);
        float lo = tolerance(pair, rel1);
        float hi = tolerance(pair, rel1 + more);
        for (SatKernel k : KERNELS) {
            if (k.intersects(s, 0, 1, lo)) {
                assertTrue(k.intersects(s, 0, 1, hi), k.name() + ": tol " + lo + " -> " + hi);
            }
        }
    }

    // ---- Constructed verdicts --------------------------------------------------------------

    @Property
    void everyShapeIntersectsItselfAndAnExactCopy(@ForAll("shapes") float[] p) {
        ConvexPolygons s = ConvexPolygons.of(p, p);
        for (SatKernel k : KERNELS) {
            assertTrue(k.intersects(s, 0, 0, 0f), k.name() + " self");
        }
        // The copy is exact: every axis sees shared vertices, whose separation is exactly 0.
        assertTrue(ScalarSat.INSTANCE.intersects(s, 0, 1, 0f), "copy");
        assertTrue(ScalarSat.INSTANCE.intersects(s, 1, 0, 0f), "copy, swapped");
    }

    @Property
    void shapeShrunkInsideAnotherIntersectsIt(@ForAll("shapes") float[] a,
            @ForAll @DoubleRange(min = 0.01, max = 0.9) double factor) {
        double[] c = Polygons.vertexMean(a);
        float[] b = Polygons.storedOrNull(Polygons.scaledAbout(a, factor, c[0], c[1]));
        Assume.that(b != null);
        ConvexPolygons s = ConvexPolygons.of(a, b);
        // A sliver thinner than the band may round either way; anything deeper is exact.
        Assume.that(TextbookSat.separation(s, 0, 1) < -2 * FloatBand.of(s, 0, 1));
        for (SatKernel k : KERNELS) {
            assertTrue(k.intersects(s, 0, 1, 0f), k.name());
            assertTrue(k.intersects(s, 1, 0, 0f), k.name() + " swapped");
        }
    }

    @Property
    void shapePlacedBeyondAnEdgeWithAGapWiderThanTheBandIsSeparated(@ForAll("pairs") float[][] pair,
            @ForAll @IntRange(min = 0, max = 63) int edge, @ForAll @DoubleRange(min = 0, max = 4) double log10Gap) {
        float[] a = pair[0];
        int k = Polygons.count(a);
        int i = edge % k;
        int j = (i + 1) % k;
        double ex = (double) a[2 * j] - a[2 * i];
        double ey = (double) a[2 * j + 1] - a[2 * i + 1];
        double l = Math.hypot(ex, ey);
        double nx = ey / l;
        double ny = -ex / l;
        double lowB = Double.POSITIVE_INFINITY;
        float[] b0 = pair[1];
        for (int v = 0; v < b0.length; v += 2) {
            lowB = Math.min(lowB, nx * b0[v] + ny * b0[v + 1]);
        }
        double edgeLevel = nx * a[2 * i] + ny * a[2 * i + 1];
        double m0 = Polygons.maxAbs(a, b0) + Polygons.extent(b0) + Polygons.extent(a);
        // The final magnitude is at most about 3.5 m0 + gap, so 16 bands of m0 clear twice the
        // final band; times 1 to 1e4.
        double gap = 16 * 16 * U * m0 * Math.pow(10, log10Gap);
        double shift = edgeLevel - lowB + gap;
        float[] b = Polygons.storedOrNull(Polygons.translated(b0, shift * nx, shift * ny));
        Assume.that(b != null);
        ConvexPolygons s = ConvexPolygons.of(a, b);
        double separation = TextbookSat.separation(s, 0, 1);
        float band = FloatBand.of(s, 0, 1);
        assertTrue(separation > 2 * band, "construction: separation " + separation + " band " + band);
        for (SatKernel kernel : KERNELS) {
            assertFalse(kernel.intersects(s, 0, 1, 0f), kernel.name());
            assertFalse(kernel.intersects(s, 1, 0, 0f), kernel.name() + " swapped");
        }
    }

    @Property
    void shapeMovedBeyondAnotherAlongAnyDirectionIsSeparated(@ForAll("pairs") float[][] pair,
            @ForAll @DoubleRange(min = 0, max = 6.28) double angle, @ForAll @DoubleRange(min = -3, max = 0) double log10Gap) {
        float[] a = pair[0];
        float[] b0 = pair[1];
        double dx = Math.cos(angle);
        double dy = Math.sin(angle);
        double highA = Double.NEGATIVE_INFINITY;
        for (int v = 0; v < a.length; v += 2) {
            highA = Math.max(highA, dx * a[v] + dy * a[v + 1]);
        }
        double lowB = Double.POSITIVE_INFINITY;
        for (int v = 0; v < b0.length; v += 2) {
            lowB = Math.min(lowB, dx * b0[v] + dy * b0[v + 1]);
        }
        double gap = Math.pow(10, log10Gap) * (Polygons.extent(a) + Polygons.extent(b0)) / 2;
        double shift = highA - lowB + gap;
        float[] b = Polygons.storedOrNull(Polygons.translated(b0, shift * dx, shift * dy));
        Assume.that(b != null);
        ConvexPolygons s = ConvexPolygons.of(a, b);
        // Disjoint convex shapes: some edge normal separates them, though perhaps by much less
        // than the gap along this direction (two slivers tip to tip).
        double separation = TextbookSat.separation(s, 0, 1);
        assertTrue(separation > 0, "separation " + separation);
        if (separation > 2 * FloatBand.of(s, 0, 1)) {
            for (SatKernel kernel : KERNELS) {
                assertFalse(kernel.intersects(s, 0, 1, 0f), kernel.name());
            }
        }
    }

    @Property
    void shapeSharingAnEdgeExactlyTouchesAtToleranceZero(@ForAll("shapes") float[] a,
            @ForAll @IntRange(min = 0, max = 63) int edge, @ForAll @DoubleRange(min = -3, max = 0.3) double log10Height,
            @ForAll @DoubleRange(min = -0.5, max = 1.5) double along) {
        int k = Polygons.count(a);
        int i = edge % k;
        int j = (i + 1) % k;
        float ax = a[2 * i];
        float ay = a[2 * i + 1];
        float bx = a[2 * j];
        float by = a[2 * j + 1];
        double ex = (double) bx - ax;
        double ey = (double) by - ay;
        double h = Math.pow(10, log10Height);
        // Apex outside the edge (to its right, since A is CCW); B = (a_j, a_i, apex) is then CCW.
        float px = (float) (ax + along * ex + h * ey);
        float py = (float) (ay + along * ey - h * ex);
        ConvexPolygons s = storeOrNull(a, new float[] {bx, by, ax, ay, px, py});
        Assume.that(s != null);
        assertTrue(ScalarSat.INSTANCE.intersects(s, 0, 1, 0f), "A, B");
        assertTrue(ScalarSat.INSTANCE.intersects(s, 1, 0, 0f), "B, A");
    }

    @Property
    void shapeSharingOneVertexExactlyTouchesAtToleranceZero(@ForAll("shapes") float[] a,
            @ForAll @IntRange(min = 0, max = 63) int vertex, @ForAll @DoubleRange(min = -3, max = 1) double log10Size,
            @ForAll @DoubleRange(min = 0, max = 1) double spread) {
        int k = Polygons.count(a);
        int v = vertex % k;
        int prev = (v + k - 1) % k;
        int next = (v + 1) % k;
        float vx = a[2 * v];
        float vy = a[2 * v + 1];
        // Outward normals of the two edges at v; B is a triangle in the cone between them.
        double[] n1 = unitOutwardNormal(a[2 * prev], a[2 * prev + 1], vx, vy);
        double[] n2 = unitOutwardNormal(vx, vy, a[2 * next], a[2 * next + 1]);
        double r = Math.pow(10, log10Size) * Polygons.extent(a);
        double t = spread * 0.5;
        double d1x = (1 - t) * n1[0] + t * n2[0];
        double d1y = (1 - t) * n1[1] + t * n2[1];
        double d2x = t * n1[0] + (1 - t) * n2[0];
        double d2y = t * n1[1] + (1 - t) * n2[1];
        float[] b = {vx, vy, (float) (vx + r * d2x), (float) (vy + r * d2y), (float) (vx + r * d1x), (float) (vy + r * d1y)};
        ConvexPolygons s = storeOrNull(a, b);
        Assume.that(s != null);
        assertTrue(ScalarSat.INSTANCE.intersects(s, 0, 1, 0f), "A, B");
        assertTrue(ScalarSat.INSTANCE.intersects(s, 1, 0, 0f), "B, A");
    }

    private static double[] unitOutwardNormal(float ax, float ay, float bx, float by) {
        double ex = (double) bx - ax;
        double ey = (double) by - ay;
        double l = Math.hypot(ex, ey);
        return new double[] {ey / l, -ex / l};
    }

    static ConvexPolygons storeOrNull(float[]... shapes) {
        try {
            return ConvexPolygons.of(shapes);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    // ---- Against the oracle ----------------------------------------------------------------

    @Property
    void scalarAgreesWithTextbookOutsideTheFloatBand(@ForAll("pairs") float[][] pair,
            @ForAll("relativeTolerances") double rel) {
        ConvexPolygons s = store(pair);
        float tol = tolerance(pair, rel);
        double gap = TextbookSat.separation(s, 0, 1);
        Assume.that(Math.abs(gap - tol) > 2 * FloatBand.of(s, 0, 1, tol));
        boolean expected = gap <= tol;
        assertEquals(expected, TextbookSat.INSTANCE.intersects(s, 0, 1, tol), "textbook");
        assertEquals(expected, ScalarSat.INSTANCE.intersects(s, 0, 1, tol), "scalar");
    }

    @Property
    void verdictFlipsWhereTheToleranceCrossesTheSeparation(@ForAll("pairs") float[][] pair,
            @ForAll @DoubleRange(min = 2.5, max = 1000) double bands) {
        // Positive tolerance reports pairs closer than it; negative tolerance lets overlap
        // shallower than |tolerance| count as apart. Both are "separated iff gap > tolerance".
        ConvexPolygons s = store(pair);
        double gap = TextbookSat.separation(s, 0, 1);
        double delta = bands * FloatBand.of(s, 0, 1, (float) gap);
        float below = (float) (gap - delta);
        float above = (float) (gap + delta);
        for (SatKernel k : KERNELS) {
            assertFalse(k.intersects(s, 0, 1, below), k.name() + ": tolerance below the gap " + gap);
            assertTrue(k.intersects(s, 0, 1, above), k.name() + ": tolerance above the gap " + gap);
        }
    }
}
