package io.plugstack.runtime.bench.node;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * A step's tasks as srun's launch plugin knows them: which are running, which have exited
 * (launch_g_print_status), and the signals srun forwards to them (launch_g_fwd_signal). Each task is
 * the leader of its own process group, so a signal reaches whatever the task forked too.
 */
public final class StepTasks {

    private final Map<Long, Process> tasks = new TreeMap<>();

    synchronized void started(long taskId, Process process) {
        tasks.put(taskId, process);
    }

    /**
     * Slurm's task state lines for step {@code stepId} ("StepId=7.0 task 0: running", "StepId=7.0
     * tasks 0-1: exited"): one per run of tasks in the same state.
     */
    public synchronized List<String> status(String stepId) {
        List<String> lines = new ArrayList<>();
        long first = -1;
        long last = -1;
        String state = null;
        for (Map.Entry<Long, Process> t : tasks.entrySet()) {
            String s = t.getValue().isAlive() ? "running" : t.getValue().exitValue() == 0 ? "exited" : "exited abnormally";
            if (s.equals(state) && t.getKey() == last + 1) {
                last = t.getKey();
                continue;
            }
            if (state != null) {
                lines.add(line(stepId, first, last, state));
            }
            first = t.getKey();
            last = first;
            state = s;
        }
        if (state != null) {
            lines.add(line(stepId, first, last, state));
        }
        return lines;
    }

    private static String line(String stepId, long first, long last, String state) {
        return stepId + (first == last ? " task " + first : " tasks " + first + "-" + last) + ": " + state;
    }

    /** Sends {@code signal} (a name kill(1) knows: INT, KILL) to every running task's process group. */
    public void signal(String signal) {
        List<Process> running;
        synchronized (this) {
            running = tasks.values().stream().filter(Process::isAlive).toList();
        }
        for (Process p : running) {
            try {
                Process kill = new ProcessBuilder("kill", "-s", signal, "--", "-" + p.pid()).redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                if (!kill.waitFor(5, TimeUnit.SECONDS)) {
                    kill.destroyForcibly();
                }
            } catch (IOException e) {
                p.destroyForcibly(); // no kill(1): the task itself at least
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
