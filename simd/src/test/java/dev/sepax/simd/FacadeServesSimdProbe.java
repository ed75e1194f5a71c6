package dev.sepax.simd;

import dev.sepax.Sepax;
import dev.sepax.narrow.DistanceKernel;
import dev.sepax.narrow.GjkAcceleration;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

/**
 * Child JVM of {@link FacadeServesSimdTest}, under {@code -Dsepax.kernel=simd}: for every facade
 * kernel of {@link FacadeBatches}, prints {@code K LABEL: instance=I name=N before=B after=A},
 * where {@code I} is whether the facade returned this module's kernel itself (the
 * {@code INSTANCE}, or {@code VectorDistance.of(mode)}), {@code N} its {@code name()}, and
 * {@code B}, {@code A} whether its batch gave the scalar reference's bits ({@code same}) before
 * and after {@link Sepax#warmUp()}, the facade being asked again after it. Then
 * {@code cap=C warm=W ms=M}: the per-kernel warm-up cap in ms, {@code warmUp()}'s result and how
 * long it took.
 */
public final class FacadeServesSimdProbe {
    private FacadeServesSimdProbe() {}

    /** This module's kernels, in the order of {@link FacadeBatches#LABELS}. */
    private static Object[] simd() {
        List<Object> k = new ArrayList<>(List.of(VectorSat.INSTANCE, VectorExactSat.INSTANCE, VectorPenetration.INSTANCE,
                VectorSweep.INSTANCE, VectorManifolds.INSTANCE, VectorTransform.INSTANCE, VectorDistance.INSTANCE,
                VectorRoundedPenetration.INSTANCE, VectorRoundedManifolds.INSTANCE, VectorCast.INSTANCE,
                VectorHullSat.INSTANCE, VectorHullPenetration.INSTANCE, VectorObbSat.INSTANCE));
        for (GjkAcceleration mode : GjkAcceleration.values()) {
            k.add(VectorDistance.of(mode));
        }
        return k.toArray();
    }

    public static void main(String[] args) throws Exception {
        if (!"simd".equals(System.getProperty("sepax.kernel"))) {
            throw new IllegalStateException("run with -Dsepax.kernel=simd");
        }
        var capField = Class.forName("dev.sepax.SwitchingKernel").getDeclaredField("MAX_WARM_NANOS");
        capField.setAccessible(true);
        long capMillis = capField.getLong(null) / 1_000_000;
        FacadeBatches batches = new FacadeBatches();
        List<String> labels = FacadeBatches.LABELS;
        int n = labels.size();
        Object[] scalar = FacadeBatches.scalar();
        Object[] expected = simd();
        Object[] facade = FacadeBatches.facade();
        List<List<Object>> want = new ArrayList<>();
        String[] before = new String[n];
        for (int k = 0; k < n; k++) {
            want.add(batches.run(k, scalar[k]));
            before[k] = FacadeBatches.sameBits(want.get(k), batches.run(k, facade[k])) ? "same" : "different";
        }
        long t0 = System.nanoTime();
        boolean warm = Sepax.warmUp();
        long ms = (System.nanoTime() - t0) / 1_000_000;
        Object[] again = FacadeBatches.facade();
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < n; k++) {
            Method name = facade[k].getClass().getMethod("name");
            boolean instance = facade[k] == expected[k] && again[k] == expected[k];
            if (k >= FacadeBatches.SWITCHES) {
                GjkAcceleration mode = GjkAcceleration.values()[k - FacadeBatches.SWITCHES];
                instance &= ((DistanceKernel) facade[k]).acceleration() == mode;
            }
            boolean after = FacadeBatches.sameBits(want.get(k), batches.run(k, again[k]));
            sb.append(k).append(' ').append(labels.get(k)).append(": instance=").append(instance).append(" name=")
                    .append(name.invoke(facade[k])).append(" before=").append(before[k]).append(" after=")
                    .append(after ? "same" : "different").append('\n');
        }
        sb.append("cap=").append(capMillis).append(" warm=").append(warm).append(" ms=").append(ms).append('\n');
        System.out.print(sb);
    }
}
