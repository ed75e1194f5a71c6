package dev.sepax.solid;

/**
 * A map from directed edges {@code (u, v)} of non-negative vertex indices to non-negative ints,
 * for the hull builder: open addressing with linear probing over a {@code long[]} of packed keys
 * and an {@code int[]} of values. Memory is linear in the number of entries (a {@code V * V}
 * table would need gigabytes for a hull of tens of thousands of vertices), and nothing is boxed.
 * Removal shifts the following entries back, so no tombstones accumulate while the quickhull adds
 * and deletes triangles.
 */
final class EdgeTable {
    /** No entry: a packed key of non-negative indices never has its sign bit set. */
    private static final long EMPTY = -1L;
    /** The most slots: {@code 2^30} keeps both arrays within Java's array limit. */
    private static final int MAX_SLOTS = 1 << 30;

    private long[] keys;
    private int[] values;
    private int mask;
    private int size;

    /** A table for about {@code expected} entries (it grows past that). */
    EdgeTable(int expected) {
        int slots = 16;
        while (slots < MAX_SLOTS && slots < 2L * expected) {
            slots <<= 1;
        }
        allocate(slots);
    }

    private void allocate(int slots) {
        keys = new long[slots];
        java.util.Arrays.fill(keys, EMPTY);
        values = new int[slots];
        mask = slots - 1;
        size = 0;
    }

    /** The directed edge {@code u -> v} as one key. */
    static long key(int u, int v) {
        assert u >= 0 && v >= 0 : "u=" + u + ", v=" + v;
        return ((long) u << 32) | v;
    }

    private int home(long key) {
        return (int) ((key * 0x9E3779B97F4A7C15L) >>> 33) & mask;
    }

    private int find(long key) {
        int i = home(key);
        while (keys[i] != EMPTY) {
            if (keys[i] == key) {
                return i;
            }
            i = (i + 1) & mask;
        }
        return -1;
    }

    /** The value of {@code key}, or -1 if absent. */
    int get(long key) {
        int i = find(key);
        return i < 0 ? -1 : values[i];
    }

    /** Sets {@code key} to {@code value} (non-negative); returns the previous value, or -1 if there was none. */
    int put(long key, int value) {
        assert key >= 0 && value >= 0 : "key=" + key + ", value=" + value;
        if (2L * (size + 1) > keys.length) {
            grow();
        }
        int i = home(key);
        while (keys[i] != EMPTY) {
            if (keys[i] == key) {
                int old = values[i];
                values[i] = value;
                return old;
            }
            i = (i + 1) & mask;
        }
        keys[i] = key;
        values[i] = value;
        size++;
        return -1;
    }

    /** Removes {@code key}; returns its value, or -1 if it was absent. */
    int remove(long key) {
        int i = find(key);
        if (i < 0) {
            return -1;
        }
        int old = values[i];
        // Shift back every later entry of the run whose home is not in (i, j]: probing for it
        // would otherwise stop at the hole left at i.
        int j = i;
        while (true) {
            j = (j + 1) & mask;
            if (keys[j] == EMPTY) {
                break;
            }
            int h = home(keys[j]);
            boolean stays = i <= j ? i < h && h <= j : i < h || h <= j;
            if (!stays) {
                keys[i] = keys[j];
                values[i] = values[j];
                i = j;
            }
        }
        keys[i] = EMPTY;
        size--;
        return old;
    }

    /** Number of entries. */
    int size() {
        return size;
    }

    private void grow() {
        if (keys.length >= MAX_SLOTS) {
            throw new IllegalStateException("edge table full: " + size + " entries");
        }
        long[] oldKeys = keys;
        int[] oldValues = values;
        allocate(2 * oldKeys.length);
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != EMPTY) {
                put(oldKeys[i], oldValues[i]);
            }
        }
    }
}
