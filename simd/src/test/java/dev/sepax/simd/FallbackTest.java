package dev.sepax.simd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.Sepax;
import dev.sepax.testing.ChildJvm;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Runs only in the surefire execution WITHOUT {@code --add-modules jdk.incubator.vector} (tag
 * {@code fallback}): the provider falls back to the scalar kernel and says so once. Must not
 * touch any {@code jdk.incubator.vector} class.
 */
@Tag("fallback")
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class FallbackTest {
    @Test
    void withoutTheVectorModuleTheScalarKernelIsChosen() {
        assertEquals("scalar", Sepax.overlap().name());
        String reason = Sepax.simdUnavailableReason();
        assertTrue(reason != null && reason.contains("jdk.incubator.vector"), "reason=" + reason);
    }

    @Test
    void aChildJvmWithoutTheModulePrintsTheWarningExactlyOnce() throws Exception {
        ChildJvm.Output r = ChildJvm.run(List.of(), FallbackProbe.class, List.of(), 60);
        String stdout = r.out();
        String stderr = r.err();
        assertEquals("scalar scalar scalar", stdout.trim(), "stderr=" + stderr);
        long warnings = stderr.lines().filter(l -> l.startsWith("WARNING: sepax")).count();
        assertEquals(1, warnings, "stderr=" + stderr);
        assertTrue(stderr.contains("--add-modules jdk.incubator.vector"), "the warning says what to pass: " + stderr);
    }
}
