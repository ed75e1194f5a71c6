package dev.sepax.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Capacity arithmetic near {@code 2^31}: growth never wraps to a negative length, and a sum of
 * slot counts past the largest array is an {@link IllegalArgumentException}, not an
 * {@link ArithmeticException} (arrays that large cannot be allocated in a test, so the arithmetic
 * is tested where the stores and batches do it).
 */
@Timeout(value = 1, unit = TimeUnit.MINUTES)
class ArrayGrowthTest {
    @Test
    void growthByHalfNeverWrapsAndStopsAtTheLargestArray() {
        assertEquals(16, ArrayGrowth.grownLength(0, 1, 16, "t"));
        assertEquals(150, ArrayGrowth.grownLength(100, 101, 16, "t"));
        // 1.5e9 + 0.75e9 wraps to a negative int with n + (n >> 1).
        int big = 1_500_000_000;
        assertTrue(big + (big >> 1) < 0, "the naive growth wraps");
        assertEquals(ArrayGrowth.MAX_LENGTH, ArrayGrowth.grownLength(big, big + 1L, 16, "t"));
        assertEquals(ArrayGrowth.MAX_LENGTH, ArrayGrowth.grownLength(ArrayGrowth.MAX_LENGTH - 1,
                ArrayGrowth.MAX_LENGTH, 16, "t"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ArrayGrowth.grownLength(ArrayGrowth.MAX_LENGTH, ArrayGrowth.MAX_LENGTH + 1L, 16, "pair=7: full"));
        assertTrue(e.getMessage().startsWith("pair=7: full: needs 2147483640 entries"), e.getMessage());
    }

    @Test
    void aSumPastTheLimitIsAnIllegalArgumentNamingWhat() {
        assertEquals(30, ArrayGrowth.sum(10, 20, 100, "t"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ArrayGrowth.sum(Integer.MAX_VALUE - 4, 16, ArrayGrowth.MAX_LENGTH, "shape=3: slots"));
        assertEquals("shape=3: slots: 2147483659 exceeds 2147483639", e.getMessage());
    }
}
