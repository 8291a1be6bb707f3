package sandbox_jvm;

/**
 * The one piece of the JVM's bytecode format both rewriters need (RandomRewrite, CallRewrite):
 * how many bytes each instruction takes, so a walk over a method's code lands on every opcode.
 */
final class Bytecode {
    private Bytecode() {
    }

    /** The length of the instruction {@code op} at {@code pc} in the code starting at {@code code} in {@code in}. */
    static int width(byte[] in, int code, int pc, int op) {
        if (op == 0xAA || op == 0xAB) { // tableswitch, lookupswitch: padded to 4 bytes
            int p = pc + 1 + ((4 - (pc + 1) % 4) % 4);
            if (op == 0xAA) {
                int low = readInt(in, code + p + 4);
                int high = readInt(in, code + p + 8);
                return p - pc + 12 + 4 * (high - low + 1);
            }
            return p - pc + 8 + 8 * readInt(in, code + p + 4);
        }
        if (op == 0xC4) { // wide
            return (in[code + pc + 1] & 0xFF) == 0x84 ? 6 : 4;
        }
        if (op == 0x10 || op == 0x12 || (op >= 0x15 && op <= 0x19) || (op >= 0x36 && op <= 0x3A)
                || op == 0xA9 || op == 0xBC) {
            return 2;
        }
        if (op == 0x11 || op == 0x13 || op == 0x14 || op == 0x84 || (op >= 0x99 && op <= 0xA8)
                || (op >= 0xB2 && op <= 0xB8) || op == 0xBB || op == 0xBD || op == 0xC0
                || op == 0xC1 || op == 0xC6 || op == 0xC7) {
            return 3;
        }
        if (op == 0xC5) {
            return 4;
        }
        if (op == 0xB9 || op == 0xBA || op == 0xC8 || op == 0xC9) {
            return 5;
        }
        return 1;
    }

    /** The big-endian int at {@code offset} of {@code in}. */
    static int readInt(byte[] in, int offset) {
        return ((in[offset] & 0xFF) << 24) | ((in[offset + 1] & 0xFF) << 16)
                | ((in[offset + 2] & 0xFF) << 8) | (in[offset + 3] & 0xFF);
    }
}
