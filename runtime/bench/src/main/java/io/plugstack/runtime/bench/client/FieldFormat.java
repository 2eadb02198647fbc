package io.plugstack.runtime.bench.client;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import io.plugstack.api.slurm.NoVal;

/**
 * squeue's and sinfo's -o/--format: "%[.][size]letter" fields between literal text, as their print.c
 * does: a size pads the value (left-justified; '.' right-justifies) and cuts a longer one to it;
 * sinfo's "%#P" is as wide as the widest value. The header is the fields' titles, laid out the same.
 * Also Slurm's time and date layouts the commands print.
 *
 * @param <T> what one output line describes (a job, a partition)
 */
final class FieldFormat<T> {

    /** A format letter: its column title and its value. */
    record Field<T>(String title, Function<T, String> value) {
    }

    /** A format letter the command does not know ("Invalid job format specification: X"). */
    static final class BadFormat extends Exception {
        BadFormat(String letter) {
            super(letter);
        }
    }

    /** Literal text (field null), or a field with its size (0: as is; -1: as wide as the widest) and side. */
    private record Part(String literal, Field<?> field, int size, boolean right) {
    }

    private final List<Part> parts;

    private FieldFormat(List<Part> parts) {
        this.parts = parts;
    }

    static <T> FieldFormat<T> parse(String spec, Map<Character, Field<T>> fields) throws BadFormat {
        List<Part> parts = new ArrayList<>();
        StringBuilder literal = new StringBuilder();
        for (int i = 0; i < spec.length(); i++) {
            char c = spec.charAt(i);
            if (c != '%' || i + 1 >= spec.length()) {
                literal.append(c);
                continue;
            }
            int k = i + 1;
            boolean right = spec.charAt(k) == '.';
            boolean widest = spec.charAt(k) == '#';
            k += right || widest ? 1 : 0;
            int start = k;
            while (k < spec.length() && Character.isDigit(spec.charAt(k))) {
                k++;
            }
            if (k >= spec.length()) {
                throw new BadFormat(spec.substring(i + 1));
            }
            Field<T> f = fields.get(spec.charAt(k));
            if (f == null) {
                throw new BadFormat(String.valueOf(spec.charAt(k)));
            }
            if (literal.length() > 0) {
                parts.add(new Part(literal.toString(), null, 0, false));
                literal.setLength(0);
            }
            int size = widest ? -1 : k > start ? Integer.parseInt(spec.substring(start, k)) : 0;
            parts.add(new Part(null, f, size, right));
            i = k;
        }
        if (literal.length() > 0) {
            parts.add(new Part(literal.toString(), null, 0, false));
        }
        return new FieldFormat<>(parts);
    }

    /** The header line (unless {@code header} is false) and one line per item. */
    @SuppressWarnings("unchecked")
    List<String> lines(List<T> items, boolean header) {
        int[] widest = new int[parts.size()];
        for (int p = 0; p < parts.size(); p++) {
            Part part = parts.get(p);
            if (part.size() == -1) {
                widest[p] = part.field().title().length();
                for (T item : items) {
                    widest[p] = Math.max(widest[p], ((Field<T>) part.field()).value().apply(item).length());
                }
            }
        }
        List<String> out = new ArrayList<>();
        if (header) {
            out.add(line(p -> parts.get(p).field().title(), widest));
        }
        for (T item : items) {
            out.add(line(p -> ((Field<T>) parts.get(p).field()).value().apply(item), widest));
        }
        return out;
    }

    private String line(java.util.function.IntFunction<String> value, int[] widest) {
        StringBuilder sb = new StringBuilder();
        for (int p = 0; p < parts.size(); p++) {
            Part part = parts.get(p);
            if (part.field() == null) {
                sb.append(part.literal());
                continue;
            }
            String v = value.apply(p);
            int size = part.size() == -1 ? widest[p] : part.size();
            if (size > 0) {
                v = v.length() > size ? v.substring(0, size) : v;
                v = part.right() ? " ".repeat(size - v.length()) + v : v + " ".repeat(size - v.length());
            }
            sb.append(v);
        }
        return sb.toString();
    }

    /** squeue's and sinfo's elapsed time: M:SS, H:MM:SS or D-HH:MM:SS. */
    static String elapsed(long seconds) {
        long d = seconds / 86400;
        long h = seconds / 3600 % 24;
        long m = seconds / 60 % 60;
        long s = seconds % 60;
        return d > 0 ? String.format("%d-%02d:%02d:%02d", d, h, m, s)
                : h > 0 ? String.format("%d:%02d:%02d", h, m, s) : String.format("%d:%02d", m, s);
    }

    /** A time limit in minutes as squeue prints it (UNLIMITED, or an elapsed time). */
    static String limit(long minutes) {
        return minutes == NoVal.INFINITE || minutes == NoVal.NO_VAL ? "UNLIMITED" : elapsed(minutes * 60);
    }

    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss");

    /** Slurm's dates: 2026-11-25T03:07:39, local time; {@code unset} for 0. */
    static String date(long epochSeconds, String unset) {
        return epochSeconds <= 0 ? unset : LocalDateTime.ofInstant(Instant.ofEpochSecond(epochSeconds), ZoneId.systemDefault())
                .format(DATE);
    }

    /**
     * A size in MB as scontrol shows it (convert_num_unit with CONVERT_NUM_UNIT_EXACT): up a unit while it is an
     * exact multiple of 1024, so 1024 is "1G" and 1500 stays "1500M"; 0 is "0".
     */
    static String megabytes(long mb) {
        if (mb == 0) {
            return "0";
        }
        String units = "MGTPE";
        int unit = 0;
        while (mb % 1024 == 0 && unit < units.length() - 1) {
            mb /= 1024;
            unit++;
        }
        return mb + String.valueOf(units.charAt(unit));
    }

    /** "(null)" for what Slurm has no value of. */
    static String orNull(String s) {
        return s == null || s.isEmpty() ? "(null)" : s;
    }
}
