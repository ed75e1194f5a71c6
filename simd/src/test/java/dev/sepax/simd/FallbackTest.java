package dev.sepax.simd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.Sepax;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Runs only in the surefire execution WITHOUT {@code --add-modules jdk.incubator.vector} (tag
 * {@code fallback}): the provider falls back to the scalar kernel and says so once. Must not
 * touch any {@code jdk.incubator.vector} class.
 */
@Tag("fallback")
class FallbackTest {
    @Test
    void withoutTheVectorModuleTheScalarKernelIsChosen() {
        assertEquals("scalar", Sepax.overlap().name());
        String reason = Sepax.simdUnavailableReason();
        assertTrue(reason != null && reason.contains("jdk.incubator.vector"), "reason=" + reason);
    }

    @Test
    void aChildJvmWithoutTheModulePrintsTheWarningExactlyOnce() throws Exception {
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        List<String> cmd = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"),
                FallbackProbe.class.getName()));
        Process p = new ProcessBuilder(cmd).start();
        byte[] out;
        byte[] err;
        try (InputStream o = p.getInputStream(); InputStream e = p.getErrorStream()) {
            ByteArrayOutputStream errBuf = new ByteArrayOutputStream();
            Thread drain = new Thread(() -> {
                try {
                    e.transferTo(errBuf);
                } catch (java.io.IOException ignored) {
                    // the assertion below reports what arrived
                }
            });
            drain.start();
            out = o.readAllBytes();
            drain.join(60_000);
            err = errBuf.toByteArray();
        }
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "child JVM did not finish");
        String stdout = new String(out, StandardCharsets.UTF_8);
        String stderr = new String(err, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), "stdout=" + stdout + " stderr=" + stderr);
        assertEquals("scalar scalar scalar", stdout.trim(), "stderr=" + stderr);
        long warnings = stderr.lines().filter(l -> l.startsWith("WARNING: sepax")).count();
        assertEquals(1, warnings, "stderr=" + stderr);
        assertTrue(stderr.contains("--add-modules jdk.incubator.vector"), "the warning says what to pass: " + stderr);
    }
}
