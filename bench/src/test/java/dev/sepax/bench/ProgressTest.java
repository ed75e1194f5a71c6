package dev.sepax.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 10, unit = TimeUnit.SECONDS)
class ProgressTest {
    private static String run(boolean terminal) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Progress p = new Progress(new PrintStream(bytes, true, StandardCharsets.UTF_8), terminal);
        for (int i = 1; i <= 5; i++) {
            p.update("[demo] narrow scalar", i + "/5");
        }
        for (int i = 1; i <= 3; i++) {
            p.update("[demo] narrow simd", i + "/3");
        }
        p.done("[demo] narrow phases done");
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void offATerminalEachStageIsOneLineWithoutCarriageReturns() {
        String log = run(false);
        assertFalse(log.contains("\r"), log);
        assertEquals("[demo] narrow scalar ...\n[demo] narrow simd ...\n[demo] narrow phases done\n", log);
    }

    @Test
    void onATerminalTheLineIsRewrittenInPlace() {
        String log = run(true);
        assertEquals(9, log.chars().filter(c -> c == '\r').count(), log);
        assertEquals(1, log.chars().filter(c -> c == '\n').count(), log);
        assertTrue(log.endsWith("\r[demo] narrow phases done            \n"), log);
    }

    @Test
    void theTestJvmIsNotOnATerminal() {
        // Surefire forks without a terminal: the default progress must be the line-per-stage kind.
        assertFalse(Progress.isTerminal());
    }
}
