package io.plugstack.lua;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import io.plugstack.api.user.OnBehalfOf;
import io.plugstack.lua.HostStreams.Failure;

/**
 * A short {@code /bin/sh -c} child started as the user ({@link OnBehalfOf#command}, setpriv when this
 * process is root), so that the kernel checks the user's rights on every path, links included. Every
 * wait on it is bounded: by the call's own time limit ({@link LuaGuard#nanosLeft}), at most
 * {@value #MAX_WAIT_MS} ms; past it the child is killed. Its error line becomes C's strerror and errno.
 */
final class UserHelper {

    static final long MAX_WAIT_MS = 10_000;
    /** A call about to be stopped still gets this long, so a slow start is not taken for a hang. */
    static final long MIN_WAIT_MS = 100;
    static final int TIMED_OUT = 110;

    /** strerror texts (glibc, LC_ALL=C) and their errno. */
    private static final Map<String, Integer> ERRNO = Map.ofEntries(Map.entry("Operation not permitted", 1),
            Map.entry("No such file or directory", 2), Map.entry("Input/output error", 5),
            Map.entry("No such device or address", 6), Map.entry("Permission denied", 13),
            Map.entry("Device or resource busy", 16), Map.entry("File exists", 17),
            Map.entry("Invalid cross-device link", 18), Map.entry("Not a directory", 20), Map.entry("Is a directory", 21),
            Map.entry("Invalid argument", 22), Map.entry("Text file busy", 26), Map.entry("File too large", 27),
            Map.entry("No space left on device", 28), Map.entry("Read-only file system", 30),
            Map.entry("Too many links", 31), Map.entry("File name too long", 36), Map.entry("Directory not empty", 39),
            Map.entry("Too many levels of symbolic links", 40), Map.entry("Disk quota exceeded", 122));

    private final Process process;
    private final OnBehalfOf user;
    private final long deadline;

    private UserHelper(Process process, OnBehalfOf user, long deadline) {
        this.process = process;
        this.user = user;
        this.deadline = deadline;
    }

    /** Starts {@code script} with {@code args} as $1... as {@code user}, with a minimal environment. */
    static UserHelper start(OnBehalfOf user, String script, List<String> args) throws IOException {
        List<String> argv = new ArrayList<>(List.of(HostShell.SHELL, "-c", script, "sh"));
        argv.addAll(args);
        Map<String, String> env = new java.util.LinkedHashMap<>(user.environment()); // the user's command's, when known
        env.put("PATH", "/usr/bin:/bin");
        env.put("LC_ALL", "C"); // strerror's words, which failure() maps to errno
        if (user.workdir().isEmpty()) {
            env.putAll(UserEnvironment.of(user));
        }
        ProcessBuilder pb = new ProcessBuilder(argv);
        pb.environment().clear();
        pb.environment().putAll(env);
        // in the command's working directory when known, so a relative path is the user's (entered as the user)
        OnBehalfOf as = user.workdir().map(dir -> user.in(dir, env)).orElse(user);
        long wait = Math.max(TimeUnit.MILLISECONDS.toNanos(MIN_WAIT_MS),
                Math.min(TimeUnit.MILLISECONDS.toNanos(MAX_WAIT_MS), LuaGuard.nanosLeft()));
        return new UserHelper(as.start(pb), user, System.nanoTime() + wait);
    }

    OutputStream stdin() {
        return process.getOutputStream();
    }

    /**
     * Its output until it ends or {@code limit} bytes came; null when the deadline passed first (it is
     * then killed). Polls, so that a child blocked on a FIFO or a device never holds the caller.
     */
    byte[] read(int limit) throws IOException {
        InputStream in = process.getInputStream();
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        byte[] chunk = new byte[8192];
        while (got.size() < limit) {
            int ready = in.available();
            if (ready > 0 || !process.isAlive()) { // once it is gone the rest is buffered: read never blocks
                int want = Math.min(chunk.length, limit - got.size());
                int n = in.read(chunk, 0, ready > 0 ? Math.min(want, ready) : want); // never more than is there
                if (n < 0) {
                    break;
                }
                got.write(chunk, 0, n);
            } else if (System.nanoTime() - deadline > 0) {
                kill();
                return null;
            } else {
                LockSupport.parkNanos(200_000);
            }
        }
        return got.toByteArray();
    }

    /** Its exit code, once it ended; -1 when the deadline passed first (it is then killed). */
    int finish() {
        try {
            long left = deadline - System.nanoTime();
            if (left > 0 && process.waitFor(left, TimeUnit.NANOSECONDS)) {
                return process.exitValue();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        kill();
        return -1;
    }

    void kill() {
        process.destroyForcibly();
    }

    /** Why it failed: its first error line as C's strerror and errno (never file content: that is stdout). */
    Failure failure() throws IOException {
        String err = new String(process.getErrorStream().readNBytes(512), StandardCharsets.UTF_8).strip();
        int nl = err.indexOf('\n');
        return failure(nl < 0 ? err : err.substring(0, nl));
    }

    /** The helper ran out of time. */
    Failure timedOut() {
        return new Failure("timed out acting for uid " + user.uid(), TIMED_OUT);
    }

    /** "sh: 1: cannot open /x: Permission denied", "rm: cannot remove 'x': No such file..." as strerror and errno. */
    static Failure failure(String line) {
        int colon = line.lastIndexOf(": ");
        String text = colon < 0 ? line : line.substring(colon + 2);
        if (text.equals("No such file") || text.equals("Directory nonexistent")) {
            text = "No such file or directory"; // dash's own words for ENOENT
        }
        Integer errno = ERRNO.get(text);
        return errno != null ? new Failure(text, errno)
                : new Failure(text.isEmpty() ? "Input/output error" : text, HostStreams.IO_ERROR);
    }
}
