package dev.sepax.simd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The facade serves this module's kernels, with the scalar reference's bits: every facade method
 * with a SIMD form ({@code overlap()} in both precisions, {@code penetration()}, {@code sweep()},
 * {@code manifolds()}, {@code transform()}, {@code distance()} and {@code distance(mode)} for
 * every mode, {@code roundedPenetration()}, {@code roundedManifolds()}, {@code cast()},
 * {@code hullOverlap()}, {@code hullPenetration()}, {@code boxOverlap()}), each on a batch.
 * Core's facade tests cannot show this (core's tests have no SIMD jar, so there the facade
 * serves the scalar kernel and compares it with itself).
 *
 * <p>In a child JVM ({@link FacadeServesSimdProbe}) under {@code -Dsepax.kernel=simd}: there the
 * facade returns the SIMD kernels from the first call, with no switch, so which kernel ran is
 * known; in the automatic mode a switch may keep the scalar kernel on a loaded host (see
 * {@link FacadeWarmUpTest}). {@code Sepax.warmUp()} then runs each warm-up on the calling thread
 * and, SIMD being able to run, returns true; the kernels it compiled must still give the same
 * bits. Each warm-up stops at the switch's cap (10 s), so the whole takes at most that per
 * kernel, with the same slack as {@link FacadeWarmUpTest}.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class FacadeServesSimdTest {
    private static final long SLACK_MS = 2_000;
    private static final Pattern SUMMARY = Pattern.compile("cap=(\\d+) warm=(true|false) ms=(\\d+)");

    @Test
    void everyFacadeKernelIsTheSimdKernelWithTheScalarBits() throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElseThrow());
        cmd.add("--add-modules");
        cmd.add("jdk.incubator.vector");
        cmd.add("-Dsepax.kernel=simd");
        String bits = System.getProperty("sepax.simd.bits");
        if (bits != null) {
            cmd.add("-Dsepax.simd.bits=" + bits);
        }
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(FacadeServesSimdProbe.class.getName());
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        assertFalse(out.contains("WARNING: sepax:"), out);
        List<String> lines = out.lines().toList();
        for (int k = 0; k < FacadeBatches.LABELS.size(); k++) {
            String label = FacadeBatches.LABELS.get(k);
            String line = k + " " + label + ": instance=true name=" + name(label) + " before=same after=same";
            assertTrue(lines.contains(line), "expected '" + line + "':\n" + out);
        }
        Matcher summary = lines.stream().map(SUMMARY::matcher).filter(Matcher::matches).findFirst()
                .orElseThrow(() -> new AssertionError("no summary line:\n" + out));
        long cap = Long.parseLong(summary.group(1));
        assertEquals("true", summary.group(2), "warmUp() under -Dsepax.kernel=simd:\n" + out);
        long ms = Long.parseLong(summary.group(3));
        assertTrue(ms <= FacadeBatches.SWITCHES * (cap + SLACK_MS), "warmUp() took " + ms + " ms:\n" + out);
    }

    private static String name(String label) {
        return switch (label) {
            case "exact" -> "simd-exact";
            case "hullOverlap" -> "simd-hull";
            case "hullPenetration" -> "simd-hull-mtv";
            case "boxOverlap" -> "simd-obb";
            default -> "simd";
        };
    }
}
