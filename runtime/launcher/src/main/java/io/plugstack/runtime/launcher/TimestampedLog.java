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
 * stamp theirs ({@code [2026-11-24T15:10:24.123] plugstack: ...}), appended to one file.
 */
final class TimestampedLog extends OutputStream {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS");

    private final OutputStream file;
    private final StringBuilder line = new StringBuilder();
    private final java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();

    private TimestampedLog(OutputStream file) {
        this.file = file;
    }

    /** {@code --log -}: the log goes to this process's stdout (a node daemon's user role, whose root role keeps the file). */
    static final String STDOUT = "-";

    /** Sends System.out and System.err to {@code path} (made, with its folder, if missing), or to stdout for {@value #STDOUT}. */
    static void redirect(Path path) throws IOException {
        OutputStream out;
        if (path.toString().equals(STDOUT)) {
            out = new java.io.FileOutputStream(java.io.FileDescriptor.out);
        } else {
            Files.createDirectories(path.toAbsolutePath().getParent());
            out = Files.newOutputStream(path, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        }
        PrintStream stamped = new PrintStream(new TimestampedLog(out), true, StandardCharsets.UTF_8);
        System.setOut(stamped);
        System.setErr(stamped);
    }

    @Override
    public synchronized void write(int b) throws IOException {
        if (b == '\n') {
            line.setLength(0);
            line.append('[').append(LocalDateTime.now().format(STAMP)).append("] ")
                    .append(bytes.toString(StandardCharsets.UTF_8)).append('\n');
            file.write(line.toString().getBytes(StandardCharsets.UTF_8));
            file.flush();
            bytes.reset();
        } else {
            bytes.write(b);
        }
    }

    @Override
    public synchronized void flush() throws IOException {
        file.flush();
    }
}
