package dev.sepax.bench;

import dev.sepax.Sepax;

import java.io.PrintStream;
import java.util.Arrays;

/**
 * The command-line main job behind {@code ./sepax}: {@code demo} (default), {@code check},
 * {@code bench}, {@code draw}, {@code peers-check}, {@code probe}, {@code coldstart}. Exit codes: 0 success, 1 bad input file or
 * failure, 2 bad command line, 3 kernels disagree (demo).
 */
public final class Main {
    static final String HELP = """
            Usage: ./sepax [COMMAND] [OPTIONS]      (./sepax COMMAND --help for details)
            Commands:
              demo          embedded scene: broad phase, narrow phase scalar vs SIMD, table,
                            chart and JSON report (the default)
              check         which shapes of a WKT/CSV/GeoJSON file intersect; writes CSV pairs
              bench         JMH benchmarks of every kernel and peer; table, JSON, chart
              draw          picture (SVG/PNG) of one pair with its separating axis or overlap
              peers-check   compare the peers' verdicts with Sepax's and explain differences
              probe         kernel vs machine: alternates the kernels with cache and ALU probes
              coldstart     fresh JVMs: a facade kernel's first batch, first 10, first second
              spark-join    Sepax's Spark spatial join on generated polygons, optionally
                            against Sedona (run by the ./sepax launcher on Spark's class path)
              help          this text
            """;

    private Main() {}

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs a command line; returns the exit code. */
    static int run(String[] args, PrintStream out, PrintStream err) {
        System.setProperty("java.awt.headless", "true");
        String cmd = args.length == 0 || args[0].startsWith("-") ? "demo" : args[0];
        String[] rest = args.length == 0 || args[0].startsWith("-") ? args : Arrays.copyOfRange(args, 1, args.length);
        if (args.length > 0 && (args[0].equals("--help") || args[0].equals("-h"))) {
            cmd = "help";
        }
        try {
            return switch (cmd) {
                case "demo" -> Demo.run(rest, out, err);
                case "check" -> Check.run(rest, out, err);
                case "bench" -> BenchCommand.run(rest, out, err);
                case "draw" -> Draw.run(rest, out, err);
                case "peers-check" -> PeersCheck.run(rest, out, err);
                case "probe" -> Probe.run(rest, out, err);
                case "coldstart" -> ColdStart.run(rest, out, err);
                case "help" -> {
                    out.print(HELP);
                    yield 0;
                }
                default -> throw new Options.UsageException("unknown command '" + cmd + "'\n" + HELP);
            };
        } catch (Options.UsageException e) {
            err.println("sepax: " + e.getMessage());
            return 2;
        } catch (ShapeFiles.InputException e) {
            err.println("sepax: " + e.getMessage());
            return 1;
        } catch (ShapeFiles.Escalation e) {
            // A reader that takes only convex polygons met a shape of another kind.
            err.println("sepax: " + e.getMessage() + ": not supported by ./sepax " + cmd + " (./sepax check reads it)");
            return 1;
        } catch (java.io.IOException e) {
            err.println("sepax: I/O error: " + ShapeFiles.describe(e));
            return 1;
        } catch (java.io.UncheckedIOException e) {
            err.println("sepax: I/O error: " + ShapeFiles.describe(e.getCause()));
            return 1;
        } catch (OutOfMemoryError e) {
            // The command's data is unreachable once unwound here, so printing has room again.
            err.printf("sepax %s: out of memory (maximum heap %d MiB); give the JVM more, e.g."
                    + " SEPAX_JAVA_OPTS=-Xmx8g ./sepax %s ...%n", cmd, Runtime.getRuntime().maxMemory() >> 20, cmd);
            return 1;
        }
    }
}
