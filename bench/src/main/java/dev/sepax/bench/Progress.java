package dev.sepax.bench;

import java.io.Console;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;

/**
 * Progress lines on standard error. On a terminal, one line per stage rewritten in place with
 * {@code \r} as the stage advances; otherwise (a file, a pipe, a CI log) one line per stage, so
 * that logs carry no carriage returns and no hundreds of counter updates.
 *
 * <p>Not thread-safe; one per command run.
 */
final class Progress {
    private final PrintStream err;
    private final boolean terminal;
    private String stage;
    private boolean pending;

    /** Progress on {@code err}, rewritten in place only when {@code terminal}. */
    Progress(PrintStream err, boolean terminal) {
        this.err = err;
        this.terminal = terminal;
    }

    /** Progress on {@code err}, rewritten in place when standard error is a terminal. */
    static Progress on(PrintStream err) {
        return new Progress(err, err == System.err && isTerminal());
    }

    /**
     * Whether the JVM runs on a terminal: {@code System.console()} is non-null, and on JDK 22+
     * (where a console exists even when the streams are redirected) {@code Console.isTerminal()}.
     */
    static boolean isTerminal() {
        Console c = System.console();
        if (c == null) {
            return false;
        }
        try {
            return (Boolean) Console.class.getMethod("isTerminal").invoke(c);
        } catch (NoSuchMethodException e) {
            return true; // JDK 21: a console exists only on a terminal
        } catch (IllegalAccessException | InvocationTargetException e) {
            return false;
        }
    }

    /** Reports {@code detail} (for example {@code 3/5}) of {@code stage}. */
    void update(String stage, String detail) {
        if (terminal) {
            err.print("\r" + stage + " " + detail + "            ");
            pending = true;
        } else if (!stage.equals(this.stage)) {
            err.println(stage + " ...");
        }
        this.stage = stage;
    }

    /** Ends the current stage with a line of its own ({@code null}: just end the line). */
    void done(String line) {
        if (terminal) {
            err.print(pending ? "\r" : "");
            err.println(line == null ? "" : line + "            ");
        } else if (line != null) {
            err.println(line);
        }
        pending = false;
        stage = null;
    }
}
