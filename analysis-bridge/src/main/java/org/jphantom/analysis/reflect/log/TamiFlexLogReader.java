package org.jphantom.analysis.reflect.log;

import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jphantom.JphantomException;

/**
 * Reads a log in TamiFlex's format: one entry a line, columns separated by {@code ;}:
 * <pre>
 *   KIND;TARGET;CALLER_CLASS.CALLER_METHOD;LINE;METADATA;COUNT
 *   Class.forName;a.b.Plugin;a.b.Main.main;12;;
 *   Method.invoke;&lt;a.b.Plugin: void run(int)&gt;;a.b.Main.main;14;isAccessible=false;
 *   Field.get*;&lt;a.b.Plugin: int size&gt;;a.b.Main.main;15;isAccessible=true;3
 * </pre>
 * LINE and COUNT may be empty. TamiFlex 1.x wrote five columns (no METADATA); both are read.
 * Blank lines are skipped. Anything else is an input error (exit code 2) naming the file and line.
 */
public final class TamiFlexLogReader {
    private static final Pattern TYPE = Pattern.compile("[\\w$.\\-]+(\\[\\])*");
    private static final Pattern METHOD = Pattern.compile("<([^:<>;]+): (\\S+) ([^\\s(]+)\\(([^()]*)\\)>");
    private static final Pattern FIELD = Pattern.compile("<([^:<>;]+): (\\S+) ([^\\s()<>]+)>");

    private TamiFlexLogReader() {
    }

    /**
     * @throws JphantomException (exit code 2) if the file cannot be read or a line is malformed
     */
    public static ReflectionLog read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw JphantomException.input(file + ": no such reflection log");
        } catch (MalformedInputException e) {
            throw JphantomException.input(file + ": not a text file in UTF-8");
        } catch (IOException e) {
            throw JphantomException.input(file + ": cannot read: " + e.getMessage());
        }
        return parse(file.toString(), lines);
    }

    /** Parses the lines of a log; {@code source} names it in messages and origins. */
    public static ReflectionLog parse(String source, List<String> lines) {
        List<LogEntry> entries = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (!line.isBlank()) {
                entries.add(entry(line.strip(), source + ":" + (i + 1)));
            }
        }
        return new ReflectionLog(entries);
    }

    private static LogEntry entry(String line, String origin) {
        String[] col = line.split(";", -1);
        if (col.length != 5 && col.length != 6) {
            throw bad(origin, "expected 6 columns (KIND;TARGET;CALLER;LINE;METADATA;COUNT) or TamiFlex 1.x's 5, found "
                    + col.length, line);
        }
        ApiKind kind = ApiKind.ofLabel(col[0])
                .orElseThrow(() -> bad(origin, "unknown kind '" + col[0] + "' (known: " + ApiKind.labels() + ")", line));
        LogTarget target = target(kind, col[1], origin, line);
        int dot = col[2].lastIndexOf('.');
        if (dot <= 0 || dot == col[2].length() - 1 || col[2].contains(" ")) {
            throw bad(origin, "the caller '" + col[2] + "' is not CLASS.METHOD", line);
        }
        CallSite site = new CallSite(col[2].substring(0, dot), col[2].substring(dot + 1),
                number(col[3], -1, "line", origin, line));
        String metadata = col.length == 6 ? col[4] : "";
        int count = number(col[col.length - 1], 0, "count", origin, line);
        return new LogEntry(kind, target, site, metadata, count, origin);
    }

    private static LogTarget target(ApiKind kind, String text, String origin, String line) {
        switch (kind.shape()) {
            case CLASS -> {
                if (!TYPE.matcher(text).matches()) {
                    throw bad(origin, kind.label() + " needs a type name as target, not '" + text + "'", line);
                }
                return new LogTarget.ClassTarget(text);
            }
            case METHOD -> {
                Matcher m = METHOD.matcher(text);
                if (!m.matches() || !types(m.group(1)) || !types(m.group(2))) {
                    throw bad(origin, kind.label() + " needs a method '<CLASS: RETURN NAME(PARAMS)>' as target, not '"
                            + text + "'", line);
                }
                List<String> params = m.group(4).isEmpty() ? List.of() : List.of(m.group(4).split(",", -1));
                for (String p : params) {
                    if (!TYPE.matcher(p).matches()) {
                        throw bad(origin, "bad parameter type '" + p + "' in '" + text + "'", line);
                    }
                }
                return new LogTarget.MethodTarget(m.group(1), m.group(2), m.group(3), params);
            }
            default -> {
                Matcher m = FIELD.matcher(text);
                if (!m.matches() || !types(m.group(1)) || !types(m.group(2))) {
                    throw bad(origin, kind.label() + " needs a field '<CLASS: TYPE NAME>' as target, not '" + text + "'",
                            line);
                }
                return new LogTarget.FieldTarget(m.group(1), m.group(2), m.group(3));
            }
        }
    }

    private static boolean types(String s) {
        return TYPE.matcher(s).matches();
    }

    private static int number(String text, int none, String what, String origin, String line) {
        if (text.isEmpty()) {
            return none;
        }
        try {
            int n = Integer.parseInt(text);
            if (n >= 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw bad(origin, "the " + what + " must be empty or a number, not '" + text + "'", line);
    }

    private static JphantomException bad(String origin, String message, String line) {
        return JphantomException.input(origin + ": " + message + ": " + line);
    }
}
