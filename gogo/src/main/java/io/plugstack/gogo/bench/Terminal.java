package io.plugstack.gogo.bench;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.apache.felix.service.command.CommandSession;

import io.plugstack.runtime.bench.api.CommandIO;

/** What a Slurm command typed in the shell gets: the session's streams, the runtime's environment and directory. */
final class Terminal {
    private Terminal() {
    }

    /**
     * The session's console for both streams: task output is copied by other threads, which
     * System.out's per-thread redirection would send to the launcher's stdout instead.
     */
    static CommandIO io(CommandSession session) {
        Path cwd = session.currentDir();
        return new CommandIO(session.getConsole(), session.getConsole(), System.getenv(),
                cwd != null ? cwd : Path.of("").toAbsolutePath());
    }

    static List<String> args(String[] args) {
        return Arrays.asList(args);
    }

    /** Commands print their own output; a failing one also says its exit code, the shell has no $?. */
    static String exit(String command, int code) {
        return code == 0 ? null : command + ": exit code " + code;
    }
}
