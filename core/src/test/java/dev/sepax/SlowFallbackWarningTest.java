package dev.sepax;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The fallback that only the slow checks find: a JVM with {@code jdk.incubator.vector} resolved
 * but without {@code sepax-simd} on the class path (core's test class path has no simd jar).
 * Every facade kernel asked for and warmed finds the same reason; the JVM prints one warning.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class SlowFallbackWarningTest {
    @Test
    void withTheModuleButNoSimdJarTheWarningIsPrintedOnce() throws Exception {
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        String cp = System.getProperty("java.class.path");
        assertTrue(!cp.contains("sepax-simd") && !cp.contains("simd" + File.separator + "target"),
                "core's test class path must not hold the SIMD kernels: " + cp);
        Process p = new ProcessBuilder(List.of(java, "--add-modules", "jdk.incubator.vector", "-cp", cp,
                SlowFallbackProbe.class.getName())).start();
        byte[] out;
        byte[] err;
        try (InputStream o = p.getInputStream(); InputStream e = p.getErrorStream()) {
            ByteArrayOutputStream errBuf = new ByteArrayOutputStream();
            Thread drain = new Thread(() -> {
                try {
                    e.transferTo(errBuf);
                } catch (java.io.IOException ignored) {
                    // the assertions below report what arrived
                }
            });
            drain.start();
            out = o.readAllBytes();
            drain.join(60_000);
            err = errBuf.toByteArray();
        }
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "child JVM did not finish");
        String stdout = new String(out, StandardCharsets.UTF_8).trim();
        String stderr = new String(err, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), "stdout=" + stdout + " stderr=" + stderr);
        assertEquals("warm=false scalar scalar scalar scalar", stdout, "stderr=" + stderr);
        List<String> warnings = stderr.lines().filter(l -> l.startsWith("WARNING: sepax")).toList();
        assertEquals(1, warnings.size(), "stderr=" + stderr);
        assertTrue(warnings.get(0).contains("sepax-simd is not on the class path"), warnings.get(0));
    }
}
