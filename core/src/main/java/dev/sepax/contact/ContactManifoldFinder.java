package dev.sepax.contact;

import dev.sepax.internal.PolygonArrays;
import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.internal.BatchArguments;
import dev.sepax.narrow.ScalarPenetration;
import dev.sepax.shape.ConvexPolygons;

/**
 * Contact manifolds for a physics solver: up to two contact points per pair, found by clipping
 * the incident edge against the reference edge (the method of Box2D's polygon collider).
 *
 * <h2>Steps, per pair</h2>
 * <ol>
 *   <li>The best edge of A and the best edge of B by separation, each edge's separation
 *       {@link ScalarPenetration#edgeSeparation} (unit normals, the difference form, every
 *       vertex of the other shape). If the
 *       larger separation exceeds {@code margin}, the pair gets no points.
 *   <li>Reference edge: A's best edge, unless B's is better by more than a small bias
 *       ({@code 1e-3} of the smaller shape's AABB size), which keeps the choice from flickering
 *       between frames when the two are nearly equal. If that choice leaves no point (the
 *       other shape's deepest vertex lies past an end of the reference edge), the other
 *       shape's best edge becomes the reference instead.
 *   <li>Incident edge: the edge of the other shape whose normal is most anti-parallel to the
 *       reference normal (first one on ties).
 *   <li>The incident edge is clipped to the slab between the reference edge's two side lines.
 *       Each remaining end with separation {@code <= margin} along the reference normal becomes
 *       a contact point, placed midway between the incident point and its projection onto the
 *       reference edge's line.
 *   <li>If neither reference edge left a point (the nearest features are two corners, as in a
 *       corner-to-corner approach within the margin, or each incident edge lies beside the other
 *       face), one point comes from the face of the larger separation (A's on a tie): the other
 *       shape's deepest vertex along its normal (the first of the least), placed as above, its
 *       separation exactly that face's. So a pair within the margin always gets at least one
 *       point.
 * </ol>
 * The normal is the reference normal turned to point from A to B. Points of a shallow contact
 * lie inside both shapes up to the float band; a deep penetration still yields points, on the
 * incident edge's part within the slab. Feature ids are described in {@link ContactManifolds}.
 *
 * <p>{@code margin} is the speculative distance: {@code 0} gives points only for touching or
 * overlapping pairs; a positive margin also reports pairs closer than it (points with positive
 * separation), as a solver wants for speculative contacts. Shapes may have at most 32 768
 * vertices (the id has 15 bits per edge index).
 *
 * <p>Stateless, thread-safe, allocation-free.
 */
public final class ContactManifoldFinder {
    /** Relative size of the reference-edge bias (see class doc). */
    static final float REFERENCE_BIAS = 1e-3f;
    private static final int MAX_EDGES = 1 << 15;

    private ContactManifoldFinder() {}

    /**
     * The manifold of pair {@code (a, b)} into entry {@code index} of {@code out}.
     *
     * @return the number of contact points (0, 1 or 2)
     * @throws IndexOutOfBoundsException for a bad shape or entry index
     * @throws IllegalArgumentException for a negative or non-finite margin, or too many vertices
     */
    public static int find(ConvexPolygons shapes, int a, int b, float margin, ContactManifolds out, int index) {
        if (shapes == null || out == null) {
            throw new IllegalArgumentException(shapes == null ? "shapes is null" : "out is null");
        }
        BatchArguments.checkPair(shapes, a, b);
        out.check(index);
        checkStore(shapes, margin);
        return compute(shapes, a, b, margin, out, index);
    }

    /**
     * Manifolds of pairs {@code [from, to)} into the same entries of {@code out}.
     *
     * @return how many of those pairs got at least one contact point
     * @throws IllegalArgumentException if the range, the buffer, the batch or the margin is bad
     *     ({@link #checkBatch}, as {@link ManifoldKernel} documents)
     */
    public static int find(ConvexPolygons shapes, PairBatch pairs, int from, int to, float margin,
                           ContactManifolds out) {
        checkBatch(shapes, pairs, null, from, to, margin, out);
        int[] pa = pairs.arrays().a;
        int[] pb = pairs.arrays().b;
        int touching = 0;
        for (int p = from; p < to; p++) {
            if (compute(shapes, pa[p], pb[p], margin, out, p) > 0) {
                touching++;
            }
        }
        return touching;
    }

    /**
     * Manifolds of the pairs in {@code [from, to)} whose bit is set in {@code selected} (for
     * example a test kernel's hits), into the same entries of {@code out}; the other entries of
     * the range get a point count of 0 and keep their normal. The batch form behind
     * {@code ScalarManifolds}.
     *
     * @return how many of the selected pairs got at least one contact point
     * @throws IllegalArgumentException if the range, the buffers, the batch or the margin is bad
     */
    public static int find(ConvexPolygons shapes, PairBatch pairs, OverlapBits selected, int from, int to,
                           float margin, ContactManifolds out) {
        checkBatch(shapes, pairs, selected, from, to, margin, out);
        int[] pa = pairs.arrays().a;
        int[] pb = pairs.arrays().b;
        long[] words = selected.words();
        int touching = 0;
        for (int p = from; p < to; p++) {
            if ((words[p >>> 6] & (1L << p)) == 0) {
                out.pointCount[p] = 0;
            } else if (compute(shapes, pa[p], pb[p], margin, out, p) > 0) {
                touching++;
            }
        }
        return touching;
    }

    /**
     * The entry checks of a batch manifold call; {@code selected} may be null (every pair).
     * Public for the kernels in other packages, with the same words everywhere.
     *
     * @throws IllegalArgumentException naming the offending argument and value
     */
    public static void checkBatch(ConvexPolygons shapes, PairBatch pairs, OverlapBits selected, int from, int to,
                                  float margin, ContactManifolds out) {
        if (out == null) {
            throw new IllegalArgumentException("out is null");
        }
        if (shapes == null || pairs == null) {
            throw new IllegalArgumentException(shapes == null ? "shapes is null" : "pairs is null");
        }
        if (pairs.shapeCount() > shapes.size()) {
            throw new IllegalArgumentException("pairs.shapeCount=" + pairs.shapeCount() + " > shapes.size="
                    + shapes.size() + ": the batch was validated for a different store");
        }
        if (from < 0 || to > pairs.size() || from > to) {
            throw new IllegalArgumentException("range [" + from + ", " + to + ") is not within [0, " + pairs.size() + ")");
        }
        if (out.capacity() < to) {
            throw new IllegalArgumentException("out.capacity=" + out.capacity() + " < to=" + to);
        }
        if (selected != null && selected.capacity() < to) {
            throw new IllegalArgumentException("selected.capacity=" + selected.capacity() + " < to=" + to);
        }
        checkStore(shapes, margin);
    }

    private static void checkStore(ConvexPolygons shapes, float margin) {
        if (!(margin >= 0) || margin == Float.POSITIVE_INFINITY) {
            throw new IllegalArgumentException("margin=" + margin + ": must be finite and >= 0");
        }
        if (shapes.maxCount() > MAX_EDGES) {
            throw new IllegalArgumentException("maxCount=" + shapes.maxCount() + ": manifolds support at most "
                    + MAX_EDGES + " vertices per shape");
        }
    }

    private static int compute(ConvexPolygons s, int a, int b, float margin, ContactManifolds out, int p) {
        PolygonArrays r = s.arrays();
        int oa = r.start[a];
        int ob = r.start[b];
        int ka = r.count[a];
        int kb = r.count[b];
        float sepA = Float.NEGATIVE_INFINITY;
        int edgeA = 0;
        for (int i = 0; i < ka; i++) {
            float sep = ScalarPenetration.edgeSeparation(s, oa + i, ob, kb);
            if (sep > sepA) {
                sepA = sep;
                edgeA = i;
            }
        }
        float sepB = Float.NEGATIVE_INFINITY;
        int edgeB = 0;
        for (int j = 0; j < kb; j++) {
            float sep = ScalarPenetration.edgeSeparation(s, ob + j, oa, ka);
            if (sep > sepB) {
                sepB = sep;
                edgeB = j;
            }
        }
        return finish(s, a, b, sepA, edgeA, sepB, edgeB, margin, out, p);
    }

    /**
     * Steps 2 to 5 of the class doc, given step 1's best edges: {@code sepA} and {@code edgeA}
     * (the first of A's edges with the largest separation against B, as
     * {@link ScalarPenetration}'s edge separations compute it), {@code sepB} and {@code edgeB}
     * likewise for B. Writes entry {@code p} of {@code out}. Public only so that the SIMD kernel
     * in another package runs exactly this tail; not an API for callers (no checks).
     *
     * @return the number of contact points (0, 1 or 2)
     */
    public static int finish(ConvexPolygons s, int a, int b, float sepA, int edgeA, float sepB, int edgeB,
                             float margin, ContactManifolds out, int p) {
        float bias = REFERENCE_BIAS * Math.min(size(s, a), size(s, b));
        boolean flip = sepB > sepA + bias;
        if (Math.max(sepA, sepB) > margin) {
            setNormal(s, a, b, flip, flip ? edgeB : edgeA, out, p);
            out.pointCount[p] = 0;
            return 0;
        }
        int n = clip(s, a, b, flip, flip ? edgeB : edgeA, margin, out, p);
        if (n == 0) {
            // The biased choice can leave nothing: the incident shape's deepest vertex lies past
            // an end of the reference edge, and the part of the incident edge within the slab
            // is outside. The pair is within the margin: take the other shape's best face.
            n = clip(s, a, b, !flip, flip ? edgeA : edgeB, margin, out, p);
        }
        if (n == 0) {
            // Neither slab holds a point within the margin: the nearest features are two
            // corners (a speculative corner-to-corner approach, or corners touching), or each
            // incident edge lies beside the other face. The face of the larger separation still
            // bounds the pair at its deepest vertex: one point there, at exactly that separation.
            boolean f = sepB > sepA;
            n = deepestVertex(s, a, b, f, f ? edgeB : edgeA, margin, out, p);
        }
        return n;
    }

    /**
     * The point of the other shape's deepest vertex against reference edge {@code r} of B (flip)
     * or A: its separation is {@link ScalarPenetration#edgeSeparation}'s minimum for that edge,
     * by the same float expression, so it is within the margin whenever that edge's separation
     * is. Id: reference edge {@code r}, incident edge the one starting at that vertex (the first
     * of the least), end 0. Writes the normal, the point and the count; returns the count.
     */
    private static int deepestVertex(ConvexPolygons s, int a, int b, boolean flip, int r, float margin,
                                     ContactManifolds out, int p) {
        PolygonArrays q = s.arrays();
        int or = q.start[flip ? b : a];
        int oi = q.start[flip ? a : b];
        int ki = q.count[flip ? a : b];
        float nx = q.nx[or + r];
        float ny = q.ny[or + r];
        float rx = q.x[or + r];
        float ry = q.y[or + r];
        setNormal(s, a, b, flip, r, out, p);
        int deepest = 0;
        float min = Float.POSITIVE_INFINITY;
        for (int j = 0; j < ki; j++) {
            float d = nx * (q.x[oi + j] - rx) + ny * (q.y[oi + j] - ry);
            if (d < min) {
                min = d;
                deepest = j;
            }
        }
        int id = (flip ? 1 << 31 : 0) | (r << 16) | (deepest << 1);
        int n = emit(out, p, 0, q.x[oi + deepest], q.y[oi + deepest], nx, ny, rx, ry, margin, id);
        out.pointCount[p] = n;
        return n;
    }

    /** Writes the normal from A to B of reference edge {@code r} of B (flip) or A. */
    private static void setNormal(ConvexPolygons s, int a, int b, boolean flip, int r, ContactManifolds out, int p) {
        int or = s.arrays().start[flip ? b : a];
        out.normalX[p] = flip ? -s.arrays().nx[or + r] : s.arrays().nx[or + r];
        out.normalY[p] = flip ? -s.arrays().ny[or + r] : s.arrays().ny[or + r];
    }

    /**
     * Clips the incident edge against reference edge {@code r} of B (flip) or A; writes the
     * normal and the points; returns the point count.
     */
    private static int clip(ConvexPolygons s, int a, int b, boolean flip, int r, float margin,
                            ContactManifolds out, int p) {
        int ref = flip ? b : a;
        int inc = flip ? a : b;
        int or = s.arrays().start[ref];
        int kr = s.arrays().count[ref];
        float nx = s.arrays().nx[or + r];
        float ny = s.arrays().ny[or + r];
        setNormal(s, a, b, flip, r, out, p);
        // Incident edge: most anti-parallel normal on the other shape.
        int oi = s.arrays().start[inc];
        int ki = s.arrays().count[inc];
        int e = 0;
        float minDot = Float.POSITIVE_INFINITY;
        for (int j = 0; j < ki; j++) {
            float d = nx * s.arrays().nx[oi + j] + ny * s.arrays().ny[oi + j];
            if (d < minDot) {
                minDot = d;
                e = j;
            }
        }
        float r1x = s.arrays().x[or + r];
        float r1y = s.arrays().y[or + r];
        int r2 = r + 1 == kr ? 0 : r + 1;
        float r2x = s.arrays().x[or + r2];
        float r2y = s.arrays().y[or + r2];
        // Tangent of a CCW edge: the outward normal turned left.
        float tx = -ny;
        float ty = nx;
        float refLen = tx * (r2x - r1x) + ty * (r2y - r1y);
        int e2 = e + 1 == ki ? 0 : e + 1;
        float v1x = s.arrays().x[oi + e];
        float v1y = s.arrays().y[oi + e];
        float v2x = s.arrays().x[oi + e2];
        float v2y = s.arrays().y[oi + e2];
        // Tangent coordinates of the incident ends relative to the reference edge's start.
        float t1 = tx * (v1x - r1x) + ty * (v1y - r1y);
        float t2 = tx * (v2x - r1x) + ty * (v2y - r1y);
        long u = slab(t1, t2, refLen);
        float uLo = Float.intBitsToFloat((int) (u >>> 32));
        float uHi = Float.intBitsToFloat((int) u);
        boolean keep1 = uLo <= uHi;
        boolean keep2 = uLo < uHi; // a single surviving point is reported once
        // An unclipped end stays exactly the incident vertex.
        float c1x = uLo == 0f ? v1x : v1x + uLo * (v2x - v1x);
        float c1y = uLo == 0f ? v1y : v1y + uLo * (v2y - v1y);
        float c2x = uHi == 1f ? v2x : v1x + uHi * (v2x - v1x);
        float c2y = uHi == 1f ? v2y : v1y + uHi * (v2y - v1y);
        int idBase = (flip ? 1 << 31 : 0) | (r << 16) | (e << 1);
        int n = 0;
        if (keep1) {
            n = emit(out, p, n, c1x, c1y, nx, ny, r1x, r1y, margin, idBase);
        }
        if (keep2) {
            n = emit(out, p, n, c2x, c2y, nx, ny, r1x, r1y, margin, idBase | 1);
        }
        out.pointCount[p] = n;
        return n;
    }

    /**
     * Clips the incident edge {@code v1 + u (v2 - v1)}, {@code u} in [0, 1], whose ends have
     * tangent coordinates {@code t1, t2}, to the slab {@code 0 <= t <= refLen}: returns
     * {@code uLo} in the high and {@code uHi} in the low 32 bits (float bits); {@code uLo > uHi}
     * when nothing is left. Shared by both manifold finders.
     */
    static long slab(float t1, float t2, float refLen) {
        float dt = t2 - t1;
        float uLo = 0f;
        float uHi = 1f;
        if (dt == 0) {
            if (t1 < 0 || t1 > refLen) {
                uLo = 1f; // parallel to the side lines and outside the slab: nothing left
                uHi = 0f;
            }
        } else {
            float uA = (0f - t1) / dt;
            float uB = (refLen - t1) / dt;
            uLo = Math.max(uLo, Math.min(uA, uB));
            uHi = Math.min(uHi, Math.max(uA, uB));
        }
        return ((long) Float.floatToRawIntBits(uLo) << 32) | (Float.floatToRawIntBits(uHi) & 0xffffffffL);
    }

    /** Adds point {@code (cx, cy)} as contact {@code n} if it is within the margin; returns the new count. */
    private static int emit(ContactManifolds out, int p, int n, float cx, float cy, float nx, float ny,
                            float rx, float ry, float margin, int id) {
        float sep = nx * (cx - rx) + ny * (cy - ry);
        if (!(sep <= margin)) {
            return n;
        }
        int slot = 2 * p + n;
        float half = 0.5f * sep;
        // Midway between the incident point and its projection onto the reference line.
        out.pointX[slot] = cx - half * nx;
        out.pointY[slot] = cy - half * ny;
        out.separation[slot] = sep;
        out.id[slot] = id;
        return n + 1;
    }

    private static float size(ConvexPolygons s, int i) {
        PolygonArrays r = s.arrays();
        return Math.max(r.maxX[i] - r.minX[i], r.maxY[i] - r.minY[i]);
    }
}
