package dev.sepax.spark.compare;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.spark.executor.TaskMetrics;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerStageCompleted;
import org.apache.spark.scheduler.StageInfo;

/**
 * Where a join's time goes, stage by stage, from Spark's own task metrics: tasks, summed task
 * run time, CPU time and GC time, shuffle bytes written, bytes spilled. CPU time is what the
 * stages cost whatever else the machine runs, so it, not wall time, shows whether a stage scales
 * linearly with the input on a shared host. Registered on the SparkContext's listener bus;
 * {@link #mark()} starts a new run, {@link #print} prints the stages completed since.
 */
final class StageTimes extends SparkListener {
    private record Stage(String name, int tasks, long runMs, long cpuNs, long gcMs, long shuffleWritten, long spilled) {}

    private final List<Stage> stages = new ArrayList<>();

    @Override
    public synchronized void onStageCompleted(SparkListenerStageCompleted event) {
        StageInfo s = event.stageInfo();
        TaskMetrics m = s.taskMetrics();
        String name = s.name();
        int at = name.indexOf(" at ");
        stages.add(new Stage(at > 0 ? name.substring(0, at) : name, s.numTasks(), m.executorRunTime(),
                m.executorCpuTime(), m.jvmGCTime(), m.shuffleWriteMetrics().bytesWritten(),
                m.memoryBytesSpilled() + m.diskBytesSpilled()));
    }

    /** Forgets the stages seen so far. */
    synchronized void mark() {
        stages.clear();
    }

    /** Prints the stages completed since {@link #mark()}, then their totals. */
    synchronized void print(String what, PrintStream out) {
        out.printf(Locale.ROOT, "  %-12s %-28s %6s %9s %9s %8s %10s %9s%n", what, "stage", "tasks", "run s", "cpu s",
                "gc s", "shuffle MB", "spill MB");
        long run = 0;
        long cpu = 0;
        long gc = 0;
        for (Stage s : stages) {
            out.printf(Locale.ROOT, "  %-12s %-28s %6d %9.2f %9.2f %8.2f %10.1f %9.1f%n", "", s.name(), s.tasks(),
                    s.runMs() / 1e3, s.cpuNs() / 1e9, s.gcMs() / 1e3, s.shuffleWritten() / 1e6, s.spilled() / 1e6);
            run += s.runMs();
            cpu += s.cpuNs();
            gc += s.gcMs();
        }
        out.printf(Locale.ROOT, "  %-12s %-28s %6s %9.2f %9.2f %8.2f%n", "", "total", "", run / 1e3, cpu / 1e9, gc / 1e3);
    }
}
