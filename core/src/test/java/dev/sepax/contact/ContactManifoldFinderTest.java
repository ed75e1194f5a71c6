package dev.sepax.contact;

import dev.sepax.batch.PairBatch;
import dev.sepax.batch.Penetrations;
import dev.sepax.narrow.FloatBand;
import dev.sepax.narrow.ScalarPenetration;
import dev.sepax.testing.TestScenes;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.testing.FindFixtures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import dev.sepax.testing.PropertyTimeout;

/** Contact manifolds: positions, separations, normals and feature ids. */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
@AddLifecycleHook(PropertyTimeout.class)
class ContactManifoldFinderTest {
    private static ContactManifolds run(ConvexPolygons s, float margin) {
        ContactManifolds m = new ContactManifolds(1);
        ContactManifoldFinder.find(s, 0, 1, margin, m, 0);
        return m;
    }

    private static float[] box(float x0, float y0, float x1, float y1) {
        return TestScenes.box(x0, y0, x1, y1);
    }

    @Test
    void boxRestingOnGroundGetsTwoPointsOnItsBottomCorners() {
        ConvexPolygons s = ConvexPolygons.of(box(0, 0, 4, 1), box(1, 0.875f, 2, 1.875f));
        ContactManifolds m = run(s, 0f);
        assertEquals(2, m.pointCount(0));
        assertEquals(0f, m.normalX(0));
        assertEquals(1f, m.normalY(0));
        float[] xs = {m.pointX(0, 0), m.pointX(0, 1)};
        Arrays.sort(xs);
        assertEquals(1f, xs[0], 1e-6f);
        assertEquals(2f, xs[1], 1e-6f);
        for (int c = 0; c < 2; c++) {
            assertEquals(-0.125f, m.separation(0, c), 1e-6f);
            assertEquals(0.9375f, m.pointY(0, c), 1e-6f); // midway between 0.875 and the ground's top 1
            assertTrue(!ContactManifolds.referenceIsB(m.id(0, c)));
        }
        assertNotEquals(m.id(0, 0), m.id(0, 1));
    }

    /** The edge of shape {@code s} from a vertex with y == {@code y0} to one with y == {@code y1}. */
    private static int edgeFromTo(ConvexPolygons s, int shape, float y0, float y1) {
        int k = s.count(shape);
        for (int i = 0; i < k; i++) {
            if (s.vertexY(shape, i) == y0 && s.vertexY(shape, (i + 1) % k) == y1) {
                return i;
            }
        }
        throw new AssertionError("no edge from y=" + y0 + " to y=" + y1 + " on shape " + shape);
    }

    @Test
    void idsDecodeToTheReferenceEdgeTheIncidentEdgeAndItsEnd() {
        // A solver matches points between frames by the decoded features, so each field must
        // name the feature it claims: a swap of the reference and incident bit fields keeps the
        // ids distinct and stable, which no other check here notices. The edges are found by
        // their coordinates, so the test does not depend on where the canonical form starts.
        ConvexPolygons s = ConvexPolygons.of(box(0, 0, 4, 1), box(1, 0.875f, 2, 1.875f));
        int top = edgeFromTo(s, 0, 1f, 1f); // A's top: its normal is the contact normal
        int bottom = edgeFromTo(s, 1, 0.875f, 0.875f); // B's bottom: the incident edge
        assertNotEquals(top, bottom, "the fixture must tell the two fields apart");
        ContactManifolds m = run(s, 0f);
        assertEquals(2, m.pointCount(0));
        int ends = 0;
        for (int c = 0; c < 2; c++) {
            int id = m.id(0, c);
            assertEquals(top, ContactManifolds.referenceEdge(id), "id=" + Integer.toHexString(id));
            assertEquals(bottom, ContactManifolds.incidentEdge(id), "id=" + Integer.toHexString(id));
            // The unclipped point lies on the incident end the id names.
            int v = (bottom + ContactManifolds.incidentEnd(id)) % s.count(1);
            assertEquals(s.vertexX(1, v), m.pointX(0, c), "id=" + Integer.toHexString(id));
            ends |= 1 << ContactManifolds.incidentEnd(id);
        }
        assertEquals(3, ends, "both ends of the incident edge");

        // Corner to corner within the margin: reference an edge of A whose normal is the
        // contact normal, incident the edge of B starting at B's corner (1.1, 1.1), end 0.
        ConvexPolygons c = ConvexPolygons.of(box(0, 0, 1, 1), box(1.1f, 1.1f, 2, 2));
        ContactManifolds k = run(c, 0.5f);
        assertEquals(1, k.pointCount(0));
        int id = k.id(0, 0);
        assertTrue(id >= 0, "A's face is the reference on the tie");
        int r = ContactManifolds.referenceEdge(id);
        int r2 = (r + 1) % c.count(0);
        float ex = c.vertexX(0, r2) - c.vertexX(0, r);
        float ey = c.vertexY(0, r2) - c.vertexY(0, r);
        // A CCW edge's outward normal is its direction turned right (a zero component of
        // either sign is the same direction).
        assertEquals(Math.signum(ey), k.normalX(0), 0f, "reference edge " + r);
        assertEquals(Math.signum(-ex), k.normalY(0), 0f, "reference edge " + r);
        int e = ContactManifolds.incidentEdge(id);
        assertEquals(1.1f, c.vertexX(1, e), "incident edge " + e);
        assertEquals(1.1f, c.vertexY(1, e), "incident edge " + e);
        assertEquals(0, ContactManifolds.incidentEnd(id));
    }

    @Test
    void overhangingBoxIsClippedToTheReferenceEdge() {
        // A box wider than the ground: the incident edge is clipped at the ground's side lines.
        ConvexPolygons s = ConvexPolygons.of(box(0, 0, 2, 1), box(-1, 0.75f, 3, 1.75f));
        ContactManifolds m = run(s, 0f);
        assertEquals(2, m.pointCount(0));
        // The reference is the incident box's bottom (B's face is as deep and A's is no better).
        float[] xs = {m.pointX(0, 0), m.pointX(0, 1)};
        Arrays.sort(xs);
        assertEquals(0f, xs[0], 1e-6f);
        assertEquals(2f, xs[1], 1e-6f);
        for (int c = 0; c < 2; c++) {
            assertEquals(-0.25f, m.separation(0, c), 1e-6f);
        }
        assertEquals(1f, m.normalY(0));
    }

    @Test
    void triangleTipIntoABoxGivesOnePointAtTheTip() {
        ConvexPolygons s = ConvexPolygons.of(box(0, 0, 4, 1), new float[] {2, 0.9f, 3, 3, 1, 3});
        ContactManifolds m = run(s, 0f);
        assertEquals(1, m.pointCount(0));
        assertEquals(2f, m.pointX(0, 0), 1e-6f);
        assertEquals(0.95f, m.pointY(0, 0), 1e-6f);
        assertEquals(-0.1f, m.separation(0, 0), 1e-6f);
    }

    @Test
    void vertexExactlyOnAnEdgeIsATouchingContactWithSeparationZero() {
        ConvexPolygons s = ConvexPolygons.of(box(0, 0, 4, 1), new float[] {2, 1, 3, 3, 1, 3});
        ContactManifolds m = run(s, 0f);
        assertEquals(1, m.pointCount(0));
        assertEquals(0f, m.separation(0, 0));
        assertEquals(2f, m.pointX(0, 0));
        assertEquals(1f, m.pointY(0, 0));
    }

    @Test
    void marginDecidesWhetherANearbyPairGetsSpeculativePoints() {
        ConvexPolygons s = ConvexPolygons.of(box(0, 0, 4, 1), box(1, 1.25f, 2, 2.25f));
        assertEquals(0, run(s, 0f).pointCount(0));
        assertEquals(0, run(s, 0.2f).pointCount(0));
        ContactManifolds m = run(s, 0.5f);
        assertEquals(2, m.pointCount(0));
        assertEquals(0.25f, m.separation(0, 0), 1e-6f);
        assertEquals(0.25f, m.separation(0, 1), 1e-6f);
    }

    @Test
    void cornersApproachingWithinTheMarginGetOneSpeculativePoint() {
        // Nearest features two corners, 0.1 apart along x and y: each face's slab misses the
        // other box, yet the pair is within the margin and a solver needs a point to stop it.
        ConvexPolygons s = ConvexPolygons.of(box(0, 0, 1, 1), box(1.1f, 1.1f, 2, 2));
        float gap = 1.1f - 1f;
        assertEquals(0, run(s, 0.05f).pointCount(0));
        ContactManifolds m = run(s, 0.5f);
        assertEquals(1, m.pointCount(0));
        assertEquals(gap, m.separation(0, 0));
        assertTrue(m.normalX(0) == 1f && m.normalY(0) == 0f || m.normalX(0) == 0f && m.normalY(0) == 1f,
                m.normalX(0) + ", " + m.normalY(0));
        // B's corner (1.1, 1.1), moved half the separation back along the normal.
        assertEquals(1.1f - 0.5f * gap * m.normalX(0), m.pointX(0, 0), 1e-6f);
        assertEquals(1.1f - 0.5f * gap * m.normalY(0), m.pointY(0, 0), 1e-6f);
        assertTrue(m.id(0, 0) >= 0, "A's face is the reference on the tie");
        // Touching corner to corner: a point at the shared corner, separation 0.
        ContactManifolds t = run(ConvexPolygons.of(box(0, 0, 1, 1), box(1, 1, 2, 2)), 0f);
        assertEquals(1, t.pointCount(0));
        assertEquals(0f, t.separation(0, 0));
    }

    @Test
    void everyPairWithinTheMarginGetsAPoint() {
        // Adversarial pairs (shared vertices and edges, vertices on edges, slivers, corners):
        // whenever the larger best-edge separation is within the margin, the pair has a point.
        dev.sepax.testing.AdversarialPairs.Scene scene = dev.sepax.testing.AdversarialPairs.scene(0xC0A7L, 10_000);
        ConvexPolygons s = scene.shapes();
        PairBatch pairs = scene.pairs();
        ContactManifolds m = new ContactManifolds(pairs.size());
        int within = 0;
        for (float margin : new float[] {0f, 1e-3f, 0.1f}) {
            ContactManifoldFinder.find(s, pairs, 0, pairs.size(), margin, m);
            for (int p = 0; p < pairs.size(); p++) {
                int a = pairs.shapeA(p);
                int b = pairs.shapeB(p);
                float sep = Math.max(best(s, a, b), best(s, b, a));
                if (sep <= margin) {
                    within++;
                    assertTrue(m.pointCount(p) >= 1, "margin=" + margin + ", separation=" + sep + ": no point at "
                            + dev.sepax.testing.AdversarialPairs.describe(scene, p));
                    for (int c = 0; c < m.pointCount(p); c++) {
                        assertTrue(m.separation(p, c) <= margin, "point separation " + m.separation(p, c));
                    }
                }
            }
        }
        assertTrue(within > pairs.size(), "pairs within the margin: " + within);
    }

    @Test
    void idsStayTheSameWhileTheSameFeaturesTouch() {
        ConvexPolygons s0 = ConvexPolygons.of(box(0, 0, 4, 1), box(1, 0.9f, 2, 1.9f));
        ContactManifolds m0 = run(s0, 0f);
        int[] ids0 = sortedIds(m0);
        // Slide and sink a little, as between two frames.
        for (double[] d : new double[][] {{0.1, 0.0}, {-0.3, -0.02}, {0.5, 0.05}}) {
            ConvexPolygons s1 = FindFixtures.withBMoved(s0, 0, 1, d[0], d[1]);
            ContactManifolds m1 = run(s1, 0f);
            assertEquals(2, m1.pointCount(0));
            assertTrue(Arrays.equals(ids0, sortedIds(m1)), "ids changed after moving by " + Arrays.toString(d));
        }
        // Slide past the ground's end: one corner is clipped, but it keeps its id.
        ConvexPolygons s2 = FindFixtures.withBMoved(s0, 0, 1, 2.5, 0);
        ContactManifolds m2 = run(s2, 0f);
        assertEquals(2, m2.pointCount(0));
        assertTrue(Arrays.equals(ids0, sortedIds(m2)));
    }

    private static int[] sortedIds(ContactManifolds m) {
        int[] ids = new int[m.pointCount(0)];
        for (int c = 0; c < ids.length; c++) {
            ids[c] = m.id(0, c);
        }
        Arrays.sort(ids);
        return ids;
    }

    @Test
    void aReferenceFaceWhoseSlabMissesTheOverlapGivesWayToTheOtherShapesFace() {
        // Overlapping by 0.869 along B's face with normal (0.700, 0.714). A's best face is within
        // the bias of it, so A's face is tried first; but B's deepest vertex lies past the end
        // of that face, and the part of B's incident edge within its slab is outside A. The
        // manifold must still have a point: it falls back to B's face (found by the property
        // below, seed 1987).
        ConvexPolygons s = ConvexPolygons.of(
                new float[] {34.848618f, 0.6218912f, 66.904655f, -1.1010273f, 85.39889f, 8.108449f, 97.48227f, 39.695827f,
                    78.81304f, 68.20092f, 44.323597f, 78.95977f, 22.896128f, 74.15799f, 5.3252068f, 58.094215f,
                    10.048811f, 17.819578f},
                new float[] {153.68338f, 98.43571f, 117.075325f, 133.6296f, 86.64954f, 142.55582f, 68.79239f, 135.40987f,
                    61.800304f, 104.060265f, 78.04055f, 67.74134f, 106.76105f, 39.57723f, 149.4366f, 28.30705f,
                    160.53474f, 34.596542f, 163.43219f, 79.69934f});
        Penetrations mtv = new Penetrations(1);
        assertTrue(ScalarPenetration.INSTANCE.penetration(s, 0, 1, mtv, 0));
        ContactManifolds m = run(s, 0f);
        assertEquals(1, m.pointCount(0));
        assertEquals(mtv.normalX(0), m.normalX(0));
        assertEquals(mtv.normalY(0), m.normalY(0));
        assertTrue(m.id(0, 0) < 0, "B's face is the reference (the side bit is set)");
        double band = 4 * FloatBand.of(s, 0, 1);
        double reach = -m.separation(0, 0) / 2 + band;
        assertTrue(FindFixtures.outside(s, 0, m.pointX(0, 0), m.pointY(0, 0)) <= reach);
        assertTrue(FindFixtures.outside(s, 1, m.pointX(0, 0), m.pointY(0, 0)) <= reach);
    }

    @Property(tries = 300)
    void shallowContactPointsLieInsideBothShapes(@ForAll long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        ConvexPolygons s = FindFixtures.randomPair(rnd, 16);
        Penetrations p = new Penetrations(1);
        // Only an intersecting pair's depth is the exact MTV length.
        Assume.that(ScalarPenetration.INSTANCE.penetration(s, 0, 1, p, 0));
        // Move B back along the MTV normal until it overlaps A by a small depth.
        double size = Math.min(s.maxX(0) - s.minX(0), s.maxX(1) - s.minX(1));
        double shallow = size * rnd.nextDouble(0.001, 0.02);
        double move = p.depth(0) - shallow;
        ConvexPolygons c = FindFixtures.withBMoved(s, 0, 1, move * p.normalX(0), move * p.normalY(0));
        ContactManifolds m = run(c, 0f);
        double band = 4 * FloatBand.of(c, 0, 1);
        assertTrue(m.pointCount(0) >= 1, "an overlapping pair has a contact");
        assertEquals(1.0, Math.hypot(m.normalX(0), m.normalY(0)), 1e-6);
        for (int k = 0; k < m.pointCount(0); k++) {
            double px = m.pointX(0, k);
            double py = m.pointY(0, k);
            // The point is midway into the overlap: inside both shapes up to the overlap depth.
            double reach = -m.separation(0, k) / 2 + band;
            assertTrue(m.separation(0, k) <= band);
            assertTrue(FindFixtures.outside(c, 0, px, py) <= reach, "outside A by " + FindFixtures.outside(c, 0, px, py));
            assertTrue(FindFixtures.outside(c, 1, px, py) <= reach, "outside B by " + FindFixtures.outside(c, 1, px, py));
        }
    }

    @Property(tries = 300)
    void swappingAAndBFlipsTheNormalWhenOneFaceClearlyWins(@ForAll long seed) {
        ConvexPolygons s = FindFixtures.randomPair(new SplittableRandom(seed), 16);
        float sepA = best(s, 0, 1);
        float sepB = best(s, 1, 0);
        float bias = ContactManifoldFinder.REFERENCE_BIAS * Math.max(s.maxX(0) - s.minX(0), s.maxY(0) - s.minY(0))
                + ContactManifoldFinder.REFERENCE_BIAS * Math.max(s.maxX(1) - s.minX(1), s.maxY(1) - s.minY(1));
        // Within the bias both orders prefer their own first shape: a different face, by design.
        Assume.that(Math.abs(sepA - sepB) > bias);
        ContactManifolds ab = run(s, 0f);
        ContactManifolds ba = new ContactManifolds(1);
        ContactManifoldFinder.find(s, 1, 0, 0f, ba, 0);
        assertEquals(ab.pointCount(0), ba.pointCount(0));
        assertEquals(-ab.normalX(0), ba.normalX(0), 0f);
        assertEquals(-ab.normalY(0), ba.normalY(0), 0f);
        for (int c = 0; c < ab.pointCount(0); c++) {
            // Same reference face, same incident edge: the same points, ids with the side bit flipped.
            assertEquals(ab.pointX(0, c), ba.pointX(0, c));
            assertEquals(ab.pointY(0, c), ba.pointY(0, c));
            assertEquals(ab.separation(0, c), ba.separation(0, c));
            assertEquals(ab.id(0, c) ^ (1 << 31), ba.id(0, c));
        }
    }

    private static float best(ConvexPolygons s, int ref, int other) {
        float best = Float.NEGATIVE_INFINITY;
        for (int i = 0; i < s.count(ref); i++) {
            best = Math.max(best, ScalarPenetration.edgeSeparation(s, s.start(ref) + i, s.start(other), s.count(other)));
        }
        return best;
    }

    @Test
    void batchMatchesSingleCallsAndCountsPairsWithPoints() {
        SplittableRandom rnd = new SplittableRandom(5);
        ConvexPolygons s = FindFixtures.mixedStore(rnd, 40, 10);
        PairBatch pairs = FindFixtures.nearbyPairs(s, 0.2f);
        ContactManifolds all = new ContactManifolds(pairs.size());
        int n = ContactManifoldFinder.find(s, pairs, 0, pairs.size(), 0.05f, all);
        int expected = 0;
        ContactManifolds one = new ContactManifolds(1);
        for (int i = 0; i < pairs.size(); i++) {
            int c = ContactManifoldFinder.find(s, pairs.shapeA(i), pairs.shapeB(i), 0.05f, one, 0);
            expected += c > 0 ? 1 : 0;
            assertEquals(c, all.pointCount(i));
            for (int k = 0; k < c; k++) {
                assertEquals(one.pointX(0, k), all.pointX(i, k));
                assertEquals(one.id(0, k), all.id(i, k));
            }
        }
        assertEquals(expected, n);
        assertTrue(n > 0);
    }

    @Test
    void badMarginIsRejected() {
        ConvexPolygons s = ConvexPolygons.of(box(0, 0, 1, 1), box(0, 0, 1, 1));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ContactManifoldFinder.find(s, 0, 1, -1f, new ContactManifolds(1), 0));
        assertTrue(e.getMessage().startsWith("margin=-1.0"), e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> ContactManifoldFinder.find(s, 0, 1, Float.NaN, new ContactManifolds(1), 0));
        assertThrows(IndexOutOfBoundsException.class,
                () -> ContactManifoldFinder.find(s, 0, 1, 0f, new ContactManifolds(1), 1));
    }
}
