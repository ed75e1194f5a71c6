package dev.sepax.narrow;

import dev.sepax.testing.KernelEntryChecks;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@link KernelEntryChecks} on the scalar kernels. */
@Timeout(value = 1, unit = TimeUnit.MINUTES)
class KernelEntryChecksTest {
    @Test
    void scalarKernelsIgnoreExtremeHints() {
        KernelEntryChecks.extremeHintsChangeNothing(ScalarSat.INSTANCE);
        KernelEntryChecks.extremeHintsChangeNothing(TextbookSat.INSTANCE);
    }

    @Test
    void scalarKernelsRejectANullBatch() {
        KernelEntryChecks.aNullBatchIsAnIllegalArgument(ScalarSat.INSTANCE, ScalarPenetration.INSTANCE, ScalarSweep.INSTANCE);
    }

    @Test
    void scalarManifoldsRejectABadRangeAsTheKernelDocSays() {
        KernelEntryChecks.aBadManifoldRangeIsAnIllegalArgument(dev.sepax.contact.ScalarManifolds.INSTANCE);
    }
}
