package dev.sepax.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A strict JSON reader (RFC 8259) for {@code ./sepax check}'s GeoJSON input: objects, arrays,
 * strings with every escape, numbers by the JSON grammar, {@code true}, {@code false},
 * {@code null}. No comments, no trailing commas, no duplicate keys, no text after the value;
 * nesting deeper than {@link #MAX_DEPTH} is refused rather than recursed into. Every error is an
 * {@link ShapeFiles.InputException} {@code NAME:LINE:COLUMN: reason}.
 *
 * <p>Values: {@link Obj} (fields in file order, with the line the object starts on),
 * {@link List}, {@link String}, {@link Num} (the number's text, so an id keeps its spelling, and
 * its double value), {@link Boolean}, and {@link #NULL}.
 *
 * <p>Holds the text it reads; one reader per text, not thread-safe.
 */
final class JsonReader {
    /** Deepest nesting of arrays and objects accepted. */
    static final int MAX_DEPTH = 256;
    /** JSON {@code null}. */
    static final Object NULL = new Object() {
        @Override
        public String toString() {
            return "null";
        }
    };

    /** A JSON object: its fields in file order and the line its {@code {} is on. */
    record Obj(Map<String, Object> fields, int line) {
        Object get(String key) {
            return fields.get(key);
        }
    }

    /** A JSON number: its text as written and its value (infinite when it overflows a double). */
    record Num(String text, double value) {
        @Override
        public String toString() {
            return text;
        }
    }

    private final String name;
    private final String s;
    private int pos;
    private int line = 1;
    private int lineStart;

    private JsonReader(String name, String text) {
        this.name = name;
        this.s = text;
    }

    /** Parses {@code text} (a whole JSON document); {@code name} prefixes every error. */
    static Object parse(String name, String text) {
        JsonReader r = new JsonReader(name, text);
        if (r.s.startsWith("\uFEFF")) {
            r.pos = 1;
            r.lineStart = 1;
        }
        r.blanks();
        Object v = r.value(0);
        r.blanks();
        if (r.pos < r.s.length()) {
            throw r.error("unexpected '" + r.s.charAt(r.pos) + "' after the JSON value");
        }
        return v;
    }

    /** What a value is, in words, for messages. */
    static String kind(Object v) {
        if (v instanceof Obj) {
            return "an object";
        }
        if (v instanceof List) {
            return "an array";
        }
        if (v instanceof String) {
            return "a string";
        }
        if (v instanceof Num) {
            return "a number";
        }
        if (v instanceof Boolean) {
            return "a boolean";
        }
        return v == NULL ? "null" : "missing";
    }

    private ShapeFiles.InputException error(String reason) {
        return new ShapeFiles.InputException(name + ":" + line + ":" + (pos - lineStart + 1) + ": " + reason);
    }

    private void blanks() {
        while (pos < s.length()) {
            char c = s.charAt(pos);
            if (c == '\n') {
                line++;
                lineStart = pos + 1;
            } else if (c != ' ' && c != '\t' && c != '\r') {
                return;
            }
            pos++;
        }
    }

    private Object value(int depth) {
        if (pos >= s.length()) {
            throw error("unexpected end of the text");
        }
        char c = s.charAt(pos);
        switch (c) {
            case '{':
                return object(depth + 1);
            case '[':
                return array(depth + 1);
            case '"':
                return string();
            case 't':
                return literal("true", Boolean.TRUE);
            case 'f':
                return literal("false", Boolean.FALSE);
            case 'n':
                return literal("null", NULL);
            default:
                if (c == '-' || (c >= '0' && c <= '9')) {
                    return number();
                }
                throw error("unexpected '" + c + "' (expected a JSON value)");
        }
    }

    private Object literal(String word, Object v) {
        if (!s.startsWith(word, pos)) {
            throw error("unexpected '" + s.charAt(pos) + "' (expected a JSON value)");
        }
        pos += word.length();
        return v;
    }

    private Obj object(int depth) {
        if (depth > MAX_DEPTH) {
            throw error("nested deeper than " + MAX_DEPTH + " levels");
        }
        int startLine = line;
        pos++; // {
        Map<String, Object> fields = new LinkedHashMap<>();
        blanks();
        if (pos < s.length() && s.charAt(pos) == '}') {
            pos++;
            return new Obj(fields, startLine);
        }
        while (true) {
            blanks();
            if (pos >= s.length() || s.charAt(pos) != '"') {
                throw error(pos >= s.length() ? "unexpected end of the text in an object" : "expected a \"key\"");
            }
            String key = string();
            blanks();
            if (pos >= s.length() || s.charAt(pos) != ':') {
                throw error("expected ':' after the key \"" + key + "\"");
            }
            pos++;
            blanks();
            Object v = value(depth);
            if (fields.put(key, v) != null) {
                throw error("duplicate key \"" + key + "\"");
            }
            blanks();
            if (pos >= s.length()) {
                throw error("unexpected end of the text in an object");
            }
            char c = s.charAt(pos++);
            if (c == '}') {
                return new Obj(fields, startLine);
            }
            if (c != ',') {
                pos--;
                throw error("expected ',' or '}' in an object");
            }
        }
    }

    private List<Object> array(int depth) {
        if (depth > MAX_DEPTH) {
            throw error("nested deeper than " + MAX_DEPTH + " levels");
        }
        pos++; // [
        List<Object> items = new ArrayList<>();
        blanks();
        if (pos < s.length() && s.charAt(pos) == ']') {
            pos++;
            return items;
        }
        while (true) {
            blanks();
            items.add(value(depth));
            blanks();
            if (pos >= s.length()) {
                throw error("unexpected end of the text in an array");
            }
            char c = s.charAt(pos++);
            if (c == ']') {
                return items;
            }
            if (c != ',') {
                pos--;
                throw error("expected ',' or ']' in an array");
            }
        }
    }

    private String string() {
        pos++; // "
        StringBuilder sb = null;
        int from = pos;
        while (true) {
            if (pos >= s.length()) {
                throw error("unterminated string");
            }
            char c = s.charAt(pos);
            if (c == '"') {
                String out = sb == null ? s.substring(from, pos) : sb.append(s, from, pos).toString();
                pos++;
                return out;
            }
            if (c < 0x20) {
                throw error("control character 0x" + Integer.toHexString(c) + " in a string (escape it)");
            }
            if (c != '\\') {
                pos++;
                continue;
            }
            if (sb == null) {
                sb = new StringBuilder();
            }
            sb.append(s, from, pos);
            if (pos + 1 >= s.length()) {
                throw error("unterminated string");
            }
            char e = s.charAt(pos + 1);
            pos += 2;
            switch (e) {
                case '"', '\\', '/' -> sb.append(e);
                case 'b' -> sb.append('\b');
                case 'f' -> sb.append('\f');
                case 'n' -> sb.append('\n');
                case 'r' -> sb.append('\r');
                case 't' -> sb.append('\t');
                case 'u' -> {
                    if (pos + 4 > s.length()) {
                        throw error("truncated \\u escape");
                    }
                    int v = 0;
                    for (int i = 0; i < 4; i++) {
                        int d = Character.digit(s.charAt(pos + i), 16);
                        if (d < 0) {
                            throw error("bad \\u escape '" + s.substring(pos - 2, pos + 4) + "'");
                        }
                        v = 16 * v + d;
                    }
                    sb.append((char) v);
                    pos += 4;
                }
                default -> {
                    pos -= 2;
                    throw error("bad escape '\\" + e + "'");
                }
            }
            from = pos;
        }
    }

    private Num number() {
        int from = pos;
        if (s.charAt(pos) == '-') {
            pos++;
        }
        if (pos >= s.length() || !digit(s.charAt(pos))) {
            throw error("bad number: a digit must follow '-'");
        }
        if (s.charAt(pos) == '0') {
            pos++;
            if (pos < s.length() && digit(s.charAt(pos))) {
                throw error("bad number: no leading zeros");
            }
        } else {
            digits();
        }
        if (pos < s.length() && s.charAt(pos) == '.') {
            pos++;
            if (pos >= s.length() || !digit(s.charAt(pos))) {
                throw error("bad number: a digit must follow '.'");
            }
            digits();
        }
        if (pos < s.length() && (s.charAt(pos) == 'e' || s.charAt(pos) == 'E')) {
            pos++;
            if (pos < s.length() && (s.charAt(pos) == '+' || s.charAt(pos) == '-')) {
                pos++;
            }
            if (pos >= s.length() || !digit(s.charAt(pos))) {
                throw error("bad number: a digit must follow the exponent");
            }
            digits();
        }
        String text = s.substring(from, pos);
        return new Num(text, Double.parseDouble(text));
    }

    private void digits() {
        while (pos < s.length() && digit(s.charAt(pos))) {
            pos++;
        }
    }

    private static boolean digit(char c) {
        return c >= '0' && c <= '9';
    }
}
