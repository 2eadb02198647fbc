package io.plugstack.gogo.bench;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
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
     * Runs a Slurm command in the foreground of the console: Ctrl-C goes to the command
     * (srun acts on it, the others ignore it as they wait), never to the runtime. It prints what the real
     * command prints and no more; its exit code is kept in the session ({@link #STATUS}).
     */
    static String run(CommandSession session, ToIntFunction<CommandIO> command) {
        CommandIO io = io(session);
        status(session, TerminalSignals.whileRunning(session, io.interrupts()::interrupt, () -> command.applyAsInt(io)));
        return null;
    }

    /**
     * A query's output as the command's result (squeue, sinfo, scontrol): Gogo prints it, and pipes and
     * scripts can use it; errors go to the console; the exit code is kept in the session ({@link #STATUS}).
     */
    static String result(CommandSession session, ToIntFunction<CommandIO> run) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CommandIO console = io(session);
        int code = run.applyAsInt(new CommandIO(new PrintStream(out, true, StandardCharsets.UTF_8), console.err(), console.env(),
                console.workdir()));
        status(session, code);
        return out.toString(StandardCharsets.UTF_8);
    }

    static List<String> args(String[] args) {
        return Arrays.asList(args);
    }

    /**
     * The session variable holding the last Slurm command's exit code: the console has no {@code $?}, so
     * {@code echo $status} shows it (csh's name for it); a command prints only what the real one prints.
     */
    static final String STATUS = "status";

    private static void status(CommandSession session, int code) {
        session.put(STATUS, code);
    }
}
