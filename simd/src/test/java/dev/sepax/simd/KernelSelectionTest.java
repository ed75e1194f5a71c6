package dev.sepax.simd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.sepax.Sepax;
import org.junit.jupiter.api.Test;

/**
 * Runs in the surefire execution that passes {@code --add-modules jdk.incubator.vector}: there
 * the provider must choose the SIMD kernel. ({@link FallbackTest} covers the other execution.)
 */
class KernelSelectionTest {
    @Test
    void withTheVectorModuleTheSimdKernelIsChosen() {
        assertNull(Sepax.simdUnavailableReason());
        assertEquals("simd", Sepax.overlap().name());
        assertEquals(VectorSat.INSTANCE, Sepax.overlap());
    }

    @Test
    void speciesFollowTheCapacityClasses() {
        assertEquals(4, VectorSupport.S128.length());
        assertEquals(Math.min(8, VectorSupport.PREFERRED.length()), VectorSupport.MID.length());
        assertEquals(true, VectorSupport.WIDE.vectorBitSize() <= VectorSupport.PREFERRED.vectorBitSize());
    }
}
