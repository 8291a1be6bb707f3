package sandbox_jvm;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.TreeSet;

/**
 * The grader's one naming rule (sandbox_runtime/workers/names.py), for Java members.
 *
 * Requests say snake_case (is_empty, find_jqk, point_value). A Java name answers when it is
 * spelled the same once underscores are dropped and case is ignored: isEmpty, findJQK,
 * pointValue. The exact spelling wins over a loose one; two loose spellings (isEmpty and
 * isempty) make the request ambiguous, and the error names both. Overloads of one name are not
 * ambiguous: they are one name, and the arguments choose among them (Invoke).
 *
 * Which members a target has: every public method and field it inherits from anywhere, and
 * every declared one, of any visibility, of the classes in its hierarchy that the student's
 * loader defined (a Python suite may reach a helper the Java student made private).
 */
final class Names {
    private Names() {
    }

    /**
     * Named like the Python error, so the two sandboxes report the same type. {@code owner} and
     * {@code wanted} (when a member was looked for) go into the error's data, so the grader can
     * name the method in the student's language (Failures).
     */
    static final class NameNotFound extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final String owner;
        final String wanted;
        final List<String> several;

        NameNotFound(String message) {
            this(message, null, null, List.of());
        }

        NameNotFound(String message, String owner, String wanted, List<String> several) {
            super(message);
            this.owner = owner;
            this.wanted = wanted;
            this.several = several;
        }
    }

    static String squash(String name) {
        return name.replace("_", "").toLowerCase(java.util.Locale.ROOT);
    }

    /** The spelling among {@code names} that answers to {@code wanted}, or null when none. */
    static String pick(Collection<String> names, String wanted, String owner) {
        if (names.contains(wanted)) {
            return wanted;
        }
        String key = squash(wanted);
        TreeSet<String> matches = new TreeSet<>();
        for (String name : names) {
            if (squash(name).equals(key)) {
                matches.add(name);
            }
        }
        if (matches.size() > 1) {
            throw new NameNotFound(owner + " has several methods that could be '" + wanted + "': "
                    + String.join(", ", matches), owner, wanted, new ArrayList<>(matches));
        }
        return matches.isEmpty() ? null : matches.first();
    }

    static NameNotFound missing(String owner, String wanted) {
        return new NameNotFound(owner + " has no method or attribute called '" + wanted + "'", owner, wanted, List.of());
    }

    private static boolean ours(Class<?> c) {
        return StudentLoader.defined(c);
    }

    /*
     * Reflection copies its arrays on every call, and "sample" may ask for the same members a
     * million times, so each class's members are collected once, made accessible once, and
     * kept in ClassValues (which let a discarded load's classes be collected).
     */
    private static final ClassValue<List<Method>> ALL_METHODS = new ClassValue<>() {
        @Override
        protected List<Method> computeValue(Class<?> c) {
            return List.copyOf(collectMethods(c, false));
        }
    };
    private static final ClassValue<List<Method>> STATIC_METHODS = new ClassValue<>() {
        @Override
        protected List<Method> computeValue(Class<?> c) {
            return List.copyOf(collectMethods(c, true));
        }
    };
    private static final ClassValue<List<Field>> ALL_FIELDS = new ClassValue<>() {
        @Override
        protected List<Field> computeValue(Class<?> c) {
            return List.copyOf(collectFields(c, false));
        }
    };
    private static final ClassValue<List<Field>> STATIC_FIELDS = new ClassValue<>() {
        @Override
        protected List<Field> computeValue(Class<?> c) {
            return List.copyOf(collectFields(c, true));
        }
    };
    private static final ClassValue<List<Constructor<?>>> CONSTRUCTORS = new ClassValue<>() {
        @Override
        protected List<Constructor<?>> computeValue(Class<?> c) {
            List<Constructor<?>> made = new ArrayList<>();
            for (Constructor<?> k : c.getDeclaredConstructors()) {
                if (!k.isSynthetic()) {
                    k.trySetAccessible();
                    made.add(k);
                }
            }
            return List.copyOf(made);
        }
    };

    /** Methods of {@code c}; only static ones when {@code statics}, else every one. */
    static List<Method> methods(Class<?> c, boolean statics) {
        return (statics ? STATIC_METHODS : ALL_METHODS).get(c);
    }

    static List<Field> fields(Class<?> c, boolean statics) {
        return (statics ? STATIC_FIELDS : ALL_FIELDS).get(c);
    }

    static List<Constructor<?>> constructors(Class<?> c) {
        return CONSTRUCTORS.get(c);
    }

    private static List<Method> collectMethods(Class<?> c, boolean statics) {
        List<Method> found = new ArrayList<>();
        for (Class<?> k = c; k != null && ours(k); k = k.getSuperclass()) {
            for (Method m : k.getDeclaredMethods()) {
                if (!m.isSynthetic() && !m.isBridge() && !shadowed(found, m)) {
                    found.add(m);
                }
            }
        }
        for (Method m : c.getMethods()) { // public, inherited from the JDK (toString, equals...)
            if (!m.isBridge() && !shadowed(found, m)) {
                found.add(m);
            }
        }
        found.removeIf(m -> statics && !Modifier.isStatic(m.getModifiers()));
        for (Method m : found) {
            m.trySetAccessible(); // fails quietly for a JDK class's internals: invoke then says so
        }
        return found;
    }

    /** A method already found with the same name and parameters overrides this one. */
    private static boolean shadowed(List<Method> found, Method m) {
        for (Method f : found) {
            if (f.getName().equals(m.getName())
                    && java.util.Arrays.equals(f.getParameterTypes(), m.getParameterTypes())) {
                return true;
            }
        }
        return false;
    }

    private static List<Field> collectFields(Class<?> c, boolean statics) {
        List<Field> found = new ArrayList<>();
        for (Class<?> k = c; k != null && ours(k); k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                if (!f.isSynthetic() && (!statics || Modifier.isStatic(f.getModifiers()))
                        && !hidden(found, f.getName())) {
                    found.add(f); // a subclass's field hides the superclass's of the same name
                }
            }
        }
        for (Field f : c.getFields()) {
            if ((!statics || Modifier.isStatic(f.getModifiers())) && !hidden(found, f.getName())) {
                found.add(f);
            }
        }
        for (Field f : found) {
            f.trySetAccessible();
        }
        return found;
    }

    private static boolean hidden(List<Field> found, String name) {
        for (Field f : found) {
            if (f.getName().equals(name)) {
                return true;
            }
        }
        return false;
    }

    static List<String> namesOf(List<Method> methods) {
        List<String> names = new ArrayList<>();
        for (Method m : methods) {
            names.add(m.getName());
        }
        return names;
    }

    static List<String> fieldNames(List<Field> fields) {
        List<String> names = new ArrayList<>();
        for (Field f : fields) {
            names.add(f.getName());
        }
        return names;
    }

    static Field field(List<Field> fields, String name) {
        for (Field f : fields) {
            if (f.getName().equals(name)) {
                return f;
            }
        }
        return null;
    }

    static List<Method> overloads(List<Method> methods, String name) {
        List<Method> same = new ArrayList<>();
        for (Method m : methods) {
            if (m.getName().equals(name)) {
                same.add(m);
            }
        }
        return same;
    }
}
