package dev.sepax.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.lifecycle.AroundPropertyHook;
import net.jqwik.api.lifecycle.PropagationMode;
import net.jqwik.api.lifecycle.PropertyExecutionResult;
import net.jqwik.api.lifecycle.PropertyExecutor;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;

/**
 * The jqwik counterpart of JUnit's {@code @Timeout} (which jqwik ignores): each property of the
 * annotated class must finish within {@link #seconds()}.
 *
 * <p>jqwik runs a property only on its own thread, so the limit is kept by a watchdog: past the
 * limit it interrupts the property's thread (a property blocked in a wait or sleep then fails),
 * and a property that still has not returned {@link #GRACE_SECONDS} later is treated as a hang:
 * the watchdog prints its name and halts the test JVM, so the build fails instead of waiting
 * forever. A property that returns after its limit fails with a message naming it.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@AddLifecycleHook(value = PropertyTimeout.Hook.class, propagateTo = PropagationMode.ALL_DESCENDANTS)
public @interface PropertyTimeout {
    /** Seconds between the interrupt and halting the JVM. */
    int GRACE_SECONDS = 30;

    /** Time limit per property, seconds. */
    int seconds();

    /** The hook behind the annotation. */
    final class Hook implements AroundPropertyHook {
        @Override
        public PropertyExecutionResult aroundProperty(PropertyLifecycleContext context, PropertyExecutor property) {
            PropertyTimeout limit = context.containerClass().getAnnotation(PropertyTimeout.class);
            int seconds = limit != null ? limit.seconds() : 60;
            String name = context.label();
            Thread runner = Thread.currentThread();
            CountDownLatch done = new CountDownLatch(1);
            Thread watchdog = new Thread(() -> {
                try {
                    if (done.await(seconds, TimeUnit.SECONDS)) {
                        return;
                    }
                    runner.interrupt();
                    if (!done.await(GRACE_SECONDS, TimeUnit.SECONDS)) {
                        System.err.println("property " + name + " hangs: past its " + seconds + " s timeout and "
                                + GRACE_SECONDS + " s after an interrupt; halting the test JVM");
                        Runtime.getRuntime().halt(3);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "timeout of " + name);
            watchdog.setDaemon(true);
            long start = System.nanoTime();
            watchdog.start();
            PropertyExecutionResult result;
            try {
                result = property.execute();
            } finally {
                done.countDown();
            }
            Thread.interrupted(); // an interrupt that arrived as the property returned is not for later tests
            double took = (System.nanoTime() - start) / 1e9;
            if (took > seconds && result.status() == PropertyExecutionResult.Status.SUCCESSFUL) {
                return result.mapToFailed("property " + name + " took " + took + " s, over its " + seconds + " s timeout");
            }
            return result;
        }
    }
}
