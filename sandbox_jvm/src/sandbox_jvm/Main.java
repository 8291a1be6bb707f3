package sandbox_jvm;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The JVM side of the sandbox: answers JSON-lines requests on stdin with JSON-lines replies on
 * stdout, the same protocol the Python worker speaks (see sandbox_jvm/README.md).
 *
 * The process's real stdin and stdout are the private channel. They are opened here, before
 * the Guard is installed, and then System.in becomes empty and System.out and System.err a
 * capped buffer, so nothing the student prints can look like a reply, and student code that
 * tries to reopen the descriptors is refused (Guard).
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) throws Exception {
        BufferedReader requests = new BufferedReader(
                new InputStreamReader(new FileInputStream(FileDescriptor.in), StandardCharsets.UTF_8));
        OutputStream replies = new FileOutputStream(FileDescriptor.out);
        // Installed while System.err is still the real stderr: Java 17 prints a deprecation
        // warning there, and it must not land in the first test's output.
        Guard guard = Guard.install();
        Output output = new Output();
        Session session = new Session(guard, output);
        Operations operations = new Operations(session);
        System.setIn(new ByteArrayInputStream(new byte[0]));
        redirect(output);
        warmUp(session);

        String line;
        while ((line = requests.readLine()) != null) {
            Map<String, Object> request;
            try {
                Object parsed = Json.parse(line);
                if (!(parsed instanceof Map)) {
                    continue; // as sandbox_runtime/wire/framing.py: a line that is not a request is skipped
                }
                request = Operations.cast(parsed);
            } catch (IllegalArgumentException e) {
                continue;
            }
            Map<String, Object> reply = new LinkedHashMap<>();
            reply.put("id", request.get("id"));
            reply.putAll(dispatch(request, session, operations, output));
            // At a test's end (its output is read) every thread it may have left is counted;
            // on other replies only the student's own group, which is cheap.
            String op = String.valueOf(request.get("op"));
            int alive = op.equals("output") || op.equals("threads")
                    ? session.lingeringThreads() : session.liveStudentThreads();
            if (alive > 0) {
                reply.put("threads", (long) alive); // the grader decides what lingering threads mean
            }
            send(replies, reply);
            Thread.interrupted(); // an interrupt the student left on this thread is not the next test's
        }
        guard.exit(0); // halt: a student's non-daemon thread must not keep the JVM alive
    }

    /**
     * Initialises, before any student code runs, every class of ours an error reply needs. A
     * class first touched while the student's code has used up the stack or the heap could fail
     * to initialise, and would then stay broken for every later request. It also makes the first
     * test's first call as quick as the rest.
     */
    private static void warmUp(Session session) {
        Map<String, Object> reply = new LinkedHashMap<>();
        reply.put("id", 0L);
        reply.put("error", Failures.describe(new Guard.ExitAttempt(0), session.own));
        reply.put("ok", Values.encode(java.util.List.of(1.5, Double.NaN, 'c', new Object()), new Handles()));
        Json.parse(Json.write(reply));
        new Invoke.TypeError("").getMessage();
        new Names.NameNotFound("").getMessage();
        new Values.ValueTooLarge().getMessage();
        Failures.unwrap(new ExceptionInInitializerError());
    }

    static void redirect(Output output) {
        PrintStream student = new PrintStream(output, true, StandardCharsets.UTF_8);
        System.setOut(student);
        System.setErr(student);
    }

    private static Map<String, Object> dispatch(Map<String, Object> request, Session session,
                                                Operations operations, Output output) {
        String op = String.valueOf(request.get("op"));
        try {
            switch (op) {
                case "load":
                    Map<String, Object> loaded = session.load(request);
                    redirect(output); // a fresh stream: the last test may have closed System.out
                    return loaded;
                case "output":
                    return Operations.ok(output.take());
                case "threads": {
                    Map<String, Object> counts = new LinkedHashMap<>();
                    counts.put("alive", (long) session.liveStudentThreads());
                    counts.put("created", (long) session.guard.threadsCreated());
                    counts.put("lingering", (long) session.lingeringThreads());
                    return Operations.ok(counts);
                }
                case "run_tester":
                    return Operations.ok(Tester.run(session, String.valueOf(request.get("class")),
                            Boolean.TRUE.equals(request.get("junit"))));
                default:
                    return operations.answer(request);
            }
        } catch (Throwable e) {
            Map<String, Object> reply = new LinkedHashMap<>();
            reply.put("error", Failures.describe(e, session.own));
            return reply;
        }
    }

    private static void send(OutputStream replies, Map<String, Object> reply) throws Exception {
        String text;
        try {
            text = Json.write(reply);
        } catch (RuntimeException e) { // a bug of ours; the grader still gets a reply to its id
            Map<String, Object> error = new LinkedHashMap<>();
            error.put("type", "ProtocolError");
            error.put("message", "the reply could not be written: " + e.getMessage());
            error.put("assertion", false);
            error.put("frames", new java.util.ArrayList<>());
            Map<String, Object> fallback = new LinkedHashMap<>();
            fallback.put("id", reply.get("id"));
            fallback.put("error", error);
            text = Json.write(fallback);
        }
        // One write per reply (the stream is unbuffered): a second one for the newline was a
        // second system call, and could wake the grader for half a line.
        replies.write((text + "\n").getBytes(StandardCharsets.UTF_8));
        replies.flush();
    }
}
