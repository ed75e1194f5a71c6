package dev.sepax.testing;

import dev.sepax.shape.ConvexPolygons;

import java.math.BigInteger;

/**
 * An exact rational oracle for the boolean verdict: every stored float is an integer multiple of
 * {@code 2^-149}, so scaled by {@code 2^149} the vertices become {@link BigInteger}s and every
 * orientation, squared length and gap is an exact integer. Independent of the kernels' code
 * (no float filter, no shared predicate). Slow; for tests.
 *
 * <p>The pair is separated iff an AABB axis has a gap {@code > t}, or an edge of one shape has
 * every vertex of the other at separation {@code > t}: {@code S > t |e|} with
 * {@code S = cross(e, a_i - p)}, compared with the square root squared away.
 */
public final class RationalSat {
    private RationalSat() {}

    /** {@code f * 2^149} as an exact integer. */
    public static BigInteger scaled(float f) {
        int bits = Float.floatToRawIntBits(f);
        int exp = (bits >>> 23) & 0xff;
        long mant = bits & 0x7fffff;
        BigInteger v = exp == 0 ? BigInteger.valueOf(mant) : BigInteger.valueOf(mant | 0x800000).shiftLeft(exp - 1);
        return bits < 0 ? v.negate() : v;
    }

    /** The exact verdict of shapes {@code a} and {@code b} of {@code s} at tolerance {@code t}. */
    public static boolean intersects(ConvexPolygons s, int a, int b, float t) {
        BigInteger[][] pa = vertices(s, a);
        BigInteger[][] pb = vertices(s, b);
        BigInteger tt = scaled(t);
        if (t != 0 && aabbSeparates(pa, pb, tt)) {
            return false;
        }
        return !(edgesSeparate(pa, pb, t, tt) || edgesSeparate(pb, pa, t, tt));
    }

    private static BigInteger[][] vertices(ConvexPolygons s, int shape) {
        int k = s.count(shape);
        BigInteger[][] v = new BigInteger[2][k];
        for (int i = 0; i < k; i++) {
            v[0][i] = scaled(s.vertexX(shape, i));
            v[1][i] = scaled(s.vertexY(shape, i));
        }
        return v;
    }

    private static boolean aabbSeparates(BigInteger[][] pa, BigInteger[][] pb, BigInteger t) {
        for (int axis = 0; axis < 2; axis++) {
            BigInteger minA = min(pa[axis]);
            BigInteger maxA = max(pa[axis]);
            BigInteger minB = min(pb[axis]);
            BigInteger maxB = max(pb[axis]);
            if (minB.subtract(maxA).compareTo(t) > 0 || minA.subtract(maxB).compareTo(t) > 0) {
                return true;
            }
        }
        return false;
    }

    private static BigInteger min(BigInteger[] v) {
        BigInteger m = v[0];
        for (BigInteger x : v) {
            m = m.min(x);
        }
        return m;
    }

    private static BigInteger max(BigInteger[] v) {
        BigInteger m = v[0];
        for (BigInteger x : v) {
            m = m.max(x);
        }
        return m;
    }

    /** Does some edge of {@code ref} have every vertex of {@code other} beyond {@code t}? */
    private static boolean edgesSeparate(BigInteger[][] ref, BigInteger[][] other, float t, BigInteger tt) {
        int k = ref[0].length;
        for (int i = 0; i < k; i++) {
            int n = (i + 1) % k;
            BigInteger ex = ref[0][n].subtract(ref[0][i]);
            BigInteger ey = ref[1][n].subtract(ref[1][i]);
            BigInteger limit2 = t == 0 ? null : tt.multiply(tt).multiply(ex.multiply(ex).add(ey.multiply(ey)));
            boolean all = true;
            for (int j = 0; j < other[0].length && all; j++) {
                // S = (ey (px - ax) - ex (py - ay)), scaled by 2^298.
                BigInteger sep = ey.multiply(other[0][j].subtract(ref[0][i]))
                        .subtract(ex.multiply(other[1][j].subtract(ref[1][i])));
                boolean beyond;
                if (t == 0) {
                    beyond = sep.signum() > 0;
                } else if (t > 0) {
                    beyond = sep.signum() > 0 && sep.multiply(sep).compareTo(limit2) > 0;
                } else {
                    beyond = sep.signum() >= 0 || sep.multiply(sep).compareTo(limit2) < 0;
                }
                all = beyond;
            }
            if (all) {
                return true;
            }
        }
        return false;
    }
}
