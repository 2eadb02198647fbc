package io.plugstack.runtime.bench.node;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A task's process between fork and exec, as slurmstepd's _fork_all_tasks holds its children: forked (so
 * its pid is real when task_post_fork reads S_TASK_PID), then waiting until the parent releases it; only
 * then does it exec the task, with the environment and niceness its task_init left, under the same pid.
 * The bench's plugins run in the runtime, not in the child, so the child is a small bash that reads its
 * release from its stdin, byte by byte (the task inherits the rest of the pipe): {@code exec}, the number
 * of words, the words (NUL-terminated), or {@code fail}, after which it exits 1 as a child whose
 * task_init_privileged or task_init failed does.
 */
final class HeldTask {

    private static final String HOLD = "IFS= read -r -d '' go || exit 1; [ \"$go\" = exec ] || exit 1; "
            + "IFS= read -r -d '' n || exit 1; w=(); for ((k = 0; k < n; k++)); do IFS= read -r -d '' x || exit 1; w+=(\"$x\"); done; "
            + "exec \"${w[@]}\"";
    private static final String BASH = "/bin/bash";
    private static final String ENV = "/usr/bin/env";
    /** How the JVM encodes a child's argv and environment. */
    private static final Charset NATIVE = Charset.forName(System.getProperty("native.encoding", Charset.defaultCharset().name()));

    final Process process;
    /** Clock ticks (TaskProcesses) just before the fork: its process group's start. */
    final long startTicks;
    /** Whether the child was told to exec or to exit: it waits for no more. */
    private boolean released;

    private HeldTask(Process process, long startTicks) {
        this.process = process;
        this.startTicks = startTicks;
    }

    /** Forks the task's child, the leader of its own process group (TaskProcesses), with an empty environment. */
    static HeldTask fork() throws IOException {
        long before = TaskProcesses.nowTicks();
        ProcessBuilder pb = new ProcessBuilder(TaskProcesses.asGroupLeader(List.of(BASH, "-c", HOLD, "slurmstepd")));
        pb.environment().clear();
        return new HeldTask(pb.start(), before);
    }

    /** Whether {@link #exec} or {@link #fail} released the child already. */
    boolean released() {
        return released;
    }

    /** Releases the child: it execs {@code command} with exactly {@code env}. */
    void exec(Map<String, String> env, List<String> command) throws IOException {
        List<String> words = new ArrayList<>(List.of(ENV, "-i"));
        env.forEach((k, v) -> words.add(k + "=" + v));
        if (command.get(0).contains("=")) {
            words.addAll(List.of("/bin/sh", "-c", "exec \"$@\"", "sh")); // env would take such a word for a variable
        }
        words.addAll(command);
        List<String> message = new ArrayList<>(List.of("exec", String.valueOf(words.size())));
        message.addAll(words);
        released = true;
        send(message);
    }

    /** Releases the child to exit 1 before exec. */
    void fail() {
        released = true;
        try {
            send(List.of("fail"));
        } catch (IOException gone) {
            process.destroyForcibly(); // it cannot read: it ends all the same
        }
    }

    /** Kills the child before it was released (the step stopped), and reaps it. */
    void kill() {
        process.destroyForcibly();
        try {
            process.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void send(List<String> words) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (String w : words) {
            if (w.indexOf('\0') >= 0) {
                throw new IOException("a NUL byte in \"" + w.replace('\0', '?') + "\"");
            }
            b.writeBytes(w.getBytes(NATIVE));
            b.write(0);
        }
        OutputStream in = process.getOutputStream();
        in.write(b.toByteArray());
        in.flush(); // the task's stdin stays open, as the runtime's end of the pipe always was
    }
}
