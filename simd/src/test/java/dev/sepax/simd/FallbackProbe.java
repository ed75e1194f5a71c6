package dev.sepax.simd;

import dev.sepax.Sepax;

/** Child-JVM entry for {@link FallbackTest}: asks for the kernel three times, prints the names. */
public final class FallbackProbe {
    private FallbackProbe() {}

    public static void main(String[] args) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 3; i++) {
            sb.append(i == 0 ? "" : " ").append(Sepax.overlap().name());
        }
        System.out.println(sb);
    }
}
