package dev.sepax.bench;

/**
 * The one number syntax of the command line and the text input files: a plain decimal, as WKT
 * writes it. Optional sign ({@code +} or {@code -}), digits with an optional fraction
 * ({@code 12}, {@code 12.5}, {@code 12.}, {@code .5}), and an optional exponent ({@code e} or
 * {@code E}, optional sign, digits): {@code -0.25}, {@code +3}, {@code 1e-3}, {@code 6.02E23}.
 *
 * <p>{@link Float#parseFloat} and {@link Double#parseDouble} read more: Java suffixes
 * ({@code 1f}, {@code 1d}), hex floats ({@code 0x1p0}), {@code NaN}, {@code Infinity} and
 * surrounding blanks. Those are typos or another program's notation in an input file, so they
 * are refused here instead of read as some number. The text is checked first and then parsed by
 * the JDK, so a number that passes is rounded exactly as the JDK rounds it; one too large for the
 * type parses as infinite, which the callers reject with their own message.
 *
 * <p>Stateless.
 */
final class Decimals {
    /** What a number must look like, for error messages. */
    static final String SYNTAX = "a decimal number such as -12.5, .5 or 1e-3";

    private Decimals() {}

    /** Whether {@code s} is exactly a decimal number (no blanks, nothing after it). */
    static boolean isDecimal(CharSequence s) {
        int n = s.length();
        int i = 0;
        if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
            i++;
        }
        int digits = 0;
        while (i < n && isDigit(s.charAt(i))) {
            i++;
            digits++;
        }
        if (i < n && s.charAt(i) == '.') {
            i++;
            while (i < n && isDigit(s.charAt(i))) {
                i++;
                digits++;
            }
        }
        if (digits == 0) {
            return false;
        }
        if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            i++;
            if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
                i++;
            }
            int exponent = 0;
            while (i < n && isDigit(s.charAt(i))) {
                i++;
                exponent++;
            }
            if (exponent == 0) {
                return false;
            }
        }
        return i == n;
    }

    /**
     * {@code s} as a float, rounded to nearest.
     *
     * @throws NumberFormatException when {@code s} is not a decimal number; a finite decimal
     *     beyond the float range gives an infinity, not an exception
     */
    static float parseFloat(String s) {
        if (!isDecimal(s)) {
            throw new NumberFormatException("not " + SYNTAX + ": '" + s + "'");
        }
        return Float.parseFloat(s);
    }

    /**
     * {@code s} as a double, rounded to nearest.
     *
     * @throws NumberFormatException when {@code s} is not a decimal number; a finite decimal
     *     beyond the double range gives an infinity, not an exception
     */
    static double parseDouble(String s) {
        if (!isDecimal(s)) {
            throw new NumberFormatException("not " + SYNTAX + ": '" + s + "'");
        }
        return Double.parseDouble(s);
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
