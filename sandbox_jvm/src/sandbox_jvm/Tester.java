package sandbox_jvm;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Running a student's own tester: its {@code public static void main(String[])}, with no
 * arguments and an empty System.in, as `java -ea DeckTester` would (sandbox_runtime/testers/running.py
 * for the "script" style); or, for a class with JUnit tests (@Test), its tests (JUnit.java).
 *
 * It passes when main returns. A failed assert, any other exception, or System.exit part-way
 * (even exit(0), and even if the tester catches what System.exit throws here) means it did
 * not. Whether assertions were on was chosen at load (they must be set before any class of the
 * loader is initialised) and is repeated in the reply, since a tester built on assert passes
 * everything when they are off.
 */
final class Tester {
    private Tester() {
    }

    /**
     * {@code junit}: the grader saw JUnit imported in the tester's source, so a class with
     * neither tests nor a main is a JUnit tester with no tests (it checks nothing) rather than
     * a tester that cannot run.
     */
    static Map<String, Object> run(Session session, String className, boolean junit) {
        Recorder recorder = session.recorder;
        if (recorder != null) {
            recorder.arm();
        }
        Map<String, Object> reply = runTester(session, className, junit);
        if (recorder != null) {
            Map<String, Object> transcript = recorder.finish();
            if (transcript != null) {
                reply.put("transcript", transcript);
            }
        }
        return reply;
    }

    private static Map<String, Object> runTester(Session session, String className, boolean junit) {
        Map<String, Object> reply = new LinkedHashMap<>();
        reply.put("style", "main");
        reply.put("assertions", session.assertions);
        Method main;
        Class<?> tester = null;
        try {
            tester = session.classNamed(className);
            JUnitPlan plan = JUnitPlan.of(tester);
            if (plan != null && plan.junit) { // its tests are what it is for, even beside a main
                return JUnit.run(session, tester, plan, reply);
            }
            main = tester.getDeclaredMethod("main", String[].class);
            if (!Modifier.isStatic(main.getModifiers())) {
                throw new NoSuchMethodException(className + ".main is not static");
            }
            main.trySetAccessible();
        } catch (Throwable e) {
            if (junit && tester != null && e instanceof NoSuchMethodException) {
                return JUnit.empty(reply);
            }
            reply.put("passed", false);
            reply.put("how", "missing");
            reply.put("error", Failures.describe(e, session.own));
            return reply;
        }
        session.guard.clearExit();
        Throwable raised = null;
        try {
            Invoke.run(main, null, new Object[] {new String[0]});
        } catch (Throwable e) {
            raised = e;
        }
        Integer exit = session.guard.exitAsked();
        if (exit != null) {
            Throwable shown = session.guard.exitThrown();
            shown = shown != null ? shown : new Guard.ExitAttempt(exit);
            reply.put("passed", false);
            reply.put("how", "exit");
            reply.put("exit_code", (long) exit);
            reply.put("error", Failures.describe(shown, session.own));
        } else if (raised != null) {
            reply.put("passed", false);
            reply.put("how", "raised");
            reply.put("error", Failures.describe(raised, session.own));
        } else {
            reply.put("passed", true);
            reply.put("how", "returned");
        }
        return reply;
    }
}
