package dev.sepax.solid;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.internal.BitWords;
import dev.sepax.internal.BoxArrays;
import dev.sepax.internal.SolidArguments;

/**
 * The scalar reference OBB kernel: the 15-axis separating-axis test, evaluated in A's frame.
 *
 * <p>{@code R[i][j] = A_i . B_j}, {@code T = (t . A_0, t . A_1, t . A_2)} with {@code t} the
 * centre offset, {@code Q[i][j] = |R[i][j]| + GUARD}. Along A's axis i the gap is
 * {@code |T_i| - (a_i + sum_j b_j |R[i][j]|)}; along B's axis j,
 * {@code |sum_i T_i R[i][j]| - (sum_i a_i |R[i][j]| + b_j)}; along {@code A_i x B_j} (with
 * {@code (i1, i2)} and {@code (j1, j2)} the other two indices in cyclic order)
 * {@code |T_i2 R[i1][j] - T_i1 R[i2][j]| - (a_i1 Q[i2][j] + a_i2 Q[i1][j] + b_j1 Q[i][j2] +
 * b_j2 Q[i][j1])}, compared with {@code tolerance * |A_i x B_j|} where
 * {@code |A_i x B_j| = sqrt(R[i1][j]^2 + R[i2][j]^2)}. Products and sums are evaluated left to
 * right exactly as written in {@link #separated}; the SIMD twin repeats them lane by lane.
 *
 * <h2>The parallel-edge guard</h2>
 * When {@code A_i} and {@code B_j} are (nearly) parallel, {@code A_i x B_j} is (nearly) zero,
 * and both sides of its comparison are rounding noise: computed {@code R} entries carry an
 * absolute error {@code delta <= 2^-21} (three products of unit vectors, plus
 * {@link OrientedBoxes#ORTHO_SLACK}), so the left side is at most
 * {@code (|T_i1| + |T_i2|) delta} and could exceed a right side that is itself near zero,
 * reporting intersecting boxes as separated. The guard adds {@code GUARD = 2^-16} to every
 * {@code |R|} entry of the cross axes' radii (the face axes need none: their axis is exact), which makes the right side at least
 * {@code GUARD (a_i1 + a_i2 + b_j1 + b_j2)}. That suffices whenever the face axes did not
 * separate: then {@code |T_i1| <= a_i1 + sum_l b_l |R[i1][l]| + tolerance} and likewise for {@code i2}, so
 * the left side is at most {@code 2 delta (a_i1 + a_i2 + b_j1 + b_j2) + 2 delta b_j (delta +
 * GUARD)}, below the guard's term for any box whose half-extent ratio is under
 * {@code GUARD / (4 delta^2)}, far beyond float's range of useful aspect ratios. And when the
 * face axes do separate, the verdict is "separated" anyway. This is the epsilon of Gottschalk's
 * RAPID and Eberly's note, with the size argued rather than guessed. Exactly parallel axes
 * need no cross axis at all (the Minkowski difference is then a prism, whose face normals are
 * face axes of the boxes), so biasing the degenerate ones towards "intersecting" loses nothing.
 *
 * <h2>The common-point certificate</h2>
 * Intersecting pairs must have all 15 axes refuted, so after the six face axes, at tolerance
 * {@code >= 0}, the kernel first looks for a point of both boxes: the point of A closest to B's
 * centre ({@code clamp(T_i, -a_i, a_i)} in A's frame) tested against B's slabs, then the point
 * of B closest to A's centre tested against A's. Either one inside the other box proves the
 * boxes share a point, so no axis separates them at all. The test is exact up to the rounding of
 * a few products, under {@code 64 u} times the sum of half-extents (a point it accepts is within
 * that of both boxes, and {@code |T|} is then at most that sum): below the guard's term of the
 * band. On random boxes about nine in ten
 * intersecting pairs end there (14 673 of the OBB benchmark's 16 384); the nine cross axes run
 * for the rest and for pairs only a cross axis separates. At a negative tolerance (overlap up
 * to {@code |tolerance|} counts as apart) a common point proves nothing, so the certificate is
 * skipped. At tolerance 0 a cross axis compares with 0 instead of {@code 0 * |A_i x B_j|}:
 * the same verdict without the square root.
 *
 * <h2>Float error band</h2>
 * Each face-axis gap is within {@code 16 u (|T| + sum of the six half-extents)} of its exact
 * value for the stored boxes; a cross-axis gap within that plus {@code GUARD (sum of
 * half-extents)}, divided by {@code |A_i x B_j|}: the guard only ever moves verdicts towards
 * "intersecting". Verdicts are exact outside that band
 * (tests check against a double-precision 15-axis oracle with full corner projections).
 *
 * <p>Stateless, thread-safe, allocation-free.
 */
public final class ScalarObbSat implements BoxOverlapKernel {
    /** The shared instance. */
    public static final ScalarObbSat INSTANCE = new ScalarObbSat();
    /** Added to every {@code |R[i][j]|}: the parallel-edge guard (see class doc). */
    public static final float GUARD = 0x1p-16f;

    private ScalarObbSat() {}

    @Override
    public String name() {
        return "scalar-obb";
    }

    @Override
    public boolean intersects(OrientedBoxes boxes, int a, int b, float tolerance) {
        SolidArguments.checkPair(boxes, boxes == null ? 0 : boxes.size(), a, b, tolerance);
        return !separated(boxes.arrays(), a, b, tolerance);
    }

    @Override
    public int test(OrientedBoxes boxes, PairBatch pairs, int from, int to, float tolerance, OverlapBits out) {
        SolidArguments.check(boxes, boxes == null ? 0 : boxes.size(), pairs, from, to, tolerance, out, null);
        BoxArrays r = boxes.arrays();
        int[] pa = pairs.arrays().a;
        int[] pb = pairs.arrays().b;
        long[] words = out.words();
        int hits = 0;
        for (int w = from; w < to; w += 64) {
            int end = Math.min(to, w + 64);
            long bits = word(r, pa, pb, w, end, tolerance);
            hits += Long.bitCount(bits);
            BitWords.store(words, w, end, bits);
        }
        return hits;
    }

    /**
     * The verdict bits of pairs {@code [first, end)}: bit {@code p & 63} set iff pair p intersects.
     *
     * @hidden
     */
    public static long word(BoxArrays r, int[] pa, int[] pb, int first, int end, float tol) {
        long bits = 0;
        for (int p = first; p < end; p++) {
            if (!separated(r, pa[p], pb[p], tol)) {
                bits |= 1L << p;
            }
        }
        return bits;
    }

    /**
     * Does some of the 15 axes separate boxes a and b by more than tol?
     *
     * @hidden
     */
    public static boolean separated(BoxArrays r, int a, int b, float tol) {
        // The packed rows: both boxes in a few cache lines (the same floats as the component arrays).
        float[] k = r.packed;
        int oa = BoxArrays.STRIDE * a;
        int ob = BoxArrays.STRIDE * b;
        float tx = k[ob] - k[oa];
        float ty = k[ob + 1] - k[oa + 1];
        float tz = k[ob + 2] - k[oa + 2];
        float a0x = k[oa + 3];
        float a0y = k[oa + 4];
        float a0z = k[oa + 5];
        float a1x = k[oa + 6];
        float a1y = k[oa + 7];
        float a1z = k[oa + 8];
        float a2x = k[oa + 9];
        float a2y = k[oa + 10];
        float a2z = k[oa + 11];
        float b0x = k[ob + 3];
        float b0y = k[ob + 4];
        float b0z = k[ob + 5];
        float b1x = k[ob + 6];
        float b1y = k[ob + 7];
        float b1z = k[ob + 8];
        float b2x = k[ob + 9];
        float b2y = k[ob + 10];
        float b2z = k[ob + 11];
        float ha0 = k[oa + 12];
        float ha1 = k[oa + 13];
        float ha2 = k[oa + 14];
        float hb0 = k[ob + 12];
        float hb1 = k[ob + 13];
        float hb2 = k[ob + 14];
        float r00 = a0x * b0x + a0y * b0y + a0z * b0z;
        float r01 = a0x * b1x + a0y * b1y + a0z * b1z;
        float r02 = a0x * b2x + a0y * b2y + a0z * b2z;
        float r10 = a1x * b0x + a1y * b0y + a1z * b0z;
        float r11 = a1x * b1x + a1y * b1y + a1z * b1z;
        float r12 = a1x * b2x + a1y * b2y + a1z * b2z;
        float r20 = a2x * b0x + a2y * b0y + a2z * b0z;
        float r21 = a2x * b1x + a2y * b1y + a2z * b1z;
        float r22 = a2x * b2x + a2y * b2y + a2z * b2z;
        float t0 = tx * a0x + ty * a0y + tz * a0z;
        float t1 = tx * a1x + ty * a1y + tz * a1z;
        float t2 = tx * a2x + ty * a2y + tz * a2z;
        float a00 = Math.abs(r00);
        float a01 = Math.abs(r01);
        float a02 = Math.abs(r02);
        float a10 = Math.abs(r10);
        float a11 = Math.abs(r11);
        float a12 = Math.abs(r12);
        float a20 = Math.abs(r20);
        float a21 = Math.abs(r21);
        float a22 = Math.abs(r22);
        // A's face axes: A's radius is its half-extent, B's the sum over its axes.
        if (Math.abs(t0) - (ha0 + (hb0 * a00 + hb1 * a01 + hb2 * a02)) > tol
                || Math.abs(t1) - (ha1 + (hb0 * a10 + hb1 * a11 + hb2 * a12)) > tol
                || Math.abs(t2) - (ha2 + (hb0 * a20 + hb1 * a21 + hb2 * a22)) > tol) {
            return true;
        }
        // B's face axes: T expressed along B_j.
        float s0 = t0 * r00 + t1 * r10 + t2 * r20;
        float s1 = t0 * r01 + t1 * r11 + t2 * r21;
        float s2 = t0 * r02 + t1 * r12 + t2 * r22;
        if (Math.abs(s0) - ((ha0 * a00 + ha1 * a10 + ha2 * a20) + hb0) > tol
                || Math.abs(s1) - ((ha0 * a01 + ha1 * a11 + ha2 * a21) + hb1) > tol
                || Math.abs(s2) - ((ha0 * a02 + ha1 * a12 + ha2 * a22) + hb2) > tol) {
            return true;
        }
        if (tol >= 0 && (closestOfAInB(r00, r01, r02, r10, r11, r12, r20, r21, r22, t0, t1, t2, ha0, ha1, ha2, hb0, hb1, hb2)
                || closestOfBInA(r00, r01, r02, r10, r11, r12, r20, r21, r22, s0, s1, s2, ha0, ha1, ha2, hb0, hb1, hb2))) {
            return false;
        }
        return crossesSeparate(r00, r01, r02, r10, r11, r12, r20, r21, r22, t0, t1, t2, ha0, ha1, ha2, hb0, hb1, hb2, tol);
    }

    /**
     * The certificate: is the point of A closest to B's centre inside B? In A's frame (origin
     * A's centre) B's centre is {@code T} and that point is {@code clamp(T_i, -a_i, a_i)};
     * {@code d = clamp(T) - T} is its offset from B's centre, {@code e_j = sum_i d_i R[i][j]}
     * the same offset along B's axes. {@code d_i} is written {@code |T_i| > a_i ?
     * copySign(a_i, T_i) - T_i : 0}: for finite input the same float as
     * {@code min(max(T_i, -a_i), a_i) - T_i} (the same difference outside the slab, {@code +0}
     * inside), but in lanes a compare, a sign copy and a blend, where Java's {@code min} and
     * {@code max} (NaN and signed-zero rules) take several instructions each.
     */
    private static boolean closestOfAInB(float r00, float r01, float r02, float r10, float r11, float r12,
                                        float r20, float r21, float r22, float t0, float t1, float t2,
                                        float ha0, float ha1, float ha2, float hb0, float hb1, float hb2) {
        float d0 = Math.abs(t0) > ha0 ? Math.copySign(ha0, t0) - t0 : 0f;
        float d1 = Math.abs(t1) > ha1 ? Math.copySign(ha1, t1) - t1 : 0f;
        float d2 = Math.abs(t2) > ha2 ? Math.copySign(ha2, t2) - t2 : 0f;
        return Math.abs(d0 * r00 + d1 * r10 + d2 * r20) <= hb0
                && Math.abs(d0 * r01 + d1 * r11 + d2 * r21) <= hb1
                && Math.abs(d0 * r02 + d1 * r12 + d2 * r22) <= hb2;
    }

    /**
     * The converse certificate: is the point of B closest to A's centre inside A? In B's frame
     * A's centre is {@code -s} ({@code s_j = sum_i T_i R[i][j]}), that point
     * {@code clamp(-s_j, -b_j, b_j)}, and {@code e = clamp(s) - s} is minus its offset from A's
     * centre (the sign does not change {@code |R e|}); written as in {@link #closestOfAInB}.
     */
    private static boolean closestOfBInA(float r00, float r01, float r02, float r10, float r11, float r12,
                                        float r20, float r21, float r22, float s0, float s1, float s2,
                                        float ha0, float ha1, float ha2, float hb0, float hb1, float hb2) {
        float e0 = Math.abs(s0) > hb0 ? Math.copySign(hb0, s0) - s0 : 0f;
        float e1 = Math.abs(s1) > hb1 ? Math.copySign(hb1, s1) - s1 : 0f;
        float e2 = Math.abs(s2) > hb2 ? Math.copySign(hb2, s2) - s2 : 0f;
        return Math.abs(r00 * e0 + r01 * e1 + r02 * e2) <= ha0
                && Math.abs(r10 * e0 + r11 * e1 + r12 * e2) <= ha1
                && Math.abs(r20 * e0 + r21 * e1 + r22 * e2) <= ha2;
    }

    /**
     * The nine cross axes {@code A_i x B_j}, in the order {@code (0,0), (0,1), .. (2,2)}: does one
     * separate by more than tol?
     */
    private static boolean crossesSeparate(float r00, float r01, float r02, float r10, float r11, float r12,
                                          float r20, float r21, float r22, float t0, float t1, float t2,
                                          float ha0, float ha1, float ha2, float hb0, float hb1, float hb2, float tol) {
        float a00 = Math.abs(r00);
        float a01 = Math.abs(r01);
        float a02 = Math.abs(r02);
        float a10 = Math.abs(r10);
        float a11 = Math.abs(r11);
        float a12 = Math.abs(r12);
        float a20 = Math.abs(r20);
        float a21 = Math.abs(r21);
        float a22 = Math.abs(r22);
        // Only the cross axes need the guard (see class doc).
        float q00 = a00 + GUARD;
        float q01 = a01 + GUARD;
        float q02 = a02 + GUARD;
        float q10 = a10 + GUARD;
        float q11 = a11 + GUARD;
        float q12 = a12 + GUARD;
        float q20 = a20 + GUARD;
        float q21 = a21 + GUARD;
        float q22 = a22 + GUARD;

        // A_i x B_j: |T_i2 R[i1][j] - T_i1 R[i2][j]| vs (a_i1 Q[i2][j] + a_i2 Q[i1][j]) + (b_j1 Q[i][j2] + b_j2 Q[i][j1]).
        return cross(t2, t1, r10, r20, ha1, q20, ha2, q10, hb1, q02, hb2, q01, tol)   // A0 x B0
                || cross(t2, t1, r11, r21, ha1, q21, ha2, q11, hb0, q02, hb2, q00, tol) // A0 x B1
                || cross(t2, t1, r12, r22, ha1, q22, ha2, q12, hb0, q01, hb1, q00, tol) // A0 x B2
                || cross(t0, t2, r20, r00, ha2, q00, ha0, q20, hb1, q12, hb2, q11, tol) // A1 x B0
                || cross(t0, t2, r21, r01, ha2, q01, ha0, q21, hb0, q12, hb2, q10, tol) // A1 x B1
                || cross(t0, t2, r22, r02, ha2, q02, ha0, q22, hb0, q11, hb1, q10, tol) // A1 x B2
                || cross(t1, t0, r00, r10, ha0, q10, ha1, q00, hb1, q22, hb2, q21, tol) // A2 x B0
                || cross(t1, t0, r01, r11, ha0, q11, ha1, q01, hb0, q22, hb2, q20, tol) // A2 x B1
                || cross(t1, t0, r02, r12, ha0, q12, ha1, q02, hb0, q21, hb1, q20, tol); // A2 x B2
    }

    /**
     * One cross axis {@code A_i x B_j}: {@code |tp rp - tq rq| - ((ha hq + hb hr) + (hc qc + hd qd))
     * > tol sqrt(rp^2 + rq^2)}, where {@code tp = T_i2, tq = T_i1, rp = R[i1][j], rq = R[i2][j]}.
     */
    private static boolean cross(float tp, float tq, float rp, float rq, float h1, float q1, float h2, float q2,
                                 float h3, float q3, float h4, float q4, float tol) {
        float dist = Math.abs(tp * rp - tq * rq);
        float radius = (h1 * q1 + h2 * q2) + (h3 * q3 + h4 * q4);
        if (tol == 0) {
            return dist - radius > 0; // tol * len is +0 or -0 for every finite len: the same verdict
        }
        float len = (float) Math.sqrt(rp * rp + rq * rq);
        return dist - radius > tol * len;
    }
}
