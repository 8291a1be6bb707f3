package sandbox_jvm;

import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one load sets up and the next load throws away: the class loader (and with it every
 * static field), the handles, the student's thread group and the seeds.
 *
 * A warm JVM serves test after test this way; a Python worker gets the same clean start by
 * being forked from the zygote.
 */
final class Session {
    final Guard guard;
    final Output output;

    StudentLoader loader;
    /** The test libraries of this load (JUnit), or null when it has none. */
    private LibraryLoader library;
    Handles handles = new Handles();
    /** Simple name -> class, for the top-level classes of the classpath. */
    final Map<String, Class<?>> classes = new LinkedHashMap<>();
    /** The student's own classes (frames of others are never shown); null: every class. */
    Set<String> own;
    boolean assertions = true;

    /** The record of a tester's calls into the lab's sealed classes (Recorder.java); null when none. */
    Recorder recorder;

    /** What a test may leave for the next, put back at every load (RunState). */
    private final RunState runState;

    /** The threads alive before any student code ran: ours and the JDK's. */
    private final Set<Thread> ownThreads;

    Session(Guard guard, Output output) {
        this.guard = guard;
        this.output = output;
        this.runState = new RunState();
        this.ownThreads = Set.copyOf(Threads.all());
    }

    /**
     * {"op": "load", "classpath": [dirs or jars], "student": [class names], "seed": n,
     * "assertions": true, "sources": [dirs], "sealed": {binary name: base64 class file},
     * "libraries": [jars]}; only the classpath is required. Libraries (JUnit's jars) are
     * loaded by a LibraryLoader of this load, the student loader's parent. Sealed classes are defined from the bytes given and from
     * nowhere else (StudentLoader): no file of theirs is in the JVM's reach.
     */
    Map<String, Object> load(Map<String, Object> request) throws Exception {
        int lingering = stopStudentThreads();
        recorder = null;
        classes.clear();
        handles = new Handles();
        if (loader != null) {
            loader.close(); // its classes go when nothing holds them; no later request can
        }
        if (library != null) {
            library.close();
        }
        loader = null;
        library = null;
        output.take(); // what the previous test printed is not this test's output
        Map<String, Object> notRestored = runState.restore(RunState.onlyThreadsOf(ownThreads));

        @SuppressWarnings("unchecked")
        List<String> classpath = (List<String>) request.getOrDefault("classpath", new ArrayList<>());
        // "student": class names (Deck); "own", as the Python zygote's load says it: file names
        // (Deck.java). Either way the set holds class names.
        Object student = request.containsKey("student") ? request.get("student") : request.get("own");
        own = null;
        if (student != null) {
            own = new HashSet<>();
            for (String name : strings(student)) {
                own.add(name.endsWith(".java") ? name.substring(0, name.length() - 5) : name);
            }
        }
        Failures.sources = new SourceLines((List<?>) request.get("sources"));
        List<String> libraries = request.get("libraries") instanceof List
                ? strings(request.get("libraries")) : new ArrayList<>();
        List<String> readable = new ArrayList<>(classpath);
        readable.addAll(libraries);
        if (request.get("sources") instanceof List) {
            readable.addAll(strings(request.get("sources")));
        }
        guard.files.allowForLoad(readable); // a class loaded lazily is read with student frames on the stack
        assertions = !Boolean.FALSE.equals(request.get("assertions"));
        guard.newThreadGroup(new ThreadGroup("student"));
        // A fresh loader for the libraries too: none of their static fields outlives the load.
        library = libraries.isEmpty() ? null : LibraryLoader.over(libraries);
        loader = StudentLoader.over(classpath, sealed(request.get("sealed")), assertions,
                library != null ? library : ClassLoader.getPlatformClassLoader());
        // Code that asks for "the context class loader" (ServiceLoader, some JDK helpers) gets the
        // student's own, which it may hold, rather than ours, which the guard would refuse.
        Thread.currentThread().setContextClassLoader(loader);

        List<Object> loaded = new ArrayList<>();
        List<Object> unloadable = new ArrayList<>();
        for (String name : loader.topLevelNames()) {
            try {
                // Defined, not initialised: static initialisers run at the first call, so their
                // errors belong to that call, as an import error would in Python.
                Class<?> c = Class.forName(name, false, loader);
                classes.put(c.getSimpleName(), c);
                loaded.add(name);
            } catch (LinkageError | ClassNotFoundException e) {
                Map<String, Object> failed = new LinkedHashMap<>();
                failed.put("class", name);
                failed.put("error", Failures.describe(e, own));
                unloadable.add(failed);
            }
        }
        Object seed = request.get("seed");
        Map<String, Object> reply = new LinkedHashMap<>();
        reply.put("ok", loaded);
        long seedValue = seed instanceof Number ? ((Number) seed).longValue() : 0L;
        Map<String, Object> seeding = Seeding.seed(seedValue);
        try {
            loader.seedRandoms(Seeding.derive(seedValue, 5));
            seeding.put("new_random", Boolean.TRUE);
        } catch (ReflectiveOperationException | LinkageError e) {
            seeding.put("new_random", "not seeded: " + e);
        }
        reply.put("seeding", seeding);
        if (!loader.sealedNames().isEmpty()) {
            recorder = Recording.attach(loader, request.get("transcript"), Seeding.derive(seedValue, 6));
        }
        if (!unloadable.isEmpty()) {
            reply.put("unloadable", unloadable);
        }
        if (lingering > 0) {
            reply.put("stopped_threads", lingering);
        }
        if (!notRestored.isEmpty()) {
            reply.put("not_restored", notRestored);
        }
        return reply;
    }

    /** The sealed classes of a load request: binary name -> class file (base64 in the request). */
    private static Map<String, byte[]> sealed(Object given) {
        Map<String, byte[]> sealed = new LinkedHashMap<>();
        if (given instanceof Map) {
            for (Map.Entry<?, ?> entry : ((Map<?, ?>) given).entrySet()) {
                sealed.put(String.valueOf(entry.getKey()), Base64.getDecoder().decode(String.valueOf(entry.getValue())));
            }
        }
        return sealed;
    }

    private static List<String> strings(Object list) {
        List<String> out = new ArrayList<>();
        for (Object item : (List<?>) list) {
            out.add(String.valueOf(item));
        }
        return out;
    }

    /**
     * Threads the previous test's code left running would keep its state alive and could print
     * into this test's output: they are stopped. Thread.stop is deprecated but still works on
     * Java 17, and a thread that ignores it (catching ThreadDeath in a loop) is the Python
     * side's timeout to handle.
     */
    @SuppressWarnings({"deprecation", "removal"})
    private int stopStudentThreads() {
        ThreadGroup group = guard.threadGroupOfStudent();
        if (group == null) {
            return 0;
        }
        Thread[] threads = new Thread[group.activeCount() + 8];
        int count = group.enumerate(threads, true);
        for (int i = 0; i < count; i++) {
            threads[i].stop();
        }
        return count;
    }

    /** Live threads student code started (0 when none). */
    int liveStudentThreads() {
        ThreadGroup group = guard.threadGroupOfStudent();
        return group == null ? 0 : group.activeCount();
    }

    /**
     * Every thread a test may have left behind, counted thoroughly (at the end of a test, not on
     * every reply): the student's group, plus any thread the JVM did not have at start (a
     * common-pool worker running a student's task, a Cleaner a student made), plus any of the
     * JVM's own threads that is running student code right now (a student's finalize() that
     * never returns holds the Finalizer thread). The grader replaces the JVM when this is not 0.
     */
    int lingeringThreads() {
        int count = liveStudentThreads();
        ThreadGroup group = guard.threadGroupOfStudent();
        // One list of threads, then the stacks of our own threads only, in one walk: a new
        // thread counts whatever it runs, so its stack is never needed.
        boolean ownNeedLooking = false;
        for (Thread thread : Threads.all()) {
            if (thread == Thread.currentThread() || !thread.isAlive()
                    || (group != null && inGroup(thread, group))) {
                continue;
            }
            if (!ownThreads.contains(thread)) {
                count++;
            } else {
                ownNeedLooking = true;
            }
        }
        if (ownNeedLooking) {
            for (Map.Entry<Thread, StackTraceElement[]> entry : Thread.getAllStackTraces().entrySet()) {
                Thread thread = entry.getKey();
                if (thread != Thread.currentThread() && ownThreads.contains(thread) && thread.isAlive()
                        && (group == null || !inGroup(thread, group)) && runsStudentCode(entry.getValue())) {
                    count++;
                }
            }
        }
        return count;
    }

    private static boolean inGroup(Thread thread, ThreadGroup group) {
        ThreadGroup its = thread.getThreadGroup();
        return its != null && (its == group || group.parentOf(its));
    }

    private static boolean runsStudentCode(StackTraceElement[] stack) {
        for (StackTraceElement frame : stack) {
            if (StudentLoader.NAME.equals(frame.getClassLoaderName())) {
                return true;
            }
        }
        return false;
    }

    /** The class a module name stands for: elevens_board -> ElevensBoard. */
    Class<?> module(String name) {
        if (loader == null) {
            throw new IllegalStateException("nothing is loaded yet: send a load request first");
        }
        String spelling = Names.pick(classes.keySet(), name, "the classpath");
        if (spelling == null) {
            throw new Names.NameNotFound("no class answers to the module name '" + name + "'; loaded: "
                    + String.join(", ", classes.keySet()));
        }
        return classes.get(spelling);
    }

    /** The class whose simple name answers to a tester's name (DeckTester, deck_tester). */
    Class<?> classNamed(String name) {
        return module(name);
    }

}
