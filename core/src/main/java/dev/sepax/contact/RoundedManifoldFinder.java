package dev.sepax.contact;

import dev.sepax.batch.PairBatch;
import dev.sepax.batch.Penetrations;
import dev.sepax.batch.SimplexCache;
import dev.sepax.internal.BatchArguments;
import dev.sepax.internal.RoundedArrays;
import dev.sepax.narrow.ScalarRoundedPenetration;
import dev.sepax.shape.RoundedShapes;

/**
 * Contact manifolds of rounded shapes, from their penetration: the definition behind
 * {@link RoundedManifoldKernel}. Box2D's idea (reference edge, incident edge, clip; radii on top)
 * in this library's terms.
 *
 * <h2>Steps, per pair, given the penetration's normal {@code n} (A to B), depth {@code d} and axis</h2>
 * <ol>
 *   <li>Separation {@code -d}. If it exceeds {@code margin}: no point; the normal is {@code n}.
 *   <li><b>Face contact</b>, when both cores have at least two points (capsules, segments,
 *       polygons): when the cores overlap, the penetration's axis (an edge), except that
 *       for an edge of B, A's best edge by separation stays the reference unless B's separates
 *       by more than {@code 1e-3} of the smaller core's bounding-box size (the bias of
 *       {@link ContactManifoldFinder}, so that rounding does not flip the reference, and the ids,
 *       between nearly equal faces); when the cores are apart (axis
 *       {@link Penetrations#AXIS_CORES}), the edge best aligned
 *       with {@code n}: A's edge with the largest {@code n_i . n}, unless B's edge with the largest
 *       {@code -m_j . n} is larger by more than {@link #REFERENCE_BIAS} (so the choice does not
 *       flicker between nearly equal faces), and only if that alignment is at least
 *       {@link #FACE_COS}: otherwise the closest features are a corner and step 3 applies. The
 *       incident edge is the other core's edge whose normal is most anti-parallel to the
 *       reference normal (first on ties); it is clipped to the slab between the reference edge's
 *       side lines (a two-point core's edges are its segment's two sides). Each remaining end
 *       {@code c} has core separation {@code s = n_r . (c - r_1)} and separation
 *       {@code s - (rA + rB)}; an end with separation {@code <= margin} becomes a point, placed
 *       midway between the two rounded surfaces along the reference normal:
 *       {@code c - (s - r_ref + r_inc) / 2 * n_r}. The normal is the reference normal turned to
 *       point from A to B. Feature ids as in {@link ContactManifolds}.
 *   <li><b>One point</b> otherwise (a circle or point core, a corner contact, or a clip that
 *       left nothing): separation {@code -d}, normal {@code n}, placed midway between the two
 *       surfaces: for a one-point core {@code c} of A at {@code c + (rA - d/2) n}, of B at
 *       {@code c - (rB - d/2) n}; for two cores of two or more points, the middle of
 *       {@code q_A + rA n} and {@code q_B - rB n}, where, for cores apart, {@code q_A},
 *       {@code q_B} are the cores' closest points (the first closest vertex-edge pair, A's
 *       vertices against B's edges first), and for overlapping cores the cores' support points
 *       along {@code n} and {@code -n}. Not the supports when the cores are apart: a face
 *       nearly perpendicular to {@code n} has nearly equal supports, and the first of them can
 *       be its far end, away from the contact (as when the clip of a nearly parallel face keeps
 *       its ends just beyond the margin). Id: 0 when a core is one point; for cores apart, the
 *       index of A's vertex or edge holding {@code q_A} in the reference field and of B's
 *       holding {@code q_B} in the incident field, the end bit set when the vertex is B's; for
 *       overlapping cores, A's support vertex in the reference field and B's in the incident
 *       field (end 0, reference on A).
 * </ol>
 * Ids depend only on the features, so they stay the same while the same features touch, as a
 * solver's warm start needs. A pair within the margin always gets at least one point.
 *
 * <p>Cost per pair: {@code O(ka + kb)} for a face contact; the one point of two cores apart
 * compares every vertex with every edge of the other core, {@code 2 ka kb} point-segment
 * distances, as many as the penetration's separating-axis test on overlapping cores.
 *
 * <p>Stateless, thread-safe, allocation-free.
 */
public final class RoundedManifoldFinder {
    /** Least cosine between a face normal and the penetration normal for a face contact of cores apart. */
    public static final float FACE_COS = 0.98f;
    /** How much better (in cosine) B's face must align than A's to become the reference, cores apart. */
    public static final float REFERENCE_BIAS = 1e-3f;

    private RoundedManifoldFinder() {}

    /**
     * The entry checks of a manifold call on rounded shapes; {@code cache} may be null.
     *
     * @throws IndexOutOfBoundsException if the range is not within the batch
     * @throws IllegalArgumentException naming the offending argument and value
     */
    public static void checkBatch(RoundedShapes shapes, PairBatch pairs, int from, int to, float margin,
                                  Penetrations mtv, ContactManifolds out, SimplexCache cache) {
        BatchArguments.checkRounded(shapes, pairs, from, to, false, out, out == null ? 0 : out.capacity(), cache);
        if (mtv == null) {
            throw new IllegalArgumentException("mtv is null");
        }
        if (mtv.capacity() < to) {
            throw new IllegalArgumentException("mtv.capacity=" + mtv.capacity() + " < to=" + to);
        }
        if (!(margin >= 0) || margin == Float.POSITIVE_INFINITY) {
            throw new IllegalArgumentException("margin=" + margin + ": must be finite and >= 0");
        }
    }

    /**
     * Manifolds of pairs {@code [from, to)} into {@code out} from their penetrations, already in
     * the same entries of {@code mtv}. No checks: the kernels check first.
     *
     * @return how many of those pairs got at least one contact point
     */
    public static int find(RoundedShapes shapes, PairBatch pairs, int from, int to, float margin, Penetrations mtv,
                           ContactManifolds out) {
        RoundedArrays s = shapes.arrays();
        int[] pa = pairs.arrays().a;
        int[] pb = pairs.arrays().b;
        int touching = 0;
        for (int p = from; p < to; p++) {
            if (pair(s, pa[p], pb[p], margin, mtv, out, p) > 0) {
                touching++;
            }
        }
        return touching;
    }

    private static int pair(RoundedArrays s, int a, int b, float margin, Penetrations mtv, ContactManifolds out, int p) {
        float nx = mtv.normalXs()[p];
        float ny = mtv.normalYs()[p];
        float depth = mtv.depths()[p];
        int code = mtv.axes()[p];
        if (!(-depth <= margin)) {
            out.normalX[p] = nx;
            out.normalY[p] = ny;
            out.pointCount[p] = 0;
            return 0;
        }
        if (s.count()[a] > 1 && s.count()[b] > 1) {
            int n = 0;
            if (code == Penetrations.AXIS_CORES) {
                int ea = bestAligned(s, a, nx, ny);
                int eb = bestAligned(s, b, -nx, -ny);
                float ca = nx * s.nx()[s.start()[a] + ea] + ny * s.ny()[s.start()[a] + ea];
                float cb = -nx * s.nx()[s.start()[b] + eb] + -ny * s.ny()[s.start()[b] + eb];
                boolean flip = cb > ca + REFERENCE_BIAS;
                if ((flip ? cb : ca) >= FACE_COS) {
                    n = clip(s, a, b, flip, flip ? eb : ea, margin, out, p);
                }
            } else if (code != Penetrations.AXIS_WORLD_X) {
                n = overlapping(s, a, b, code, margin, out, p);
            }
            if (n > 0) {
                return n;
            }
        }
        return single(s, a, b, nx, ny, depth, code == Penetrations.AXIS_CORES, out, p);
    }

    /**
     * Step 2 for cores that overlap: the penetration's axis {@code code} (an edge) is the
     * reference, except that when it is B's edge, A's best edge is taken unless B's separates by
     * more than {@link ContactManifoldFinder}'s bias (as that finder does): in resting contact the
     * two faces separate by the same amount up to rounding, and without the bias rounding alone
     * picks the reference, so the feature ids would flicker from frame to frame.
     */
    private static int overlapping(RoundedArrays s, int a, int b, int code, float margin, ContactManifolds out, int p) {
        if (code > 0) {
            return clip(s, a, b, false, code - 1, margin, out, p);
        }
        int eb = -code - 1;
        float sepB = separation(s, b, eb, a);
        int ea = 0;
        float sepA = Float.NEGATIVE_INFINITY;
        for (int e = 0; e < s.count()[a]; e++) {
            float sep = separation(s, a, e, b);
            if (sep > sepA) {
                sepA = sep;
                ea = e;
            }
        }
        float bias = ContactManifoldFinder.REFERENCE_BIAS * Math.min(coreSize(s, a), coreSize(s, b));
        boolean flip = sepB > sepA + bias;
        return clip(s, a, b, flip, flip ? eb : ea, margin, out, p);
    }

    /** The core separation of edge {@code e} of shape {@code i} against the core of shape {@code j}, as the penetration computes it. */
    private static float separation(RoundedArrays s, int i, int e, int j) {
        int oi = s.start()[i] + e;
        return ScalarRoundedPenetration.separation(s.nx()[oi], s.ny()[oi], s.x()[oi], s.y()[oi], s.x(), s.y(),
                s.start()[j], s.count()[j]);
    }

    /** The larger side of the bounding box of shape {@code i}'s core. */
    private static float coreSize(RoundedArrays s, int i) {
        int o = s.start()[i];
        float minX = s.x()[o];
        float maxX = minX;
        float minY = s.y()[o];
        float maxY = minY;
        for (int e = 1; e < s.count()[i]; e++) {
            minX = Math.min(minX, s.x()[o + e]);
            maxX = Math.max(maxX, s.x()[o + e]);
            minY = Math.min(minY, s.y()[o + e]);
            maxY = Math.max(maxY, s.y()[o + e]);
        }
        return Math.max(maxX - minX, maxY - minY);
    }

    /** The first edge of shape {@code i} whose normal has the largest dot product with {@code (dx, dy)}. */
    private static int bestAligned(RoundedArrays s, int i, float dx, float dy) {
        int o = s.start()[i];
        int best = 0;
        float bv = Float.NEGATIVE_INFINITY;
        for (int e = 0; e < s.count()[i]; e++) {
            float v = dx * s.nx()[o + e] + dy * s.ny()[o + e];
            if (v > bv) {
                bv = v;
                best = e;
            }
        }
        return best;
    }

    /** The first core point of shape {@code i} with the largest {@code (dx, dy) . v}. */
    private static int support(RoundedArrays s, int i, float dx, float dy) {
        int o = s.start()[i];
        int best = 0;
        float bv = Float.NEGATIVE_INFINITY;
        for (int e = 0; e < s.count()[i]; e++) {
            float v = dx * s.x()[o + e] + dy * s.y()[o + e];
            if (v > bv) {
                bv = v;
                best = e;
            }
        }
        return best;
    }

    /** Step 3 of the class doc: one point. */
    private static int single(RoundedArrays s, int a, int b, float nx, float ny, float depth, boolean apart,
                              ContactManifolds out, int p) {
        float[] x = s.x();
        float[] y = s.y();
        int oa = s.start()[a];
        int ob = s.start()[b];
        float ra = s.radius()[a];
        float rb = s.radius()[b];
        float px;
        float py;
        int id;
        if (s.count()[a] == 1) {
            float t = ra - 0.5f * depth;
            px = x[oa] + t * nx;
            py = y[oa] + t * ny;
            id = 0;
        } else if (s.count()[b] == 1) {
            float t = rb - 0.5f * depth;
            px = x[ob] - t * nx;
            py = y[ob] - t * ny;
            id = 0;
        } else if (apart) {
            // Closest points of the two cores, brute force over the vertex-edge pairs (one of
            // a closest pair of disjoint convex polygons is a vertex). Not the supports along
            // +-n: on a face nearly perpendicular to n they nearly tie and the first index can
            // be the far end of that face.
            float best = Float.POSITIVE_INFINITY;
            float qax = 0;
            float qay = 0;
            float qbx = 0;
            float qby = 0;
            int bestId = 0;
            for (int side = 0; side < 2; side++) {
                int ov = side == 0 ? oa : ob;
                int kv = s.count()[side == 0 ? a : b];
                int oe = side == 0 ? ob : oa;
                int ke = s.count()[side == 0 ? b : a];
                int edges = ke == 2 ? 1 : ke;
                for (int i = 0; i < kv; i++) {
                    float vx = x[ov + i];
                    float vy = y[ov + i];
                    for (int j = 0; j < edges; j++) {
                        int j2 = j + 1 == ke ? 0 : j + 1;
                        float ex = x[oe + j2] - x[oe + j];
                        float ey = y[oe + j2] - y[oe + j];
                        float t = (ex * (vx - x[oe + j]) + ey * (vy - y[oe + j])) / (ex * ex + ey * ey);
                        float qx;
                        float qy;
                        if (!(t > 0)) {
                            qx = x[oe + j];
                            qy = y[oe + j];
                        } else if (t >= 1) {
                            qx = x[oe + j2];
                            qy = y[oe + j2];
                        } else {
                            qx = x[oe + j] + t * ex;
                            qy = y[oe + j] + t * ey;
                        }
                        float dx = qx - vx;
                        float dy = qy - vy;
                        float d2 = dx * dx + dy * dy;
                        if (d2 < best) {
                            best = d2;
                            if (side == 0) {
                                qax = vx;
                                qay = vy;
                                qbx = qx;
                                qby = qy;
                                bestId = (i << 16) | (j << 1);
                            } else {
                                qax = qx;
                                qay = qy;
                                qbx = vx;
                                qby = vy;
                                bestId = (j << 16) | (i << 1) | 1;
                            }
                        }
                    }
                }
            }
            px = 0.5f * ((qax + ra * nx) + (qbx - rb * nx));
            py = 0.5f * ((qay + ra * ny) + (qby - rb * ny));
            id = bestId;
        } else {
            int va = support(s, a, nx, ny);
            int vb = support(s, b, -nx, -ny);
            px = 0.5f * ((x[oa + va] + ra * nx) + (x[ob + vb] - rb * nx));
            py = 0.5f * ((y[oa + va] + ra * ny) + (y[ob + vb] - rb * ny));
            id = (va << 16) | (vb << 1);
        }
        out.normalX[p] = nx;
        out.normalY[p] = ny;
        out.pointX[2 * p] = px;
        out.pointY[2 * p] = py;
        out.separation[2 * p] = -depth;
        out.id[2 * p] = id;
        out.pointCount[p] = 1;
        return 1;
    }

    /**
     * Step 2 of the class doc: clips the incident edge against reference edge {@code r} of B
     * (flip) or A; writes the normal and the points; returns the point count.
     */
    private static int clip(RoundedArrays s, int a, int b, boolean flip, int r, float margin, ContactManifolds out,
                            int p) {
        int ref = flip ? b : a;
        int inc = flip ? a : b;
        float[] x = s.x();
        float[] y = s.y();
        int or = s.start()[ref];
        int kr = s.count()[ref];
        float nx = s.nx()[or + r];
        float ny = s.ny()[or + r];
        float rRef = s.radius()[ref];
        float rInc = s.radius()[inc];
        float rs = s.radius()[a] + s.radius()[b];
        out.normalX[p] = flip ? -nx : nx;
        out.normalY[p] = flip ? -ny : ny;
        int oi = s.start()[inc];
        int ki = s.count()[inc];
        int e = bestAligned(s, inc, -nx, -ny);
        float r1x = x[or + r];
        float r1y = y[or + r];
        int r2 = r + 1 == kr ? 0 : r + 1;
        // Tangent of a CCW edge: the outward normal turned left.
        float tx = -ny;
        float ty = nx;
        float refLen = tx * (x[or + r2] - r1x) + ty * (y[or + r2] - r1y);
        int e2 = e + 1 == ki ? 0 : e + 1;
        float v1x = x[oi + e];
        float v1y = y[oi + e];
        float v2x = x[oi + e2];
        float v2y = y[oi + e2];
        float t1 = tx * (v1x - r1x) + ty * (v1y - r1y);
        float t2 = tx * (v2x - r1x) + ty * (v2y - r1y);
        long u = ContactManifoldFinder.slab(t1, t2, refLen);
        float uLo = Float.intBitsToFloat((int) (u >>> 32));
        float uHi = Float.intBitsToFloat((int) u);
        int idBase = (flip ? 1 << 31 : 0) | (r << 16) | (e << 1);
        int n = 0;
        if (uLo <= uHi) {
            float cx = uLo == 0f ? v1x : v1x + uLo * (v2x - v1x);
            float cy = uLo == 0f ? v1y : v1y + uLo * (v2y - v1y);
            n = emit(out, p, n, cx, cy, nx, ny, r1x, r1y, rs, rRef, rInc, margin, idBase);
        }
        if (uLo < uHi) {
            float cx = uHi == 1f ? v2x : v1x + uHi * (v2x - v1x);
            float cy = uHi == 1f ? v2y : v1y + uHi * (v2y - v1y);
            n = emit(out, p, n, cx, cy, nx, ny, r1x, r1y, rs, rRef, rInc, margin, idBase | 1);
        }
        out.pointCount[p] = n;
        return n;
    }

    /** Adds core point {@code (cx, cy)} as contact {@code n} if it is within the margin; returns the new count. */
    private static int emit(ContactManifolds out, int p, int n, float cx, float cy, float nx, float ny, float rx,
                            float ry, float rs, float rRef, float rInc, float margin, int id) {
        float core = nx * (cx - rx) + ny * (cy - ry);
        float sep = core - rs;
        if (!(sep <= margin)) {
            return n;
        }
        int slot = 2 * p + n;
        float h = 0.5f * (core - rRef + rInc);
        out.pointX[slot] = cx - h * nx;
        out.pointY[slot] = cy - h * ny;
        out.separation[slot] = sep;
        out.id[slot] = id;
        return n + 1;
    }
}
