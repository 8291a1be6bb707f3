package sandbox_jvm;

import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The requests a worker answers, as sandbox_runtime/workers/operations.py answers them.
 *
 * A target is {"module": "deck"} (the class Deck: its constructor under its own name, its
 * static methods and fields) or {"handle": n} (an object held here: its methods and fields).
 * Every data reply is {"ok": encoded value} or {"error": described exception}.
 */
final class Operations {
    private final Session session;

    Operations(Session session) {
        this.session = session;
    }

    /** A class, for a module target, or an object, for a handle target. */
    private static final class Target {
        final Class<?> type;
        final Object self; // null for a module
        final String label;

        Target(Class<?> type, Object self, String label) {
            this.type = type;
            this.self = self;
            this.label = label;
        }

        boolean isModule() {
            return self == null;
        }
    }

    private Target target(Map<String, Object> request) {
        if (request.containsKey("handle")) {
            Object self = session.handles.get(((Number) request.get("handle")).intValue());
            return new Target(self.getClass(), self, Values.typeName(self.getClass()));
        }
        Class<?> c = session.module(String.valueOf(request.get("module")));
        return new Target(c, null, "module " + c.getSimpleName());
    }

    /** {"ok": ...} or {"error": ...}; an exit the student asked for is an error even if caught. */
    Map<String, Object> answer(Map<String, Object> request) {
        Object op = request.get("op");
        if ("batch".equals(op)) {
            List<Object> replies = new ArrayList<>();
            for (Object call : (List<?>) request.get("calls")) {
                replies.add(answer(cast(call)));
            }
            return ok(replies);
        }
        if ("repeat".equals(op)) {
            List<Object> replies = new ArrayList<>();
            int times = ((Number) request.get("times")).intValue();
            for (int i = 0; i < times; i++) {
                replies.add(answer(cast(request.get("call"))));
            }
            return ok(replies);
        }
        session.guard.clearExit();
        try {
            Object value = "sample".equals(op) ? sample(request) : Values.encode(perform(request), session.handles);
            Integer exit = session.guard.exitAsked();
            if (exit != null) {
                // Real Java would have ended the program there; what ran after is not the answer.
                Guard.ExitAttempt thrown = session.guard.exitThrown();
                return error(thrown != null ? thrown : new Guard.ExitAttempt(exit));
            }
            return ok(value);
        } catch (Throwable e) { // StackOverflowError and OutOfMemoryError included: data too
            return error(e);
        }
    }

    private Map<String, Object> error(Throwable e) {
        Map<String, Object> reply = new LinkedHashMap<>();
        reply.put("error", Failures.describe(e, session.own));
        return reply;
    }

    static Map<String, Object> ok(Object value) {
        Map<String, Object> reply = new LinkedHashMap<>();
        reply.put("ok", value);
        return reply;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> cast(Object o) {
        return (Map<String, Object>) o;
    }

    private Object perform(Map<String, Object> request) throws Throwable {
        String op = String.valueOf(request.get("op"));
        Target target = target(request);
        switch (op) {
            case "call": {
                List<?> args = (List<?>) request.getOrDefault("args", new ArrayList<>());
                Object self = target.self;
                String name = String.valueOf(request.get("name"));
                List<? extends Executable> found = callables(target, name);
                // Named as the class spells it (isLegal, not the request's is_legal): the
                // message is the student's.
                String spelled = found.isEmpty() || found.get(0) instanceof Constructor
                        ? (found.isEmpty() ? name : target.type.getSimpleName()) : found.get(0).getName();
                Invoke.Chosen chosen = Invoke.choose(found, args, session.handles, target.label + "." + spelled);
                return Invoke.run(chosen.executable, self, chosen.args);
            }
            case "getattr":
                return attribute(target, String.valueOf(request.get("name")));
            case "setattr": {
                Field f = field(target, String.valueOf(request.get("name")));
                if (f == null) {
                    throw Names.missing(target.label, String.valueOf(request.get("name")));
                }
                Convert.Result r = Convert.to(request.get("value"), f.getGenericType(), session.handles);
                if (r == null) {
                    throw new Invoke.TypeError(target.label + "." + f.getName() + " cannot hold that value");
                }
                f.set(target.self, r.value);
                return null;
            }
            case "str":
                return target.isModule() ? target.type.toString() : target.self.toString();
            case "type":
                return target.isModule() ? "module" : Values.typeName(target.type);
            default:
                throw new IllegalArgumentException("unknown request '" + op + "'");
        }
    }

    /** The methods (or, for a module's class name, the constructors) a call name answers to. */
    private List<? extends Executable> callables(Target target, String wanted) {
        if (wanted.equals("__str__")) {
            wanted = "toString";
        }
        List<Method> methods = Names.methods(target.type, target.isModule());
        List<String> names = Names.namesOf(methods);
        String className = target.type.getSimpleName();
        if (target.isModule()) {
            names.add(className);
        }
        String spelling = Names.pick(names, wanted, target.label);
        if (spelling == null) {
            String field = Names.pick(Names.fieldNames(Names.fields(target.type, target.isModule())), wanted,
                    target.label);
            if (field != null) {
                throw new Invoke.TypeError(target.label + "." + field + " is a field, not a method");
            }
            throw Names.missing(target.label, wanted);
        }
        if (target.isModule() && spelling.equals(className)) {
            if (Modifier.isAbstract(target.type.getModifiers())) {
                throw new Invoke.TypeError(className + " is abstract: it cannot be made directly");
            }
            return Names.constructors(target.type);
        }
        return Names.overloads(methods, spelling);
    }

    private static Field field(Target target, String wanted) {
        List<Field> fields = Names.fields(target.type, target.isModule());
        String spelling = Names.pick(Names.fieldNames(fields), wanted, target.label);
        return spelling == null ? null : Names.field(fields, spelling);
    }

    /** A field's value; with no field of that name, a method that needs no arguments, called. */
    private Object attribute(Target target, String wanted) throws Throwable {
        Field f = field(target, wanted);
        if (f != null) {
            return f.get(target.self);
        }
        List<? extends Executable> methods = callables(target, wanted);
        for (Executable e : methods) {
            if (e.getParameterCount() == 0 && e instanceof Method) {
                return Invoke.run(e, target.self, new Object[0]);
            }
        }
        String spelled = methods.isEmpty() ? wanted : methods.get(0).getName();
        throw new Invoke.TypeError(target.label + "." + spelled + " is a method that needs arguments");
    }

    /**
     * The same call {@code times} times, each with fresh arguments, reporting after each one
     * what {@code observe} points at (see operations.py: ["arg", i], ["result"], ["self"], then
     * ["attr", name] and ["each", name]). An argument is a fresh Java copy of the JSON each
     * time, mutated in place by the call and encoded afterwards, as in the Python worker.
     */
    private Object sample(Map<String, Object> request) throws Throwable {
        Target target = target(request);
        Map<String, Object> call = cast(request.get("call"));
        List<?> data = (List<?>) call.getOrDefault("args", new ArrayList<>());
        List<?> observe = (List<?>) request.get("observe");
        String name = String.valueOf(call.get("name"));
        // Resolved once: the loop may run thousands of times.
        Executable chosen = Invoke.choose(callables(target, name), data, session.handles,
                target.label + "." + name).executable;
        int times = ((Number) request.get("times")).intValue();
        List<Object> observed = new ArrayList<>(Math.min(times, 100_000));
        for (int i = 0; i < times; i++) {
            Object[] args = Invoke.again(chosen, data, session.handles);
            Object result = Invoke.run(chosen, target.self, args);
            Object value = start((List<?>) observe.get(0), target, args, result);
            for (Object stepData : observe.subList(1, observe.size())) {
                List<?> step = (List<?>) stepData;
                String stepName = String.valueOf(step.get(1));
                if ("attr".equals(step.get(0))) {
                    value = attribute(of(value), stepName);
                } else if ("each".equals(step.get(0))) {
                    List<Object> each = new ArrayList<>();
                    for (Object item : items(value)) {
                        each.add(called(of(item), stepName));
                    }
                    value = each;
                }
            }
            observed.add(Values.encode(value, session.handles));
        }
        return observed;
    }

    /** "each" calls the method (as Python does); a field of that name only when no method. */
    private Object called(Target target, String wanted) throws Throwable {
        List<Method> methods = Names.methods(target.type, false);
        String spelling = Names.pick(Names.namesOf(methods), wanted, target.label);
        if (spelling != null) {
            for (Method m : Names.overloads(methods, spelling)) {
                if (m.getParameterCount() == 0) {
                    return Invoke.run(m, target.self, new Object[0]);
                }
            }
        }
        return attribute(target, wanted);
    }

    private static Target of(Object value) {
        if (value == null) {
            throw new NullPointerException("cannot look inside null");
        }
        return new Target(value.getClass(), value, Values.typeName(value.getClass()));
    }

    private static Object start(List<?> step, Target target, Object[] args, Object result) {
        switch (String.valueOf(step.get(0))) {
            case "arg": return args[((Number) step.get(1)).intValue()];
            case "result": return result;
            case "self": return target.isModule() ? target.type : target.self;
            default: throw new IllegalArgumentException("unknown observation " + step);
        }
    }

    private static List<Object> items(Object value) {
        List<Object> items = new ArrayList<>();
        if (value instanceof Iterable) {
            for (Object item : (Iterable<?>) value) {
                items.add(item);
            }
        } else if (value != null && value.getClass().isArray()) {
            for (int i = 0; i < java.lang.reflect.Array.getLength(value); i++) {
                items.add(java.lang.reflect.Array.get(value, i));
            }
        } else {
            throw new Invoke.TypeError("'each' needs a list, not " + value);
        }
        return items;
    }
}
