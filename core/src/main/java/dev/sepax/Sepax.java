package dev.sepax;

import dev.sepax.contact.ClipKernel;
import dev.sepax.contact.ConvexClipper;
import dev.sepax.contact.ManifoldKernel;
import dev.sepax.contact.RoundedManifoldKernel;
import dev.sepax.contact.ScalarRoundedManifolds;
import dev.sepax.contact.ScalarManifolds;

import dev.sepax.internal.SimdSupport;
import dev.sepax.narrow.CastKernel;
import dev.sepax.narrow.DistanceKernel;
import dev.sepax.narrow.ExactSat;
import dev.sepax.narrow.Precision;
import dev.sepax.narrow.PenetrationKernel;
import dev.sepax.narrow.RoundedPenetrationKernel;
import dev.sepax.narrow.SatKernel;
import dev.sepax.narrow.ScalarCast;
import dev.sepax.narrow.GjkAcceleration;
import dev.sepax.narrow.ScalarDistance;
import dev.sepax.narrow.ScalarPenetration;
import dev.sepax.narrow.ScalarRoundedPenetration;
import dev.sepax.narrow.ScalarSat;
import dev.sepax.narrow.ScalarSweep;
import dev.sepax.narrow.SweepKernel;
import dev.sepax.narrow.TextbookSat;
import dev.sepax.shape.ScalarTransform;
import dev.sepax.shape.TransformKernel;
import dev.sepax.solid.BoxOverlapKernel;
import dev.sepax.solid.HullOverlapKernel;
import dev.sepax.solid.HullPenetrationKernel;
import dev.sepax.solid.ScalarHullPenetration;
import dev.sepax.solid.ScalarHullSat;
import dev.sepax.solid.ScalarObbSat;


/**
 * Entry point: the kernels this JVM should use.
 *
 * <h2>Selection</h2>
 * The facade kernels use the SIMD kernels of
 * {@code sepax-simd} when it is on the class path, {@code jdk.incubator.vector} is readable and
 * the VM can compile it well; otherwise the scalar reference kernels, with one {@code WARNING}
 * through {@link System.Logger} (logger {@code dev.sepax}) that says why. The choice is made
 * once per kernel, lazily, and is thread-safe. Every kernel returns the same bits as the scalar
 * reference.
 *
 * <h2>No cold-start penalty</h2>
 * Until C2 has compiled it, a SIMD kernel is many times slower than the scalar one. So where SIMD
 * is chosen automatically, a facade kernel serves the scalar kernel from its first call while a
 * daemon thread warms the SIMD kernel on a private synthetic batch, and switches to it once it is
 * faster there (a volatile read per call; results are identical, so callers see only the speed).
 * {@link #warmUp()} waits for that up front. Where the compiled SIMD kernel is not faster on the
 * synthetic batch, the scalar kernel stays, with one {@code INFO} line. Where it has not won
 * within 10 s, still compiling on a busy machine, {@link #warmUp()} returns with the scalar
 * kernel serving and the warm-up runs again 30 s later, twice at most, switching if SIMD then wins. Every facade kernel with a SIMD form has this switch: {@link #overlap()} in both
 * precisions, {@link #penetration()}, {@link #sweep()}, {@link #manifolds()},
 * {@link #transform()}, {@link #distance()}, {@link #roundedPenetration()},
 * {@link #roundedManifolds()}, {@link #cast()}, {@link #hullOverlap()}, {@link #hullPenetration()}
 * and {@link #boxOverlap()}.
 *
 * <h2>The {@code sepax.kernel} system property</h2>
 * <ul>
 *   <li>{@code auto} (the default): as above.</li>
 *   <li>{@code scalar}: the scalar kernels, no warning.</li>
 *   <li>{@code simd}: the SIMD kernels from the first call, cold start included, with no
 *       switch (for benchmarks and tests). Where SIMD cannot run, each facade method throws
 *       {@link IllegalStateException} naming the reason, at the call site, every time.</li>
 *   <li>Any other value: one {@code WARNING} and the {@code auto} behaviour.</li>
 * </ul>
 * No setting makes class initialisation fail.
 *
 * <h2>Threads and allocation</h2>
 * Each kernel method returns one shared instance (one per mode for
 * {@link #distance(GjkAcceleration)}), which any number of threads may call as its interface's
 * contract says; the selection allocates on the first call only. A facade kernel adds no
 * allocation per call, only the volatile read of the switch; the warm-up daemon allocates its
 * own synthetic batch, off the caller's thread.
 */
public final class Sepax {
    private Sepax() {}

    /**
     * The selected boolean kernel (see class doc).
     *
     * @throws IllegalStateException if {@code -Dsepax.kernel=simd} and SIMD cannot run here
     */
    public static SatKernel overlap() {
        return SatHolder.SELECTION.kernel();
    }

    /**
     * The selected kernel for a precision: {@link Precision#FLOAT} is {@link #overlap()};
     * {@link Precision#EXACT} is {@code dev.sepax.simd.VectorExactSat} under the same conditions
     * as {@link #overlap()}, else {@link ExactSat}. The exact kernels return the same bits, which
     * are those of exact arithmetic on the stored floats (see {@link ExactSat}). It has its own
     * warm-up switch, as described in the class doc.
     *
     * @throws IllegalArgumentException if {@code precision} is null
     */
    public static SatKernel overlap(Precision precision) {
        if (precision == null) {
            throw new IllegalArgumentException("precision is null");
        }
        return precision == Precision.EXACT ? ExactHolder.SELECTION.kernel() : overlap();
    }

    private static final class ExactHolder {
        static final Selection<SatKernel> SELECTION = Selection.of("dev.sepax.simd.VectorExactSat", SatKernel.class,
                ExactSat.INSTANCE, mayRunSimd() ? SwitchingSat.exact(null) : null);

        static boolean warmUp() {
            return SELECTION.warmUp(SELECTION.forcedSimd() == null ? null : SwitchingSat.exact(SELECTION.forcedSimd()));
        }
    }

    /** The scalar reference kernel. */
    public static SatKernel scalar() {
        return ScalarSat.INSTANCE;
    }

    /** The textbook kernel, an independent oracle. */
    public static SatKernel textbook() {
        return TextbookSat.INSTANCE;
    }

    /**
     * The selected penetration (MTV) kernel: {@code dev.sepax.simd.VectorPenetration} under the
     * same conditions as {@link #overlap()}, else {@link ScalarPenetration}. Both give the same bits.
     *
     * @throws IllegalStateException if {@code -Dsepax.kernel=simd} and SIMD cannot run here
     */
    public static PenetrationKernel penetration() {
        return PenetrationHolder.SELECTION.kernel();
    }

    /**
     * The selected swept (continuous) kernel: {@code dev.sepax.simd.VectorSweep} when the SIMD
     * kernels can run (see class doc), else {@link ScalarSweep}. Chosen once, lazily.
     *
     * @throws IllegalStateException if {@code -Dsepax.kernel=simd} and SIMD cannot run here
     */
    public static SweepKernel sweep() {
        return SweepHolder.SELECTION.kernel();
    }

    /**
     * Pays the SIMD warm-up now instead of in the first frames: selects the facade kernels and
     * waits until each serves its final implementation (typically well under a second per kernel
     * on a machine with a free core; a kernel whose compiled SIMD form is not faster here settles
     * on the scalar one as soon as that is clear, and none waits more than about 10 s: one still
     * undecided then returns with the scalar kernel serving and keeps warming in the background,
     * so that it may switch to SIMD later). The
     * kernels warmed are {@link #overlap()}, both precisions, {@link #penetration()},
     * {@link #sweep()}, {@link #manifolds()} and {@link #transform()}, and each of
     * {@link #distance()}, {@link #roundedPenetration()}, {@link #roundedManifolds()},
     * {@link #cast()}, {@link #hullOverlap()}, {@link #hullPenetration()} and {@link #boxOverlap()}
     * when this JVM has asked
     * for it before (so that a JVM that never uses rounded or 3D shapes never loads their vector
     * code).
     * With {@code -Dsepax.kernel=simd} it runs the same warm-up on the calling thread. An
     * interrupt ends the wait early, with the interrupt status set again.
     *
     * @return true if every kernel warmed now serves its SIMD kernel (false also while one is
     *         still undecided, see above)
     * @throws IllegalStateException if {@code -Dsepax.kernel=simd} and SIMD cannot run here
     */
    public static boolean warmUp() {
        boolean simd = SatHolder.warmUp();
        simd &= ExactHolder.warmUp();
        simd &= PenetrationHolder.warmUp();
        simd &= SweepHolder.warmUp();
        simd &= ManifoldHolder.warmUp();
        simd &= TransformHolder.warmUp();
        // The rounded and 3D kernels only once this JVM has asked for them: a JVM that never
        // uses them never loads their vector code.
        if (DistanceHolder.asked) {
            simd &= DistanceHolder.warmUp();
        }
        if (RoundedPenetrationHolder.asked) {
            simd &= RoundedPenetrationHolder.warmUp();
        }
        if (RoundedManifoldHolder.asked) {
            simd &= RoundedManifoldHolder.warmUp();
        }
        if (CastHolder.asked) {
            simd &= CastHolder.warmUp();
        }
        if (HullHolder.asked) {
            simd &= HullHolder.warmUp();
        }
        if (HullPenetrationHolder.asked) {
            simd &= HullPenetrationHolder.warmUp();
        }
        if (BoxHolder.asked) {
            simd &= BoxHolder.warmUp();
        }
        return simd;
    }

    /**
     * The selected distance kernel for rounded shapes (GJK: distance, closest points, normal):
     * {@code dev.sepax.simd.VectorDistance} when the SIMD kernels can run (see class doc), else
     * {@link ScalarDistance}. Both give the same bits. Chosen once, lazily, with the warm-up
     * switch described in the class doc.
     */
    public static DistanceKernel distance() {
        DistanceKernel k = DistanceHolder.SELECTION.kernel();
        if (!DistanceHolder.asked) { // a volatile store on every call would contend across threads
            DistanceHolder.asked = true;
        }
        return k;
    }

    /**
     * {@link #distance()} with GJK acceleration {@code mode} ({@link GjkAcceleration}): the same
     * kernel (scalar, SIMD, or the warm-up switch between them) in that mode, a shared instance.
     * {@code distance()} itself runs {@link ScalarDistance#DEFAULT_ACCELERATION}. Every mode
     * answers within {@link ScalarDistance#band}; they differ in iterations (see
     * {@code bench/RESULTS.md}, "Nesterov vs plain GJK").
     */
    public static DistanceKernel distance(GjkAcceleration mode) {
        if (mode == null) {
            throw new IllegalArgumentException("mode is null");
        }
        return distance().withAcceleration(mode);
    }

    private static final class DistanceHolder {
        static final Selection<DistanceKernel> SELECTION = Selection.of("dev.sepax.simd.VectorDistance",
                DistanceKernel.class, ScalarDistance.INSTANCE,
                mayRunSimd() ? new SwitchingDistance(ScalarDistance.INSTANCE, null) : null);
        /** Set once {@link #distance()} has been called: {@link #warmUp()} warms this kernel only then. */
        static volatile boolean asked;

        static boolean warmUp() {
            return SELECTION.warmUp(SELECTION.forcedSimd() == null ? null
                    : new SwitchingDistance(ScalarDistance.INSTANCE, SELECTION.forcedSimd()));
        }
    }

    /**
     * The selected penetration (MTV) kernel for rounded shapes: normal, depth and axis of every
     * pair, GJK on the cores then the separating-axis test on overlapping cores (see
     * {@link RoundedPenetrationKernel}). {@code dev.sepax.simd.VectorRoundedPenetration} when the
     * SIMD kernels can run, else {@link ScalarRoundedPenetration}; both give the same bits.
     * Chosen once, lazily, with the warm-up switch described in the class doc.
     */
    public static RoundedPenetrationKernel roundedPenetration() {
        RoundedPenetrationKernel k = RoundedPenetrationHolder.SELECTION.kernel();
        if (!RoundedPenetrationHolder.asked) { // a volatile store on every call would contend across threads
            RoundedPenetrationHolder.asked = true;
        }
        return k;
    }

    /**
     * The selected contact manifold kernel for rounded shapes (circles, capsules, segments,
     * polygons, rounded polygons, any pair): the penetrations and, from them, up to two points
     * per pair with stable feature ids (see {@link RoundedManifoldKernel}).
     * {@code dev.sepax.simd.VectorRoundedManifolds} when the SIMD kernels can run, else
     * {@link ScalarRoundedManifolds}; both give the same bits. Chosen once, lazily, with the
     * warm-up switch described in the class doc.
     */
    public static RoundedManifoldKernel roundedManifolds() {
        RoundedManifoldKernel k = RoundedManifoldHolder.SELECTION.kernel();
        if (!RoundedManifoldHolder.asked) { // a volatile store on every call would contend across threads
            RoundedManifoldHolder.asked = true;
        }
        return k;
    }

    private static final class RoundedManifoldHolder {
        static final Selection<RoundedManifoldKernel> SELECTION = Selection.of(
                "dev.sepax.simd.VectorRoundedManifolds", RoundedManifoldKernel.class,
                ScalarRoundedManifolds.INSTANCE,
                mayRunSimd() ? new SwitchingRoundedManifolds(ScalarRoundedManifolds.INSTANCE, null) : null);
        static volatile boolean asked;

        static boolean warmUp() {
            return SELECTION.warmUp(SELECTION.forcedSimd() == null ? null
                    : new SwitchingRoundedManifolds(ScalarRoundedManifolds.INSTANCE, SELECTION.forcedSimd()));
        }
    }

    /**
     * The selected linear shape cast kernel for rounded shapes: time of impact and normal of
     * translating pairs by conservative advancement over GJK distances (see {@link CastKernel}).
     * {@code dev.sepax.simd.VectorCast} when the SIMD kernels can run, else {@link ScalarCast};
     * both give the same bits. Chosen once, lazily, with the warm-up switch described in the
     * class doc.
     */
    public static CastKernel cast() {
        CastKernel k = CastHolder.SELECTION.kernel();
        if (!CastHolder.asked) { // a volatile store on every call would contend across threads
            CastHolder.asked = true;
        }
        return k;
    }

    private static final class CastHolder {
        static final Selection<CastKernel> SELECTION = Selection.of("dev.sepax.simd.VectorCast", CastKernel.class,
                ScalarCast.INSTANCE, mayRunSimd() ? new SwitchingCast(ScalarCast.INSTANCE, null) : null);
        static volatile boolean asked;

        static boolean warmUp() {
            return SELECTION.warmUp(SELECTION.forcedSimd() == null ? null
                    : new SwitchingCast(ScalarCast.INSTANCE, SELECTION.forcedSimd()));
        }
    }

    private static final class RoundedPenetrationHolder {
        static final Selection<RoundedPenetrationKernel> SELECTION = Selection.of(
                "dev.sepax.simd.VectorRoundedPenetration", RoundedPenetrationKernel.class,
                ScalarRoundedPenetration.INSTANCE,
                mayRunSimd() ? new SwitchingRoundedPenetration(ScalarRoundedPenetration.INSTANCE, null) : null);
        static volatile boolean asked;

        static boolean warmUp() {
            return SELECTION.warmUp(SELECTION.forcedSimd() == null ? null
                    : new SwitchingRoundedPenetration(ScalarRoundedPenetration.INSTANCE, SELECTION.forcedSimd()));
        }
    }

    /**
     * The selected contact-manifold kernel: {@code dev.sepax.simd.VectorManifolds} when the SIMD
     * kernels can run (see class doc), else {@link ScalarManifolds}. Both give the same bits.
     * Chosen once, lazily, with the warm-up switch described in the class doc.
     */
    public static ManifoldKernel manifolds() {
        return ManifoldHolder.SELECTION.kernel();
    }

    private static final class ManifoldHolder {
        static final Selection<ManifoldKernel> SELECTION = Selection.of("dev.sepax.simd.VectorManifolds",
                ManifoldKernel.class, ScalarManifolds.INSTANCE,
                mayRunSimd() ? new SwitchingManifolds(ScalarManifolds.INSTANCE, null) : null);

        static boolean warmUp() {
            return SELECTION.warmUp(SELECTION.forcedSimd() == null ? null
                    : new SwitchingManifolds(ScalarManifolds.INSTANCE, SELECTION.forcedSimd()));
        }
    }

    /**
     * The selected pose transform (local store to world store, the first stage of a frame):
     * {@code dev.sepax.simd.VectorTransform} when the SIMD kernels can run (see class doc), else
     * {@link ScalarTransform} ({@code Poses.transform}). Both give the same bits. Chosen once,
     * lazily, with the warm-up switch described in the class doc.
     */
    public static TransformKernel transform() {
        return TransformHolder.SELECTION.kernel();
    }

    private static final class TransformHolder {
        static final Selection<TransformKernel> SELECTION = Selection.of("dev.sepax.simd.VectorTransform",
                TransformKernel.class, ScalarTransform.INSTANCE,
                mayRunSimd() ? new SwitchingTransform(ScalarTransform.INSTANCE, null) : null);

        static boolean warmUp() {
            return SELECTION.warmUp(SELECTION.forcedSimd() == null ? null
                    : new SwitchingTransform(ScalarTransform.INSTANCE, SELECTION.forcedSimd()));
        }
    }

    /**
     * The selected 3D hull overlap kernel (separating axes with Gauss-map pruning):
     * {@code dev.sepax.simd.VectorHullSat} when the SIMD kernels can run (see class doc), else
     * {@link ScalarHullSat}. Both give the same bits. Chosen once, lazily, with the warm-up
     * switch described in the class doc.
     *
     * @throws IllegalStateException if {@code -Dsepax.kernel=simd} and SIMD cannot run here
     */
    public static HullOverlapKernel hullOverlap() {
        HullOverlapKernel k = HullHolder.SELECTION.kernel();
        if (!HullHolder.asked) { // a volatile store on every call would contend across threads
            HullHolder.asked = true;
        }
        return k;
    }

    private static final class HullHolder {
        static final Selection<HullOverlapKernel> SELECTION = Selection.of("dev.sepax.simd.VectorHullSat",
                HullOverlapKernel.class, ScalarHullSat.INSTANCE,
                mayRunSimd() ? new SwitchingHullOverlap(ScalarHullSat.INSTANCE, null) : null);
        static volatile boolean asked;

        static boolean warmUp() {
            return SELECTION.warmUp(SELECTION.forcedSimd() == null ? null
                    : new SwitchingHullOverlap(ScalarHullSat.INSTANCE, SELECTION.forcedSimd()));
        }
    }

    /**
     * The selected 3D penetration (MTV) kernel for hulls: depth, normal and the features that
     * give it ({@link HullPenetrationKernel}). {@code dev.sepax.simd.VectorHullPenetration} when
     * the SIMD kernels can run (see class doc), else {@link ScalarHullPenetration}. Both give the
     * same bits. Chosen once, lazily, with the warm-up switch described in the class doc.
     *
     * @throws IllegalStateException if {@code -Dsepax.kernel=simd} and SIMD cannot run here
     */
    public static HullPenetrationKernel hullPenetration() {
        HullPenetrationKernel k = HullPenetrationHolder.SELECTION.kernel();
        if (!HullPenetrationHolder.asked) { // a volatile store on every call would contend across threads
            HullPenetrationHolder.asked = true;
        }
        return k;
    }

    private static final class HullPenetrationHolder {
        static final Selection<HullPenetrationKernel> SELECTION = Selection.of(
                "dev.sepax.simd.VectorHullPenetration", HullPenetrationKernel.class, ScalarHullPenetration.INSTANCE,
                mayRunSimd() ? new SwitchingHullPenetration(ScalarHullPenetration.INSTANCE, null) : null);
        static volatile boolean asked;

        static boolean warmUp() {
            return SELECTION.warmUp(SELECTION.forcedSimd() == null ? null
                    : new SwitchingHullPenetration(ScalarHullPenetration.INSTANCE, SELECTION.forcedSimd()));
        }
    }

    /**
     * The selected oriented-box (OBB) overlap kernel, the 15-axis test:
     * {@code dev.sepax.simd.VectorObbSat} (lanes across pairs) when the SIMD kernels can run, else
     * {@link ScalarObbSat}. Both give the same bits. Chosen once, lazily, with the warm-up
     * switch described in the class doc.
     *
     * @throws IllegalStateException if {@code -Dsepax.kernel=simd} and SIMD cannot run here
     */
    public static BoxOverlapKernel boxOverlap() {
        BoxOverlapKernel k = BoxHolder.SELECTION.kernel();
        if (!BoxHolder.asked) { // a volatile store on every call would contend across threads
            BoxHolder.asked = true;
        }
        return k;
    }

    private static final class BoxHolder {
        static final Selection<BoxOverlapKernel> SELECTION = Selection.of("dev.sepax.simd.VectorObbSat",
                BoxOverlapKernel.class, ScalarObbSat.INSTANCE,
                mayRunSimd() ? new SwitchingBoxOverlap(ScalarObbSat.INSTANCE, null) : null);
        static volatile boolean asked;

        static boolean warmUp() {
            return SELECTION.warmUp(SELECTION.forcedSimd() == null ? null
                    : new SwitchingBoxOverlap(ScalarObbSat.INSTANCE, SELECTION.forcedSimd()));
        }
    }

    /**
     * The find-intersection kernel (the clipped polygon two shapes share, and its area): the
     * scalar reference {@link ConvexClipper}, the only implementation.
     */
    public static ClipKernel clipper() {
        return ConvexClipper.INSTANCE;
    }

    /**
     * Why the SIMD kernels are not used in this JVM, or {@code null} when they are. Forcing
     * {@code -Dsepax.kernel=scalar} is reported as a reason too.
     */
    public static String simdUnavailableReason() {
        return SimdSupport.unavailableReason();
    }

    /**
     * The outcome of selecting one facade kernel: the kernel, or why a forced choice failed (then
     * every call throws); {@code switching} in automatic mode; {@code forcedSimd} under
     * {@code -Dsepax.kernel=simd}. Built with plain code, no lambdas: selection runs inside the
     * caller's first call.
     */
    private record Selection<K>(K chosen, String failure, SwitchingKernel<K> switching, K forcedSimd) {
        /** {@code switching} is the automatic-mode kernel, made only if SIMD may run. */
        static <K> Selection<K> of(String simdClass, Class<K> type, K scalar, SwitchingKernel<K> switching) {
            if (SimdSupport.forced()) {
                try {
                    K simd = SimdSupport.simdKernel(simdClass, type);
                    return new Selection<>(simd, null, null, simd);
                } catch (IllegalStateException e) {
                    return new Selection<>(null, e.getMessage(), null, null);
                }
            }
            if (SimdSupport.quicklyUnavailable()) {
                return new Selection<>(scalar, null, null, null);
            }
            // Every facade kernel with a SIMD form has a switch (made whenever SIMD may run).
            assert switching != null : simdClass;
            // Automatic: the SIMD kernel is found, loaded and warmed on the warm-up thread, so
            // that the caller's first call loads nothing of the Vector API.
            return new Selection<>(type.cast(switching), null, switching, null);
        }

        K kernel() {
            if (failure != null) {
                throw new IllegalStateException(failure);
            }
            return chosen;
        }

        /** Waits for (or, when forced, runs) the warm-up; true if the SIMD kernel serves. */
        boolean warmUp(SwitchingKernel<K> forcedWarmer) {
            kernel();
            if (switching != null) {
                return switching.awaitSettled();
            }
            if (forcedSimd != null) {
                // No switch to wait for: run the warm-up loop here, on a throw-away switcher.
                forcedWarmer.warmUp();
                return true;
            }
            return false;
        }
    }

    private static boolean mayRunSimd() {
        return !SimdSupport.quicklyUnavailable() && !SimdSupport.forced();
    }

    private static final class SatHolder {
        static final Selection<SatKernel> SELECTION = Selection.of("dev.sepax.simd.VectorSat", SatKernel.class,
                ScalarSat.INSTANCE, mayRunSimd() ? new SwitchingSat(ScalarSat.INSTANCE, null) : null);

        static boolean warmUp() {
            return SELECTION.warmUp(SELECTION.forcedSimd() == null ? null
                    : new SwitchingSat(ScalarSat.INSTANCE, SELECTION.forcedSimd()));
        }
    }

    private static final class PenetrationHolder {
        static final Selection<PenetrationKernel> SELECTION = Selection.of("dev.sepax.simd.VectorPenetration",
                PenetrationKernel.class, ScalarPenetration.INSTANCE,
                mayRunSimd() ? new SwitchingPenetration(ScalarPenetration.INSTANCE, null) : null);

        static boolean warmUp() {
            return SELECTION.warmUp(SELECTION.forcedSimd() == null ? null
                    : new SwitchingPenetration(ScalarPenetration.INSTANCE, SELECTION.forcedSimd()));
        }
    }

    private static final class SweepHolder {
        static final Selection<SweepKernel> SELECTION = Selection.of("dev.sepax.simd.VectorSweep",
                SweepKernel.class, ScalarSweep.INSTANCE,
                mayRunSimd() ? new SwitchingSweep(ScalarSweep.INSTANCE, null) : null);

        static boolean warmUp() {
            return SELECTION.warmUp(SELECTION.forcedSimd() == null ? null
                    : new SwitchingSweep(ScalarSweep.INSTANCE, SELECTION.forcedSimd()));
        }
    }
}
