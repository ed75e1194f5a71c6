package dev.sepax.simd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.testing.ChildJvm;
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
        ChildJvm.Output r = ChildJvm.run(jvmArgs, KernelPropertyProbe.class, List.of(args), 120);
        return new Run(r.out(), r.err());
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
