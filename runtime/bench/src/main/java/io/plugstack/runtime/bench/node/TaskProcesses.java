package io.plugstack.runtime.bench.node;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A task's processes as Linux shows them in /proc. Every task starts as the leader of its own process
 * group (see {@link TaskRunner}: slurmstepd puts tasks in their own process group too, for proctrack),
 * so whatever the task forks stays in that group even when the task's parent, the runtime, is gone and
 * init has adopted them. A group is named by its leader's pid and start time: a pid the kernel has
 * handed to a newer process since is not the task's.
 */
final class TaskProcesses {

    private static final Path PROC = Path.of("/proc");

    private TaskProcesses() {
    }

    /**
     * A task's group: its leader's pid, and a time (clock ticks after boot, as /proc/pid/stat's field 22
     * counts them) no later than the start of any of its processes: the moment just before the task
     * was started. A process whose group id is the leader's pid but that started before is another's.
     */
    record Group(long leader, long startTicks) {
    }

    /** Now, in the clock ticks after boot that process start times are counted in (USER_HZ, 100 on Linux), rounded down. */
    static long nowTicks() {
        try {
            String up = Files.readString(PROC.resolve("uptime"), StandardCharsets.US_ASCII).split(" ")[0];
            return Math.max(0, (long) (Double.parseDouble(up) * 100) - 1);
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /**
     * The processes still in {@code group}: those whose process group is the leader's pid and that
     * started no earlier than the task. (A group id the kernel handed out again after the task's whole
     * group ended would also match; that needs the pid counter to wrap while the job runs.)
     */
    static List<ProcessHandle> members(Group group) {
        List<ProcessHandle> out = new ArrayList<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(PROC, p -> p.getFileName().toString().matches("\\d+"))) {
            for (Path d : dirs) {
                long pid = Long.parseLong(d.getFileName().toString());
                Optional<Stat> s = stat(pid);
                if (s.isPresent() && s.get().processGroup() == group.leader() && s.get().startTicks() >= group.startTicks()) {
                    ProcessHandle.of(pid).ifPresent(out::add);
                }
            }
        } catch (IOException e) {
            // no /proc: nothing can be found, nothing is killed
        }
        return out;
    }

    /** SIGKILL to every process of {@code group}; how many there were. */
    static int kill(Group group) {
        List<ProcessHandle> members = members(group);
        members.forEach(ProcessHandle::destroyForcibly);
        return members.size();
    }

    /**
     * {@code command} run as the leader of a new process group (and session: the runtime's terminal,
     * if any, is not the task's), by util-linux's setsid, which execs in place when its caller leads
     * no group, as a child the JVM starts never does: the task keeps the pid the runtime sees.
     */
    static List<String> asGroupLeader(List<String> command) {
        List<String> out = new ArrayList<>(command.size() + 1);
        out.add(SETSID);
        out.addAll(command);
        return out;
    }

    private static final String SETSID = Files.isExecutable(Path.of("/usr/bin/setsid")) ? "/usr/bin/setsid" : "setsid";

    private record Stat(long processGroup, long startTicks) {
    }

    /** Fields of /proc/pid/stat after the command name, which may itself hold spaces and parentheses. */
    private static Optional<Stat> stat(long pid) {
        try {
            String line = Files.readString(PROC.resolve(Long.toString(pid)).resolve("stat"), StandardCharsets.US_ASCII);
            String[] f = line.substring(line.lastIndexOf(')') + 2).split(" ");
            // f[0] is field 3 (state): the process group is field 5, the start time field 22
            return Optional.of(new Stat(Long.parseLong(f[2]), Long.parseLong(f[19])));
        } catch (IOException | RuntimeException gone) {
            return Optional.empty();
        }
    }
}
