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
 * The automatic facade ({@code Sepax}'s warm-up switches) in a child JVM with the vector module
 * ({@link FacadeWarmUpProbe}): every facade kernel with a SIMD form serves the scalar reference's
 * bits before and after {@code Sepax.warmUp()}, whichever kernel each switch serves, and the
 * warm-up keeps to what {@code Sepax.warmUp()} documents.
 *
 * <p>What the contract does not promise is checked only where it does. {@code warmUp()} may
 * return false: a SIMD kernel that is not faster than the scalar one once compiled, or still
 * undecided at the cap (on a loaded 2-vCPU host, C2 may not have compiled it yet), leaves the
 * scalar kernel serving. So this test asserts that {@code warm=true} means every switch serves
 * SIMD (the other way round, a switch may still move to SIMD on a retry after {@code warmUp()}
 * returned false), not that the warm-up wins. That the facade serves the SIMD kernels, with the
 * scalar bits, is {@link FacadeServesSimdTest}'s part, under {@code -Dsepax.kernel=simd}, where
 * the contract does promise it. The cap is the switch's {@code MAX_WARM_NANOS} (10 s; "none waits
 * more than about 10 s" in {@code Sepax.warmUp()}), printed by the probe: each switch's first
 * attempt must end within it, and as attempts run one at a time, {@code warmUp()} may wait at most
 * that long per attempt started.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class FacadeWarmUpTest {
    /**
     * Allowed past the cap per attempt: the attempt loads the SIMD kernel before its clock starts
     * and checks the cap after a round, and the probe samples every 5 ms.
     */
    private static final long SLACK_MS = 2_000;

    private static final Pattern SWITCH_LINE = Pattern.compile(
            "(\\d+) (\\S+): before=(\\S+) after=(\\S+) serving=(\\S+) name=(\\S+) firstMs=(-?\\d+)");
    private static final Pattern SUMMARY = Pattern.compile("cap=(\\d+) warm=(true|false) ms=(\\d+) attempts=(\\d+)");

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
        // A SIMD kernel that disagreed with the scalar one on the warm-up batch, or threw, is a
        // bug even though the switch then keeps the scalar kernel.
        assertFalse(out.contains("WARNING: sepax:"), out);

        List<String> lines = out.lines().toList();
        Matcher summary = lines.stream().map(SUMMARY::matcher).filter(Matcher::matches).findFirst()
                .orElseThrow(() -> new AssertionError("no summary line:\n" + out));
        long cap = Long.parseLong(summary.group(1));
        boolean warm = Boolean.parseBoolean(summary.group(2));
        long ms = Long.parseLong(summary.group(3));
        int attempts = Integer.parseInt(summary.group(4));
        assertEquals(10_000, cap, "the cap Sepax.warmUp() documents (about 10 s per kernel)");

        int simd = 0;
        for (int k = 0; k < FacadeBatches.LABELS.size(); k++) {
            String label = FacadeBatches.LABELS.get(k);
            String head = k + " " + label + ":";
            String prefix = head + " before=same after=same";
            String line = lines.stream().filter(l -> l.startsWith(head)).findFirst()
                    .orElseThrow(() -> new AssertionError("no line for " + label + ":\n" + out));
            assertTrue(line.startsWith(prefix), label + " differs from the scalar reference:\n" + out);
            if (k < FacadeBatches.SWITCHES) {
                Matcher m = SWITCH_LINE.matcher(line);
                assertTrue(m.matches(), line);
                String serving = m.group(5);
                assertTrue(serving.equals("simd") || serving.equals("scalar"), line);
                simd += serving.equals("simd") ? 1 : 0;
                long firstMs = Long.parseLong(m.group(7));
                assertTrue(firstMs >= 0 && firstMs <= cap + SLACK_MS,
                        label + ": first warm-up attempt " + firstMs + " ms, cap " + cap + " ms:\n" + out);
            } else {
                assertEquals(prefix, line);
            }
        }
        if (warm) {
            assertEquals(FacadeBatches.SWITCHES, simd, "warmUp() returned true, so every switch serves SIMD:\n" + out);
        }
        assertTrue(attempts >= FacadeBatches.SWITCHES, "every switch warmed at least once:\n" + out);
        assertTrue(ms <= attempts * (cap + SLACK_MS), "warmUp() took " + ms + " ms for " + attempts + " attempts:\n" + out);
    }
}
