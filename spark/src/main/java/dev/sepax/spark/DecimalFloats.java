package dev.sepax.spark;

/**
 * Decimal text to float, as {@code (float) Double.parseDouble(text)} would give it, without the
 * substring and, for the usual coordinates, without the JDK's general parser (which took most of
 * the join's map-side CPU time).
 *
 * <h2>Why the fast path gives the same float</h2>
 * Accepted: {@code [+-]? digits [. digits]? ([eE] [+-]? digits)?} with at most 18 significant
 * digits {@code m} and a decimal exponent {@code e} (after moving the point) with
 * {@code |e| <= 22}. Then {@code m} is an exact long and {@code 10^|e|} an exact double.
 * <ul>
 *   <li>{@code m < 2^53}: {@code (double) m} is exact, and {@code m * 10^e} (or {@code / 10^-e})
 *       is one correctly rounded operation on exact operands, so it is the correctly rounded
 *       double of the decimal, which is what {@code Double.parseDouble} returns (Clinger's fast
 *       path); the cast to float is the same cast.</li>
 *   <li>otherwise the double {@code a} carries two roundings, so {@code |a - d| < 2^-51.9 |d|}
 *       for the decimal value {@code d}, and the parser's double {@code D} is within
 *       {@code 2^-53 |d|} of {@code d}. If no midpoint between adjacent floats lies within
 *       {@code 2^-50 |a|} of {@code a}, then {@code a}, {@code d} and {@code D} all round to the
 *       same float, {@code (float) a}. The midpoints next to {@code (float) a} are computed
 *       exactly in double (two adjacent floats have at most 25 significant bits together). When
 *       one is that close, the JDK parser decides.</li>
 * </ul>
 * Everything else (more digits, larger exponents, {@code Infinity}, {@code NaN}, hexadecimal,
 * a trailing {@code d} or {@code f}) goes to {@code Double.parseDouble}, so accepted and refused
 * texts are exactly the JDK's. Stateless; allocates only on the slow path.
 */
final class DecimalFloats {
    private static final double[] POWERS = new double[23];

    static {
        double p = 1;
        for (int i = 0; i < POWERS.length; i++) {
            POWERS[i] = p;
            p *= 10;
        }
    }

    private DecimalFloats() {}

    /**
     * {@code (float) Double.parseDouble(s.substring(from, to))}.
     *
     * @throws NumberFormatException as {@code Double.parseDouble} throws it
     */
    static float parse(String s, int from, int to) {
        return (float) parse(s, from, to, true);
    }

    /**
     * {@code Double.parseDouble(s.substring(from, to))}: the fast path when {@link #doubleFromParts}
     * decides it, else the JDK's parser.
     *
     * @throws NumberFormatException as {@code Double.parseDouble} throws it
     */
    static double parseDouble(String s, int from, int to) {
        return parse(s, from, to, false);
    }

    /** The float ({@code toFloat}, exact as a double) or the double of the decimal text. */
    private static double parse(String s, int from, int to, boolean toFloat) {
        int p = from;
        boolean negative = false;
        if (p < to && (s.charAt(p) == '-' || s.charAt(p) == '+')) {
            negative = s.charAt(p) == '-';
            p++;
        }
        long m = 0;
        int digits = 0; // significant digits in m (leading zeros not counted)
        int scale = 0; // decimal exponent adjustment from the point and from dropped digits
        boolean any = false;
        boolean fast = true;
        while (p < to && isDigit(s.charAt(p))) {
            any = true;
            int d = s.charAt(p++) - '0';
            if (digits < 18) {
                m = 10 * m + d;
                digits += m == 0 ? 0 : 1;
            } else {
                fast = false; // more than 18 significant digits
            }
        }
        if (p < to && s.charAt(p) == '.') {
            p++;
            while (p < to && isDigit(s.charAt(p))) {
                any = true;
                int d = s.charAt(p++) - '0';
                if (digits < 18) {
                    m = 10 * m + d;
                    digits += m == 0 ? 0 : 1;
                    scale--;
                } else {
                    fast = false;
                }
            }
        }
        if (any && p < to && (s.charAt(p) == 'e' || s.charAt(p) == 'E')) {
            p++;
            boolean expNegative = false;
            if (p < to && (s.charAt(p) == '-' || s.charAt(p) == '+')) {
                expNegative = s.charAt(p) == '-';
                p++;
            }
            int e = 0;
            boolean expDigits = false;
            while (p < to && isDigit(s.charAt(p))) {
                expDigits = true;
                e = Math.min(10 * e + (s.charAt(p++) - '0'), 1000);
            }
            fast &= expDigits;
            scale += expNegative ? -e : e;
        }
        if (!fast || !any || p != to) {
            return slow(s, from, to, toFloat);
        }
        double v = toFloat ? fromParts(negative, m, scale) : doubleFromParts(negative, m, scale);
        return v == v ? v : slow(s, from, to, toFloat);
    }

    /**
     * The double of the decimal {@code (negative ? -1 : 1) * m * 10^scale} when the product or
     * quotient of two exact doubles gives it ({@code m < 2^53}, {@code |scale| <= 22}: one
     * correctly rounded operation, Clinger's fast path, so what {@code Double.parseDouble}
     * returns); NaN when the JDK parser must decide.
     */
    static double doubleFromParts(boolean negative, long m, int scale) {
        if (scale < -22 || scale > 22 || m >= (1L << 53)) {
            return Double.NaN;
        }
        double a = scale >= 0 ? m * POWERS[scale] : m / POWERS[-scale];
        return negative ? -a : a;
    }

    /**
     * The float of the decimal {@code (negative ? -1 : 1) * m * 10^scale}, where {@code m} holds
     * at most 18 significant digits, when the fast path decides it (see the class doc); NaN when
     * the JDK parser must.
     */
    static float fromParts(boolean negative, long m, int scale) {
        if (scale < -22 || scale > 22) {
            return Float.NaN;
        }
        if (m == 0) {
            return negative ? -0f : 0f;
        }
        double a = scale >= 0 ? m * POWERS[scale] : m / POWERS[-scale];
        float f = (float) a;
        if (m >= (1L << 53)) {
            double below = ((double) f + Math.nextDown(f)) / 2;
            double above = ((double) f + Math.nextUp(f)) / 2;
            double r = a * 0x1p-50;
            if (Float.isInfinite(f) || !(below < a - r) || !(a + r < above)) {
                return Float.NaN;
            }
        }
        return negative ? -f : f;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static double slow(String s, int from, int to, boolean toFloat) {
        double d = Double.parseDouble(s.substring(from, to));
        return toFloat ? (float) d : d;
    }
}
