package dev.sepax.simd;

import dev.sepax.Sepax;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.List;

/**
 * Child JVM of {@link FacadeWarmUpTest}, in the automatic mode: runs every facade kernel of
 * {@link FacadeBatches} on its batch before and after {@link Sepax#warmUp()} and prints one line
 * per kernel, {@code K LABEL: before=same after=same}, where {@code same} means the scalar
 * reference's bits ({@code different} otherwise); for each of the {@link FacadeBatches#SWITCHES}
 * kernels with a warm-up switch it adds {@code serving=simd|scalar} (the kernel the switch serves
 * after the warm-up), {@code name=} that kernel's {@code name()} and {@code firstMs=}, how long
 * its first warm-up attempt ran. Then {@code cap=C warm=W ms=M attempts=A}: the switch's per-
 * attempt cap ({@code SwitchingKernel.MAX_WARM_NANOS}) in ms, the result of {@code warmUp()}, how
 * long it took, and how many warm-up attempts had started by then.
 *
 * <p>The switch's state is package-private in {@code dev.sepax}; on the class path this probe and
 * core share the unnamed module, so reflection reads it. A switch's {@code name()} is the name of
 * the kernel it settles on, not of the one it serves, hence {@code current}.
 */
public final class FacadeWarmUpProbe {
    private FacadeWarmUpProbe() {}

    public static void main(String[] args) throws Exception {
        Class<?> switching = Class.forName("dev.sepax.SwitchingKernel");
        Field current = accessible(switching.getDeclaredField("current"));
        Field simdField = accessible(switching.getDeclaredField("simd"));
        Field attempts = accessible(switching.getDeclaredField("attempts"));
        Method unsettled = switching.getDeclaredMethod("isUnsettled");
        unsettled.setAccessible(true);
        long capMillis = accessible(switching.getDeclaredField("MAX_WARM_NANOS")).getLong(null) / 1_000_000;

        FacadeBatches batches = new FacadeBatches();
        List<String> labels = FacadeBatches.LABELS;
        int n = labels.size();
        int switches = FacadeBatches.SWITCHES;
        Object[] scalar = FacadeBatches.scalar();
        List<List<Object>> want = new java.util.ArrayList<>();
        for (int k = 0; k < n; k++) {
            want.add(batches.run(k, scalar[k]));
        }
        // Taking the facade kernels starts nothing; their first calls (below) start the warm-ups.
        Object[] facade = FacadeBatches.facade();
        for (int k = 0; k < switches; k++) {
            if (!switching.isInstance(facade[k])) {
                throw new AssertionError(labels.get(k) + ": not a warm-up switch but " + facade[k].getClass());
            }
        }
        // Each switch's first attempt, from when it starts (its attempt count turns 1, inside the
        // lock that lets one warm-up run at a time) to when the switch settles: sampled every 5 ms.
        long[] firstStart = new long[switches];
        long[] firstEnd = new long[switches];
        Thread monitor = new Thread(() -> {
            try {
                while (!Thread.currentThread().isInterrupted()) {
                    long now = System.nanoTime();
                    for (int k = 0; k < switches; k++) {
                        if (firstStart[k] == 0 && attempts.getInt(facade[k]) > 0) {
                            firstStart[k] = now;
                        }
                        if (firstEnd[k] == 0 && !(Boolean) unsettled.invoke(facade[k])) {
                            firstEnd[k] = now;
                            if (firstStart[k] == 0) {
                                firstStart[k] = now;
                            }
                        }
                    }
                    Thread.sleep(5);
                }
            } catch (InterruptedException e) {
                // done
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        });
        monitor.setDaemon(true);
        monitor.start();

        String[] before = new String[n];
        for (int k = 0; k < n; k++) {
            before[k] = FacadeBatches.sameBits(want.get(k), batches.run(k, facade[k])) ? "same" : "different";
        }
        long t0 = System.nanoTime();
        boolean warm = Sepax.warmUp();
        long ms = (System.nanoTime() - t0) / 1_000_000;
        int started = 0;
        for (int k = 0; k < switches; k++) {
            started += attempts.getInt(facade[k]);
        }
        // Settled switches are seen within one sampling period.
        Thread.sleep(20);
        monitor.interrupt();
        monitor.join();

        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < n; k++) {
            boolean after = FacadeBatches.sameBits(want.get(k), batches.run(k, facade[k]));
            sb.append(k).append(' ').append(labels.get(k)).append(": before=").append(before[k]).append(" after=")
                    .append(after ? "same" : "different");
            if (k < switches) {
                Object serving = current.get(facade[k]);
                Object simd = simdField.get(facade[k]);
                String servingName = (String) serving.getClass().getMethod("name").invoke(serving);
                sb.append(" serving=").append(simd != null && serving == simd ? "simd" : serving == scalar[k] ? "scalar"
                        : "other(" + serving.getClass().getName() + ")").append(" name=").append(servingName)
                        .append(" firstMs=").append(firstEnd[k] == 0 ? -1 : (firstEnd[k] - firstStart[k]) / 1_000_000);
            }
            sb.append('\n');
        }
        sb.append("cap=").append(capMillis).append(" warm=").append(warm).append(" ms=").append(ms).append(" attempts=")
                .append(started).append('\n');
        System.out.print(sb);
    }

    private static Field accessible(Field f) {
        f.setAccessible(true);
        return f;
    }
}
