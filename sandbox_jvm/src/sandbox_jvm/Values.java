package sandbox_jvm;

import java.lang.reflect.Array;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Java values turned into plain data for the grader (sandbox_runtime/wire/values.py, for Java).
 *
 * Only values of the JDK's own final value classes cross as data: null, Boolean, the integer
 * classes, Double and Float, String, Character (a one-character string) and BigInteger of
 * exactly that class. Arrays and Lists cross as JSON lists, their items encoded the same way,
 * and a Map whose keys are all Strings as {"$dict": ...}. Everything else stays here and is
 * sent as {"$handle": n, "type": "Card"}, so a student object can never pass for a value.
 *
 * Reading a student's List runs the student's code (its size and get): that is why encoding
 * happens inside the same try as the call, and is bounded like the Python side's.
 */
final class Values {
    static final int MAX_ITEMS = 200_000;
    static final int MAX_DEPTH = 32;

    private Values() {
    }

    /** Named like the Python error so both sandboxes report the same type. */
    static final class ValueTooLarge extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ValueTooLarge() {
            super("the value is too large or too deeply nested to check");
        }
    }

    static Object encode(Object value, Handles handles) {
        return encode(value, handles, 0, new int[] {MAX_ITEMS});
    }

    private static Object encode(Object value, Handles handles, int depth, int[] budget) {
        if (--budget[0] < 0 || depth > MAX_DEPTH) {
            throw new ValueTooLarge();
        }
        if (value == null || value instanceof Boolean || value instanceof String) {
            return value;
        }
        if (value instanceof Integer || value instanceof Long) {
            return value;
        }
        if (value instanceof Short || value instanceof Byte) {
            return ((Number) value).longValue();
        }
        if (value instanceof Character) {
            return value.toString();
        }
        if (value instanceof Double || value instanceof Float) {
            double d = ((Number) value).doubleValue();
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                Map<String, Object> tag = new LinkedHashMap<>();
                tag.put("$float", Double.isNaN(d) ? "nan" : d > 0 ? "inf" : "-inf");
                return tag;
            }
            return d;
        }
        if (value.getClass() == BigInteger.class) {
            return value; // exactly BigInteger: a subclass could lie, so it would be a handle
        }
        if (value.getClass().isArray()) {
            int length = Array.getLength(value);
            List<Object> items = new ArrayList<>(Math.min(length, 1024));
            for (int i = 0; i < length; i++) {
                items.add(encode(Array.get(value, i), handles, depth + 1, budget));
            }
            return items;
        }
        if (value instanceof List) {
            List<Object> items = new ArrayList<>();
            for (Object item : (List<?>) value) {
                items.add(encode(item, handles, depth + 1, budget));
            }
            return items;
        }
        if (value instanceof Map && stringKeys((Map<?, ?>) value)) {
            Map<String, Object> entries = new LinkedHashMap<>();
            for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
                entries.put((String) e.getKey(), encode(e.getValue(), handles, depth + 1, budget));
            }
            Map<String, Object> tag = new LinkedHashMap<>();
            tag.put("$dict", entries);
            return tag;
        }
        Map<String, Object> handle = new LinkedHashMap<>();
        handle.put("$handle", handles.add(value));
        handle.put("type", typeName(value.getClass()));
        return handle;
    }

    private static boolean stringKeys(Map<?, ?> map) {
        for (Object key : map.keySet()) {
            if (!(key instanceof String)) {
                return false;
            }
        }
        return true;
    }

    /** The simple name ("Card"); an anonymous class or lambda has none, so its full name. */
    static String typeName(Class<?> c) {
        String simple = c.getSimpleName();
        return simple.isEmpty() ? c.getName() : simple;
    }
}
