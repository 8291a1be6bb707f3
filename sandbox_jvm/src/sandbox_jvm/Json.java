package sandbox_jvm;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The little JSON the protocol needs, in both directions, with no library behind it.
 *
 * Parsed values are: null, Boolean, Long (or BigInteger when an integer does not fit in a
 * long, so nothing is silently rounded), Double (any number written with '.', 'e' or 'E'),
 * String, List and Map (insertion order kept). The writer accepts the same kinds, plus Integer,
 * and refuses anything else, so only plain data can ever reach the private channel.
 */
final class Json {
    private final String text;
    private int at;
    /** Where the next backslash at or after ``at`` is (-1: none left); -2: not looked yet. */
    private int nextSlash = -2;

    private Json(String text) {
        this.text = text;
    }

    static Object parse(String text) {
        Json reader = new Json(text);
        reader.skipSpace();
        Object value = reader.value(0);
        reader.skipSpace();
        if (reader.at != text.length()) {
            throw reader.fail("extra text after the value");
        }
        return value;
    }

    private IllegalArgumentException fail(String why) {
        return new IllegalArgumentException("bad JSON at " + at + ": " + why);
    }

    private void skipSpace() {
        while (at < text.length()) {
            char c = text.charAt(at);
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                return;
            }
            at++;
        }
    }

    private Object value(int depth) {
        if (depth > 200) {
            throw fail("nested too deeply"); // the trusted side never nests this far
        }
        if (at >= text.length()) {
            throw fail("unexpected end");
        }
        char c = text.charAt(at);
        switch (c) {
            case '{': return object(depth);
            case '[': return array(depth);
            case '"': return string();
            case 't': return word("true", Boolean.TRUE);
            case 'f': return word("false", Boolean.FALSE);
            case 'n': return word("null", null);
            default: return number();
        }
    }

    private Object word(String word, Object meaning) {
        if (!text.startsWith(word, at)) {
            throw fail("unknown word");
        }
        at += word.length();
        return meaning;
    }

    private Map<String, Object> object(int depth) {
        Map<String, Object> map = new LinkedHashMap<>();
        at++;
        skipSpace();
        if (peek() == '}') {
            at++;
            return map;
        }
        while (true) {
            skipSpace();
            if (peek() != '"') {
                throw fail("a key must be a string");
            }
            String key = string();
            skipSpace();
            expect(':');
            skipSpace();
            map.put(key, value(depth + 1));
            skipSpace();
            if (peek() == ',') {
                at++;
                continue;
            }
            expect('}');
            return map;
        }
    }

    private List<Object> array(int depth) {
        List<Object> list = new ArrayList<>();
        at++;
        skipSpace();
        if (peek() == ']') {
            at++;
            return list;
        }
        while (true) {
            skipSpace();
            list.add(value(depth + 1));
            skipSpace();
            if (peek() == ',') {
                at++;
                continue;
            }
            expect(']');
            return list;
        }
    }

    private char peek() {
        if (at >= text.length()) {
            throw fail("unexpected end");
        }
        return text.charAt(at);
    }

    private void expect(char c) {
        if (peek() != c) {
            throw fail("expected '" + c + "'");
        }
        at++;
    }

    private String string() {
        at++; // the opening quote
        // Most strings have no escape (class files in base64, names): taken whole. indexOf is
        // fast even while the rest of this parser still runs interpreted, early in a JVM's life.
        int quote = text.indexOf('"', at);
        if (nextSlash != -1 && nextSlash < at) {
            nextSlash = text.indexOf('\\', at); // remembered, so the text is searched once in all
        }
        if (quote >= 0 && (nextSlash == -1 || nextSlash > quote)) {
            String whole = text.substring(at, quote);
            at = quote + 1;
            return whole;
        }
        StringBuilder out = new StringBuilder();
        while (true) {
            char c = peek();
            at++;
            if (c == '"') {
                return out.toString();
            }
            if (c != '\\') {
                out.append(c);
                continue;
            }
            char e = peek();
            at++;
            switch (e) {
                case '"': out.append('"'); break;
                case '\\': out.append('\\'); break;
                case '/': out.append('/'); break;
                case 'b': out.append('\b'); break;
                case 'f': out.append('\f'); break;
                case 'n': out.append('\n'); break;
                case 'r': out.append('\r'); break;
                case 't': out.append('\t'); break;
                case 'u':
                    if (at + 4 > text.length()) {
                        throw fail("short \\u escape");
                    }
                    // Surrogate pairs need no special care: each half is one Java char.
                    out.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                    at += 4;
                    break;
                default: throw fail("unknown escape");
            }
        }
    }

    private Object number() {
        int start = at;
        boolean fraction = false;
        while (at < text.length()) {
            char c = text.charAt(at);
            if (c == '.' || c == 'e' || c == 'E') {
                fraction = true;
            } else if (!(c == '-' || c == '+' || (c >= '0' && c <= '9'))) {
                break;
            }
            at++;
        }
        String digits = text.substring(start, at);
        if (digits.isEmpty()) {
            throw fail("unexpected character");
        }
        try {
            if (fraction) {
                return Double.parseDouble(digits);
            }
            BigInteger big = new BigInteger(digits);
            return big.bitLength() < 64 ? (Object) big.longValue() : big;
        } catch (NumberFormatException e) {
            throw fail("bad number");
        }
    }

    // -- writing ------------------------------------------------------------------------------

    static String write(Object value) {
        StringBuilder out = new StringBuilder();
        write(value, out);
        return out.toString();
    }

    static void write(Object value, StringBuilder out) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof Boolean) {
            out.append(((Boolean) value).booleanValue() ? "true" : "false");
        } else if (value instanceof Long || value instanceof Integer || value instanceof BigInteger) {
            out.append(value.toString());
        } else if (value instanceof Double) {
            double d = (Double) value;
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                throw new IllegalArgumentException("a non-finite number reached the writer");
            }
            out.append(Double.toString(d));
        } else if (value instanceof String) {
            quote((String) value, out);
        } else if (value instanceof Map) {
            out.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> entry : ((Map<?, ?>) value).entrySet()) {
                if (!first) {
                    out.append(',');
                }
                first = false;
                quote((String) entry.getKey(), out);
                out.append(':');
                write(entry.getValue(), out);
            }
            out.append('}');
        } else if (value instanceof List) {
            out.append('[');
            boolean first = true;
            for (Object item : (List<?>) value) {
                if (!first) {
                    out.append(',');
                }
                first = false;
                write(item, out);
            }
            out.append(']');
        } else {
            throw new IllegalArgumentException("not plain data: " + value.getClass().getName());
        }
    }

    private static void quote(String s, StringBuilder out) {
        out.append('"');
        int plain = 0; // the longest start of s that needs no escape, copied in one append
        while (plain < s.length()) {
            char c = s.charAt(plain);
            if (c < 0x20 || c == '"' || c == '\\' || Character.isSurrogate(c) || c == 0x2028 || c == 0x2029) {
                break;
            }
            plain++;
        }
        out.append(s, 0, plain);
        for (int i = plain; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"': out.append("\\\""); break;
                case '\\': out.append("\\\\"); break;
                case '\n': out.append("\\n"); break;
                case '\r': out.append("\\r"); break;
                case '\t': out.append("\\t"); break;
                default:
                    // Control characters and lone surrogates are escaped: the line stays valid
                    // UTF-8 whatever the string holds (Python's json reads the escapes back).
                    if (c < 0x20 || Character.isSurrogate(c) || c == 0x2028 || c == 0x2029) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
            }
        }
        out.append('"');
    }
}
