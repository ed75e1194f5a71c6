package dev.sepax.simd;

import dev.sepax.narrow.KernelEntryChecksTest;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@link KernelEntryChecksTest}'s checks on the SIMD kernels. */
@Timeout(value = 1, unit = TimeUnit.MINUTES)
class VectorKernelEntryChecksTest {
    @Test
    void vectorSatIgnoresExtremeHints() {
        KernelEntryChecksTest.extremeHintsChangeNothing(VectorSat.INSTANCE);
    }

    @Test
    void vectorKernelsRejectANullBatch() {
        KernelEntryChecksTest.aNullBatchIsAnIllegalArgument(VectorSat.INSTANCE, VectorPenetration.INSTANCE,
                VectorSweep.INSTANCE);
    }
}
