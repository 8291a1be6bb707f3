package sandbox_jvm;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * A warm javac for the trusted side (grader/java/compiling.py), never part of the sandbox: a
 * javac started per activity spends most of its time starting, so the grader keeps one of these
 * and sends it each command line. No student code runs here (annotation processing is off in
 * every command the grader sends); it only reads the student's source as javac does.
 *
 * Protocol: each request is one line, the javac arguments separated by tabs; each reply is a
 * line "exitCode byteCount" followed by that many bytes of javac's messages (UTF-8).
 */
public final class CompileServer {
    private CompileServer() {
    }

    public static void main(String[] args) throws Exception {
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        BufferedReader requests = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        OutputStream replies = System.out;
        String line;
        while ((line = requests.readLine()) != null) {
            if (line.isEmpty()) {
                continue;
            }
            ByteArrayOutputStream messages = new ByteArrayOutputStream();
            int code;
            try (PrintStream sink = new PrintStream(messages, true, StandardCharsets.UTF_8)) {
                try {
                    code = compiler == null ? 98 : compiler.run(null, sink, sink, line.split("\t"));
                } catch (Throwable failure) {
                    failure.printStackTrace(sink);
                    code = 99;
                }
            }
            byte[] text = messages.toByteArray();
            replies.write((code + " " + text.length + "\n").getBytes(StandardCharsets.UTF_8));
            replies.write(text);
            replies.flush();
        }
    }
}
