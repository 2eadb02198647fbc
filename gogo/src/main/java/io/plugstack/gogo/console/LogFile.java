package io.plugstack.gogo.console;

import java.io.BufferedReader;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;

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
        // only the bytes there at size: what is written meanwhile is printSince's, never printed twice by log:tail
        try (BufferedReader r = new BufferedReader(new InputStreamReader(firstBytes(Files.newInputStream(log), size),
                StandardCharsets.UTF_8))) {
            for (String l = r.readLine(); l != null; l = r.readLine()) {
                last.add(l);
                if (lines >= 0 && last.size() > lines) {
                    last.removeFirst();
                }
            }
        }
        last.forEach(out::println);
        out.flush();
        return size;
    }

    /** The first {@code n} bytes of {@code in}. */
    private static InputStream firstBytes(InputStream in, long n) {
        return new FilterInputStream(in) {
            private long left = n;

            @Override
            public int read() throws IOException {
                if (left <= 0) {
                    return -1;
                }
                int b = super.read();
                if (b >= 0) {
                    left--;
                }
                return b;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (left <= 0) {
                    return -1;
                }
                int k = super.read(b, off, (int) Math.min(len, left));
                if (k > 0) {
                    left -= k;
                }
                return k;
            }
        };
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
