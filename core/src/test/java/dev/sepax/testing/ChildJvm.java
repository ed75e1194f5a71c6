package dev.sepax.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a main class in a fresh JVM (this JVM's {@code java}, this test's class path) for tests
 * whose subject is what happens at start-up: class initialisation, kernel selection, warnings.
 * Standard error is drained on a thread of its own so that neither pipe can fill and stall the
 * child; the child must finish within the timeout and exit with 0.
 */
public final class ChildJvm {
    private ChildJvm() {}

    /** The child's standard output and standard error. */
    public record Output(String out, String err) {}

    /**
     * Runs {@code mainClass} with {@code jvmArgs} before the class path and {@code args} after
     * the class name; fails the test if it does not exit with 0 within {@code timeoutSeconds}.
     */
    public static Output run(List<String> jvmArgs, Class<?> mainClass, List<String> args, long timeoutSeconds)
            throws Exception {
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        List<String> cmd = new ArrayList<>(List.of(java));
        cmd.addAll(jvmArgs);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), mainClass.getName()));
        cmd.addAll(args);
        Process p = new ProcessBuilder(cmd).start();
        ByteArrayOutputStream errBuf = new ByteArrayOutputStream();
        byte[] out;
        try (InputStream o = p.getInputStream(); InputStream e = p.getErrorStream()) {
            Thread drain = new Thread(() -> {
                try {
                    e.transferTo(errBuf);
                } catch (java.io.IOException ignored) {
                    // the caller's assertions report what arrived
                }
            });
            drain.start();
            out = o.readAllBytes();
            drain.join(TimeUnit.SECONDS.toMillis(timeoutSeconds));
        }
        assertTrue(p.waitFor(timeoutSeconds, TimeUnit.SECONDS), "child JVM did not finish: " + cmd);
        String stdout = new String(out, StandardCharsets.UTF_8);
        String stderr = errBuf.toString(StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), "stdout=" + stdout + " stderr=" + stderr);
        return new Output(stdout, stderr);
    }
}
