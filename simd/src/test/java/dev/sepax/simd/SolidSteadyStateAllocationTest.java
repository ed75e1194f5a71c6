package dev.sepax.simd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Once compiled, {@link VectorHullSat}, {@link VectorObbSat} and {@link VectorHullPenetration}
 * allocate nothing per batch. Measured in a JVM of its own ({@link SolidAllocationProbe}), with
 * this JVM's species cap: run after the 2D kernels' tests in one JVM, the hull and box loop saw
 * 288 B per round at 128 bits (the Vector API's shared profiles compiled with a boxed vector),
 * while a fresh JVM sees 0 at 128, 256 and 512 bits, which is what an application that uses the
 * 3D kernels gets.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class SolidSteadyStateAllocationTest {
    @Test
    void compiledBatchesAllocateNothing() throws Exception {
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
        cmd.add(SolidAllocationProbe.class.getName());
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), output);
        assertTrue(output.contains("\nhullBytes=0\n") || output.startsWith("hullBytes=0\n"), "bytes per hull batch: " + output);
        assertTrue(output.contains("uncachedHullBytes=0\n"), "bytes per hull batch without a cache: " + output);
        assertTrue(output.contains("boxBytes=0\n"), "bytes per box batch: " + output);
        assertTrue(output.contains("mtvBytes=0\n"), "bytes per hull MTV batch: " + output);
    }
}
