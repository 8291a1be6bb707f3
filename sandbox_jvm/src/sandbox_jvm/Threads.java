package sandbox_jvm;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;

/**
 * The JVM's live threads, cheaply. Thread.getAllStackTraces() asks the JVM for every thread and
 * then walks every thread's stack at a safepoint; the walk is nearly all of its cost, and the
 * worker asks at every load and at every test's end, where only the threads themselves (or the
 * stacks of a few of them) are needed. The list comes from Thread's own private getThreads(),
 * the same list getAllStackTraces starts from, reached once at start-up while only our code is
 * running (java.lang is opened to us on the command line: grader/java/worker.py). Where it
 * cannot be reached, getAllStackTraces is used, as before.
 */
final class Threads {
    private static final Method GET_THREADS = find();

    private Threads() {
    }

    private static Method find() {
        try {
            Method method = Thread.class.getDeclaredMethod("getThreads");
            method.setAccessible(true);
            return method;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /** Every thread the JVM has started and that has not ended (some may end meanwhile). */
    static List<Thread> all() {
        if (GET_THREADS != null) {
            try {
                return Arrays.asList((Thread[]) GET_THREADS.invoke(null));
            } catch (ReflectiveOperationException | RuntimeException e) {
                // fall through to the public way
            }
        }
        return List.copyOf(Thread.getAllStackTraces().keySet());
    }
}
