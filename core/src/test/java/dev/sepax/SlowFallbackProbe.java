package dev.sepax;

/**
 * Child-JVM entry for {@link SlowFallbackWarningTest}: asks for several facade kernels, waits for
 * their warm-ups, and prints whether SIMD serves and the names the kernels settled on.
 */
public final class SlowFallbackProbe {
    private SlowFallbackProbe() {}

    public static void main(String[] args) {
        // Asked before the warm-up, so that warmUp() warms each of them too.
        Sepax.overlap();
        Sepax.distance();
        Sepax.cast();
        Sepax.penetration();
        boolean simd = Sepax.warmUp();
        System.out.println("warm=" + simd + " " + Sepax.overlap().name() + " " + Sepax.distance().name() + " "
                + Sepax.cast().name() + " " + Sepax.penetration().name());
    }
}
