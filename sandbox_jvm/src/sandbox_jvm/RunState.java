package sandbox_jvm;

import java.io.File;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TimeZone;

/**
 * What one test may leave in the JVM for the next, taken before any student code runs and put
 * back at every load. A warm JVM serves test after test (and every run of a student's tester),
 * so anything a test can change and a later one can read would carry a count from run to run:
 * "pass in the first two runs" would then pass the correct versions (run first) and fail every
 * wrong one.
 *
 * Put back here: the system properties, the default Locale and TimeZone (String.format("%.2f")
 * gives "0,50" under a German one), the worker thread's name, priority and uncaught-exception
 * handler, the counters behind "Thread-N" names and thread ids (when no thread made since the
 * start is alive, so no id is ever shared), java.util.Random's count of unseeded Randoms, and the
 * files: the folders named by the system
 * property {@code sandbox_jvm.scratch} (the grader names the JVM's home, which is also its
 * working and temporary folder) are emptied. Only folders named there are ever emptied: a JVM
 * started by hand, in a folder of someone's, deletes nothing. Static fields need nothing: each
 * load has a class loader of its own. Refused outright by the Guard instead: shutdown hooks,
 * the default uncaught-exception handler, the JDK's settable defaults (ProxySelector,
 * CookieHandler, ResponseCache, Authenticator), security properties and providers, logging
 * control, preferences, the serial filter, process handles; and the management API, which
 * counts classes, threads and collections over the JVM's life, is not loadable (StudentLoader).
 */
final class RunState {
    /** The system property naming the folders to empty at every load (path-separated). */
    static final String SCRATCH = "sandbox_jvm.scratch";

    private final Properties properties = (Properties) System.getProperties().clone();
    private final Locale locale = Locale.getDefault();
    private final TimeZone timeZone = TimeZone.getDefault();
    private final Thread worker = Thread.currentThread();
    private final String workerName = worker.getName();
    private final int workerPriority = worker.getPriority();
    /** The counters of Thread (java.lang is opened to us); null when this JDK has other ones. */
    private final Field threadNumber = counter("threadInitNumber");
    private final Field threadId = counter("threadSeqNumber");
    private final Object threadNumberAtStart = read(threadNumber);
    private final Object threadIdAtStart = read(threadId);
    /**
     * java.util.Random's seedUniquifier (java.util is opened to us), a count of every Random made
     * without a seed (the JDK's, and a class of the student's that extends Random), recoverable
     * from the first numbers such a Random draws; null when this JDK has no such field.
     */
    private final java.util.concurrent.atomic.AtomicLong uniquifier = uniquifier();
    private final long uniquifierAtStart = uniquifier == null ? 0 : uniquifier.get();
    private final List<File> scratch = new ArrayList<>();

    RunState() {
        String named = properties.getProperty(SCRATCH, "");
        for (String folder : named.split(File.pathSeparator)) {
            File file = new File(folder).getAbsoluteFile();
            if (!folder.isEmpty() && file.isDirectory() && file.toPath().normalize().getNameCount() >= 2) {
                scratch.add(file);
            }
        }
    }

    /**
     * Everything back as it was at start. {@code fresh}: no thread made since the start is
     * alive, so the thread counters may start again without two live threads sharing an id.
     * Returns what could not be put back (empty when all was).
     */
    Map<String, Object> restore(boolean fresh) {
        Map<String, Object> failed = new LinkedHashMap<>();
        System.setProperties((Properties) properties.clone());
        Locale.setDefault(locale);
        TimeZone.setDefault(timeZone);
        if (Thread.currentThread() == worker) {
            worker.setName(workerName);
            worker.setPriority(workerPriority);
            worker.setUncaughtExceptionHandler(null);
        }
        if (threadNumber == null || threadId == null) {
            failed.put("thread_counters", "not found in this JDK");
        } else if (fresh) {
            try {
                synchronized (Thread.class) { // the lock Thread takes for both counters
                    threadNumber.set(null, threadNumberAtStart);
                    threadId.set(null, threadIdAtStart);
                }
            } catch (IllegalAccessException e) {
                failed.put("thread_counters", e.toString());
            }
        }
        if (uniquifier == null) {
            failed.put("random_uniquifier", "not found in this JDK");
        } else {
            uniquifier.set(uniquifierAtStart);
        }
        for (File folder : scratch) {
            for (File child : children(folder)) {
                if (!remove(child, 0)) {
                    failed.put("files", "could not empty " + folder);
                }
            }
        }
        return failed;
    }

    /** Whether every thread alive now was alive at the start. */
    static boolean onlyThreadsOf(Set<Thread> atStart) {
        for (Thread thread : Threads.all()) {
            if (!atStart.contains(thread) && thread.isAlive()) {
                return false;
            }
        }
        return true;
    }

    private static Field counter(String name) {
        try {
            Field field = Thread.class.getDeclaredField(name);
            field.setAccessible(true);
            return field;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    private static java.util.concurrent.atomic.AtomicLong uniquifier() {
        try {
            Field field = java.util.Random.class.getDeclaredField("seedUniquifier");
            field.setAccessible(true);
            return (java.util.concurrent.atomic.AtomicLong) field.get(null);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    private static Object read(Field field) {
        try {
            return field == null ? null : field.get(null);
        } catch (IllegalAccessException e) {
            return null;
        }
    }

    private static File[] children(File folder) {
        File[] children = folder.listFiles();
        return children == null ? new File[0] : children;
    }

    /**
     * Deletes a file or a whole tree, never following a link (student code cannot make one, but
     * a link is removed, not entered), making each folder usable first (a tester may have taken
     * its own permissions away).
     */
    private static boolean remove(File file, int depth) {
        if (depth < 64 && file.isDirectory() && !java.nio.file.Files.isSymbolicLink(file.toPath())) {
            file.setReadable(true, true);
            file.setWritable(true, true);
            file.setExecutable(true, true);
            for (File child : children(file)) {
                remove(child, depth + 1);
            }
        }
        return file.delete() || !file.exists();
    }
}
