package sandbox_jvm;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the student's calls to JVM-wide JDK state become (CallRewrite): every test of a
 * submission runs in one JVM, so a setting of the JDK's that one test changes and a later one
 * reads would carry a mark from test to test (a Card right only when an earlier test ran).
 *
 * Each student loader defines its own copy of this class from our class file (as SeededRandom),
 * so its static state is the load's own, like everything else static:
 *
 * - {@code s.intern()} answers from a table of this load's: the first string of a content
 *   interned in this test is the one returned, whatever earlier tests interned (the JVM's table
 *   would say whether an earlier test had). Contents that are string literals of this load's
 *   classes go to the JVM's table (through a copy, so the answer is never the argument itself):
 *   {@code new String("hearts").intern() == "hearts"} stays true, as Java promises.
 * - setters of JVM-wide defaults that ask no permission (so the Guard never sees them) are
 *   refused with a SecurityException naming the call.
 * - the ways to reach those by name (Method.invoke, a Lookup's find and unreflect methods) check
 *   the member first; defining classes from bytes (a Lookup's defineClass) is refused: such a
 *   class would not go through this rewrite, nor be counted as the student's by the Guard.
 *
 * It names no other class of ours: the student loader, which defines it, cannot see them.
 */
public final class JvmWide {
    private JvmWide() {
    }

    /**
     * The calls rewritten (CallRewrite): kind, owner ("*": any class, for static methods a
     * subclass inherits and names), name, descriptor, how it is invoked. "redirect": to the
     * method of this class with that name; "refuse": always refused; "check": the member it
     * reaches by name is checked against this list first.
     */
    static final String[][] RULES = {
        {"redirect", "java/lang/String", "intern", "()Ljava/lang/String;", "virtual"},
        {"refuse", "*", "setDefaultAllowUserInteraction", "(Z)V", "static"},
        {"refuse", "*", "setDefaultUseCaches", "(Ljava/lang/String;Z)V", "static"},
        {"refuse", "*", "setDefaultUseCaches", "(Z)V", "virtual"},
        {"refuse", "*", "registerProvider", "(Ljava/time/zone/ZoneRulesProvider;)V", "static"},
        {"refuse", "java/lang/invoke/MethodHandles$Lookup", "defineClass", "([B)Ljava/lang/Class;", "virtual"},
        {"refuse", "java/lang/invoke/MethodHandles$Lookup", "defineHiddenClass",
            "([BZ[Ljava/lang/invoke/MethodHandles$Lookup$ClassOption;)Ljava/lang/invoke/MethodHandles$Lookup;", "virtual"},
        {"refuse", "java/lang/invoke/MethodHandles$Lookup", "defineHiddenClassWithClassData",
            "([BLjava/lang/Object;Z[Ljava/lang/invoke/MethodHandles$Lookup$ClassOption;)"
                + "Ljava/lang/invoke/MethodHandles$Lookup;", "virtual"},
        {"check", "java/lang/reflect/Method", "invoke",
            "(Ljava/lang/Object;[Ljava/lang/Object;)Ljava/lang/Object;", "virtual"},
        {"check", "java/lang/invoke/MethodHandles$Lookup", "findVirtual",
            "(Ljava/lang/Class;Ljava/lang/String;Ljava/lang/invoke/MethodType;)Ljava/lang/invoke/MethodHandle;", "virtual"},
        {"check", "java/lang/invoke/MethodHandles$Lookup", "findStatic",
            "(Ljava/lang/Class;Ljava/lang/String;Ljava/lang/invoke/MethodType;)Ljava/lang/invoke/MethodHandle;", "virtual"},
        {"check", "java/lang/invoke/MethodHandles$Lookup", "findSpecial",
            "(Ljava/lang/Class;Ljava/lang/String;Ljava/lang/invoke/MethodType;Ljava/lang/Class;)"
                + "Ljava/lang/invoke/MethodHandle;", "virtual"},
        {"check", "java/lang/invoke/MethodHandles$Lookup", "bind",
            "(Ljava/lang/Object;Ljava/lang/String;Ljava/lang/invoke/MethodType;)Ljava/lang/invoke/MethodHandle;", "virtual"},
        {"check", "java/lang/invoke/MethodHandles$Lookup", "unreflect",
            "(Ljava/lang/reflect/Method;)Ljava/lang/invoke/MethodHandle;", "virtual"},
        {"check", "java/lang/invoke/MethodHandles$Lookup", "unreflectSpecial",
            "(Ljava/lang/reflect/Method;Ljava/lang/Class;)Ljava/lang/invoke/MethodHandle;", "virtual"},
    };

    /** This load's interned strings: content -> the first string of it interned in this test. */
    private static final ConcurrentHashMap<String, String> INTERNED = new ConcurrentHashMap<>();
    /** The string literals of this load's classes (StudentLoader fills it, by reflection). */
    private static Set<String> literals = Set.of();

    // -- String.intern -------------------------------------------------------------------------

    public static String intern(String s) {
        if (s == null) {
            throw new NullPointerException("Cannot invoke \"String.intern()\" because the string is null");
        }
        if (literals.contains(s)) {
            return new String(s).intern(); // the literal itself (or the copy that a literal will be)
        }
        String first = INTERNED.putIfAbsent(s, s);
        return first == null ? s : first;
    }

    // -- refused setters -----------------------------------------------------------------------

    public static void setDefaultAllowUserInteraction(boolean allow) {
        throw refused("URLConnection.setDefaultAllowUserInteraction(boolean)");
    }

    public static void setDefaultUseCaches(String protocol, boolean use) {
        throw refused("URLConnection.setDefaultUseCaches(String, boolean)");
    }

    public static void setDefaultUseCaches(Object connection, boolean use) {
        throw refused("URLConnection.setDefaultUseCaches(boolean)");
    }

    public static void registerProvider(Object provider) {
        throw refused("ZoneRulesProvider.registerProvider(ZoneRulesProvider)");
    }

    public static Class<?> defineClass(MethodHandles.Lookup lookup, byte[] bytes) {
        throw refused("MethodHandles.Lookup.defineClass(byte[])", DEFINED);
    }

    public static MethodHandles.Lookup defineHiddenClass(MethodHandles.Lookup lookup, byte[] bytes, boolean init,
                                                         MethodHandles.Lookup.ClassOption[] options) {
        throw refused("MethodHandles.Lookup.defineHiddenClass(byte[], boolean, ClassOption...)", DEFINED);
    }

    public static MethodHandles.Lookup defineHiddenClassWithClassData(MethodHandles.Lookup lookup, byte[] bytes,
            Object data, boolean init, MethodHandles.Lookup.ClassOption[] options) {
        throw refused("MethodHandles.Lookup.defineHiddenClassWithClassData(byte[], Object, boolean, ClassOption...)", DEFINED);
    }

    private static final String SHARED = "it changes something the whole Java VM shares, and every test of your"
            + " work runs in the same one, so one test could leave a mark for the next. Keep what you need in"
            + " your own objects instead.";

    private static final String DEFINED = "a class made from bytes while your code runs would skip the grader's"
            + " checks. Write the class in a .java file of your own instead.";

    private static SecurityException refused(String call) {
        return refused(call, SHARED);
    }

    private static SecurityException refused(String call, String why) {
        return new SecurityException(call + " is not allowed in the grader's sandbox: " + why);
    }

    // -- members reached by name ---------------------------------------------------------------

    public static Object invoke(Method method, Object target, Object[] args)
            throws IllegalAccessException, InvocationTargetException {
        String[] rule = ruleFor(method.getDeclaringClass(), method.getName(),
                MethodType.methodType(method.getReturnType(), method.getParameterTypes()));
        if (rule != null && rule[0].equals("redirect")) {
            if (args != null && args.length != 0) {
                throw new IllegalArgumentException("wrong number of arguments");
            }
            if (!(target instanceof String)) {
                throw target == null ? new NullPointerException() : new IllegalArgumentException("object is not an instance of declaring class");
            }
            return intern((String) target);
        }
        refuseByName(rule, method.getDeclaringClass(), method.getName());
        return method.invoke(target, args);
    }

    public static MethodHandle findVirtual(MethodHandles.Lookup lookup, Class<?> owner, String name, MethodType type)
            throws NoSuchMethodException, IllegalAccessException {
        String[] rule = ruleFor(owner, name, type);
        return rule != null && rule[0].equals("redirect") ? internHandle() : checked(rule, owner, name, lookup).findVirtual(owner, name, type);
    }

    public static MethodHandle findStatic(MethodHandles.Lookup lookup, Class<?> owner, String name, MethodType type)
            throws NoSuchMethodException, IllegalAccessException {
        return checked(ruleFor(owner, name, type), owner, name, lookup).findStatic(owner, name, type);
    }

    public static MethodHandle findSpecial(MethodHandles.Lookup lookup, Class<?> owner, String name, MethodType type,
                                           Class<?> caller) throws NoSuchMethodException, IllegalAccessException {
        String[] rule = ruleFor(owner, name, type);
        return rule != null && rule[0].equals("redirect") ? internHandle()
                : checked(rule, owner, name, lookup).findSpecial(owner, name, type, caller);
    }

    public static MethodHandle bind(MethodHandles.Lookup lookup, Object receiver, String name, MethodType type)
            throws NoSuchMethodException, IllegalAccessException {
        String[] rule = ruleFor(receiver.getClass(), name, type);
        return rule != null && rule[0].equals("redirect") ? internHandle().bindTo(receiver)
                : checked(rule, receiver.getClass(), name, lookup).bind(receiver, name, type);
    }

    public static MethodHandle unreflect(MethodHandles.Lookup lookup, Method method) throws IllegalAccessException {
        String[] rule = ruleFor(method.getDeclaringClass(), method.getName(),
                MethodType.methodType(method.getReturnType(), method.getParameterTypes()));
        return rule != null && rule[0].equals("redirect") ? internHandle()
                : checked(rule, method.getDeclaringClass(), method.getName(), lookup).unreflect(method);
    }

    public static MethodHandle unreflectSpecial(MethodHandles.Lookup lookup, Method method, Class<?> caller)
            throws IllegalAccessException {
        String[] rule = ruleFor(method.getDeclaringClass(), method.getName(),
                MethodType.methodType(method.getReturnType(), method.getParameterTypes()));
        return rule != null && rule[0].equals("redirect") ? internHandle()
                : checked(rule, method.getDeclaringClass(), method.getName(), lookup).unreflectSpecial(method, caller);
    }

    private static MethodHandle internHandle() {
        try {
            return MethodHandles.lookup().findStatic(JvmWide.class, "intern",
                    MethodType.methodType(String.class, String.class));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static MethodHandles.Lookup checked(String[] rule, Class<?> owner, String name, MethodHandles.Lookup lookup) {
        refuseByName(rule, owner, name);
        return lookup;
    }

    /** A refused setter, or one of the ways by name (reflection reaching reflection), is refused. */
    private static void refuseByName(String[] rule, Class<?> owner, String name) {
        if (rule == null) {
            return;
        }
        String simple = owner.getName().substring(owner.getName().lastIndexOf('.') + 1).replace('$', '.');
        if (rule[0].equals("check")) {
            throw refused(simple + "." + name + " reached through reflection", "reflection may not call"
                    + " reflection here. Call the method directly instead.");
        }
        throw refused(simple + "." + name, name.startsWith("define") ? DEFINED : SHARED);
    }

    /** The rule a member answers to (its declaring or named class, name and type), or null. */
    private static String[] ruleFor(Class<?> owner, String name, MethodType type) {
        String descriptor = type.toMethodDescriptorString();
        for (String[] rule : RULES) {
            if (rule[2].equals(name) && rule[3].equals(descriptor)
                    && (rule[1].equals("*") || rule[1].equals(owner.getName().replace('.', '/')))) {
                return rule;
            }
        }
        return null;
    }
}
