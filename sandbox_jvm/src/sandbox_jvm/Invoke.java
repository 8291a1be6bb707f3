package sandbox_jvm;

import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;

/**
 * Choosing among overloads and making the call.
 *
 * First by argument count, then by whether each JSON value converts to the parameter's type
 * (Convert), then by the lowest total conversion cost. Two overloads at the same lowest cost are
 * an error naming both, not a guess. Varargs methods are taken as their array form.
 */
final class Invoke {
    private Invoke() {
    }

    /** Named after Python's error for a call that does not fit, so both sandboxes agree. */
    static final class TypeError extends RuntimeException {
        private static final long serialVersionUID = 1L;

        TypeError(String message) {
            super(message);
        }
    }

    /** One overload with its arguments converted. */
    static final class Chosen {
        final Executable executable;
        final Object[] args;

        Chosen(Executable executable, Object[] args) {
            this.executable = executable;
            this.args = args;
        }
    }

    static Chosen choose(List<? extends Executable> candidates, List<?> data, Handles handles, String label) {
        Chosen best = null;
        Executable tied = null;
        int bestCost = Integer.MAX_VALUE;
        for (Executable e : candidates) {
            if (e.getParameterCount() != data.size()) {
                continue;
            }
            Object[] args = new Object[data.size()];
            int cost = convert(e, data, handles, args);
            if (cost < 0) {
                continue;
            }
            if (cost < bestCost) {
                best = new Chosen(e, args);
                bestCost = cost;
                tied = null;
            } else if (cost == bestCost) {
                tied = e;
            }
        }
        if (best == null) {
            throw new TypeError(label + " has no overload that accepts " + describe(data) + "; it has: "
                    + signatures(candidates));
        }
        if (tied != null) {
            throw new TypeError(label + " is ambiguous for " + describe(data) + ": "
                    + signature(best.executable) + " and " + signature(tied));
        }
        return best;
    }

    /** Fresh arguments for an overload already chosen (sample: the same call many times). */
    static Object[] again(Executable e, List<?> data, Handles handles) {
        Object[] args = new Object[data.size()];
        if (convert(e, data, handles, args) < 0) {
            throw new TypeError(signature(e) + " no longer accepts " + describe(data));
        }
        return args;
    }

    private static int convert(Executable e, List<?> data, Handles handles, Object[] args) {
        Type[] types = e.getGenericParameterTypes();
        if (types.length != data.size()) {
            types = e.getParameterTypes(); // inner-class constructors can disagree; trust the raw
        }
        int cost = 0;
        for (int i = 0; i < args.length; i++) {
            Convert.Result r = Convert.to(data.get(i), types[i], handles);
            if (r == null) {
                return -1;
            }
            args[i] = r.value;
            cost += r.cost;
        }
        return cost;
    }

    /** Calls and returns the result; the student's exception comes out as itself. */
    static Object run(Executable e, Object self, Object[] args) throws Throwable {
        // Made accessible when collected (Names), not here: setAccessible asks the guard, whose
        // stack walk would cost every call.
        try {
            if (e instanceof Constructor) {
                return ((Constructor<?>) e).newInstance(args);
            }
            return ((Method) e).invoke(self, args);
        } catch (InvocationTargetException wrapped) {
            throw wrapped.getCause();
        }
    }

    static String signature(Executable e) {
        StringBuilder out = new StringBuilder(e instanceof Constructor
                ? e.getDeclaringClass().getSimpleName() : e.getName()).append('(');
        Class<?>[] types = e.getParameterTypes();
        for (int i = 0; i < types.length; i++) {
            out.append(i == 0 ? "" : ", ").append(types[i].getSimpleName());
        }
        return out.append(')').toString();
    }

    private static String signatures(List<? extends Executable> candidates) {
        List<String> all = new ArrayList<>();
        for (Executable e : candidates) {
            all.add(signature(e));
        }
        return String.join(", ", all);
    }

    private static String describe(List<?> data) {
        List<String> kinds = new ArrayList<>();
        for (Object d : data) {
            kinds.add(d == null ? "null" : d instanceof List ? "list" : d instanceof java.util.Map
                    ? (((java.util.Map<?, ?>) d).containsKey("$handle") ? "object" : "dict")
                    : d instanceof String ? "str" : d instanceof Double ? "float"
                    : d instanceof Boolean ? "bool" : "int");
        }
        return "(" + String.join(", ", kinds) + ")";
    }
}
