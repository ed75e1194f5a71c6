package dev.sepax.simd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sepax on the module path, as a modular application uses it: a probe module that
 * {@code requires dev.sepax.core} only is compiled and run in a child JVM with core and simd as
 * named modules and no {@code --add-modules}. The service binding of
 * {@code dev.sepax.internal.SimdProvider} must resolve the SIMD module, so the facade chooses the
 * SIMD kernel; and the internal package must stay closed to the probe, at compile time and to
 * reflection.
 */
@Timeout(120)
class ModulePathTest {
    private static final String MODULE_INFO = """
            module probe {
                requires dev.sepax.core;
            }
            """;

    private static final String MAIN = """
            package probe;

            import dev.sepax.Sepax;
            import dev.sepax.batch.OverlapBits;
            import dev.sepax.batch.PairBatch;
            import dev.sepax.shape.ConvexPolygons;

            public final class Main {
                public static void main(String[] args) throws Exception {
                    ConvexPolygons shapes = ConvexPolygons.of(
                            new float[] {0, 0, 2, 0, 2, 2, 0, 2},
                            new float[] {2, 0, 4, 0, 4, 2, 2, 2},
                            new float[] {5, 5, 6, 5, 6, 6});
                    PairBatch pairs = PairBatch.of(new int[] {0, 0}, new int[] {1, 2}, shapes);
                    OverlapBits hits = new OverlapBits(pairs.size());
                    int n = Sepax.overlap().test(shapes, pairs, 0f, hits);
                    Object raw = ConvexPolygons.class.getMethod("arrays").invoke(shapes);
                    String access;
                    try {
                        raw.getClass().getField("x").get(raw);
                        access = "open";
                    } catch (IllegalAccessException e) {
                        access = "closed";
                    }
                    System.out.println(Sepax.overlap().name() + " " + n + " " + hits.get(0) + " " + hits.get(1) + " " + access);
                }
            }
            """;

    /** Touches the raw arrays' type directly: must not compile outside core and simd. */
    private static final String PEEK = """
            package probe;

            final class Peek {
                static float first(dev.sepax.shape.ConvexPolygons s) {
                    return s.arrays().x[0];
                }
            }
            """;

    @Test
    void aModularCallerGetsTheSimdKernelThroughTheServiceAndCannotReachTheRawArrays(@TempDir Path dir) throws Exception {
        String core = classPathEntryWith("dev/sepax/Sepax.class");
        String simd = classPathEntryWith("dev/sepax/simd/VectorSat.class");
        Path src = dir.resolve("src");
        Path out = dir.resolve("out");
        write(src.resolve("module-info.java"), MODULE_INFO);
        write(src.resolve("probe/Main.java"), MAIN);
        String modulePath = core + File.pathSeparator + simd;

        assertEquals("", compile(modulePath, out, src.resolve("module-info.java"), src.resolve("probe/Main.java")),
                "the probe compiles against the exported packages");

        write(src.resolve("probe/Peek.java"), PEEK);
        String refused = compile(modulePath, dir.resolve("out2"), src.resolve("module-info.java"), src.resolve("probe/Peek.java"));
        assertTrue(refused.contains("dev.sepax.internal") && refused.contains("not"),
                "a caller on the module path must not compile against dev.sepax.internal: " + refused);

        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        List<String> cmd = new ArrayList<>(List.of(java, "--module-path", modulePath + File.pathSeparator + out,
                "-m", "probe/probe.Main"));
        String[] run = run(cmd);
        assertEquals("simd 1 true false closed", run[0].trim(),
                "SIMD chosen without --add-modules, touching squares intersect, raw arrays closed; stderr=" + run[1]);
        assertFalse(run[1].contains("WARNING: sepax"), "no fallback warning on the module path: " + run[1]);
    }

    private static String classPathEntryWith(String resource) {
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path p = Path.of(e);
            if (Files.isDirectory(p) ? Files.exists(p.resolve(resource)) : jarHas(p, resource)) {
                return e;
            }
        }
        throw new AssertionError("no class path entry holds " + resource);
    }

    private static boolean jarHas(Path jar, String resource) {
        if (!jar.toString().endsWith(".jar") || !Files.exists(jar)) {
            return false;
        }
        try (java.util.zip.ZipFile z = new java.util.zip.ZipFile(jar.toFile())) {
            return z.getEntry(resource) != null;
        } catch (IOException e) {
            return false;
        }
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    /** Compiles the sources as module {@code probe}; returns javac's diagnostics ("" on success). */
    private static String compile(String modulePath, Path out, Path... sources) throws Exception {
        Files.createDirectories(out);
        String javac = System.getProperty("java.home") + File.separator + "bin" + File.separator + "javac";
        List<String> cmd = new ArrayList<>(List.of(javac, "--module-path", modulePath, "-d", out.toString()));
        for (Path s : sources) {
            cmd.add(s.toString());
        }
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        byte[] text;
        try (InputStream o = p.getInputStream()) {
            text = o.readAllBytes();
        }
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "javac did not finish");
        return p.exitValue() == 0 ? "" : "rc=" + p.exitValue() + " " + new String(text, StandardCharsets.UTF_8);
    }

    private static String[] run(List<String> cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).start();
        ByteArrayOutputStream errBuf = new ByteArrayOutputStream();
        byte[] out;
        try (InputStream o = p.getInputStream(); InputStream e = p.getErrorStream()) {
            Thread drain = new Thread(() -> {
                try {
                    e.transferTo(errBuf);
                } catch (IOException ignored) {
                    // the assertions report what arrived
                }
            });
            drain.start();
            out = o.readAllBytes();
            drain.join(60_000);
        }
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "child JVM did not finish");
        String stdout = new String(out, StandardCharsets.UTF_8);
        String stderr = errBuf.toString(StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), "stdout=" + stdout + " stderr=" + stderr);
        return new String[] {stdout, stderr};
    }
}
