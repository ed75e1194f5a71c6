package dev.sepax;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.testing.ChildJvm;
import java.io.File;
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
        String cp = System.getProperty("java.class.path");
        assertTrue(!cp.contains("sepax-simd") && !cp.contains("simd" + File.separator + "target"),
                "core's test class path must not hold the SIMD kernels: " + cp);
        ChildJvm.Output r = ChildJvm.run(List.of("--add-modules", "jdk.incubator.vector"), SlowFallbackProbe.class,
                List.of(), 120);
        String stdout = r.out().trim();
        String stderr = r.err();
        assertEquals("warm=false scalar scalar scalar scalar", stdout, "stderr=" + stderr);
        List<String> warnings = stderr.lines().filter(l -> l.startsWith("WARNING: sepax")).toList();
        assertEquals(1, warnings.size(), "stderr=" + stderr);
        assertTrue(warnings.get(0).contains("sepax-simd is not on the class path"), warnings.get(0));
    }
}
