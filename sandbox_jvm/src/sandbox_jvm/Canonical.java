package sandbox_jvm;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The canonical form of the values that cross between a student's tester and the lab's classes
 * (Recorder.java): the same text for the same value in every run, whatever the JVM's state.
 *
 * Data is written out: null, booleans, numbers (a double by its bits), characters, Strings (by
 * their text), BigInteger/BigDecimal. An object of the lab's classes, or any other object, is a
 * number given at its first appearance in the run ({@code h3}), never an identity hash. Arrays and
 * the JDK's lists, sets and maps are written with a number (so aliasing shows) and their items.
 *
 * Every method returns whether the step must be opaque (Recorder.java): an object of the
 * tester's own classes (its code may answer differently from run to run when the lab's calls it
 * back), an unordered JDK collection of objects (its order follows identity hashes), or a value
 * too large or too deep to write. Nothing here calls a method of a class that is not the JDK's:
 * no toString, equals or hashCode of a student's object runs while a step is written.
 */
final class Canonical {
    private static final int MAX_DEPTH = 32;
    private static final int MAX_ITEMS = 100_000;

    private final StudentLoader loader;
    private final Map<Object, Integer> numbers = new IdentityHashMap<>();
    private int items;

    Canonical(StudentLoader loader) {
        this.loader = loader;
    }

    /** Appends the form of {@code value}; true when the step must be opaque. */
    boolean render(Object value, StringBuilder out) {
        items = 0;
        return value(value, out, 0);
    }

    /** Appends the forms of a call's receiver (null for a constructor or a static method) and arguments. */
    boolean renderArguments(Object[] args, StringBuilder out) {
        items = 0;
        boolean opaque = false;
        for (Object arg : args) {
            opaque |= value(arg, out, 0);
            out.append(',');
        }
        return opaque;
    }

    /** The arrays and JDK collections among {@code args}, as they are now (after the call). */
    boolean renderMutable(Object[] args, StringBuilder out) {
        items = 0;
        boolean opaque = false;
        for (int i = 0; i < args.length; i++) {
            Object arg = args[i];
            if (arg != null && (arg.getClass().isArray() || (arg instanceof Collection || arg instanceof Map) && jdk(arg.getClass()))) {
                out.append(i).append(':');
                opaque |= value(arg, out, 0);
                out.append(';');
            }
        }
        return opaque;
    }

    /** An exception as an answer: its class and, for the JDK's own exceptions, its message. */
    boolean exception(Throwable e, StringBuilder out) {
        Class<?> c = e.getClass();
        out.append("raise ").append(c.getName());
        if (jdk(c)) {
            String message = e.getMessage(); // the JDK's own code: no student method runs
            out.append(':').append(message == null ? "-" : message.length() + ":" + message);
            return false;
        }
        return !loader.isSealed(c); // a tester's exception thrown through the lab's code
    }

    private boolean value(Object v, StringBuilder out, int depth) {
        if (++items > MAX_ITEMS || depth > MAX_DEPTH) {
            out.append("...");
            return true;
        }
        if (v == null) {
            out.append('N');
            return false;
        }
        Class<?> c = v.getClass();
        if (c == String.class) {
            String s = (String) v;
            out.append('S').append(s.length()).append(':').append(s);
            return false;
        }
        if (c == Integer.class || c == Long.class || c == Short.class || c == Byte.class || c == Boolean.class
                || c == java.math.BigInteger.class || c == java.math.BigDecimal.class) {
            out.append(c.getSimpleName().charAt(0)).append(c.getSimpleName().charAt(1)).append(v);
            return false;
        }
        if (c == Character.class) {
            out.append("Ch").append((int) (Character) v);
            return false;
        }
        if (c == Double.class) {
            out.append("Do").append(Long.toHexString(Double.doubleToRawLongBits((Double) v)));
            return false;
        }
        if (c == Float.class) {
            out.append("Fl").append(Integer.toHexString(Float.floatToRawIntBits((Float) v)));
            return false;
        }
        if (c.isArray()) {
            return array(v, c, out, depth);
        }
        if (loader.isSealed(c)) {
            out.append('h').append(number(v));
            return false;
        }
        if (!jdk(c)) {
            out.append('t').append(number(v)); // the tester's own object: see the class comment
            return true;
        }
        if (v instanceof List || v instanceof java.util.SortedSet || v instanceof java.util.LinkedHashSet) {
            return items(number(v), (Collection<?>) v, out, depth);
        }
        if (v instanceof Collection) { // unordered: written in a sorted order, if its items are plain data
            return unordered(number(v), new ArrayList<Object>((Collection<?>) v), out, depth);
        }
        if (v instanceof Map) {
            Map<?, ?> map = (Map<?, ?>) v;
            List<Object> pairs = new ArrayList<>();
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                pairs.add(java.util.Arrays.asList(entry.getKey(), entry.getValue()));
            }
            if (v instanceof java.util.SortedMap || v instanceof java.util.LinkedHashMap) {
                return items(number(v), pairs, out, depth);
            }
            return unordered(number(v), pairs, out, depth);
        }
        out.append('o').append(c.getName()).append('#').append(number(v)); // another JDK object: by its number
        return false;
    }

    private boolean items(int number, Collection<?> collection, StringBuilder out, int depth) {
        out.append("L#").append(number).append('{');
        boolean opaque = false;
        for (Object item : collection) {
            opaque |= value(item, out, depth + 1);
            out.append(',');
        }
        out.append('}');
        return opaque;
    }

    private boolean unordered(int number, List<Object> entries, StringBuilder out, int depth) {
        List<String> forms = new ArrayList<>();
        boolean opaque = false;
        int before = numbers.size();
        for (Object item : entries) {
            StringBuilder form = new StringBuilder();
            opaque |= value(item, form, depth + 1);
            forms.add(form.toString());
        }
        // An object first numbered inside an unordered collection got its number in hash order.
        opaque |= numbers.size() != before;
        Collections.sort(forms);
        out.append("U#").append(number).append('{').append(String.join(",", forms)).append('}');
        return opaque;
    }

    private boolean array(Object v, Class<?> c, StringBuilder out, int depth) {
        int length = java.lang.reflect.Array.getLength(v);
        out.append('[').append(c.getComponentType().getName()).append('#').append(number(v)).append(':')
                .append(length).append('{');
        if (c.getComponentType().isPrimitive()) {
            items += length;
            if (items > MAX_ITEMS) {
                return true;
            }
            for (int i = 0; i < length; i++) {
                Object item = java.lang.reflect.Array.get(v, i);
                if (item instanceof Double) {
                    out.append(Long.toHexString(Double.doubleToRawLongBits((Double) item)));
                } else if (item instanceof Float) {
                    out.append(Integer.toHexString(Float.floatToRawIntBits((Float) item)));
                } else if (item instanceof Character) {
                    out.append((int) (Character) item);
                } else {
                    out.append(item);
                }
                out.append(',');
            }
            out.append('}');
            return false;
        }
        boolean opaque = false;
        Object[] elements = (Object[]) v;
        for (Object element : elements) {
            opaque |= value(element, out, depth + 1);
            out.append(',');
        }
        out.append('}');
        return opaque;
    }

    private int number(Object v) {
        Integer n = numbers.get(v);
        if (n == null) {
            n = numbers.size() + 1;
            numbers.put(v, n);
        }
        return n;
    }

    /** Whether a class is the JDK's own (a named module), so its methods are not a student's. */
    static boolean jdk(Class<?> c) {
        return c.getModule().isNamed();
    }
}
