package io.plugstack.gogo.bench;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.ToIntFunction;

import org.apache.felix.service.command.CommandSession;

import io.plugstack.gogo.internal.TerminalSignals;
import io.plugstack.runtime.bench.api.CommandIO;
import io.plugstack.runtime.bench.api.Interrupts;

/** What a Slurm command typed in the shell gets: the session's streams, the runtime's environment and directory, its Ctrl-C. */
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
                cwd != null ? cwd : Path.of("").toAbsolutePath(), new Interrupts());
    }

    /**
     * Runs Slurm command {@code name} in the foreground of the console: Ctrl-C goes to the command
     * (srun acts on it, the others ignore it as they wait), never to the runtime. Returns what
     * {@link #exit} says of its exit code.
     */
    static String run(String name, CommandSession session, ToIntFunction<CommandIO> command) {
        CommandIO io = io(session);
        return exit(name, TerminalSignals.whileRunning(session, io.interrupts()::interrupt, () -> command.applyAsInt(io)));
    }

    static List<String> args(String[] args) {
        return Arrays.asList(args);
    }

    /**
     * A command typed with options it does not take, refused in Slurm's words on the session's
     * console (getopt's "invalid option -- 'z'", "unrecognized option '--bogus'"; an operand as
     * squeue says it), with its exit code; null when there are none. Commands take their words as
     * {@code String...} so that Gogo never refuses them with its own "Cannot coerce" message.
     */
    static String refuseAny(String command, CommandSession session, String[] args) {
        if (args == null || args.length == 0) {
            return null;
        }
        String a = args[0];
        String line;
        if (a.startsWith("--") && a.length() > 2) {
            line = command + ": unrecognized option '" + a.split("=", 2)[0] + "'";
        } else if (a.startsWith("-") && a.length() > 1) {
            line = command + ": invalid option -- '" + a.charAt(1) + "'";
        } else {
            line = command + ": error: Unrecognized option: " + a;
        }
        session.getConsole().println(line);
        session.getConsole().println("Try \"" + command + " --help\" for more information");
        return exit(command, 1);
    }

    /** Commands print their own output; a failing one also says its exit code, the shell has no $?. */
    static String exit(String command, int code) {
        return code == 0 ? null : command + ": exit code " + code;
    }
}
