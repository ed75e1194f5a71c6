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
 * kernels run and exactly one {@code WARNING} through {@link System.Logger} (logger
 * {@code dev.sepax}) says why and what to pass.
 *
 * <p>The system property {@code sepax.kernel} forces the choice: {@code scalar} (no warning) or
 * {@code simd} (then {@link #simdKernel} throws {@link IllegalStateException} naming the reason
 * when SIMD cannot run). Any other value is reported by one {@code WARNING} and ignored: the
 * choice is then automatic. Nothing here throws during class initialisation, so a bad setting
 * never turns into {@link ExceptionInInitializerError} or {@link NoClassDefFoundError}. All state
 * is computed in class initialisation and then immutable.
 */
public final class SimdSupport {
    public static final String MODULE = "jdk.incubator.vector";
    public static final String PROPERTY = "sepax.kernel";

    /** {@code auto}, {@code scalar} or {@code simd}. */
    public static final String MODE = mode();
    /**
     * Why SIMD cannot run, from the checks that load nothing (the property, the module, the VM
     * name, {@code -Xint}), or null. The rest ({@link #unavailableReason()}) loads the Vector API
     * and the management beans, which takes long enough to be kept off a caller's first call.
     */
    private static final String QUICK = MODE.equals("scalar") ? "forced by -D" + PROPERTY + "=scalar" : quickReason();

    static {
        if (MODE.equals("auto") && QUICK != null) {
            warnUnavailable(QUICK);
        }
    }

    private SimdSupport() {}

    /** The logger every sepax warning goes through, {@code dev.sepax}; made on first use. */
    public static System.Logger log() {
        return LogHolder.LOG;
    }

    private static final class LogHolder {
        static final System.Logger LOG = System.getLogger("dev.sepax");
    }

    /**
     * The full reason, computed once on first use (it may load {@code jdk.incubator.vector}).
     * A reason only these checks find (no {@code sepax-simd} on the class path, C1 only, too few
     * vector bits) is warned here, in the class's initialisation, which the JVM runs exactly once
     * however many facade kernels ask: so an automatic choice warns once per JVM, from here or
     * from {@link SimdSupport}'s own initialisation, never from both.
     */
    private static final class Full {
        static final String REASON = QUICK != null ? QUICK : slowReason();

        static {
            if (QUICK == null && REASON != null && MODE.equals("auto")) {
                warnUnavailable(REASON);
            }
        }
    }

    /** Null when SIMD kernels can run here; otherwise the reason they cannot. May load the Vector API. */
    public static String unavailableReason() {
        return Full.REASON;
    }

    /** True when the checks that load nothing already rule SIMD out (or it is forced off). */
    public static boolean quicklyUnavailable() {
        return QUICK != null;
    }

    /** The one {@code WARNING} of an automatic choice that falls back to the scalar kernels. */
    private static void warnUnavailable(String reason) {
        log().log(System.Logger.Level.WARNING, "sepax: using the scalar kernels because " + reason
                + ". To enable the SIMD kernels run a HotSpot JDK >= 21 with C2 and pass"
                + " --add-modules " + MODULE + " (with sepax-simd on the class path).");
    }

    /** True when {@code -Dsepax.kernel=simd} forces the SIMD kernels (no warm-up switch). */
    public static boolean forced() {
        return MODE.equals("simd");
    }

    /**
     * The SIMD kernel {@code className} (its {@code public static final INSTANCE}) when SIMD may
     * run, else null (the caller then uses the scalar kernel).
     *
     * @throws IllegalStateException when {@code -Dsepax.kernel=simd} but SIMD cannot run, or the
     *     SIMD kernel class cannot be loaded
     */
    public static <T> T simdKernel(String className, Class<T> type) {
        if (MODE.equals("scalar")) {
            return null;
        }
        String unavailable = unavailableReason();
        if (unavailable != null) {
            if (MODE.equals("simd")) {
                throw new IllegalStateException("-D" + PROPERTY + "=simd but the SIMD kernels cannot run: " + unavailable);
            }
            return null;
        }
        try {
            return type.cast(Provider.INSTANCE.kernel(className));
        } catch (ReflectiveOperationException | LinkageError | ClassCastException e) {
            throw new IllegalStateException("cannot load SIMD kernel " + className + ": " + e, e);
        }
    }

    private static String mode() {
        String raw = System.getProperty(PROPERTY, "auto");
        String m = raw.trim().toLowerCase(Locale.ROOT);
        if (!m.equals("auto") && !m.equals("scalar") && !m.equals("simd")) {
            log().log(System.Logger.Level.WARNING, "sepax: ignoring -D" + PROPERTY + "=" + raw
                    + ": expected auto, scalar or simd; choosing automatically");
            return "auto";
        }
        return m;
    }

    private static String quickReason() {
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
        return null;
    }

    private static String slowReason() {
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
