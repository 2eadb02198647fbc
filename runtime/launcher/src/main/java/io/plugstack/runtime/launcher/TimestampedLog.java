package io.plugstack.runtime.launcher;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/**
 * A daemon's log file: every line the runtime writes to stdout or stderr, stamped as Slurm's daemons
 * stamp theirs ({@code [2026-11-24T15:10:24.123] plugstack: ...}), appended to one file, which is bounded:
 * past {@code plugstack.log.max_mb} it is renamed {@code .1} (the older ones shifted, {@code plugstack.log.keep}
 * kept) and a new one started. A line printed whole ({@code println}, every log line of the runtime) is one
 * line of the file whatever it holds: a newline, a carriage return or another control character a peer put
 * in it (a job name, a version string) is written as {@code \xNN}, and it is cut at {@value #MAX_LINE}
 * characters, so no user can forge a line or fill the disk with one.
 */
final class TimestampedLog extends OutputStream {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS");
    /** The longest line written; the rest is counted, not written. */
    static final int MAX_LINE = 16 * 1024;

    /** How large the file may grow and how many old ones are kept. */
    record Rotation(long maxBytes, int keep) {
        static final Rotation DEFAULT = new Rotation(64L << 20, 4);

        /** From the settings {@code plugstack.log.max_mb} and {@code plugstack.log.keep}. */
        static Rotation of(java.util.function.BinaryOperator<String> settings) {
            try {
                long mb = Long.parseLong(settings.apply("plugstack.log.max_mb", Long.toString(DEFAULT.maxBytes() >> 20)).trim());
                int keep = Integer.parseInt(settings.apply("plugstack.log.keep", Integer.toString(DEFAULT.keep())).trim());
                if (mb < 1 || keep < 1) {
                    throw new NumberFormatException("below 1");
                }
                return new Rotation(mb << 20, keep);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("plugstack.log.max_mb and plugstack.log.keep must be whole numbers from 1: " + e.getMessage());
            }
        }
    }

    private final Path path;
    private final Rotation rotation;
    private OutputStream file;
    private long written;
    private final StringBuilder line = new StringBuilder();
    private final java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();

    TimestampedLog(Path path, OutputStream file, Rotation rotation) throws IOException {
        this.path = path;
        this.file = file;
        this.rotation = rotation;
        this.written = path == null ? 0 : Files.size(path);
    }

    /** {@code --log -}: the log goes to this process's stdout (a node daemon's user role, whose root role keeps the file). */
    static final String STDOUT = "-";

    /** Sends System.out and System.err to {@code path} (made, with its folder, if missing), or to stdout for {@value #STDOUT}. */
    static void redirect(Path path, Rotation rotation) throws IOException {
        TimestampedLog log;
        if (path.toString().equals(STDOUT)) {
            log = new TimestampedLog(null, new java.io.FileOutputStream(java.io.FileDescriptor.out), rotation);
        } else {
            Files.createDirectories(path.toAbsolutePath().getParent());
            log = new TimestampedLog(path, open(path), rotation);
        }
        PrintStream stamped = new Lines(log);
        System.setOut(stamped);
        System.setErr(stamped);
        io.plugstack.runtime.spi.log.RuntimeLog.install(stamped); // Gogo rebinds System.err per command thread; this stays the log
        // plugins log through System.Logger, which is JUL here: its console handler writes bytes, not lines
        java.util.logging.Logger root = java.util.logging.LogManager.getLogManager().getLogger("");
        for (java.util.logging.Handler h : root.getHandlers()) {
            root.removeHandler(h);
        }
        root.addHandler(new OneLineHandler());
    }

    /**
     * JUL's records as println of one line each ({@link #oneLine}): a message a peer wrote into cannot start a line.
     * They go to the runtime's log, not to System.err, which Gogo binds to the console of the command running on a
     * thread: a job_submit plugin's line is slurmctld's, never the submitting user's.
     */
    static final class OneLineHandler extends java.util.logging.Handler {
        private final java.util.logging.SimpleFormatter format = new java.util.logging.SimpleFormatter();

        OneLineHandler() {
            setLevel(java.util.logging.Level.INFO);
        }

        @Override
        public void publish(java.util.logging.LogRecord r) {
            if (!isLoggable(r)) {
                return;
            }
            String s = format.format(r);
            String sep = System.lineSeparator();
            io.plugstack.runtime.spi.log.RuntimeLog.stream().println(s.endsWith(sep) ? s.substring(0, s.length() - sep.length()) : s);
        }

        @Override
        public void flush() {
            io.plugstack.runtime.spi.log.RuntimeLog.stream().flush();
        }

        @Override
        public void close() {
            flush();
        }
    }

    private static OutputStream open(Path path) throws IOException {
        return Files.newOutputStream(path, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    /** A print stream whose println writes one line of the file, escaped and bounded ({@link #oneLine}). */
    static final class Lines extends PrintStream {
        Lines(OutputStream out) {
            super(out, true, StandardCharsets.UTF_8);
        }

        @Override
        public void println(String x) {
            super.println(oneLine(x));
        }

        @Override
        public void println(Object x) {
            super.println(oneLine(String.valueOf(x)));
        }
    }

    /** {@code text} as one line: control characters but tab as {@code \xNN}, at most {@value #MAX_LINE} characters. */
    static String oneLine(String text) {
        if (text == null) {
            return "null";
        }
        StringBuilder b = null;
        int n = Math.min(text.length(), MAX_LINE);
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            boolean escape = Character.isISOControl(c) && c != '\t';
            if (escape && b == null) {
                b = new StringBuilder(text.substring(0, i));
            }
            if (escape) {
                b.append(String.format("\\x%02x", (int) c));
            } else if (b != null) {
                b.append(c);
            }
        }
        String out = b == null ? text.substring(0, n) : b.toString();
        return text.length() > MAX_LINE ? out + " ... (" + (text.length() - MAX_LINE) + " more characters)" : out;
    }

    @Override
    public synchronized void write(int b) throws IOException {
        if (b == '\n') {
            line.setLength(0);
            line.append('[').append(LocalDateTime.now().format(STAMP)).append("] ")
                    .append(bytes.toString(StandardCharsets.UTF_8)).append('\n');
            byte[] out = line.toString().getBytes(StandardCharsets.UTF_8);
            if (path != null && written + out.length > rotation.maxBytes() && written > 0) {
                rotate();
            }
            file.write(out);
            file.flush();
            written += out.length;
            bytes.reset();
        } else if (bytes.size() < 4 * MAX_LINE) { // a print() without a newline cannot grow without end either
            bytes.write(b);
        }
    }

    /** plugstack.log.(keep-1) → .keep, ..., plugstack.log → .1, and a new file; a failure keeps writing where it was. */
    private void rotate() {
        try {
            file.close();
            for (int i = rotation.keep() - 1; i >= 1; i--) {
                Path older = path.resolveSibling(path.getFileName() + "." + i);
                if (Files.exists(older)) {
                    Files.move(older, path.resolveSibling(path.getFileName() + "." + (i + 1)), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                }
            }
            Files.move(path, path.resolveSibling(path.getFileName() + ".1"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            // the file stays; opened again below
        }
        try {
            file = open(path);
            written = Files.size(path);
        } catch (IOException e) {
            file = OutputStream.nullOutputStream(); // nowhere left to write: better than stopping the daemon
        }
    }

    @Override
    public synchronized void flush() throws IOException {
        file.flush();
    }
}
