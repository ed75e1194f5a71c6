package dev.sepax.simd;

import dev.sepax.Sepax;
import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.narrow.ScalarSat;
import dev.sepax.shape.ConvexPolygons;

/**
 * Child JVM of {@link KernelPropertyTest}: asks the facade twice and prints, per call, the kernel
 * name or the exception's class and message; with argument {@code warm}, also the result of
 * {@link Sepax#warmUp()} and whether the facade's verdicts equal the scalar kernel's.
 */
public final class KernelPropertyProbe {
    private KernelPropertyProbe() {}

    public static void main(String[] args) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 2; i++) {
            try {
                sb.append(Sepax.overlap().name()).append('\n');
            } catch (Throwable e) {
                sb.append(e.getClass().getName()).append(": ").append(e.getMessage()).append('\n');
            }
        }
        if (args.length > 0 && args[0].equals("warm")) {
            ConvexPolygons s = ConvexPolygons.of(new float[] {0, 0, 2, 0, 0, 2}, new float[] {1, 1, 3, 1, 1, 3},
                    new float[] {5, 5, 6, 5, 6, 6});
            PairBatch pairs = PairBatch.of(new int[] {0, 0, 1}, new int[] {1, 2, 2}, s);
            OverlapBits expected = new OverlapBits(3);
            ScalarSat.INSTANCE.test(s, pairs, 0f, expected);
            OverlapBits before = new OverlapBits(3);
            Sepax.overlap().test(s, pairs, 0f, before);
            boolean warm = Sepax.warmUp();
            OverlapBits after = new OverlapBits(3);
            Sepax.overlap().test(s, pairs, 0f, after);
            sb.append("warm=").append(warm).append(" same=")
                    .append(expected.firstDifference(before, 3) == -1 && expected.firstDifference(after, 3) == -1)
                    .append('\n');
        }
        System.out.print(sb);
    }
}
