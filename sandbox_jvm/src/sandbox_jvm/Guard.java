package sandbox_jvm;

import java.io.FilePermission;
import java.lang.reflect.ReflectPermission;
import java.nio.file.LinkPermission;
import java.security.Permission;
import java.util.Set;

/**
 * Containment inside the JVM, done with Java 17's (deprecated but working) SecurityManager.
 * Java 17 lets install() run by default; Java 18 to 23 only with -Djava.security.manager=allow
 * (always passed, see README); Java 24 has no SecurityManager left, and install() then throws,
 * so the worker never runs unguarded.
 *
 * It refuses what would break *this* process's promises: ending the JVM (System.exit,
 * Runtime.halt), reaching the private channel (stdin/stdout by descriptor, or through /proc or
 * /dev however spelled), undoing the guard (a new SecurityManager, System.setOut, setAccessible
 * on our classes, another class loader), touching threads other than the student's own, and
 * starting other programs. Files are allowed by FilePolicy, deny by default, on real paths;
 * making links is refused. Sockets, properties and public reflection stay allowed: the Python
 * side contains the process (no network at the namespaces level, rlimits, a user of its own).
 *
 * "Student code" is decided from the call stack: a request is refused when any frame on it
 * belongs to a class the student's loader defined (or a test library's, LibraryLoader), stopping (as Java's own AccessController
 * does) at the caller of a doPrivileged: the JDK making a lambda for the student sets things
 * accessible inside one, and that must keep working. Our own code never has a student frame
 * below it except while it is calling into the student, so it keeps every right.
 */
@SuppressWarnings("removal")
final class Guard extends SecurityManager {

    /** Thrown instead of ending the JVM; reported as an error of type SystemExit. */
    static final class ExitAttempt extends SecurityException {
        private static final long serialVersionUID = 1L;
        final int code;

        ExitAttempt(int code) {
            super(Integer.toString(code));
            this.code = code;
        }
    }

    /** RuntimePermission names refused to student code. */
    private static final Set<String> REFUSED = Set.of(
            "setIO", "setSecurityManager", "createSecurityManager", "createClassLoader",
            "getClassLoader", "setContextClassLoader", "shutdownHooks", "setFactory",
            "writeFileDescriptor", "readFileDescriptor", "setDefaultUncaughtExceptionHandler",
            "enableContextClassLoaderOverride", "stopThread",
            // JVM-wide state a later test would see (RunState): the preferences tree, other
            // processes' handles (ProcessHandle.current() tells the JVM's start, so its uptime).
            "preferences", "manageProcess");

    /**
     * Permissions refused whole, by class name (their modules need not be loaded to be named):
     * each guards JVM-wide state that outlives a test (the logging configuration, the
     * management API's counters, the JDBC log) and that no lab needs.
     */
    private static final Set<String> REFUSED_KINDS = Set.of("java.util.logging.LoggingPermission",
            "java.lang.management.ManagementPermission", "javax.management.MBeanPermission",
            "javax.management.MBeanServerPermission", "javax.management.MBeanTrustPermission",
            "java.sql.SQLPermission");

    private volatile boolean exitAllowed;
    /** The last exit code student code asked for since clearExit(); null when none. */
    private volatile Integer exitAsked;
    /** What we threw for it, kept for its stack (a student may catch it and go on). */
    private volatile ExitAttempt exitThrown;
    /** Threads student code has created (constructed; most are then started) since load. */
    private final java.util.concurrent.atomic.AtomicInteger threadsCreated =
            new java.util.concurrent.atomic.AtomicInteger();
    private volatile ThreadGroup studentThreads;
    /** Built before the guard is installed, while only our code runs. */
    final FilePolicy files = new FilePolicy();

    static Guard install() {
        // Loaded now: a class of ours first loaded inside a check would be read from disk, which
        // asks this guard again, before it could answer.
        StudentLoader.untrusted(Guard.class);
        Guard guard = new Guard();
        guard.files.allows("/", "read");
        System.setSecurityManager(guard);
        return guard;
    }

    /** Our own way out at the end of input; nothing else may end the JVM. */
    void exit(int code) {
        exitAllowed = true;
        Runtime.getRuntime().halt(code);
    }

    void newThreadGroup(ThreadGroup group) {
        studentThreads = group;
        threadsCreated.set(0);
    }

    ThreadGroup threadGroupOfStudent() {
        return studentThreads;
    }

    int threadsCreated() {
        return threadsCreated.get();
    }

    Integer exitAsked() {
        return exitAsked;
    }

    ExitAttempt exitThrown() {
        return exitThrown;
    }

    void clearExit() {
        exitAsked = null;
        exitThrown = null;
    }

    /**
     * Not frame.getClassLoader(): with a SecurityManager installed that call itself asks for a
     * permission (our loader is no ancestor of the student's), which would bring us back here.
     */
    private boolean studentOnStack() {
        boolean privileged = false;
        for (Class<?> frame : getClassContext()) {
            if (frame == java.security.AccessController.class) {
                privileged = true; // the JDK vouches for what it does inside doPrivileged...
                continue;
            }
            if (StudentLoader.untrusted(frame)) {
                return true;
            }
            if (privileged) {
                return false; // ...on behalf of the frame that called it, and no frame further out
            }
        }
        return false;
    }

    @Override
    public void checkExit(int status) {
        if (exitAllowed) {
            return;
        }
        ExitAttempt attempt = new ExitAttempt(status);
        exitThrown = attempt;
        exitAsked = status; // remembered even if the student catches what we throw
        throw attempt;
    }

    @Override
    public void checkExec(String cmd) {
        throw new SecurityException("starting programs is not allowed here: " + cmd);
    }

    @Override
    public void checkPermission(Permission perm) {
        if (perm instanceof FilePermission) {
            if (!files.allows(perm.getName(), perm.getActions()) && studentOnStack()) {
                throw new SecurityException("not allowed in the grader's sandbox: " + perm.getName()
                        + " (" + perm.getActions() + ")");
            }
            return;
        }
        if (!isGuarded(perm)) {
            return; // the common case, kept cheap: no stack walk
        }
        if (studentOnStack()) {
            throw new SecurityException("not allowed in the grader's sandbox: " + perm.getName()
                    + (perm.getActions().isEmpty() ? "" : " (" + perm.getActions() + ")"));
        }
    }

    @Override
    public void checkPermission(Permission perm, Object context) {
        checkPermission(perm);
    }

    private static boolean isGuarded(Permission perm) {
        if (perm instanceof RuntimePermission) {
            String name = perm.getName();
            return REFUSED.contains(name) || name.startsWith("loadLibrary.")
                    || name.startsWith("accessClassInPackage.") || name.startsWith("defineClassInPackage.");
        }
        if (perm instanceof ReflectPermission) {
            return perm.getName().equals("suppressAccessChecks"); // no setAccessible for students
        }
        if (perm instanceof java.net.NetPermission) { // setDefault of ProxySelector, CookieHandler, ...
            return perm.getName().startsWith("set");
        }
        if (perm instanceof javax.net.ssl.SSLPermission) { // SSLContext.setDefault, setDefaultHostnameVerifier
            return perm.getName().startsWith("set");
        }
        if (perm instanceof java.security.SecurityPermission) { // Security.setProperty, insertProvider, ...
            return !perm.getName().startsWith("get");
        }
        if (perm instanceof java.io.SerializablePermission) { // the JVM-wide serial filter, set once
            return perm.getName().equals("serialFilter");
        }
        // A link made by the student could point an allowed name at the channel after the check.
        return perm instanceof LinkPermission || REFUSED_KINDS.contains(perm.getClass().getName());
    }

    /** New threads made while student code runs on the main thread join the student's group. */
    @Override
    public ThreadGroup getThreadGroup() {
        ThreadGroup group = studentThreads;
        if (group != null && studentOnStack()) {
            threadsCreated.incrementAndGet();
            return group;
        }
        return super.getThreadGroup();
    }

    @Override
    public void checkAccess(Thread t) {
        // The thread running the student's call may rename itself and the like; other threads
        // outside the student's group (the JVM's own) are not the student's to change.
        if (t != Thread.currentThread() && !inStudentGroup(t.getThreadGroup()) && studentOnStack()) {
            throw new SecurityException("student code may only change its own threads");
        }
    }

    @Override
    public void checkAccess(ThreadGroup g) {
        if (!inStudentGroup(g) && studentOnStack()) {
            throw new SecurityException("student code may only change its own thread group");
        }
    }

    private boolean inStudentGroup(ThreadGroup g) {
        ThreadGroup mine = studentThreads;
        return g != null && mine != null && (g == mine || mine.parentOf(g));
    }
}
