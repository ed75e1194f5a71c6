package dev.sepax.internal;

import java.lang.management.ManagementFactory;
import java.util.Locale;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * Decides once per JVM whether the {@code sepax-simd} kernels may run, the way Lucene's
 * vectorization provider does, without core touching {@code jdk.incubator.vector} itself.
 *
 * <p>SIMD is used when: the {@code jdk.incubator.vector} module is in the boot layer (it is only
 * there with {@code --add-modules jdk.incubator.vector}), the VM is HotSpot with C2 (not
 * {@code -Xint}, not C1-only through {@code TieredStopAtLevel < 4}), {@code sepax-simd} is on the
 * class path, and its preferred float species is at least 128 bits wide. Otherwise the scalar
 * kernels run and exactly one {@code WARNING} line on stderr says why and what to pass.
 *
 * <p>The system property {@code sepax.kernel} forces the choice: {@code scalar} (no warning) or
 * {@code simd} (fails with {@link IllegalStateException} naming the reason when SIMD cannot run).
 * All state is computed in class initialisation and then immutable.
 */
public final class SimdSupport {
    public static final String MODULE = "jdk.incubator.vector";
    public static final String PROPERTY = "sepax.kernel";

    /** {@code auto}, {@code scalar} or {@code simd}. */
    public static final String MODE = mode();
    /** Null when SIMD kernels can run here; otherwise the reason they cannot. */
    public static final String UNAVAILABLE = MODE.equals("scalar") ? "forced by -D" + PROPERTY + "=scalar" : unavailableReason();

    static {
        if (MODE.equals("auto") && UNAVAILABLE != null) {
            System.err.println("WARNING: sepax: using the scalar kernels because " + UNAVAILABLE
                    + ". To enable the SIMD kernels run a HotSpot JDK >= 21 with C2 and pass"
                    + " --add-modules " + MODULE + " (with sepax-simd on the class path).");
        }
    }

    private SimdSupport() {}

    /**
     * The SIMD kernel {@code className} (its {@code public static final INSTANCE}) when SIMD may
     * run, else {@code scalar}.
     */
    public static <T> T select(String className, Class<T> type, T scalar) {
        if (MODE.equals("scalar")) {
            return scalar;
        }
        if (UNAVAILABLE != null) {
            if (MODE.equals("simd")) {
                throw new IllegalStateException("-D" + PROPERTY + "=simd but the SIMD kernels cannot run: " + UNAVAILABLE);
            }
            return scalar;
        }
        try {
            return type.cast(Provider.INSTANCE.kernel(className));
        } catch (ReflectiveOperationException | LinkageError e) {
            throw new IllegalStateException("cannot load SIMD kernel " + className + ": " + e, e);
        }
    }

    private static String mode() {
        String m = System.getProperty(PROPERTY, "auto").trim().toLowerCase(Locale.ROOT);
        if (!m.equals("auto") && !m.equals("scalar") && !m.equals("simd")) {
            throw new IllegalStateException("-D" + PROPERTY + "=" + m + ": expected auto, scalar or simd");
        }
        return m;
    }

    private static String unavailableReason() {
        if (ModuleLayer.boot().findModule(MODULE).isEmpty()) {
            return "module " + MODULE + " is not readable";
        }
        String vmName = System.getProperty("java.vm.name", "");
        if (!vmName.contains("HotSpot") && !vmName.contains("OpenJDK")) {
            return "the VM (" + vmName + ") is not HotSpot";
        }
        String vmInfo = System.getProperty("java.vm.info", "");
        if (vmInfo.contains("interpreted mode")) {
            return "the VM runs interpreted only (-Xint)";
        }
        String c2 = c2Problem();
        if (c2 != null) {
            return c2;
        }
        try {
            SimdProvider provider = Provider.INSTANCE;
            return provider == null ? "sepax-simd is not on the class path or module path" : provider.unusableReason();
        } catch (ServiceConfigurationError | LinkageError e) {
            return "sepax-simd failed to initialise (" + e + ")";
        }
    }

    /** The first {@link SimdProvider} found, loaded only once the JVM has been found able to run it. */
    private static final class Provider {
        static final SimdProvider INSTANCE = ServiceLoader.load(SimdProvider.class, SimdSupport.class.getClassLoader())
                .findFirst().orElse(null);
    }

    private static String c2Problem() {
        try {
            com.sun.management.HotSpotDiagnosticMXBean bean =
                    ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class);
            if (bean == null) {
                return null;
            }
            boolean tiered = Boolean.parseBoolean(bean.getVMOption("TieredCompilation").getValue());
            int stop = Integer.parseInt(bean.getVMOption("TieredStopAtLevel").getValue());
            if (tiered && stop < 4) {
                return "C2 is disabled (-XX:TieredStopAtLevel=" + stop + ")";
            }
            if (!Boolean.parseBoolean(bean.getVMOption("UseCompiler").getValue())) {
                return "the JIT compiler is disabled";
            }
            return null;
        } catch (RuntimeException | LinkageError e) {
            return null; // no diagnostic bean (not HotSpot, or a trimmed runtime): trust the VM name
        }
    }
}
