package dev.sepax.bench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Parsed {@code --name value} and {@code --flag} options of one command, checked against the
 * command's declared options. Anything unknown, a missing value, an option with a value given
 * twice or a bad number is a {@link UsageException} (exit code 2). Decimal values are in the
 * {@link Decimals} syntax.
 */
final class Options {
    /** A bad command line: the message says what, the launcher exits with code 2. */
    static final class UsageException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }
    }

    private final String command;
    private final Map<String, String> values = new LinkedHashMap<>();

    private Options(String command) {
        this.command = command;
    }

    /**
     * Parses {@code args} for {@code command}; {@code valued} options take a value,
     * {@code flags} do not. {@code --help}/{@code -h} is always a flag.
     */
    static Options parse(String command, String[] args, List<String> valued, List<String> flags) {
        Options o = new Options(command);
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            String name = a;
            String inline = null;
            int eq = a.indexOf('=');
            if (a.startsWith("--") && eq > 0) {
                name = a.substring(0, eq);
                inline = a.substring(eq + 1);
            }
            if (name.equals("-h") || name.equals("--help")) {
                o.values.put("--help", "true");
            } else if (flags.contains(name)) {
                if (inline != null) {
                    throw new UsageException(command + ": option " + name + " takes no value");
                }
                o.values.put(name, "true");
            } else if (valued.contains(name)) {
                String v = inline;
                if (v == null) {
                    if (i + 1 >= args.length) {
                        throw new UsageException(command + ": option " + name + " needs a value");
                    }
                    v = args[++i];
                }
                // Which of two values was meant is a guess either way (a pasted command line, a
                // script adding its own default), so a repeat is refused rather than one kept.
                String before = o.values.putIfAbsent(name, v);
                if (before != null) {
                    throw new UsageException(command + ": option " + name + " given twice ('" + before + "' and '" + v
                            + "'); give it once");
                }
            } else if (a.startsWith("-")) {
                throw new UsageException(command + ": unknown option '" + a + "' (see ./sepax " + command + " --help)");
            } else {
                throw new UsageException(command + ": unexpected argument '" + a + "' (see ./sepax " + command + " --help)");
            }
        }
        return o;
    }

    boolean help() {
        return values.containsKey("--help");
    }

    boolean flag(String name) {
        return values.containsKey(name);
    }

    String get(String name, String fallback) {
        return values.getOrDefault(name, fallback);
    }

    String require(String name) {
        String v = values.get(name);
        if (v == null) {
            throw new UsageException(command + ": option " + name + " is required (see ./sepax " + command + " --help)");
        }
        return v;
    }

    int intValue(String name, int fallback, int min, int max) {
        String v = values.get(name);
        if (v == null) {
            return fallback;
        }
        try {
            int x = Integer.parseInt(v.replace("_", ""));
            if (x < min || x > max) {
                throw new UsageException(command + ": " + name + "=" + v + " out of range [" + min + ", " + max + "]");
            }
            return x;
        } catch (NumberFormatException e) {
            throw new UsageException(command + ": " + name + "=" + v + " is not an integer");
        }
    }

    long longValue(String name, long fallback) {
        String v = values.get(name);
        if (v == null) {
            return fallback;
        }
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new UsageException(command + ": " + name + "=" + v + " is not an integer");
        }
    }

    float floatValue(String name, float fallback) {
        String v = values.get(name);
        if (v == null) {
            return fallback;
        }
        float f;
        try {
            f = Decimals.parseFloat(v);
        } catch (NumberFormatException e) {
            throw new UsageException(command + ": " + name + "=" + v + " is not a number (expected " + Decimals.SYNTAX + ")");
        }
        if (!Float.isFinite(f)) {
            throw new UsageException(command + ": " + name + "=" + v + " is not finite");
        }
        return f;
    }

    /** A comma-separated list of integers, e.g. {@code --k 4,8,16}; an empty entry is an error. */
    int[] intList(String name, int[] fallback) {
        String v = values.get(name);
        if (v == null) {
            return fallback;
        }
        String[] parts = v.split(",", -1);
        int[] out = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            if (parts[i].isBlank()) {
                throw new UsageException(command + ": " + name + "=" + v + ": entry " + (i + 1)
                        + " is empty (expected integers separated by commas, e.g. 4,8,16)");
            }
            try {
                out[i] = Integer.parseInt(parts[i].trim());
            } catch (NumberFormatException e) {
                throw new UsageException(command + ": " + name + "=" + v + ": '" + parts[i] + "' is not an integer");
            }
        }
        return out;
    }
}
