package sandbox_jvm;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * Rewrites {@code new java.util.Random(...)} in a class file into {@code new SeededRandom(...)},
 * so student code that makes its own unseeded Random still repeats under a seed.
 *
 * Only two kinds of instruction change: {@code new} naming java/util/Random, and
 * {@code invokespecial} of a Random constructor. Both get the index of a constant appended to
 * the pool, of the same 2-byte width, so no offset, jump or stack map moves, and every other
 * use of Random (field and parameter types, casts, method calls) is left as it was. A class that
 * itself extends Random is left alone: its super() call must stay Random's. A class file this
 * cannot read is returned unchanged (the JVM's verifier then judges it as usual).
 */
final class RandomRewrite {
    private RandomRewrite() {
    }

    static final String SEEDED = "sandbox_jvm/SeededRandom";
    private static final String RANDOM = "java/util/Random";

    static byte[] patch(byte[] bytes) {
        try {
            return new RandomRewrite.Pass(bytes).run();
        } catch (RuntimeException e) {
            return bytes;
        }
    }

    private static final class Pass {
        private final byte[] in;
        private int at;
        private String[] utf8;
        private int[] tag;
        private int[] refA;
        private int[] refB;

        Pass(byte[] in) {
            this.in = in;
        }

        private int u1() {
            return in[at++] & 0xFF;
        }

        private int u2() {
            return (u1() << 8) | u1();
        }

        private int u4() {
            return (u2() << 16) | u2();
        }

        byte[] run() {
            if (in.length < 10 || u4() != 0xCAFEBABE) {
                return in;
            }
            at = 8;
            int count = u2();
            readPool(count);
            int poolEnd = at;
            Map<Integer, Integer> classes = new HashMap<>(); // old Class index -> new
            Map<Integer, Integer> inits = new HashMap<>();   // old Methodref index -> new
            int next = count;
            for (int i = 1; i < count; i++) {
                if (tag[i] == 7 && RANDOM.equals(utf8[refA[i]])) {
                    classes.put(i, -1);
                }
            }
            if (classes.isEmpty()) {
                return in;
            }
            ByteArrayOutputStream extra = new ByteArrayOutputStream();
            DataOutputStream pool = new DataOutputStream(extra);
            try {
                int nameIndex = next++;
                pool.writeByte(1);
                pool.writeUTF(SEEDED); // modified UTF-8; the name is plain ASCII anyway
                int classIndex = next++;
                pool.writeByte(7);
                pool.writeShort(nameIndex);
                for (Map.Entry<Integer, Integer> e : classes.entrySet()) {
                    e.setValue(classIndex);
                }
                for (int i = 1; i < count; i++) {
                    if (tag[i] == 10 && classes.containsKey(refA[i]) && "<init>".equals(utf8[refA[refB[i]]])) {
                        inits.put(i, next++);
                        pool.writeByte(10);
                        pool.writeShort(classIndex);
                        pool.writeShort(refB[i]);
                    }
                }
            } catch (IOException impossible) {
                return in;
            }
            if (next > 0xFFFF) {
                return in;
            }
            byte[] out = new byte[in.length + extra.size()];
            System.arraycopy(in, 0, out, 0, poolEnd);
            out[8] = (byte) (next >> 8);
            out[9] = (byte) next;
            System.arraycopy(extra.toByteArray(), 0, out, poolEnd, extra.size());
            System.arraycopy(in, poolEnd, out, poolEnd + extra.size(), in.length - poolEnd);
            int shift = extra.size();

            at = poolEnd + 2; // access flags
            at += 2; // this_class
            int superClass = u2();
            if (classes.containsKey(superClass)) {
                return in; // extends Random: leave it be
            }
            int interfaces = u2(); // (not "at += 2 * u2()": Java reads "at" before u2 moves it)
            at += 2 * interfaces;
            skipMembers(); // fields
            int methods = u2();
            for (int m = 0; m < methods; m++) {
                at += 6;
                int attributes = u2();
                for (int a = 0; a < attributes; a++) {
                    String name = utf8[u2()];
                    int length = u4();
                    int start = at;
                    if ("Code".equals(name)) {
                        at += 4; // max_stack, max_locals
                        int codeLength = u4();
                        rewriteCode(out, at, codeLength, shift, classes, inits);
                    }
                    at = start + length;
                }
            }
            return out;
        }

        private void readPool(int count) {
            utf8 = new String[count];
            tag = new int[count];
            refA = new int[count];
            refB = new int[count];
            for (int i = 1; i < count; i++) {
                int t = u1();
                tag[i] = t;
                switch (t) {
                    case 1: {
                        int length = u2();
                        // Class and member names are ASCII in practice; other text is never used.
                        utf8[i] = new String(in, at, length, StandardCharsets.UTF_8);
                        at += length;
                        break;
                    }
                    case 7: case 8: case 16: case 19: case 20:
                        refA[i] = u2();
                        break;
                    case 15:
                        at += 3;
                        break;
                    case 3: case 4: case 17: case 18:
                        at += 4;
                        break;
                    case 9: case 10: case 11: case 12:
                        refA[i] = u2();
                        refB[i] = u2();
                        break;
                    case 5: case 6:
                        at += 8;
                        i++; // long and double take two slots
                        break;
                    default:
                        throw new IllegalStateException("unknown constant tag " + t);
                }
            }
        }

        private void skipMembers() {
            int members = u2();
            for (int m = 0; m < members; m++) {
                at += 6;
                int attributes = u2();
                for (int a = 0; a < attributes; a++) {
                    at += 2;
                    int length = u4();
                    at += length;
                }
            }
        }

        /** Walks the instructions (reading from the input, writing to the output copy). */
        private void rewriteCode(byte[] out, int code, int length, int shift,
                                 Map<Integer, Integer> classes, Map<Integer, Integer> inits) {
            int pc = 0;
            while (pc < length) {
                int op = in[code + pc] & 0xFF;
                if (op == 0xBB || op == 0xB7) { // new, invokespecial
                    int index = ((in[code + pc + 1] & 0xFF) << 8) | (in[code + pc + 2] & 0xFF);
                    Integer replacement = op == 0xBB ? classes.get(index) : inits.get(index);
                    if (replacement != null) {
                        out[code + pc + 1 + shift] = (byte) (replacement >> 8);
                        out[code + pc + 2 + shift] = (byte) (int) replacement;
                    }
                }
                pc += Bytecode.width(in, code, pc, op);
            }
        }
    }
}
