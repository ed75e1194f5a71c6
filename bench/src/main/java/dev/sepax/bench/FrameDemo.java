package dev.sepax.bench;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The demo's physics-frame section: {@link FrameEngines.SepaxFrame} on {@code F<bodies>} for a
 * number of frames, then the median time of each stage (pose transform, persistent broad
 * phase, boolean test, contact manifolds) over the second half of the frames, when the JIT has
 * compiled the kernels. Wall-clock timings of one run on whatever machine runs the demo: the
 * frame benchmark ({@code ./sepax bench --include FrameBenchmark}) gives the comparable figures.
 */
final class FrameDemo {
    private FrameDemo() {}

    /** Runs the frames, prints the breakdown, returns it for the JSON report. */
    static Map<String, Object> run(int bodies, int frames, PrintStream out, PrintStream err) {
        FrameEngines.SepaxFrame frame = new FrameEngines.SepaxFrame(new FrameScene(bodies, 42)).timed();
        int measured = frames / 2;
        long[][] stage = new long[5][measured];
        long churn = 0;
        long refits = 0;
        int points = 0;
        for (int f = 0; f < frames; f++) {
            if (f % 50 == 0) {
                err.printf("\r[demo] physics frame %d/%d            ", f, frames);
            }
            points = frame.frame();
            int m = f - (frames - measured);
            if (m >= 0) {
                long total = 0;
                for (int s = 0; s < 4; s++) {
                    stage[s][m] = frame.stageNanos[s];
                    total += frame.stageNanos[s];
                }
                stage[4][m] = total;
                churn += frame.broad().addedCount() + frame.broad().removedCount();
                refits += frame.broad().refitCount();
            }
        }
        err.println();
        String[] names = {"transform (" + dev.sepax.Sepax.transform().name() + ")", "broad (PersistentBroadPhase)", "narrow (" + Kernels.selected().name() + " test)",
            "manifolds (" + dev.sepax.Sepax.manifolds().name() + ")", "frame"};
        long[] median = new long[5];
        for (int s = 0; s < 5; s++) {
            long[] v = stage[s].clone();
            Arrays.sort(v);
            median[s] = v[measured / 2];
        }
        out.printf("physics frame: F%d (%d moving boxes, triangles, 3..8-gons), median of frames %d..%d%n",
                bodies, bodies, frames - measured, frames - 1);
        out.printf("%-36s %10s %7s  %s%n", "stage", "time us", "share", "note");
        String[] notes = {
            "one pass over all vertices",
            String.format("%d live pairs; per frame %.0f refits, %.1f pairs added or removed",
                    frame.pairs(), refits / (double) measured, churn / (double) measured),
            frame.hits() + " intersecting pairs (touching included)",
            points + " contact points",
            "sum of the stage medians is " + (median[0] + median[1] + median[2] + median[3]) / 1000 + " us",
        };
        Map<String, Object> report = new LinkedHashMap<>();
        report.put("bodies", bodies);
        report.put("frames", frames);
        String[] keys = {"transformMicros", "broadMicros", "narrowMicros", "manifoldsMicros", "frameMicros"};
        for (int s = 0; s < 5; s++) {
            out.printf("%-36s %10.1f %6.0f%%  %s%n", names[s], median[s] / 1e3, 100.0 * median[s] / median[4], notes[s]);
            report.put(keys[s], median[s] / 1e3);
        }
        report.put("livePairs", frame.pairs());
        report.put("hits", frame.hits());
        report.put("contactPoints", points);
        return report;
    }
}
