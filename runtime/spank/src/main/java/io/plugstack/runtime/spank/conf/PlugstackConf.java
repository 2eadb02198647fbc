package io.plugstack.runtime.spank.conf;

import io.plugstack.api.slurm.SlurmLog;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Reads plugstack.conf the way Slurm's {@code spank.c} does ({@code _spank_stack_load},
 * {@code _plugin_stack_parse_line}, {@code _spank_conf_include}), with Slurm's log texts.
 *
 * <ul>
 *   <li>A missing file is an empty stack; any other open failure logs
 *       {@code spank: Failed to open <path>: <strerror>} and fails the stack (SPANK-2). A
 *       directory reads as empty, as it does for Slurm.</li>
 *   <li>Lines are what {@code fgets} with a 4096-byte buffer returns: at most 4095 bytes, so a
 *       longer line is split and its rest read as the next line, with its own number (SPANK-3).
 *       As in C, a line ends at a NUL byte.</li>
 *   <li>Everything from the first '#' is dropped; tokens are split on space, tab and newline only,
 *       so a CR stays glued to the last token (SPANK-4, SPANK-5). Tokens are decoded as UTF-8
 *       (an invalid or split sequence becomes U+FFFD).</li>
 *   <li>The first token must be {@code required}, {@code optional} or {@code include}; anything
 *       else, or a keyword alone, logs and skips the line (SPANK-6).</li>
 *   <li>{@code include <glob>}: a relative pattern is put under {@code dirname} of the including
 *       file's path as Slurm spells it; matches ({@link Glob}, C-locale byte order) are read in
 *       place, recursively; extra words are ignored; a failure inside fails the whole stack
 *       (SPANK-8).</li>
 * </ul>
 *
 * <p>Each file is read whole before it is parsed ({@link #snapshot}), so one read never mixes two
 * versions of a file. Files are read when their include line is reached, as in Slurm.
 *
 * <p>Deliberate deviations: a file that is not a regular file or a directory (a FIFO, whose open
 * would block the launch until a writer comes; a device such as /dev/zero, never ending; a socket)
 * or that is larger than 1 MiB is not opened: it fails the stack as an open failure does (SPANK-2),
 * with {@code spank: <file>:<line>: include "<pattern>": <match> is not a regular file (a FIFO); not
 * read. Aborting.} (for plugstack.conf itself: {@code spank: <file> is not a regular file (a FIFO);
 * not read. Aborting.}). Slurm opens them all, and hangs or reads without end.
 *
 * <p>And Slurm has no include-cycle detection, so a file that includes
 * itself recurses until {@code open} fails (typically "Too many open files") or the process
 * runs out of stack. Here nesting deeper than {@link #MAX_INCLUDE_DEPTH} fails the stack with
 * {@code spank: <file>:<line>: include "<pattern>" nests deeper than 64 levels (include loop?).
 * Aborting.}
 */
public final class PlugstackConf {

    /** Slurm's line buffer (PATH_MAX); {@code fgets} fills at most one byte less. */
    public static final int LINE_BUFFER = 4096;
    /** Include nesting allowed below the top file before the stack fails (see class comment). */
    public static final int MAX_INCLUDE_DEPTH = 64;

    private static final String ELOOP_SUFFIX = " or unable to access attributes of symbolic link";

    /**
     * What reading gave.
     *
     * @param entries the plugin lines read, in stack order (on failure, those read up to it)
     * @param failure set when the whole stack must fail: the message already logged at error
     */
    public record Result(List<StackEntry> entries, Optional<String> failure) {
        public Result {
            entries = List.copyOf(entries);
            Objects.requireNonNull(failure, "failure");
        }

        public boolean ok() {
            return failure.isEmpty();
        }
    }

    private PlugstackConf() {
    }

    /** Reads {@code file} (and what it includes) into a list of entries. */
    public static Result read(Path file, SlurmLog log) {
        Reader reader = new Reader(Objects.requireNonNull(log, "log"));
        reader.load(file, file.toString(), 0, "");
        return new Result(reader.entries, Optional.ofNullable(reader.failure));
    }

    /**
     * The bytes of {@code file}, read whole in one go and read again (at most 5 times in all) if
     * its inode, size, mtime or ctime changed during the read; every file {@link #read} parses is
     * read this way. A file replaced by rename is seen wholly old or wholly new; a file rewritten
     * in place is seen whole unless the writer is caught between two writes while the stamp holds
     * still (a slow truncate-and-rewrite editor), which this cannot detect. A file that keeps
     * changing through every attempt is used as last read. A directory reads as empty.
     *
     * @throws NoSuchFileException when the file does not exist
     * @throws IOException         when it cannot be opened, or is refused unopened: neither a regular
     *                             file nor a directory (a FIFO, a device, a socket), or over 1 MiB
     */
    public static byte[] snapshot(Path file) throws IOException {
        return FileSnapshot.read(file);
    }

    /** strerror(3) text for an open failure, as Slurm's {@code %m} prints it. */
    static String errnoText(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "Permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "No such file or directory";
        }
        if (e instanceof FileSystemException fse && fse.getReason() != null) {
            String reason = fse.getReason();
            return reason.endsWith(ELOOP_SUFFIX) ? reason.substring(0, reason.length() - ELOOP_SUFFIX.length()) : reason;
        }
        return String.valueOf(e.getMessage());
    }

    /** End (exclusive) of the line {@code fgets(buf, 4096, fp)} returns from {@code pos}. */
    static int lineEnd(byte[] bytes, int pos) {
        int limit = (int) Math.min(bytes.length, (long) pos + LINE_BUFFER - 1);
        for (int i = pos; i < limit; i++) {
            if (bytes[i] == '\n') {
                return i + 1;
            }
        }
        return limit;
    }

    /** The words of {@code bytes[from, to)}: up to a NUL or '#', split on ' ', '\t', '\n'. */
    static List<String> words(byte[] bytes, int from, int to) {
        List<String> words = new ArrayList<>();
        int start = -1;
        for (int i = from; i <= to; i++) {
            byte b = i < to ? bytes[i] : 0;
            boolean end = b == 0 || b == '#';
            if (end || b == ' ' || b == '\t' || b == '\n') {
                if (start >= 0) {
                    words.add(new String(bytes, start, i - start, StandardCharsets.UTF_8));
                    start = -1;
                }
                if (end) {
                    break;
                }
            } else if (start < 0) {
                start = i;
            }
        }
        return words;
    }

    private static final class Reader {
        private final SlurmLog log;
        private final List<StackEntry> entries = new ArrayList<>();
        private String failure;

        Reader(SlurmLog log) {
            this.log = log;
        }

        /**
         * Reads one file; false when the stack must fail. {@code name} is the path as Slurm spells it;
         * {@code includedAt} the include line that named it ("file:line: include "pattern": "), empty
         * for the top file.
         */
        boolean load(Path path, String name, int depth, String includedAt) {
            log.debug("spank: opening plugin stack " + name);
            byte[] bytes;
            try {
                bytes = FileSnapshot.read(path);
            } catch (NoSuchFileException e) {
                return true;
            } catch (FileSnapshot.Refused e) {
                return fail("spank: " + includedAt + name + " " + e.getMessage() + "; not read. Aborting.");
            } catch (IOException e) {
                return fail("spank: Failed to open " + name + ": " + errnoText(e));
            }
            int line = 1;
            for (int pos = 0; pos < bytes.length; line++) {
                int end = lineEnd(bytes, pos);
                if (!line(path, name, line, words(bytes, pos, end), depth)) {
                    return false;
                }
                pos = end;
            }
            return true;
        }

        private boolean line(Path path, String name, int line, List<String> words, int depth) {
            if (words.isEmpty()) {
                return true;
            }
            String keyword = words.get(0);
            boolean include = keyword.equals("include");
            boolean required = keyword.equals("required");
            if (!include && !required && !keyword.equals("optional")) {
                log.error("spank: Invalid option \"" + keyword + "\". Must be required, optional or include");
                log.error("spank: " + name + ":" + line + ": Invalid line. Ignoring.");
                return true;
            }
            if (words.size() < 2) {
                log.error("spank: " + name + ":" + line + ": Invalid line. Ignoring.");
                return true;
            }
            if (include) {
                return include(name, line, words.get(1), depth);
            }
            entries.add(new StackEntry(required, words.get(1), words.subList(2, words.size()), path, line));
            return true;
        }

        private boolean include(String name, int line, String raw, int depth) {
            String pattern = raw.startsWith("/") ? raw : Glob.dirname(name) + "/" + raw;
            log.debug(name + ": " + line + ": include \"" + pattern + "\"");
            for (String match : Glob.expand(pattern)) {
                if (depth >= MAX_INCLUDE_DEPTH) {
                    return fail("spank: " + name + ":" + line + ": include \"" + pattern + "\" nests deeper than "
                            + MAX_INCLUDE_DEPTH + " levels (include loop?). Aborting.");
                }
                Path path;
                try {
                    path = Path.of(match);
                } catch (InvalidPathException e) {
                    continue; // not representable here; cannot have been opened either
                }
                if (!load(path, match, depth + 1, name + ":" + line + ": include \"" + pattern + "\": ")) {
                    return false;
                }
            }
            return true;
        }

        private boolean fail(String message) {
            log.error(message);
            failure = message;
            return false;
        }
    }
}
