package sandbox_jvm;

import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Running a student's JUnit tester (JUnit 4 or Jupiter) the way JUnit would, without JUnit's
 * runners: the test methods are found by their annotations' names (JUnitPlan), and called by
 * reflection, one new instance of the class per test, with the class's set-up and tear-down
 * methods around them.
 *
 * Why not JUnit's own launcher: it reads configuration files and system properties, discovers
 * engines with ServiceLoader, makes methods accessible, starts threads for timeouts, and would
 * run inside the guard as student code; the part of it a tester of this lab uses (find the
 * tests, call them in order, note the first that fails) is this class.
 *
 * What it runs, in order: the static set-up (@BeforeClass / @BeforeAll, a superclass's first);
 * then each test (@Test, @RepeatedTest n times) in alphabetical order of its name, each on a
 * new instance: @Before / @BeforeEach (a superclass's first), the test, @After / @AfterEach
 * (always, a subclass's first); then @AfterClass / @AfterAll. @Ignore / @Disabled tests are
 * skipped, as are tests that stop on a failed assumption (Assume, Assumptions). JUnit 4's
 * {@code @Test(expected = X.class)} and {@code @Test(timeout = ms)} and Jupiter's @Timeout are
 * honoured; a timeout is judged when the test returns (a test that never returns is the
 * grader's deadline for the whole run, as for a main tester). @TestInstance(PER_CLASS) gives
 * one instance for all tests.
 *
 * How a run ends, as a main tester's: it stops at the first test that fails or raises, or at a
 * System.exit anywhere (a real JVM would end there); it passes when every test ran and passed.
 * Features it does not run (rules, runners, extensions, parameterized and nested tests, test
 * methods with parameters) are named in the reply rather than guessed at.
 */
final class JUnit {
    private JUnit() {
    }

    /** A test that returned after its own time limit (JUnit 4 names it the same way). */
    static final class TestTimedOutException extends AssertionError {
        private static final long serialVersionUID = 1L;

        TestTimedOutException(String message) {
            super(message);
        }
    }

    /** Runs the plan's tests; fills {@code reply} as Tester does for a main tester. */
    static Map<String, Object> run(Session session, Class<?> c, JUnitPlan plan, Map<String, Object> reply) {
        reply.put("style", "junit");
        reply.put("tests", (long) plan.tests.size());
        reply.put("skipped", (long) plan.skipped);
        if (plan.unsupported != null) {
            reply.put("passed", false);
            reply.put("how", "unsupported");
            reply.put("feature", plan.unsupported);
            return reply;
        }
        if (plan.tests.isEmpty()) {
            reply.put("passed", true);
            reply.put("how", "no tests");
            return reply;
        }
        session.guard.clearExit();
        String failedIn = null;
        Throwable failure = null;
        long ran = 0;
        Object shared = null;
        String step = c.getSimpleName();
        try {
            if (plan.perClass) {
                shared = construct(c, plan);
            }
            for (Method m : plan.beforeAll) {
                step = m.getName();
                call(m, shared);
            }
        } catch (Throwable e) {
            failedIn = step;
            failure = e;
        }
        if (failure == null && !exited(session)) {
            tests:
            for (Method test : plan.tests) {
                for (int i = 0; i < repetitions(test); i++) {
                    ran++;
                    Throwable error = runOne(session, c, test, plan, shared);
                    if (exited(session)) {
                        break tests;
                    }
                    if (error != null && !aborted(error)) {
                        failedIn = test.getName();
                        failure = error;
                        break tests;
                    }
                }
            }
        }
        if (!exited(session)) {
            for (Method m : plan.afterAll) {
                try {
                    call(m, shared);
                } catch (Throwable e) {
                    if (failure == null) {
                        failedIn = m.getName();
                        failure = e;
                    }
                }
                if (exited(session)) {
                    break;
                }
            }
        }
        reply.put("ran", ran);
        Integer exit = session.guard.exitAsked();
        if (exit != null) {
            Throwable shown = session.guard.exitThrown();
            reply.put("passed", false);
            reply.put("how", "exit");
            reply.put("exit_code", (long) exit);
            reply.put("error", Failures.describe(shown != null ? shown : new Guard.ExitAttempt(exit), session.own));
        } else if (failure != null) {
            reply.put("passed", false);
            reply.put("how", "raised");
            reply.put("test", failedIn);
            reply.put("error", Failures.describe(failure, session.own));
        } else {
            reply.put("passed", true);
            reply.put("how", ran == 0 ? "no tests" : "returned");
        }
        return reply;
    }

    /** One test on its own instance, with set-up and tear-down; its failure, or null. */
    private static Throwable runOne(Session session, Class<?> c, Method test, JUnitPlan plan, Object shared) {
        Object target = shared;
        Throwable failure = null;
        try {
            if (target == null) {
                target = construct(c, plan);
            }
            for (Method m : plan.beforeEach) {
                call(m, target);
            }
        } catch (Throwable e) {
            failure = e;
        }
        if (failure == null && !exited(session)) {
            long started = System.nanoTime();
            Throwable raised = null;
            try {
                call(test, target);
            } catch (Throwable e) {
                raised = e;
            }
            failure = exited(session) ? null : expected(test, c, raised, System.nanoTime() - started);
        }
        for (Method m : plan.afterEach) {
            if (exited(session) || target == null) {
                break;
            }
            try {
                call(m, target);
            } catch (Throwable e) {
                failure = failure == null ? e : failure;
            }
        }
        return failure;
    }

    private static Object construct(Class<?> c, JUnitPlan plan) throws Throwable {
        if (plan.constructor == null) {
            throw new NoSuchMethodException(c.getSimpleName() + " has no constructor without parameters: JUnit makes"
                    + " a new " + c.getSimpleName() + "() for each test");
        }
        return Invoke.run(plan.constructor, null, new Object[0]);
    }

    private static void call(Method m, Object target) throws Throwable {
        boolean isStatic = Modifier.isStatic(m.getModifiers());
        if (!isStatic && target == null) {
            throw new IllegalStateException(m.getName() + "() must be static: it runs once for the whole class, "
                    + "before or after every test");
        }
        Invoke.run(m, isStatic ? null : target, new Object[0]);
    }

    private static boolean exited(Session session) {
        return session.guard.exitAsked() != null;
    }

    private static int repetitions(Method test) {
        for (Annotation a : JUnitPlan.annotations(test)) {
            if (a.annotationType().getName().equals(JUnitPlan.J5 + "RepeatedTest")) {
                Object value = JUnitPlan.attribute(a, "value");
                return value instanceof Integer ? Math.max(0, Math.min((Integer) value, 10_000)) : 1;
            }
        }
        return 1;
    }

    private static boolean aborted(Throwable error) {
        for (Class<?> k = error.getClass(); k != null; k = k.getSuperclass()) {
            if (JUnitPlan.ABORTED.contains(k.getName())) {
                return true;
            }
        }
        return false;
    }

    /**
     * The test's outcome once its expectations are applied: JUnit 4's {@code expected} turns
     * the named exception into a pass and its absence into a failure; a time limit (JUnit 4's
     * {@code timeout}, Jupiter's @Timeout on the test or its class) fails a test that took longer.
     */
    private static Throwable expected(Method test, Class<?> c, Throwable raised, long nanos) {
        Throwable outcome = raised;
        long limitNanos = 0;
        for (Annotation a : JUnitPlan.annotations(test)) {
            String name = a.annotationType().getName();
            if (name.equals(JUnitPlan.J4 + "Test")) {
                Object expected = JUnitPlan.attribute(a, "expected");
                if (expected instanceof Class && !((Class<?>) expected).getName().equals(JUnitPlan.J4 + "Test$None")) {
                    Class<?> wanted = (Class<?>) expected;
                    if (raised == null) {
                        return new AssertionError("Expected exception: " + wanted.getName());
                    }
                    outcome = wanted.isInstance(raised) ? null : raised;
                }
                Object timeout = JUnitPlan.attribute(a, "timeout");
                if (timeout instanceof Long && (Long) timeout > 0) {
                    limitNanos = TimeUnit.MILLISECONDS.toNanos((Long) timeout);
                }
            } else if (name.equals(JUnitPlan.J5 + "Timeout")) {
                limitNanos = timeout(a);
            }
        }
        if (limitNanos == 0) {
            for (Annotation a : JUnitPlan.annotations(c)) {
                if (a.annotationType().getName().equals(JUnitPlan.J5 + "Timeout")) {
                    limitNanos = timeout(a);
                }
            }
        }
        if (outcome == null && limitNanos > 0 && nanos > limitNanos) {
            return new TestTimedOutException(test.getName() + "() timed out after "
                    + TimeUnit.NANOSECONDS.toMillis(limitNanos) + " milliseconds");
        }
        return outcome;
    }

    private static long timeout(Annotation a) {
        Object value = JUnitPlan.attribute(a, "value");
        Object unit = JUnitPlan.attribute(a, "unit");
        if (!(value instanceof Long) || (Long) value <= 0) {
            return 0;
        }
        return (unit instanceof TimeUnit ? (TimeUnit) unit : TimeUnit.SECONDS).toNanos((Long) value);
    }

    /** The reply for a class that imports JUnit but has no test at all (the Python side says so). */
    static Map<String, Object> empty(Map<String, Object> reply) {
        reply.put("style", "junit");
        reply.put("tests", 0L);
        reply.put("passed", true);
        reply.put("how", "no tests");
        return reply;
    }

}
