package sandbox_jvm;

import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a tester class holds for JUnit (JUnit.java runs it): its tests and the methods around
 * them, found by their annotations' names, so that the worker needs no JUnit on its own class
 * path; and the first thing it uses that the grader does not run. Finding them runs none of the
 * class's code (no class is initialised). {@code junit} false: not a JUnit class.
 */
final class JUnitPlan {
    static final String J4 = "org.junit.";
    static final String J5 = "org.junit.jupiter.api.";

    private static final Set<String> TEST = Set.of(J4 + "Test", J5 + "Test", J5 + "RepeatedTest");
    private static final Set<String> BEFORE_EACH = Set.of(J4 + "Before", J5 + "BeforeEach");
    private static final Set<String> AFTER_EACH = Set.of(J4 + "After", J5 + "AfterEach");
    private static final Set<String> BEFORE_ALL = Set.of(J4 + "BeforeClass", J5 + "BeforeAll");
    private static final Set<String> AFTER_ALL = Set.of(J4 + "AfterClass", J5 + "AfterAll");
    private static final Set<String> SKIP = Set.of(J4 + "Ignore", J5 + "Disabled");
    /** A failure of one of these is a test that chose not to run (an assumption), not a failure. */
    static final Set<String> ABORTED = Set.of("org.junit.AssumptionViolatedException",
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

    private JUnitPlan() {
    }

    /**
     * The plan, or null when reflection on the class failed (a member whose type cannot be
     * loaded, say): the class is then run as a main tester, whose own error says what is wrong.
     */
    static JUnitPlan of(Class<?> c) {
        try {
            return plan(c);
        } catch (RuntimeException | LinkageError e) {
            return null;
        }
    }

    private static JUnitPlan plan(Class<?> c) {
        JUnitPlan plan = new JUnitPlan();
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

    private static void note(JUnitPlan plan, String annotation, String where) {
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

    static Annotation[] annotations(AnnotatedElement element) {
        try {
            return element.getDeclaredAnnotations();
        } catch (RuntimeException | LinkageError e) {
            return new Annotation[0];
        }
    }

    static Object attribute(Annotation a, String name) {
        try {
            return a.annotationType().getMethod(name).invoke(a);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }
}
