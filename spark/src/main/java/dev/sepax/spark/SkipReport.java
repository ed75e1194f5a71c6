package dev.sepax.spark;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.spark.SparkContext;
import org.apache.spark.rdd.RDD;
import org.apache.spark.scheduler.AccumulableInfo;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobEnd;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.StageInfo;
import org.apache.spark.storage.RDDInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Logs, at the end of each Spark job that computes a join's result, one warning per dataset
 * that had rows skipped in that job. The job's count is the sum of its successful tasks' updates
 * to the dataset's accumulator, read from the task-end events, so it does not depend on when the
 * listener thread gets to the events, nor on other jobs counting at the same time.
 *
 * <p>One listener per join under {@link BadRows#SKIP}, on the SparkContext's shared listener
 * queue. A listener cannot remove itself (removing a queue's last listener from its own thread
 * would wait for that thread), so each join removes the listeners of earlier results that have
 * been garbage-collected. Events arrive on Spark's listener thread, one at a time; the
 * registration list is guarded by its own lock.
 */
final class SkipReport extends SparkListener {
    static final Logger LOG = LoggerFactory.getLogger(SepaxSpatialJoin.class);

    private static final List<SkipReport> LIVE = new ArrayList<>();

    private final SparkContext sc;
    private final WeakReference<RDD<?>> result;
    private final int resultId;
    /** Accumulator id to dataset name. */
    private final Map<Long, String> datasets;
    private final Map<Integer, Integer> stageJob = new ConcurrentHashMap<>();
    private final Map<Integer, Map<String, Long>> jobCounts = new ConcurrentHashMap<>();

    private SkipReport(SparkContext sc, RDD<?> result, Map<Long, String> datasets) {
        this.sc = sc;
        this.result = new WeakReference<>(result);
        this.resultId = result.id();
        this.datasets = Map.copyOf(datasets);
    }

    /** Reports the skipped rows of {@code datasets} (accumulator id to name) in every job that computes {@code result}. */
    static void watch(SparkContext sc, RDD<?> result, Map<Long, String> datasets) {
        synchronized (LIVE) {
            LIVE.removeIf(r -> {
                if (r.sc.isStopped()) {
                    return true;
                }
                if (r.result.get() == null) {
                    r.sc.removeSparkListener(r);
                    return true;
                }
                return false;
            });
            SkipReport r = new SkipReport(sc, result, datasets);
            sc.addSparkListener(r);
            LIVE.add(r);
        }
    }

    /** The line logged for {@code count} skipped rows of {@code dataset}. */
    static void log(String dataset, long count, String when) {
        LOG.warn("Sepax join: dataset={}: {} row(s) skipped {} (BadRows.SKIP; SepaxSpatialJoin.rejects lists them"
                + " with their reasons)", dataset, count, when);
    }

    @Override
    public void onJobStart(SparkListenerJobStart start) {
        List<StageInfo> stages = CollectionConverters.asJava(start.stageInfos());
        boolean ours = false;
        for (StageInfo stage : stages) {
            for (RDDInfo rdd : CollectionConverters.asJava(stage.rddInfos())) {
                ours |= rdd.id() == resultId;
            }
        }
        if (ours) {
            jobCounts.put(start.jobId(), new ConcurrentHashMap<>());
            for (StageInfo stage : stages) {
                stageJob.put(stage.stageId(), start.jobId());
            }
        }
    }

    @Override
    public void onTaskEnd(SparkListenerTaskEnd end) {
        Integer job = stageJob.get(end.stageId());
        Map<String, Long> counts = job == null ? null : jobCounts.get(job);
        if (counts == null || end.taskInfo() == null || !end.taskInfo().successful()) {
            return;
        }
        for (AccumulableInfo a : CollectionConverters.asJava(end.taskInfo().accumulables())) {
            String dataset = datasets.get(a.id());
            if (dataset != null && a.update().isDefined() && a.update().get() instanceof Number n) {
                counts.merge(dataset, n.longValue(), Long::sum);
            }
        }
    }

    @Override
    public void onJobEnd(SparkListenerJobEnd end) {
        Map<String, Long> counts = jobCounts.remove(end.jobId());
        if (counts == null) {
            return;
        }
        stageJob.values().removeIf(j -> j == end.jobId());
        counts.forEach((dataset, n) -> {
            if (n > 0) {
                log(dataset, n, "by Spark job " + end.jobId());
            }
        });
    }
}
