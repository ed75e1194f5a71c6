package dev.sepax.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 5, unit = TimeUnit.MINUTES)
class JsonTest {
    @Test
    void writesNestedValuesInInsertionOrderWithEscapes() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", "a \"q\"\\\n");
        m.put("n", 3);
        m.put("x", 1.5);
        m.put("ok", true);
        m.put("list", List.of(1, "b"));
        m.put("none", null);
        m.put("empty", List.of());
        assertEquals("""
                {
                  "name": "a \\"q\\"\\\\\\n",
                  "n": 3,
                  "x": 1.5,
                  "ok": true,
                  "list": [
                    1,
                    "b"
                  ],
                  "none": null,
                  "empty": []
                }
                """, Json.write(m));
    }

    @Test
    void nonFiniteNumbersBecomeNull() {
        assertEquals("[\n  null,\n  null,\n  2\n]\n", Json.write(Arrays.asList(Double.NaN, Float.POSITIVE_INFINITY, 2.0)));
    }

    @Test
    void benchRecordsHaveExactlyTheContractFields() {
        // The five contract fields in order; the optional notSteady only when there is a reason
        // (here: no error).
        BenchCommand.Row r = new BenchCommand.Row("W8", "dyn4j-sat", 1.0e6, Double.NaN, 210.5);
        assertEquals(List.of("workload", "kernel", "pairsPerSecond", "error", "allocBytesPerPair", "notSteady"),
                List.copyOf(r.toJson().keySet()));
        assertEquals(null, r.toJson().get("error"));
        assertEquals("no error", r.toJson().get("notSteady"));
        assertEquals(8, r.k());
        BenchCommand.Row steady = new BenchCommand.Row("W8", "dyn4j-sat", 1.0e6, 1.0e4, 210.5);
        assertEquals(List.of("workload", "kernel", "pairsPerSecond", "error", "allocBytesPerPair"),
                List.copyOf(steady.toJson().keySet()));
    }
}
