package dev.sepax.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The WKT number parser gives exactly {@code (float) Double.parseDouble(text)}, and its double
 * form exactly {@code Double.parseDouble(text)}, bit for bit, on every text the JDK accepts, and
 * refuses what it refuses: shortest float and double forms,
 * random decimals of 1 to 25 digits with and without exponents, texts next to float midpoints
 * (where the fast path must hand over), and the JDK's odd forms.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class DecimalFloatsTest {

    private static void same(String text) {
        float expected = (float) Double.parseDouble(text);
        String padded = "((" + text + " ";
        float got = DecimalFloats.parse(padded, 2, 2 + text.length());
        assertEquals(Float.floatToRawIntBits(expected), Float.floatToRawIntBits(got), text);
        assertEquals(Double.doubleToRawLongBits(Double.parseDouble(text)),
                Double.doubleToRawLongBits(DecimalFloats.parseDouble(padded, 2, 2 + text.length())), text + " as a double");
    }

    @Test
    void shortestFormsOfFloatsAndDoubles() {
        SplittableRandom rnd = new SplittableRandom(3);
        for (int i = 0; i < 50_000; i++) {
            // Any bit pattern, and coordinates of everyday magnitudes.
            float f = i % 2 == 0 ? Float.intBitsToFloat(rnd.nextInt()) : (float) rnd.nextDouble(-1e7, 1e7);
            double d = i % 2 == 0 ? Double.longBitsToDouble(rnd.nextLong()) : rnd.nextDouble(-1e7, 1e7);
            same(Float.toString(f));
            same(Double.toString(d));
            if (Float.isFinite(f)) {
                same(Double.toString((double) f));
                same(new BigDecimal(f).toPlainString());
            }
        }
    }

    @Test
    void randomDecimals() {
        SplittableRandom rnd = new SplittableRandom(4);
        for (int i = 0; i < 50_000; i++) {
            int digits = rnd.nextInt(1, 26);
            int point = rnd.nextInt(0, 26);
            int exponent = rnd.nextInt(-30, 31);
            StringBuilder sb = new StringBuilder(rnd.nextBoolean() ? "-" : "");
            for (int j = 0; j < digits; j++) {
                if (j == Math.min(point, digits)) {
                    sb.append('.');
                }
                sb.append((char) ('0' + rnd.nextInt(10)));
            }
            same(sb.toString());
            same(sb + "e" + exponent);
            same(sb + "E+" + Math.abs(exponent));
        }
    }

    @Test
    void textsAtFloatMidpointsAndPowersOfTwo() {
        SplittableRandom rnd = new SplittableRandom(5);
        for (int i = 0; i < 20000; i++) {
            float f = Float.intBitsToFloat(rnd.nextInt(0x3000_0000, 0x5f00_0000));
            BigDecimal mid = new BigDecimal(f).add(new BigDecimal(Math.nextUp(f))).divide(BigDecimal.valueOf(2));
            // The exact midpoint, and 17/18-digit neighbours of it: the fast path must not guess.
            same(mid.toString());
            same(mid.round(new java.math.MathContext(17)).toString());
            same(mid.round(new java.math.MathContext(18)).toString());
            same(mid.round(new java.math.MathContext(16)).toString());
        }
        for (int e = -20; e <= 20; e++) {
            same(new BigDecimal(Math.scalb(1.0, e)).toString());
            same(Double.toString(Math.nextDown(Math.scalb(1.0, e))));
        }
    }

    @Test
    void theJdksOwnFormsAndRefusals() {
        for (String t : new String[] {"0", "-0", "+0.0", "-0.000e5", "1.", ".5", "1e0", "1E-22", "1e22", "1e23",
                "123456789012345678", "1234567890123456789", "0.000000000000000000000000001", "1.5f", "2d",
                "Infinity", "-Infinity", "NaN", "0x1p3", "1e-400", "1e400", "00000000000000000000001.25"}) {
            same(t);
        }
        for (String t : new String[] {"", "-", "e5", "1e", "1e+", "1..2", "--1", "1,5", "abc"}) {
            assertThrows(NumberFormatException.class, () -> Double.parseDouble(t), t);
            assertThrows(NumberFormatException.class, () -> DecimalFloats.parse(t, 0, t.length()), t);
            assertThrows(NumberFormatException.class, () -> DecimalFloats.parseDouble(t, 0, t.length()), t);
        }
    }
}
