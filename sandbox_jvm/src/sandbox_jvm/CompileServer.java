package sandbox_jvm;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
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
 *
 * With "--socket PATH" it serves the same protocol to every connection on a Unix socket, each
 * in a thread of its own (javac keeps nothing between two compilations), so the grading
 * processes of one run share one warm compiler: a compiler's start and warm-up cost more CPU
 * than a hundred compilations once it is warm. The socket's folder is private to the grader.
 */
public final class CompileServer {
    private CompileServer() {
    }

    public static void main(String[] args) throws Exception {
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        if (args.length == 2 && args[0].equals("--socket")) {
            try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
                server.bind(UnixDomainSocketAddress.of(Path.of(args[1])));
                System.out.println("listening");
                System.out.flush();
                while (true) {
                    SocketChannel client = server.accept();
                    Thread serving = new Thread(() -> {
                        try (client) {
                            serve(compiler, Channels.newInputStream(client), Channels.newOutputStream(client));
                        } catch (IOException e) {
                            // the grading process went away: nothing to answer
                        }
                    }, "compile");
                    serving.setDaemon(true);
                    serving.start();
                }
            }
        }
        serve(compiler, System.in, System.out);
    }

    private static void serve(JavaCompiler compiler, InputStream in, OutputStream replies) throws IOException {
        BufferedReader requests = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
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
            byte[] header = (code + " " + text.length + "\n").getBytes(StandardCharsets.UTF_8);
            byte[] reply = new byte[header.length + text.length];
            System.arraycopy(header, 0, reply, 0, header.length);
            System.arraycopy(text, 0, reply, header.length, text.length);
            replies.write(reply);
            replies.flush();
        }
    }
}
