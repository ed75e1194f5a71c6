package dev.sepax;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The architecture as a rule: which Sepax package may use which. Every main source file of
 * core, simd, bench and spark is read; each reference to a Sepax package (an import, a static import or
 * a fully qualified name in code) must be in the referring package's allow-list below. A new
 * package must be added here before it can be used, with its own row. Comments and strings do not
 * count, so Javadoc may link anywhere.
 */
@Timeout(60)
class PackageDependencyTest {
    private static final String ALL_PUBLIC = "shape geom batch narrow contact broad query parallel solid concave geo dev.sepax";

    /** Referring package (relative to {@code dev.sepax}, "dev.sepax" for the facade) to the packages it may use. */
    static final Map<String, Set<String>> ALLOWED = Map.ofEntries(
            entry("dev.sepax", ALL_PUBLIC + " internal"),
            entry("geom", ""),
            entry("shape", "geom internal"),
            entry("batch", "shape internal"),
            entry("narrow", "shape geom batch internal"),
            entry("contact", "shape geom batch narrow internal"),
            entry("broad", "shape batch internal"),
            entry("query", "dev.sepax shape geom batch narrow concave internal"),
            entry("concave", "dev.sepax shape geom batch narrow internal"),
            entry("geo", "shape batch narrow internal"),
            entry("parallel", "dev.sepax shape batch narrow internal"),
            entry("solid", "batch internal"),
            entry("internal", "shape geom batch narrow"),
            // The SIMD kernels implement core's interfaces over its raw arrays.
            entry("simd", ALL_PUBLIC + " internal"),
            // The command line, benchmarks and peers: public API only.
            entry("bench", ALL_PUBLIC + " simd bench.jmh"),
            entry("bench.jmh", ALL_PUBLIC + " simd bench"),
            // The Spark join: public API only; its benchmark program uses the join.
            entry("spark", ALL_PUBLIC),
            entry("spark.compare", ALL_PUBLIC + " spark"));

    private static final Pattern PACKAGE = Pattern.compile("^package (dev\\.sepax[\\w.]*);", Pattern.MULTILINE);
    private static final Pattern REFERENCE = Pattern.compile("\\bdev\\.sepax((?:\\.[a-z]\\w*)*)\\.[A-Z*]");
    private static final Pattern VECTOR_API = Pattern.compile("\\bjdk\\.incubator\\.vector\\b");

    private static Map.Entry<String, Set<String>> entry(String from, String to) {
        Set<String> s = new TreeSet<>();
        for (String t : to.split(" ")) {
            if (!t.isEmpty()) {
                s.add(t);
            }
        }
        return Map.entry(from, s);
    }

    @Test
    void everyReferenceToASepaxPackageIsAllowed() throws IOException {
        List<String> violations = new ArrayList<>();
        int files = 0;
        for (String root : List.of("src/main/java", "../simd/src/main/java", "../bench/src/main/java",
                "../spark/src/main/java")) {
            for (Path f : javaFiles(Path.of(root))) {
                files++;
                violations.addAll(violations(f, Files.readString(f)));
            }
        }
        assertTrue(files > 40, "read the sources of core, simd and bench (found " + files + " files)");
        assertEquals(List.of(), violations);
    }

    @Test
    void theCheckCatchesAForbiddenImportAndTheVectorApiInCore() {
        String geomUsesShape = "package dev.sepax.geom;\nimport dev.sepax.shape.ConvexPolygons;\nclass X {}\n";
        assertEquals(List.of("X.java: dev.sepax.geom uses dev.sepax.shape"), violations(Path.of("X.java"), geomUsesShape));
        String qualified = "package dev.sepax.shape;\nclass X { Object o = dev.sepax.narrow.ScalarSat.INSTANCE; }\n";
        assertEquals(List.of("X.java: dev.sepax.shape uses dev.sepax.narrow"), violations(Path.of("X.java"), qualified));
        String vector = "package dev.sepax.narrow;\nimport jdk.incubator.vector.FloatVector;\nclass X {}\n";
        assertEquals(List.of("X.java: dev.sepax.narrow uses jdk.incubator.vector"), violations(Path.of("X.java"), vector));
        String inComment = "package dev.sepax.geom;\n/** {@link dev.sepax.shape.ConvexPolygons} */\nclass X {}\n";
        assertEquals(List.of(), violations(Path.of("X.java"), inComment));
        String unknown = "package dev.sepax.elsewhere;\nclass X {}\n";
        assertEquals(List.of("X.java: package dev.sepax.elsewhere has no row in PackageDependencyTest.ALLOWED"),
                violations(Path.of("X.java"), unknown));
    }

    static List<String> violations(Path file, String text) {
        Matcher pm = PACKAGE.matcher(text);
        if (!pm.find()) {
            return List.of(file.getFileName() + ": no package declaration");
        }
        String from = relative(pm.group(1));
        Set<String> allowed = ALLOWED.get(from);
        String name = file.getFileName().toString();
        if (allowed == null) {
            return List.of(name + ": package " + pm.group(1) + " has no row in PackageDependencyTest.ALLOWED");
        }
        String code = stripCommentsAndStrings(text);
        List<String> out = new ArrayList<>();
        Set<String> seen = new TreeSet<>();
        Matcher m = REFERENCE.matcher(code);
        while (m.find()) {
            String to = relative("dev.sepax" + m.group(1));
            if (!to.equals(from) && !allowed.contains(to) && seen.add(to)) {
                out.add(name + ": " + pm.group(1) + " uses " + (to.equals("dev.sepax") ? to : "dev.sepax." + to));
            }
        }
        if (!from.equals("simd") && VECTOR_API.matcher(code).find()) {
            out.add(name + ": " + pm.group(1) + " uses jdk.incubator.vector");
        }
        return out;
    }

    private static String relative(String pkg) {
        return pkg.equals("dev.sepax") ? pkg : pkg.substring("dev.sepax.".length());
    }

    private static String stripCommentsAndStrings(String s) {
        return s.replaceAll("(?s)/\\*.*?\\*/", " ")
                .replaceAll("//[^\\n]*", " ")
                .replaceAll("(?s)\"\"\".*?\"\"\"", "\"\"")
                .replaceAll("\"(?:\\\\.|[^\"\\\\])*\"", "\"\"");
    }

    private static List<Path> javaFiles(Path root) {
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(p -> p.toString().endsWith(".java") && !p.getFileName().toString().equals("module-info.java")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
