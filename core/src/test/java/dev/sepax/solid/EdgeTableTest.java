package dev.sepax.solid;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The builder's edge map against a {@link HashMap} under random puts, gets and removes: few
 * distinct keys in a small table, so probe runs are long, wrap around the end and are cut by
 * removals (the backward shift is where a linear-probing table goes wrong), and growth.
 */
@Timeout(value = 1, unit = TimeUnit.MINUTES)
class EdgeTableTest {
    @Test
    void behavesLikeAHashMap() {
        SplittableRandom r = new SplittableRandom(8);
        for (int round = 0; round < 20; round++) {
            EdgeTable t = new EdgeTable(r.nextInt(1, 40));
            Map<Long, Integer> m = new HashMap<>();
            int range = r.nextInt(3, 60);
            for (int op = 0; op < 20_000; op++) {
                long k = EdgeTable.key(r.nextInt(range), r.nextInt(range));
                int what = r.nextInt(3);
                if (what == 0) {
                    int v = r.nextInt(1_000_000);
                    Integer old = m.put(k, v);
                    assertEquals(old == null ? -1 : old, t.put(k, v));
                } else if (what == 1) {
                    Integer old = m.remove(k);
                    assertEquals(old == null ? -1 : old, t.remove(k));
                } else {
                    Integer v = m.get(k);
                    assertEquals(v == null ? -1 : v, t.get(k));
                }
                assertEquals(m.size(), t.size());
            }
            for (Map.Entry<Long, Integer> e : m.entrySet()) {
                assertEquals(e.getValue(), t.get(e.getKey()));
            }
        }
    }
}
