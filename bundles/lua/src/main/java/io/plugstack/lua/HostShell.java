package io.plugstack.lua;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PushbackInputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

import io.plugstack.api.user.OnBehalfOf;

import party.iroiro.luajava.Lua;

/**
 * {@code io.popen} and {@code os.execute} with C Lua's meaning: the command runs under
 * {@code /bin/sh -c}, its stderr (and for os.execute and write-mode popen, its stdout) is the host's.
 * The file object, its read formats and the 5.1 vs 5.2+ return conventions are written in Lua
 * ({@code popen.lua}) over four host functions here. The command runs as the user the script works
 * for ({@link OnBehalfOf}): job_submit/lua as the runtime (slurmctld's SlurmUser), cli_filter/lua as
 * the command's user. Its environment is the runtime's with the bench's Slurm commands first on PATH
 * ({@link io.plugstack.api.slurm.ClientCommands}), so {@code scontrol}, {@code squeue}, {@code sinfo}
 * answer for the bench. One instance per Lua state; processes still open when the state closes are
 * destroyed.
 */
final class HostShell {

    static final String SHELL = "/bin/sh";

    private final Map<Integer, Pipe> pipes = new HashMap<>();
    private final Supplier<OnBehalfOf> user;
    private final UnaryOperator<Map<String, String>> commands;
    private int nextId = 1;

    /**
     * @param user     whom the commands run as now: Slurm runs them as the process the script is in
     * @param commands what to set over the inherited environment for the bench's Slurm commands
     */
    HostShell(Supplier<OnBehalfOf> user, UnaryOperator<Map<String, String>> commands) {
        this.user = user;
        this.commands = commands;
    }

    /** /bin/sh -c {@code cmd} as the user, with the Slurm commands' environment. */
    private ProcessBuilder shell(String cmd) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(user.get().command(List.of(SHELL, "-c", cmd)));
        pb.environment().putAll(commands.apply(Map.copyOf(pb.environment())));
        return pb;
    }

    private record Pipe(Process process, PushbackInputStream in, OutputStream out) {
    }

    /** Replaces io.popen and os.execute in {@code L}. */
    void install(Lua L, LuaVersion version) {
        L.load(LuaResources.read("popen.lua"), "=popen");
        L.push(this::popen);
        L.push(this::read);
        L.push(this::write);
        L.push(this::close);
        L.push(this::execute);
        L.push(version == LuaVersion.LUA_5_1);
        L.pCall(6, 0);
    }

    private int popen(Lua L) {
        String cmd = L.toString(1);
        boolean reading = "r".equals(L.toString(2));
        try {
            ProcessBuilder pb = shell(cmd).redirectError(ProcessBuilder.Redirect.INHERIT);
            if (reading) {
                pb.redirectInput(ProcessBuilder.Redirect.INHERIT);
            } else {
                pb.redirectOutput(ProcessBuilder.Redirect.INHERIT);
            }
            Process p = pb.start();
            int id = nextId++;
            pipes.put(id, new Pipe(p, new PushbackInputStream(p.getInputStream(), 1), p.getOutputStream()));
            L.push(id);
            return 1;
        } catch (IOException e) {
            L.pushNil();
            L.push(cmd + ": " + e.getMessage());
            return 2;
        }
    }

    private int read(Lua L) {
        Pipe pipe = pipes.get((int) L.toInteger(1));
        try {
            if (L.isNumber(2)) {
                return pushOrNil(L, readBytes(pipe.in(), (int) L.toNumber(2)));
            }
            switch (L.toString(2)) {
                case "a":
                    L.push(text(pipe.in().readAllBytes()));
                    return 1;
                case "n":
                    return pushNumber(L, pipe.in());
                default:
                    return pushOrNil(L, readLine(pipe.in(), "L".equals(L.toString(2))));
            }
        } catch (IOException e) {
            L.pushNil();
            L.push(e.getMessage());
            return 2;
        }
    }

    private int write(Lua L) {
        Pipe pipe = pipes.get((int) L.toInteger(1));
        try {
            pipe.out().write(L.toString(2).getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            // the reader went away (EPIPE): C Lua's fwrite fails silently here too
        }
        return 0;
    }

    private int close(Lua L) {
        Pipe pipe = pipes.remove((int) L.toInteger(1));
        L.push(waitFor(pipe));
        return 1;
    }

    private int execute(Lua L) {
        try {
            Process p = shell(L.toString(1)).inheritIO().start();
            L.push(p.waitFor());
        } catch (IOException e) {
            L.push(127);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            L.push(-1);
        }
        return 1;
    }

    /** pclose: close our end of the pipe, wait for the shell, its exit status. */
    private static int waitFor(Pipe pipe) {
        try {
            pipe.out().close();
            pipe.in().close();
            return pipe.process().waitFor();
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    /** Destroys every pipe still open (the state is closing). */
    void closeAll() {
        pipes.values().forEach(p -> p.process().destroy());
        pipes.clear();
    }

    private static int pushOrNil(Lua L, String s) {
        if (s == null) {
            L.pushNil();
        } else {
            L.push(s);
        }
        return 1;
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    private static String readLine(PushbackInputStream in, boolean keepNewline) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) != -1) {
            if (c == '\n') {
                if (keepNewline) {
                    line.write(c);
                }
                return text(line.toByteArray());
            }
            line.write(c);
        }
        return line.size() == 0 ? null : text(line.toByteArray());
    }

    private static String readBytes(PushbackInputStream in, int n) throws IOException {
        if (n == 0) {
            int c = in.read();
            if (c == -1) {
                return null;
            }
            in.unread(c);
            return "";
        }
        byte[] b = in.readNBytes(n);
        return b.length == 0 ? null : text(b);
    }

    /** The "n" format: skip white space, read a numeral; nil when there is none. */
    private static int pushNumber(Lua L, PushbackInputStream in) throws IOException {
        int c = in.read();
        while (c != -1 && Character.isWhitespace(c)) {
            c = in.read();
        }
        StringBuilder s = new StringBuilder();
        while (c != -1 && (Character.isLetterOrDigit(c) || c == '.' || c == '+' || c == '-')) {
            s.append((char) c);
            c = in.read();
        }
        if (c != -1) {
            in.unread(c);
        }
        try {
            L.push(Long.parseLong(s.toString()));
        } catch (NumberFormatException notInteger) {
            try {
                L.push(Double.parseDouble(s.toString()));
            } catch (NumberFormatException e) {
                L.pushNil();
            }
        }
        return 1;
    }

}
