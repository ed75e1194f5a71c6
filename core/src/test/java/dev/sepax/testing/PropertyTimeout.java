package dev.sepax.testing;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.lifecycle.AroundPropertyHook;
import net.jqwik.api.lifecycle.PropertyExecutionResult;
import net.jqwik.api.lifecycle.PropertyExecutor;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;
import org.junit.jupiter.api.Timeout;

/**
 * JUnit's {@link Timeout} for jqwik properties and examples, which jqwik itself does not honour.
 * Register it on a test class with {@code @AddLifecycleHook(PropertyTimeout.class)}; it reads the
 * class's (or the method's) {@code @Timeout}, so one annotation bounds every test of the class.
 *
 * <p>When a property runs past its limit, its thread is interrupted: a property blocked in a
 * wait then fails with a message naming the limit. If it has not returned 30 s later (a busy
 * loop ignores interrupts), every thread's stack is printed and the JVM halts, so that the build
 * fails with a diagnosis instead of hanging.
 */
public final class PropertyTimeout implements AroundPropertyHook {
    private static final long GRACE_MILLIS = 30_000;

    @Override
    public PropertyExecutionResult aroundProperty(PropertyLifecycleContext context, PropertyExecutor property) {
        Timeout t = context.targetMethod().getAnnotation(Timeout.class);
        if (t == null) {
            t = context.containerClass().getAnnotation(Timeout.class);
        }
        if (t == null) {
            throw new IllegalStateException(context.containerClass().getName()
                    + " registers PropertyTimeout but has no @Timeout");
        }
        long limit = t.unit().toMillis(t.value());
        String label = context.extendedLabel();
        Thread runner = Thread.currentThread();
        Watchdog dog = new Watchdog(runner, label, limit);
        dog.start();
        PropertyExecutionResult result;
        try {
            result = property.execute();
        } finally {
            dog.done = true;
            dog.interrupt();
        }
        if (dog.fired) {
            Thread.interrupted(); // clear an interrupt the property did not consume
            return result.mapToFailed(new AssertionError(label + " ran past its timeout of " + limit + " ms"));
        }
        return result;
    }

    private static final class Watchdog extends Thread {
        private final Thread runner;
        private final String label;
        private final long limit;
        volatile boolean done;
        volatile boolean fired;

        Watchdog(Thread runner, String label, long limit) {
            super("property-timeout");
            setDaemon(true);
            this.runner = runner;
            this.label = label;
            this.limit = limit;
        }

        @Override
        public void run() {
            try {
                Thread.sleep(limit);
            } catch (InterruptedException finished) {
                return;
            }
            if (done) {
                return;
            }
            fired = true;
            System.err.println("TIMEOUT: " + label + " ran past " + limit + " ms; interrupting it");
            runner.interrupt();
            try {
                TimeUnit.MILLISECONDS.sleep(GRACE_MILLIS);
            } catch (InterruptedException finished) {
                return;
            }
            if (done) {
                return;
            }
            System.err.println("TIMEOUT: " + label + " ignored the interrupt; thread dump, then halt");
            for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
                System.err.println("\"" + e.getKey().getName() + "\" " + e.getKey().getState());
                for (StackTraceElement f : e.getValue()) {
                    System.err.println("    at " + f);
                }
            }
            System.err.flush();
            Runtime.getRuntime().halt(3);
        }
    }
}
