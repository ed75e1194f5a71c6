package dev.sepax.simd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code -Dsepax.kernel} in fresh JVMs: no setting breaks class initialisation. An unknown value
 * is one warning and the automatic choice; {@code simd} without the Vector API is an
 * {@link IllegalStateException} at every call, never {@link ExceptionInInitializerError} or
 * {@link NoClassDefFoundError}; {@link dev.sepax.Sepax#warmUp()} leaves the verdicts unchanged.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class KernelPropertyTest {
    private record Run(String out, String err) {}

    private static Run child(List<String> jvmArgs, String... args) throws Exception {
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        List<String> cmd = new ArrayList<>(List.of(java));
        cmd.addAll(jvmArgs);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), KernelPropertyProbe.class.getName()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).start();
        ByteArrayOutputStream errBuf = new ByteArrayOutputStream();
        byte[] out;
        try (InputStream o = p.getInputStream(); InputStream e = p.getErrorStream()) {
            Thread drain = new Thread(() -> {
                try {
                    e.transferTo(errBuf);
                } catch (java.io.IOException ignored) {
                    // the assertions report what arrived
                }
            });
            drain.start();
            out = o.readAllBytes();
            drain.join(120_000);
        }
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "child JVM did not finish");
        String stdout = new String(out, StandardCharsets.UTF_8);
        String stderr = errBuf.toString(StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), "stdout=" + stdout + " stderr=" + stderr);
        return new Run(stdout, stderr);
    }

    @Test
    void anUnknownValueIsOneWarningAndTheAutomaticChoice() throws Exception {
        Run r = child(List.of("--add-modules", "jdk.incubator.vector", "-Dsepax.kernel=fastest"));
        assertEquals("simd\nsimd\n", r.out(), r.err());
        assertEquals(1, r.err().lines().filter(l -> l.startsWith("WARNING: sepax: ignoring -Dsepax.kernel=fastest")).count(),
                r.err());
    }

    @Test
    void forcedSimdWithoutTheModuleIsAnIllegalStateAtEveryCall() throws Exception {
        Run r = child(List.of("-Dsepax.kernel=simd"));
        List<String> lines = r.out().lines().toList();
        assertEquals(2, lines.size(), r.out());
        for (String l : lines) {
            assertTrue(l.startsWith("java.lang.IllegalStateException: -Dsepax.kernel=simd but the SIMD kernels cannot run:"
                    + " module jdk.incubator.vector is not readable"), l);
        }
        assertFalse(r.out().contains("ExceptionInInitializerError") || r.out().contains("NoClassDefFoundError"));
    }

    @Test
    void forcedSimdWarmsUpOnTheCallersThreadAndKeepsTheVerdicts() throws Exception {
        Run r = child(List.of("--add-modules", "jdk.incubator.vector", "-Dsepax.kernel=simd"), "warm");
        assertEquals("simd\nsimd\nwarm=true same=true\n", r.out(), r.err());
    }

    @Test
    void theAutomaticFacadeWarmsUpWithoutChangingAVerdict() throws Exception {
        Run r = child(List.of("--add-modules", "jdk.incubator.vector"), "warm");
        // Whether SIMD won the warm-up depends on the machine; the verdicts may not.
        assertTrue(r.out().startsWith("simd\nsimd\nwarm="), r.out());
        assertTrue(r.out().endsWith(" same=true\n"), r.out() + r.err());
    }
}
