package io.plugstack.runtime.bench.node;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How the simulated slurmstepd starts a task at the niceness its plugins set
 * ({@code Spank.setTaskNiceness}, reported as {@code TaskFacts.niceness()}): the task's command line
 * runs behind nice(1), with the increment from the niceness the task would inherit (the launching
 * thread's, which the forked child copies) to the one asked for, so the task's own process has that
 * niceness from its first instruction on, as the bridge's setpriority before exec gives it on a real
 * Slurm. The argv the plugins see ({@code TaskFacts.argv()}, S_JOB_ARGV) is not changed.
 * <ul>
 * <li>nice comes first, before setpriv drops to the job's user: a runtime running as root (as slurmstepd
 *     does) may lower a task's niceness too, and the task keeps it across the change of user;</li>
 * <li>a runtime that is not root may raise it; lowering it below what the task inherits needs
 *     CAP_SYS_NICE or RLIMIT_NICE, and when the kernel refuses, nice says so on the task's stderr
 *     ({@code nice: cannot set niceness: Permission denied}) and runs the task at its inherited
 *     niceness, as a refused setpriority leaves a real task.</li>
 * </ul>
 */
final class TaskNiceness {

    /** coreutils' nice(1). */
    static final String NICE = "/usr/bin/nice";

    private TaskNiceness() {
    }

    /**
     * The command line that starts {@code command} at nice value {@code niceness}, for a child of a
     * thread whose niceness is {@code inherited}: {@code command} itself when no plugin set one or it
     * is already the inherited one.
     */
    static List<String> command(List<String> command, Integer niceness, int inherited) {
        if (niceness == null || niceness == inherited) {
            return List.copyOf(command);
        }
        List<String> cmd = new ArrayList<>(List.of(NICE, "-n", String.valueOf(niceness - inherited)));
        cmd.addAll(command);
        return cmd;
    }

    /**
     * The niceness a child started from the calling thread inherits: field 19 of
     * /proc/thread-self/stat (on Linux every thread has its own), /proc/self/stat's on a kernel
     * without thread-self.
     */
    static int inherited() throws IOException {
        Path self = Path.of("/proc/thread-self/stat");
        return ofStat(Files.readString(Files.exists(self) ? self : Path.of("/proc/self/stat")));
    }

    /** Field 19 (nice) of a /proc/[pid]/stat line; the command name (field 2) may hold spaces and ')'. */
    static int ofStat(String stat) {
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
        return Integer.parseInt(fields[19 - 3]);
    }
}
