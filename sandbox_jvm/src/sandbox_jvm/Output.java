package sandbox_jvm;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Where the student's System.out and System.err go: memory, capped.
 *
 * The first KEEP bytes are kept and the rest only counted, so a student's endless printing
 * costs a counter, not the heap. Both streams share one buffer so their lines interleave as
 * they were written. A request reads it and empties it ("output").
 */
final class Output extends OutputStream {
    static final int KEEP = 64 * 1024;

    private byte[] kept = new byte[4096];
    private int used;
    private long dropped;

    @Override
    public synchronized void write(int b) {
        if (used < KEEP) {
            grow(used + 1);
            kept[used++] = (byte) b;
        } else {
            dropped++;
        }
    }

    @Override
    public synchronized void write(byte[] bytes, int offset, int length) {
        int room = Math.max(0, Math.min(length, KEEP - used));
        if (room > 0) {
            grow(used + room);
            System.arraycopy(bytes, offset, kept, used, room);
            used += room;
        }
        dropped += length - room;
    }

    private void grow(int needed) {
        if (needed > kept.length) {
            kept = Arrays.copyOf(kept, Math.min(KEEP, Math.max(needed, kept.length * 2)));
        }
    }

    /** What was written since the last take, as {"text", "dropped"}; the buffer starts over. */
    synchronized java.util.Map<String, Object> take() {
        // A multi-byte character cut by the cap decodes to U+FFFD rather than failing.
        String text = new String(kept, 0, used, StandardCharsets.UTF_8);
        java.util.Map<String, Object> reply = new java.util.LinkedHashMap<>();
        reply.put("text", text);
        reply.put("dropped", dropped);
        used = 0;
        dropped = 0;
        if (kept.length > 4096) {
            kept = new byte[4096]; // give back what one noisy test grew
        }
        return reply;
    }
}
