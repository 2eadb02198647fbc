package io.plugstack.gogo.console;

import java.io.IOException;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.stream.Stream;

import org.osgi.framework.BundleContext;

/**
 * The runtime's log file ({@code plugstack.log.file}, set by the launcher: {@code log/plugstack.log},
 * or the node daemon's): where slurmctld, slurmd, slurmstepd and the host write their lines, with
 * timestamps, off the commands' own output.
 */
final class LogFile {

    private LogFile() {
    }

    static Path of(BundleContext context) {
        String file = context.getProperty("plugstack.log.file");
        if (file == null) {
            throw new IllegalArgumentException("log: this runtime writes no log file (plugstack.log.file is not set)");
        }
        return Path.of(file);
    }

    /** Prints the last {@code lines} lines of {@code log} (all when negative); returns the size read up to. */
    static long printLast(Path log, int lines, PrintStream out) throws IOException {
        if (!Files.exists(log)) {
            return 0;
        }
        long size = Files.size(log);
        Deque<String> last = new ArrayDeque<>();
        try (Stream<String> s = Files.lines(log, StandardCharsets.UTF_8)) {
            s.forEach(l -> {
                last.add(l);
                if (lines >= 0 && last.size() > lines) {
                    last.removeFirst();
                }
            });
        }
        last.forEach(out::println);
        out.flush();
        return size;
    }

    /** Prints what {@code log} gained after {@code from}; returns where it ends now (0 again when it was truncated). */
    static long printSince(Path log, long from, PrintStream out) throws IOException {
        if (!Files.exists(log)) {
            return 0;
        }
        long size = Files.size(log);
        if (size < from) {
            from = 0; // truncated or replaced: start over
        }
        if (size == from) {
            return from;
        }
        try (RandomAccessFile f = new RandomAccessFile(log.toFile(), "r")) {
            f.seek(from);
            byte[] b = new byte[(int) Math.min(size - from, 1 << 20)];
            f.readFully(b);
            out.print(new String(b, StandardCharsets.UTF_8));
            out.flush();
            return from + b.length;
        }
    }
}
