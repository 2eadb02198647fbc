package io.plugstack.lua;

import java.io.IOException;
import java.io.PushbackInputStream;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

import io.plugstack.api.user.OnBehalfOf;

import party.iroiro.luajava.Lua;

/**
 * {@code io.popen} and {@code os.execute} with C Lua's meaning: the command runs under
 * {@code /bin/sh -c}, its stderr (and for os.execute and write-mode popen, its stdout) is the host's.
 * The 5.1 vs 5.2+ return conventions are written in Lua ({@code popen.lua}), the file object is the
 * shared one ({@link HostStreams}). The command runs as the user the script works for
 * ({@link OnBehalfOf}): job_submit/lua as slurmctld's SlurmUser, cli_filter/lua's hooks as the command's
 * user; in the user's command's working directory with its environment when known (cli_filter's hooks:
 * C's popen inside srun), else, acting for another user, with that user's HOME, USER, LOGNAME and SHELL
 * ({@link UserEnvironment}) over the runtime's environment. Either way the bench's Slurm commands are first on
 * PATH ({@link io.plugstack.api.slurm.ClientCommands}), so {@code scontrol}, {@code squeue}, {@code sinfo}
 * answer for the bench. Processes still open when the state closes are destroyed.
 */
final class HostShell {

    static final String SHELL = "/bin/sh";

    private final Supplier<OnBehalfOf> user;
    private final UnaryOperator<Map<String, String>> commands;
    private final HostStreams streams;

    /**
     * @param user     whom the commands run as now: Slurm runs them as the process the script is in
     * @param commands what to set over the inherited environment for the bench's Slurm commands
     * @param streams  where the pipes are kept for their file objects
     */
    HostShell(Supplier<OnBehalfOf> user, UnaryOperator<Map<String, String>> commands, HostStreams streams) {
        this.user = user;
        this.commands = commands;
        this.streams = streams;
    }

    /**
     * Starts /bin/sh -c {@code cmd} as the user, with the Slurm commands' environment: in the user's
     * command's working directory and environment when known (as C's popen inside srun), else the
     * runtime's environment with the user's login variables.
     */
    private Process shell(String cmd, java.util.function.UnaryOperator<ProcessBuilder> redirects) throws IOException {
        OnBehalfOf as = user.get();
        ProcessBuilder pb = redirects.apply(new ProcessBuilder(List.of(SHELL, "-c", cmd)));
        if (as.workdir().isPresent()) {
            Map<String, String> env = new java.util.LinkedHashMap<>(as.environment());
            env.putAll(commands.apply(Map.copyOf(env)));
            return as.in(as.workdir().get(), env).start(pb);
        }
        pb.environment().putAll(commands.apply(Map.copyOf(pb.environment())));
        if (!as.isThisProcess()) {
            UserEnvironment.apply(pb.environment(), as);
        }
        return as.start(pb);
    }

    /** A popen'd command: pclose waits for it. */
    static final class Pipe extends HostStreams.Stream {
        private final Process process;

        Pipe(Process process) {
            this.process = process;
            this.in = new PushbackInputStream(process.getInputStream(), 1);
            this.out = process.getOutputStream();
        }

        @Override
        int close(Lua L) {
            L.push(waitFor());
            return 1;
        }

        @Override
        HostStreams.Failure writeFailure() {
            return null; // C Lua's buffered fwrite to a closed pipe fails silently
        }

        @Override
        void destroy() {
            process.destroy();
        }

        /** pclose: close our end of the pipe, wait for the shell, its exit status. */
        private int waitFor() {
            try {
                out.close();
                in.close();
                return process.waitFor();
            } catch (IOException e) {
                return -1;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return -1;
            }
        }
    }

    /** Replaces io.popen and os.execute in {@code L} ({@link HostStreams#install} done). */
    void install(Lua L, LuaVersion version) {
        L.load(LuaResources.read("popen.lua"), "=popen");
        streams.pushModule(L);
        L.push(this::popen);
        L.push(this::execute);
        L.push(version == LuaVersion.LUA_5_1);
        L.pCall(4, 0);
    }

    private int popen(Lua L) {
        String cmd = L.toString(1);
        boolean reading = "r".equals(L.toString(2));
        try {
            Process p = shell(cmd, pb -> reading ? pb.redirectError(ProcessBuilder.Redirect.INHERIT).redirectInput(ProcessBuilder.Redirect.INHERIT)
                    : pb.redirectError(ProcessBuilder.Redirect.INHERIT).redirectOutput(ProcessBuilder.Redirect.INHERIT));
            L.push(streams.add(new Pipe(p)));
            return 1;
        } catch (IOException e) {
            L.pushNil();
            L.push(cmd + ": " + e.getMessage());
            return 2;
        }
    }

    private int execute(Lua L) {
        try {
            Process p = shell(L.toString(1), ProcessBuilder::inheritIO);
            L.push(p.waitFor());
        } catch (IOException e) {
            L.push(127);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            L.push(-1);
        }
        return 1;
    }
}
