package dev.sepax.simd;

import dev.sepax.testing.KernelEntryChecks;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@link KernelEntryChecks} on the SIMD kernels. */
@Timeout(value = 1, unit = TimeUnit.MINUTES)
class VectorKernelEntryChecksTest {
    @Test
    void vectorSatIgnoresExtremeHints() {
        KernelEntryChecks.extremeHintsChangeNothing(VectorSat.INSTANCE);
    }

    @Test
    void vectorKernelsRejectANullBatch() {
        KernelEntryChecks.aNullBatchIsAnIllegalArgument(VectorSat.INSTANCE, VectorPenetration.INSTANCE,
                VectorSweep.INSTANCE);
    }

    @Test
    void vectorManifoldsRejectABadRangeAsTheKernelDocSays() {
        KernelEntryChecks.aBadManifoldRangeIsAnIllegalArgument(VectorManifolds.INSTANCE);
    }
}
