package dev.sepax.simd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Every facade kernel with a SIMD form that the probe runs (exact overlap, MTV, manifolds,
 * distance, rounded MTV and manifolds, cast, transform, hull and box overlap) serves the
 * scalar reference's bits before and after its warm-up switch, and {@code Sepax.warmUp()} returns
 * without running into its per-kernel cap on each. In a JVM of its own, so that the warm-up
 * threads and the vector classes they load do not reach this JVM's other tests.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class FacadeWarmUpTest {
    @Test
    void everySwitchingKernelGivesTheScalarBitsBeforeAndAfterTheWarmUp() throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElseThrow());
        cmd.add("--add-modules");
        cmd.add("jdk.incubator.vector");
        String bits = System.getProperty("sepax.simd.bits");
        if (bits != null) {
            cmd.add("-Dsepax.simd.bits=" + bits);
        }
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(FacadeWarmUpProbe.class.getName());
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        for (int k = 0; k < FacadeWarmUpProbe.KERNELS; k++) {
            assertTrue(out.contains(k + ": before=same after=same\n"), "kernel " + k + ":\n" + out);
        }
        assertTrue(out.contains("warm="), out);
    }
}
