package dev.sepax.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.sepax.Sepax;
import dev.sepax.geo.AnchoredPolygons;
import dev.sepax.query.FenceIndex;
import dev.sepax.shape.ConvexPolygons;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;

/** Public accessors and sizes outside their range fail with the index and the range, not a bare JVM error. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class AccessorRangeChecksTest {
    private static void rejected(Class<? extends RuntimeException> type, String message, Executable call) {
        assertEquals(message, assertThrows(type, call).getMessage());
    }

    @Test
    void sizesAndIndicesAreNamed() {
        rejected(IllegalArgumentException.class, "pairs=" + (SimplexCache.MAX_PAIRS + 1) + ": out of range [0, "
                + SimplexCache.MAX_PAIRS + "]", () -> new SimplexCache(SimplexCache.MAX_PAIRS + 1));
        rejected(IllegalArgumentException.class, "pairs=-1: out of range [0, " + SimplexCache.MAX_PAIRS + "]",
                () -> new SimplexCache(-1));
        rejected(IllegalArgumentException.class, "mode is null", () -> Sepax.distance(null));
        AnchoredPolygons anchored = AnchoredPolygons.of(new double[] {1e6, 1e6, 1e6 + 1, 1e6, 1e6, 1e6 + 1});
        rejected(IndexOutOfBoundsException.class, "shape=1: out of range [0, 1)", () -> anchored.anchorX(1));
        rejected(IndexOutOfBoundsException.class, "shape=-1: out of range [0, 1)", () -> anchored.offsetY(0, -1));
        FenceIndex index = FenceIndex.of(ConvexPolygons.of(new float[] {0, 0, 1, 0, 0, 1}));
        rejected(IndexOutOfBoundsException.class, "part=1: out of range [0, 1)", () -> index.fenceOf(1));
        assertEquals(0, index.fenceOf(0));
    }
}
