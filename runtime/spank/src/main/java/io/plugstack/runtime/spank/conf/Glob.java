package io.plugstack.runtime.spank.conf;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * POSIX {@code glob(pattern, 0, NULL, &gl)} the way glibc answers it, which is what Slurm's
 * {@code include} uses, plus glibc's {@code dirname(3)}.
 *
 * <p>Flags 0 means: backslash escapes are on, a leading '.' of a name must be matched
 * explicitly (so {@code .*} also yields {@code .} and {@code ..}), no '~' or '{}' expansion, no
 * match gives nothing, and unreadable directories are silently skipped. Components without
 * wildcards are not listed: the last one is checked with {@code lstat} (so a dangling symlink
 * matches), the directory part is used as written. Result paths keep the pattern's own spelling
 * ({@code /etc/./a//b*} gives {@code /etc/./a//b.conf}). A pattern ending in '/' keeps glibc's
 * quirks: wildcard matches must be directories and get a '/' ({@code conf.d/*}{@code /} gives
 * {@code conf.d/sub/}), but a literal last component only has to exist ({@code a.conf/} gives
 * the file {@code a.conf}).
 *
 * <p>Matches are sorted by {@code strcoll}, i.e. the C locale's byte order: strings are compared
 * as unsigned UTF-8 bytes ({@code "B" < "a"}, {@code "Z" < "_"}). Slurm under another
 * {@code LC_COLLATE} would sort differently; we assume the C locale.
 */
final class Glob {

    static final int NONE = 0;
    static final int SPECIAL = 1;
    static final int BACKSLASH = 2;
    static final int BRACKET = 4;

    private Glob() {
    }

    /** The paths matching {@code pattern}, sorted in C-locale byte order; empty when none match. */
    static List<String> expand(String pattern) {
        if (pattern.isEmpty()) {
            return List.of();
        }
        List<String> out = glob(pattern, false, false);
        out.sort(Glob::compareBytes);
        return out;
    }

    /** Whether {@code name} (one path component) matches {@code pattern} as glob matches it. */
    static boolean matches(String pattern, String name) {
        return FnMatch.matches(pattern, name);
    }

    /** glibc {@code dirname(3)}: "/a/b" → "/a", "a" → ".", "/a" → "/", "//a" → "//", "a/b//" → "a". */
    static String dirname(String path) {
        int last = path.lastIndexOf('/');
        if (last > 0 && last == path.length() - 1) {      // trailing slashes: look before them
            int run = last;
            while (run > 0 && path.charAt(run - 1) == '/') {
                run--;
            }
            if (run > 0) {
                last = path.lastIndexOf('/', run - 1);
            }
        }
        if (last < 0) {
            return ".";
        }
        int run = last;
        while (run > 0 && path.charAt(run - 1) == '/') {
            run--;
        }
        if (run == 0) {                                   // only slashes before: "/" (or POSIX "//")
            return last == 1 ? "//" : "/";
        }
        return path.substring(0, run);
    }

    /** glibc's pattern classification: bit SPECIAL for '*', '?' or "[...]", BACKSLASH, BRACKET. */
    static int type(String pattern) {
        int type = NONE;
        for (int i = 0; i < pattern.length(); i++) {
            switch (pattern.charAt(i)) {
                case '?', '*' -> {
                    return SPECIAL;
                }
                case '\\' -> {
                    if (i + 1 < pattern.length()) {
                        i++;
                    }
                    type |= BACKSLASH;
                }
                case '[' -> type |= BRACKET;
                case ']' -> {
                    if ((type & BRACKET) != 0) {
                        return SPECIAL;
                    }
                }
                default -> { }
            }
        }
        return type;
    }

    /**
     * One glob(3) call. {@code onlyDir}: names found by listing a directory must be directories
     * (GLOB_ONLYDIR); {@code mark}: directories get a '/' appended (GLOB_MARK).
     */
    private static List<String> glob(String pattern, boolean onlyDir, boolean mark) {
        int slash = pattern.lastIndexOf('/');
        String file = pattern.substring(slash + 1);
        if (file.isEmpty() && slash > 1) {
            // "pattern/": glob "pattern" for directories, marked (glibc returns this call's result as is)
            return glob(pattern.substring(0, slash), true, true);
        }
        List<String> out = new ArrayList<>();
        if (slash < 0) {
            out.addAll(inDir(file, ".", null, onlyDir));
        } else if (slash == 0) {
            out.addAll(inDir(file, "/", "/", onlyDir));
        } else {
            String dir = pattern.substring(0, slash);
            int type = type(dir);
            List<String> dirs = (type & (SPECIAL | BRACKET)) != 0 ? glob(dir, true, false)
                    : List.of((type & BACKSLASH) != 0 ? unescape(dir) : dir);
            for (String d : dirs) {
                out.addAll(inDir(file, d, d, onlyDir));
            }
        }
        if (mark) {
            out.replaceAll(p -> isDirectory(p) ? p + "/" : p);
        }
        return out;
    }

    /**
     * Names in {@code dir} matching {@code file}, prefixed with {@code prefix} + "/" unless null.
     * A name without wildcards is only checked with lstat; listed names obey {@code onlyDir}.
     */
    private static List<String> inDir(String file, String dir, String prefix, boolean onlyDir) {
        List<String> names = new ArrayList<>();
        String lead = prefix == null ? "" : prefix.equals("/") ? "/" : prefix + "/";
        if (type(file) == NONE) {
            if (lstatOk(dir.equals("/") ? "/" + file : dir + "/" + file)) {
                names.add(lead + file);
            }
            return names;
        }
        for (String name : list(dir)) {
            if (FnMatch.matches(file, name) && (!onlyDir || isDirectory(dir + "/" + name))) {
                names.add(lead + name);
            }
        }
        return names;
    }

    /** What readdir(3) gives for {@code dir}, "." and ".." included; nothing if it can't be read. */
    private static List<String> list(String dir) {
        List<String> names = new ArrayList<>(List.of(".", ".."));
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(Path.of(dir))) {
            for (Path p : entries) {
                names.add(p.getFileName().toString());
            }
        } catch (IOException | InvalidPathException | SecurityException e) {
            return List.of();
        }
        return names;
    }

    /** lstat(2) succeeds; a trailing '/' makes it resolve (and require) a directory. */
    private static boolean lstatOk(String path) {
        try {
            Path p = Path.of(path);
            return path.endsWith("/") ? Files.isDirectory(p) : Files.exists(p, LinkOption.NOFOLLOW_LINKS);
        } catch (InvalidPathException | SecurityException e) {
            return false;
        }
    }

    private static boolean isDirectory(String path) {
        try {
            return Files.isDirectory(Path.of(path));
        } catch (InvalidPathException | SecurityException e) {
            return false;
        }
    }

    private static String unescape(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\') {
                if (++i == s.length()) {
                    break;
                }
                c = s.charAt(i);
            }
            b.append(c);
        }
        return b.toString();
    }

    /** strcmp(3): unsigned byte order of the UTF-8 encodings. */
    static int compareBytes(String a, String b) {
        return Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
    }
}
