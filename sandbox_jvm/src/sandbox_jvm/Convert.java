package sandbox_jvm;

import java.lang.reflect.Array;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Plain data from the grader turned into a Java value of a wanted type, with a cost.
 *
 * The cost lets Invoke choose among overloads the way a reader would: an integer fits int
 * better than long, long better than double, and any of them better than Object. A null
 * result means "cannot be converted". Arguments are always fresh copies (the grader sent data, not
 * objects), except {"$handle": n}, which is the held object itself.
 */
final class Convert {
    private Convert() {
    }

    /** Converted value and its cost, for one argument. */
    static final class Result {
        final Object value;
        final int cost;

        Result(Object value, int cost) {
            this.value = value;
            this.cost = cost;
        }
    }

    static Result to(Object data, Type wanted, Handles handles) {
        Class<?> raw = rawClass(wanted);
        if (data instanceof Map) {
            return tagged((Map<?, ?>) data, wanted, raw, handles);
        }
        if (data == null) {
            return raw.isPrimitive() ? null : new Result(null, 1);
        }
        if (data instanceof Boolean) {
            if (raw == boolean.class) {
                return new Result(data, 0);
            }
            return raw == Boolean.class ? new Result(data, 1) : general(data, raw, 3);
        }
        if (data instanceof Long || data instanceof BigInteger) {
            return integer((Number) data, raw);
        }
        if (data instanceof Double) {
            return real((Double) data, raw);
        }
        if (data instanceof String) {
            return text((String) data, raw);
        }
        if (data instanceof List) {
            return list((List<?>) data, wanted, raw, handles);
        }
        return null;
    }

    private static Result general(Object value, Class<?> raw, int cost) {
        return raw.isInstance(value) ? new Result(value, cost) : null;
    }

    private static Result integer(Number n, Class<?> raw) {
        boolean isLong = n instanceof Long;
        long v = n.longValue();
        boolean fitsInt = isLong && v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE;
        if ((raw == int.class || raw == Integer.class) && fitsInt) {
            return new Result((int) v, raw == int.class ? 0 : 1);
        }
        if ((raw == long.class || raw == Long.class) && isLong) {
            return new Result(v, raw == long.class ? 2 : 3);
        }
        if ((raw == short.class || raw == Short.class) && isLong && v == (short) v) {
            return new Result((short) v, 4);
        }
        if ((raw == byte.class || raw == Byte.class) && isLong && v == (byte) v) {
            return new Result((byte) v, 4);
        }
        if (raw == double.class || raw == Double.class) {
            return new Result(n.doubleValue(), 5);
        }
        if (raw == float.class || raw == Float.class) {
            return new Result(n.floatValue(), 6);
        }
        if (raw == BigInteger.class) {
            return new Result(isLong ? BigInteger.valueOf(v) : n, 6);
        }
        return general(natural(n), raw, 8);
    }

    private static Result real(double d, Class<?> raw) {
        if (raw == double.class) {
            return new Result(d, 0);
        }
        if (raw == Double.class) {
            return new Result(d, 1);
        }
        if (raw == float.class || raw == Float.class) {
            return new Result((float) d, 2);
        }
        return general(d, raw, 8);
    }

    private static Result text(String s, Class<?> raw) {
        if (raw == String.class) {
            return new Result(s, 0);
        }
        if ((raw == char.class || raw == Character.class) && s.length() == 1) {
            return new Result(s.charAt(0), raw == char.class ? 1 : 2);
        }
        return general(s, raw, 8);
    }

    private static Result list(List<?> items, Type wanted, Class<?> raw, Handles handles) {
        if (raw.isArray()) {
            Class<?> element = raw.getComponentType();
            Object array = Array.newInstance(element, items.size());
            int cost = 0;
            for (int i = 0; i < items.size(); i++) {
                Result r = to(items.get(i), element, handles);
                if (r == null) {
                    return null;
                }
                Array.set(array, i, r.value);
                cost += r.cost;
            }
            return new Result(array, Math.min(cost, 1000));
        }
        // Any collection type an ArrayList can stand for: List, ArrayList, Collection, Iterable,
        // Object. Elements follow the declared type argument (List<Integer>), else their own.
        if (!raw.isAssignableFrom(ArrayList.class)) {
            return null;
        }
        Type element = typeArgument(wanted, 0);
        List<Object> copy = new ArrayList<>(items.size());
        int cost = raw == Object.class ? 8 : 0;
        for (Object item : items) {
            Result r = to(item, element, handles);
            if (r == null) {
                return null;
            }
            copy.add(r.value);
            cost += r.cost;
        }
        return new Result(copy, Math.min(cost, 1000));
    }

    private static Result tagged(Map<?, ?> data, Type wanted, Class<?> raw, Handles handles) {
        if (data.containsKey("$handle")) {
            Object held = handles.get(((Number) data.get("$handle")).intValue());
            if (raw.isPrimitive()) {
                return null;
            }
            return raw.isInstance(held) ? new Result(held, distance(held.getClass(), raw)) : null;
        }
        if (data.containsKey("$float")) {
            return real(Double.parseDouble(pythonFloat(String.valueOf(data.get("$float")))), raw);
        }
        if (data.containsKey("$dict") && raw.isAssignableFrom(LinkedHashMap.class)) {
            Type valueType = typeArgument(wanted, 1);
            Map<String, Object> map = new LinkedHashMap<>();
            int cost = raw == Object.class ? 8 : 0;
            for (Map.Entry<?, ?> e : ((Map<?, ?>) data.get("$dict")).entrySet()) {
                Result r = to(e.getValue(), valueType, handles);
                if (r == null) {
                    return null;
                }
                map.put((String) e.getKey(), r.value);
                cost += r.cost;
            }
            return new Result(map, cost);
        }
        return null;
    }

    /** Python writes inf, -inf and nan; Java reads Infinity and NaN. */
    static String pythonFloat(String s) {
        return s.replace("inf", "Infinity").replace("nan", "NaN");
    }

    /** The value a JSON item takes where any Object will do: an Integer when it fits. */
    static Object natural(Object data) {
        if (data instanceof Long) {
            long v = (Long) data;
            return v == (int) v ? (Object) (int) v : data;
        }
        return data;
    }

    /** How far up its hierarchy {@code c} must go to be {@code target}: closer is cheaper. */
    private static int distance(Class<?> c, Class<?> target) {
        int d = 0;
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            if (k == target) {
                return d;
            }
            d++;
        }
        return d + 1; // an interface it implements
    }

    private static Class<?> rawClass(Type t) {
        if (t instanceof Class) {
            return (Class<?>) t;
        }
        if (t instanceof ParameterizedType) {
            return (Class<?>) ((ParameterizedType) t).getRawType();
        }
        if (t instanceof java.lang.reflect.GenericArrayType) {
            Class<?> element = rawClass(((java.lang.reflect.GenericArrayType) t).getGenericComponentType());
            return Array.newInstance(element, 0).getClass();
        }
        return Object.class; // a type variable or wildcard: anything goes
    }

    private static Type typeArgument(Type t, int index) {
        if (t instanceof ParameterizedType) {
            Type[] args = ((ParameterizedType) t).getActualTypeArguments();
            if (index < args.length) {
                Type a = args[index];
                if (a instanceof java.lang.reflect.WildcardType) {
                    Type[] upper = ((java.lang.reflect.WildcardType) a).getUpperBounds();
                    return upper.length > 0 ? upper[0] : Object.class;
                }
                return a;
            }
        }
        return Object.class;
    }
}
