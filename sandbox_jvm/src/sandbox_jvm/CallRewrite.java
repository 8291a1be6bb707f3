package sandbox_jvm;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/**
 * Rewrites the student's calls to JVM-wide JDK state (JvmWide.RULES) into static calls of
 * JvmWide, the copy of it each student loader defines: {@code s.intern()} becomes
 * {@code JvmWide.intern(s)}, {@code URLConnection.setDefaultUseCaches("x", false)} a refusal.
 *
 * As RandomRewrite, in place: a Methodref the rules name gets a new Methodref (to JvmWide, with
 * the receiver, if any, as first parameter) appended to the constant pool, and each
 * invokevirtual, invokespecial, invokestatic or invokeinterface of it becomes an invokestatic of
 * the new one (invokeinterface's two extra bytes become nops). The operand stack is the same
 * before and after, so no offset, jump or stack map moves. A method handle constant of it (a
 * method reference, {@code String::intern}) is pointed at the new Methodref as a static handle.
 * A call whose kind does not fit the rule (a static method of the student's own with an
 * instance setter's name) is left alone. A class file this cannot read is returned unchanged.
 */
final class CallRewrite {
    private CallRewrite() {
    }

    static final String TARGET = "sandbox_jvm/JvmWide";

    static byte[] patch(byte[] bytes) {
        try {
            return new Pass(bytes).run();
        } catch (RuntimeException e) {
            return bytes;
        }
    }

    /** Adds the class file's string literals (its String constants) to {@code into}. */
    static void literals(byte[] bytes, Collection<String> into) {
        try {
            Pass pass = new Pass(bytes);
            pass.readHeader();
            for (int i = 1; i < pass.tag.length; i++) {
                if (pass.tag[i] == 8 && pass.utf8[pass.refA[i]] != null) {
                    into.add(pass.utf8[pass.refA[i]]);
                }
            }
        } catch (RuntimeException e) {
            // unreadable: no literals known, so its strings intern in the load's own table
        }
    }

    private static final class Pass {
        private final byte[] in;
        private int at;
        private int count;
        private String[] utf8;
        private int[] tag;
        private int[] refA;
        private int[] refB;
        /** Where each MethodHandle constant's reference kind byte is. */
        private int[] handleAt;

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

        void readHeader() {
            if (in.length < 10 || u4() != 0xCAFEBABE) {
                throw new IllegalStateException("not a class file");
            }
            at = 8;
            count = u2();
            utf8 = new String[count];
            tag = new int[count];
            refA = new int[count];
            refB = new int[count];
            handleAt = new int[count];
            for (int i = 1; i < count; i++) {
                int t = u1();
                tag[i] = t;
                switch (t) {
                    case 1: {
                        int length = u2();
                        utf8[i] = modifiedUtf8(at - 2, length);
                        at += length;
                        break;
                    }
                    case 7: case 8: case 16: case 19: case 20:
                        refA[i] = u2();
                        break;
                    case 15:
                        handleAt[i] = at;
                        refA[i] = u1();
                        refB[i] = u2();
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

        private String modifiedUtf8(int from, int length) {
            try {
                return new DataInputStream(new ByteArrayInputStream(in, from, length + 2)).readUTF();
            } catch (IOException e) {
                return null;
            }
        }

        byte[] run() {
            readHeader();
            int poolEnd = at;
            // old Methodref index -> {new Methodref index, 1 if the rule's call is static}
            Map<Integer, int[]> redirected = new HashMap<>();
            ByteArrayOutputStream extra = new ByteArrayOutputStream();
            DataOutputStream pool = new DataOutputStream(extra);
            int next = count;
            int targetClass = -1;
            try {
                for (int i = 1; i < count; i++) {
                    if (tag[i] != 10 && tag[i] != 11) {
                        continue;
                    }
                    String owner = utf8[refA[refA[i]]];
                    String name = utf8[refA[refB[i]]];
                    String descriptor = utf8[refB[refB[i]]];
                    String[] rule = rule(owner, name, descriptor);
                    if (rule == null || TARGET.equals(owner)) {
                        continue;
                    }
                    boolean isStatic = rule[4].equals("static");
                    String receiver = rule[1].equals("*") ? "java/lang/Object" : rule[1];
                    String target = isStatic ? descriptor : "(L" + receiver + ";" + descriptor.substring(1);
                    if (targetClass < 0) {
                        pool.writeByte(1);
                        pool.writeUTF(TARGET);
                        pool.writeByte(7);
                        pool.writeShort(next);
                        targetClass = next + 1;
                        next += 2;
                    }
                    pool.writeByte(1);
                    pool.writeUTF(name);
                    pool.writeByte(1);
                    pool.writeUTF(target);
                    pool.writeByte(12);
                    pool.writeShort(next);
                    pool.writeShort(next + 1);
                    pool.writeByte(10);
                    pool.writeShort(targetClass);
                    pool.writeShort(next + 2);
                    redirected.put(i, new int[] {next + 3, isStatic ? 1 : 0});
                    next += 4;
                }
            } catch (IOException impossible) {
                return in;
            }
            if (redirected.isEmpty() || next > 0xFFFF) {
                return in;
            }
            byte[] out = new byte[in.length + extra.size()];
            System.arraycopy(in, 0, out, 0, poolEnd);
            out[8] = (byte) (next >> 8);
            out[9] = (byte) next;
            System.arraycopy(extra.toByteArray(), 0, out, poolEnd, extra.size());
            System.arraycopy(in, poolEnd, out, poolEnd + extra.size(), in.length - poolEnd);
            int shift = extra.size();

            for (int i = 1; i < count; i++) { // method references: String::intern and the like
                int[] to = tag[i] == 15 ? redirected.get(refB[i]) : null;
                if (to != null && (refA[i] == 6) == (to[1] == 1) && refA[i] != 8) {
                    out[handleAt[i]] = 6; // REF_invokeStatic
                    out[handleAt[i] + 1] = (byte) (to[0] >> 8);
                    out[handleAt[i] + 2] = (byte) to[0];
                }
            }

            at = poolEnd + 6; // access flags, this_class, super_class
            int interfaces = u2();
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
                        rewriteCode(out, at, codeLength, shift, redirected);
                    }
                    at = start + length;
                }
            }
            return out;
        }

        private static String[] rule(String owner, String name, String descriptor) {
            for (String[] rule : JvmWide.RULES) {
                if (rule[2].equals(name) && rule[3].equals(descriptor) && (rule[1].equals("*") || rule[1].equals(owner))) {
                    return rule;
                }
            }
            return null;
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
        private void rewriteCode(byte[] out, int code, int length, int shift, Map<Integer, int[]> redirected) {
            int pc = 0;
            while (pc < length) {
                int op = in[code + pc] & 0xFF;
                if (op >= 0xB6 && op <= 0xB9) { // invokevirtual, invokespecial, invokestatic, invokeinterface
                    int index = ((in[code + pc + 1] & 0xFF) << 8) | (in[code + pc + 2] & 0xFF);
                    int[] to = redirected.get(index);
                    if (to != null && (op == 0xB8) == (to[1] == 1)) {
                        int o = code + pc + shift;
                        out[o] = (byte) 0xB8;
                        out[o + 1] = (byte) (to[0] >> 8);
                        out[o + 2] = (byte) to[0];
                        if (op == 0xB9) {
                            out[o + 3] = 0; // nop, nop: invokeinterface's count and zero byte
                            out[o + 4] = 0;
                        }
                    }
                }
                pc += Bytecode.width(in, code, pc, op);
            }
        }
    }
}
