package dev.sepax.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The demo's 3D stage: six rows (three queries, scalar and selected), outputs identical, a mix of verdicts. */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class SolidDemoTest {
    @Test
    void theThreeQueriesAgreeWithTheirReferences() {
        List<Demo.Stage> stages = new ArrayList<>();
        assertNull(SolidDemo.run(stages, 1, null));
        assertEquals(6, stages.size());
        for (int i = 0; i < stages.size(); i += 2) {
            Demo.Stage scalar = stages.get(i);
            Demo.Stage selected = stages.get(i + 1);
            assertEquals(scalar.hits(), selected.hits(), selected.name());
            assertTrue(scalar.hits() > 0 && scalar.hits() < scalar.pairs(), scalar.name() + ": " + scalar.hits());
        }
        assertEquals(SolidDemo.HULL_PAIRS, stages.get(0).pairs());
    }
}
