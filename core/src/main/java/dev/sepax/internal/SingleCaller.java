package dev.sepax.internal;

import java.util.concurrent.atomic.AtomicReference;

/**
 * The busy flag of an object that keeps per-call state in fields and so serves one caller at a
 * time ({@code OneVsMany}, {@code ParallelSat}, {@code SweepAndPrune}). {@link #enter()} claims it
 * with one compare-and-set and {@link #exit()} releases it, so a second caller that arrives while
 * a call is running fails at once with an {@link IllegalStateException} naming the class and the
 * rule, before it touches any state: the running call's results stay correct. Cheap enough to
 * leave on (one CAS and one volatile write per call, no allocation).
 *
 * <p>Calls from different threads one after the other are allowed: the CAS and the release
 * order them, so each call sees the fields the previous one left.
 */
public final class SingleCaller {
    private final String owner;
    private final AtomicReference<Thread> running = new AtomicReference<>();

    /** A flag for instances of the class named {@code owner}. */
    public SingleCaller(String owner) {
        this.owner = owner;
    }

    /**
     * Claims the instance for the calling thread.
     *
     * @throws IllegalStateException if a call is already running, naming both threads
     */
    public void enter() {
        Thread me = Thread.currentThread();
        if (!running.compareAndSet(null, me)) {
            throw busy(me, running.get());
        }
    }

    /** Releases the instance; call in a {@code finally} after a successful {@link #enter()}. */
    public void exit() {
        assert running.get() == Thread.currentThread() : owner + " released by a thread that does not hold it";
        running.set(null);
    }

    private IllegalStateException busy(Thread me, Thread other) {
        String who = other == me ? "a reentrant call from the same thread (" + me.getName() + ")"
                : "thread " + me.getName() + " called while thread " + (other == null ? "?" : other.getName())
                        + " was inside";
        return new IllegalStateException(owner + ": one caller at a time (an instance keeps per-call state in"
                + " its fields); " + who + ". Give each thread its own " + owner + ".");
    }
}
