package sandbox_jvm;

import java.lang.annotation.Annotation;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Running a student's JUnit tester (JUnit 4 or Jupiter) the way JUnit would, without JUnit's
 * runners: the test methods are found by their annotations' names (so this class needs no
 * JUnit on its own class path), and called by reflection, one new instance of the class per
 * test, with the class's set-up and tear-down methods around them.
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

    private static final String J4 = "org.junit.";
    private static final String J5 = "org.junit.jupiter.api.";

    private static final Set<String> TEST = Set.of(J4 + "Test", J5 + "Test", J5 + "RepeatedTest");
    private static final Set<String> BEFORE_EACH = Set.of(J4 + "Before", J5 + "BeforeEach");
    private static final Set<String> AFTER_EACH = Set.of(J4 + "After", J5 + "AfterEach");
    private static final Set<String> BEFORE_ALL = Set.of(J4 + "BeforeClass", J5 + "BeforeAll");
    private static final Set<String> AFTER_ALL = Set.of(J4 + "AfterClass", J5 + "AfterAll");
    private static final Set<String> SKIP = Set.of(J4 + "Ignore", J5 + "Disabled");
    /** A failure of one of these is a test that chose not to run (an assumption), not a failure. */
    private static final Set<String> ABORTED = Set.of("org.junit.AssumptionViolatedException",
            "org.junit.internal.AssumptionViolatedException", "org.opentest4j.TestAbortedException");
    /** What this class does not run, by annotation, and how the reply names it. */
    private static final Map<String, String> UNSUPPORTED = Map.ofEntries(
            Map.entry(J4 + "Rule", "@Rule"), Map.entry(J4 + "ClassRule", "@ClassRule"),
            Map.entry("org.junit.runner.RunWith", "@RunWith"),
            Map.entry("org.junit.experimental.theories.Theory", "@Theory"),
            Map.entry("org.junit.jupiter.params.ParameterizedTest", "@ParameterizedTest"),
            Map.entry(J5 + "TestFactory", "@TestFactory"), Map.entry(J5 + "TestTemplate", "@TestTemplate"),
            Map.entry(J5 + "Nested", "@Nested"), Map.entry(J5 + "extension.ExtendWith", "@ExtendWith"),
            Map.entry(J5 + "extension.RegisterExtension", "@RegisterExtension"));

    /** The tests of a class and what runs around them; {@code junit} false: not a JUnit class. */
    static final class Plan {
        boolean junit;
        final List<Method> tests = new ArrayList<>();
        final List<Method> beforeEach = new ArrayList<>();
        final List<Method> afterEach = new ArrayList<>();
        final List<Method> beforeAll = new ArrayList<>();
        final List<Method> afterAll = new ArrayList<>();
        int skipped;
        boolean perClass;
        String unsupported;
        Constructor<?> constructor;
    }

    /** A test that returned after its own time limit (JUnit 4 names it the same way). */
    static final class TestTimedOutException extends AssertionError {
        private static final long serialVersionUID = 1L;

        TestTimedOutException(String message) {
            super(message);
        }
    }

    /**
     * The plan, or null when reflection on the class failed (a member whose type cannot be
     * loaded, say): the class is then run as a main tester, whose own error says what is wrong.
     */
    static Plan planOf(Class<?> c) {
        try {
            return plan(c);
        } catch (RuntimeException | LinkageError e) {
            return null;
        }
    }

    /** What the class holds for JUnit; never runs any of its code (no class initialisation). */
    static Plan plan(Class<?> c) {
        Plan plan = new Plan();
        for (Annotation a : annotations(c)) {
            String name = a.annotationType().getName();
            note(plan, name, "the class " + c.getSimpleName());
            if (name.equals(J5 + "TestInstance")) {
                plan.perClass = "PER_CLASS".equals(String.valueOf(attribute(a, "value")));
            }
        }
        for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                for (Annotation a : annotations(f)) {
                    note(plan, a.annotationType().getName(), "the field " + f.getName());
                }
            }
            for (Class<?> member : k.getDeclaredClasses()) {
                for (Annotation a : annotations(member)) {
                    note(plan, a.annotationType().getName(), "the class " + member.getSimpleName());
                }
            }
        }
        for (Method m : methods(c)) {
            Set<String> names = new HashSet<>();
            for (Annotation a : annotations(m)) {
                names.add(a.annotationType().getName());
                note(plan, a.annotationType().getName(), m.getName() + "()");
            }
            boolean lifecycle = false;
            if (!Collections.disjoint(names, TEST)) {
                plan.junit = true;
                if (!Collections.disjoint(names, SKIP)) {
                    plan.skipped++;
                    continue;
                }
                plan.tests.add(m);
                lifecycle = true;
            }
            lifecycle |= add(plan.beforeEach, m, names, BEFORE_EACH) | add(plan.afterEach, m, names, AFTER_EACH)
                    | add(plan.beforeAll, m, names, BEFORE_ALL) | add(plan.afterAll, m, names, AFTER_ALL);
            if (lifecycle) {
                plan.junit = true;
                if (m.getParameterCount() > 0 && plan.unsupported == null) {
                    plan.unsupported = "a method with parameters (" + m.getName() + ")";
                }
                m.trySetAccessible(); // our frames only: JUnit too calls methods of any visibility
            }
        }
        plan.tests.sort(Comparator.comparing(Method::getName));
        Collections.reverse(plan.beforeEach); // found subclass first; a superclass's run first
        Collections.reverse(plan.beforeAll);
        try {
            plan.constructor = c.getDeclaredConstructor();
            plan.constructor.trySetAccessible();
        } catch (NoSuchMethodException | LinkageError e) {
            plan.constructor = null;
        }
        return plan;
    }

    private static boolean add(List<Method> list, Method m, Set<String> names, Set<String> kinds) {
        if (Collections.disjoint(names, kinds)) {
            return false;
        }
        list.add(m);
        return true;
    }

    private static void note(Plan plan, String annotation, String where) {
        String label = UNSUPPORTED.get(annotation);
        if (label != null) {
            plan.junit = true;
            if (plan.unsupported == null) {
                plan.unsupported = label + " (on " + where + ")";
            }
        }
    }

    /** Every method JUnit would consider: declared in the class or a superclass, not overridden. */
    private static List<Method> methods(Class<?> c) {
        List<Method> found = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
            Method[] declared = k.getDeclaredMethods();
            Arrays.sort(declared, Comparator.comparing(Method::toString));
            for (Method m : declared) {
                if (!m.isSynthetic() && !m.isBridge() && seen.add(m.getName() + Arrays.toString(m.getParameterTypes()))) {
                    found.add(m);
                }
            }
        }
        return found;
    }

    private static Annotation[] annotations(java.lang.reflect.AnnotatedElement element) {
        try {
            return element.getDeclaredAnnotations();
        } catch (RuntimeException | LinkageError e) {
            return new Annotation[0];
        }
    }

    private static Object attribute(Annotation a, String name) {
        try {
            return a.annotationType().getMethod(name).invoke(a);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /** Runs the plan's tests; fills {@code reply} as Tester does for a main tester. */
    static Map<String, Object> run(Session session, Class<?> c, Plan plan, Map<String, Object> reply) {
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
    private static Throwable runOne(Session session, Class<?> c, Method test, Plan plan, Object shared) {
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

    private static Object construct(Class<?> c, Plan plan) throws Throwable {
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
        for (Annotation a : annotations(test)) {
            if (a.annotationType().getName().equals(J5 + "RepeatedTest")) {
                Object value = attribute(a, "value");
                return value instanceof Integer ? Math.max(0, Math.min((Integer) value, 10_000)) : 1;
            }
        }
        return 1;
    }

    private static boolean aborted(Throwable error) {
        for (Class<?> k = error.getClass(); k != null; k = k.getSuperclass()) {
            if (ABORTED.contains(k.getName())) {
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
        for (Annotation a : annotations(test)) {
            String name = a.annotationType().getName();
            if (name.equals(J4 + "Test")) {
                Object expected = attribute(a, "expected");
                if (expected instanceof Class && !((Class<?>) expected).getName().equals(J4 + "Test$None")) {
                    Class<?> wanted = (Class<?>) expected;
                    if (raised == null) {
                        return new AssertionError("Expected exception: " + wanted.getName());
                    }
                    outcome = wanted.isInstance(raised) ? null : raised;
                }
                Object timeout = attribute(a, "timeout");
                if (timeout instanceof Long && (Long) timeout > 0) {
                    limitNanos = TimeUnit.MILLISECONDS.toNanos((Long) timeout);
                }
            } else if (name.equals(J5 + "Timeout")) {
                limitNanos = timeout(a);
            }
        }
        if (limitNanos == 0) {
            for (Annotation a : annotations(c)) {
                if (a.annotationType().getName().equals(J5 + "Timeout")) {
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
        Object value = attribute(a, "value");
        Object unit = attribute(a, "unit");
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
