package io.plugstack.itest;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * The distribution run as a user runs it, on a real terminal: {@code java -jar plugstack.jar --home DIR}
 * under util-linux script(1), which gives it a pseudo-terminal and copies what the test writes into it,
 * so Ctrl-C (\x03) reaches the runtime as the terminal's SIGINT and Ctrl-D (\x04) as a key. The runtime's
 * PID is the one data/runtime.lock names; it and script's are stopped by their own handles.
 */
final class ConsoleTerminal implements AutoCloseable {

    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    private final Process script;
    private final OutputStream keys;
    private final StringBuffer screen = new StringBuffer();
    private final Path home;

    private ConsoleTerminal(Process script, Path home) {
        this.script = script;
        this.home = home;
        this.keys = script.getOutputStream();
        Thread reader = new Thread(() -> {
            byte[] b = new byte[4096];
            try (InputStream in = script.getInputStream()) {
                for (int n; (n = in.read(b)) > 0; ) {
                    screen.append(new String(b, 0, n, StandardCharsets.UTF_8));
                }
            } catch (IOException e) {
                // the terminal is gone
            }
        }, "console-screen");
        reader.setDaemon(true);
        reader.start();
    }

    /** Starts the runtime on {@code home} and waits (at most a minute) for its first prompt. */
    static ConsoleTerminal start(Path home) throws Exception {
        String command = "stty cols 200 rows 50; exec " + JAVA + " -jar " + PlugstackRuntime.dist().resolve("plugstack.jar") + " --home " + home;
        Process p = new ProcessBuilder(List.of("script", "-qfec", command, "/dev/null")).redirectErrorStream(true).start();
        ConsoleTerminal t = new ConsoleTerminal(p, home);
        t.await(s -> s.contains("> "), 60);
        return t;
    }

    /** Types {@code text} (keys as a terminal sends them: \r for Enter, \x03 for Ctrl-C). */
    void type(String text) throws IOException {
        keys.write(text.getBytes(StandardCharsets.UTF_8));
        keys.flush();
    }

    /** Everything on the screen so far. */
    String screen() {
        return since(0);
    }

    /** Where the screen is now: {@link #since} reads what comes after. */
    int mark() {
        return screen.length();
    }

    /** What the screen shows after {@code mark}, as text: JLine's colours and cursor moves left out. */
    String since(int mark) {
        return ANSI.matcher(screen.substring(mark)).replaceAll("");
    }

    private static final java.util.regex.Pattern ANSI = java.util.regex.Pattern.compile("\u001b\\[[0-9;?]*[A-Za-z]|\u001b[=>]|[\\x08]");

    /** Waits up to {@code seconds} for what the screen shows after {@code from} to satisfy {@code condition}. */
    String awaitSince(int from, Predicate<String> condition, int seconds) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!condition.test(since(from))) {
            if (System.nanoTime() > end) {
                throw new AssertionError("timed out after " + seconds + " s; the screen since then:\n" + since(from));
            }
            Thread.sleep(20);
        }
        return since(from);
    }

    void await(Predicate<String> condition, int seconds) throws InterruptedException {
        awaitSince(0, condition, seconds);
    }

    /** The runtime's PID (data/runtime.lock), or -1 before it wrote it. */
    long runtimePid() throws IOException {
        Path lock = home.resolve("data/runtime.lock");
        String pid = Files.exists(lock) ? Files.readString(lock).trim() : "";
        return pid.isEmpty() ? -1 : Long.parseLong(pid);
    }

    boolean runtimeAlive() throws IOException {
        long pid = runtimePid();
        return pid > 0 && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    @Override
    public void close() throws Exception {
        long pid = runtimePid();
        if (runtimeAlive()) {
            type("shutdown\r");
        }
        if (pid > 0 && !PlugstackRuntime.processEnds(pid)) {
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        }
        if (!script.waitFor(10, TimeUnit.SECONDS)) {
            script.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
