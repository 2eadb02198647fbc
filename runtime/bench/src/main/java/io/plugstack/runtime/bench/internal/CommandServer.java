package io.plugstack.runtime.bench.internal;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.api.user.OnBehalfOf;

import io.plugstack.runtime.bench.api.Bench;
import io.plugstack.runtime.bench.api.BenchCommand;
import io.plugstack.runtime.bench.api.CommandIO;
import io.plugstack.runtime.spi.bench.CommandProtocol;
import io.plugstack.runtime.spi.bench.SlurmClient;

/**
 * The bench's one command socket, {@code data/bench.sock}: what a job's own processes (srun inside a
 * batch script, through the shims in data/bin) and a Unix shell's {@code bin/srun}, {@code bin/sbatch}, ...
 * use, as real Slurm's commands reach slurmctld. It is world-connectable (0666) and a command runs as
 * its peer's user by SO_PEERCRED, never as anything the request says: that uid and gid are the job's
 * user_id/group_id, job_submit's submit_uid, cli_filter's uid and the tasks' user. A runtime running as
 * root serves every user (and root only as root); any other runtime can run jobs only as itself, so it
 * serves only its own user and refuses everyone else with one line.
 */
final class CommandServer implements AutoCloseable {


    private final Path socket;
    private final Path bin;
    private final ServerSocketChannel server;
    private final Thread acceptor;

    private CommandServer(Path socket, Path bin, ServerSocketChannel server, Bench bench) {
        this.socket = socket;
        this.bin = bin;
        this.server = server;
        this.acceptor = new Thread(() -> accept(bench), "bench-commands");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    static CommandServer start(Path dataDir, Bench bench) throws IOException {
        Files.createDirectories(dataDir);
        Path socket = dataDir.resolve("bench.sock");
        Files.deleteIfExists(socket);
        ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(socket));
        // anyone may connect; who they are is the kernel's word (serve), as on the node daemon's user.sock
        Files.setPosixFilePermissions(socket, PosixFilePermissions.fromString("rw-rw-rw-"));
        return new CommandServer(socket, writeShims(dataDir.resolve("bin")), server, bench);
    }

    /** One shell script per command of the table ({@link BenchCommand}), running the launcher's SlurmClient with this JVM's java. */
    private static Path writeShims(Path bin) throws IOException {
        Files.createDirectories(bin);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String classpath;
        try {
            classpath = Path.of(SlurmClient.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (java.net.URISyntaxException | RuntimeException e) {
            throw new IOException("cannot locate the launcher for the command shims", e);
        }
        for (BenchCommand c : BenchCommand.values()) {
            String cmd = c.command();
            Path shim = bin.resolve(cmd);
            Files.writeString(shim, "#!/bin/sh\nexec '" + java + "' -Xshare:auto -XX:TieredStopAtLevel=1 -cp '" + classpath + "' "
                    + SlurmClient.class.getName() + " " + cmd + " \"$@\"\n");
            Files.setPosixFilePermissions(shim, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        return bin;
    }

    /** What every job's environment (and a site script's io.popen) gets so its processes find the shims and the socket. */
    Map<String, String> jobEnvironment(Map<String, String> env) {
        Map<String, String> e = new LinkedHashMap<>();
        String path = env.getOrDefault("PATH", "/usr/local/bin:/usr/bin:/bin");
        e.put("PATH", path.startsWith(bin + ":") ? path : bin + ":" + path);
        e.put(CommandProtocol.SOCKET_ENV, socket.toString());
        return e;
    }

    private void accept(Bench bench) {
        while (server.isOpen()) {
            try {
                SocketChannel ch = server.accept();
                Thread t = new Thread(() -> serve(ch, bench), "bench-command");
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private static void serve(SocketChannel ch, Bench bench) {
        try (ch) {
            DataInputStream in = new DataInputStream(Channels.newInputStream(ch));
            DataOutputStream out = new DataOutputStream(Channels.newOutputStream(ch));
            CommandProtocol.Request r = CommandProtocol.Request.read(in); // read first: closing on unread data resets the peer
            PrintStream e = new PrintStream(CommandProtocol.frames(out, CommandProtocol.ERR), true);
            OnBehalfOf user;
            try {
                user = servedAs(OnBehalfOf.thisProcess(), OnBehalfOf.peerOf(ch));
            } catch (IOException refused) {
                BenchComponent.LOG.error(refused.getMessage());
                SlurmLog.lines("plugstack", e, 0).error(refused.getMessage());
                CommandProtocol.exit(out, 1);
                return;
            }
            PrintStream o = new PrintStream(CommandProtocol.frames(out, CommandProtocol.OUT), true);
            CommandIO io = new CommandIO(o, e, r.env(), Path.of(r.workdir()), user);
            if (BenchCommand.of(r.command()).map(BenchCommand::foreground).orElse(false)) {
                watchClient(ch, bench, io);
            }
            int code = run(bench, r, io);
            o.flush();
            e.flush();
            CommandProtocol.exit(out, code);
        } catch (IOException ignored) {
            // the client went away
        }
    }

    private static int run(Bench bench, CommandProtocol.Request r, CommandIO io) {
        java.util.Optional<BenchCommand> command = BenchCommand.of(r.command());
        if (command.isEmpty()) {
            io.err().println("plugstack: " + r.command() + ": not a command of the bench");
            return 2;
        }
        return command.get().run(bench, r.args(), io);
    }

    /**
     * After its request the client sends only interrupts (srun's Ctrl-C presses), which go to the
     * command as the console's do; the connection closing while the command runs (the client killed,
     * its terminal gone) hangs it up: the job the command made for itself is cancelled instead of
     * running on unseen.
     */
    private static void watchClient(SocketChannel ch, Bench bench, CommandIO io) {
        Thread t = new Thread(() -> {
            // the channel itself: its stream wrappers share one lock, and a read there would block every reply frame
            java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(1);
            try {
                while (ch.read(b.clear()) > 0) {
                    if (b.get(0) == CommandProtocol.INTERRUPT) {
                        io.interrupts().interrupt();
                    }
                }
            } catch (IOException e) {
                // a reset connection: gone as well
            }
            bench.hangUp(io);
        }, "bench-command-client");
        t.setDaemon(true);
        t.start();
    }

    /**
     * Whom a command from {@code peer} runs as, on a runtime that is {@code self}: the peer itself when
     * the runtime is root (it can start processes as anyone); else only the runtime's own user.
     *
     * @throws IOException naming the peer and the reason, when the peer is not served
     */
    static OnBehalfOf servedAs(OnBehalfOf self, OnBehalfOf peer) throws IOException {
        if (self.uid() == 0) {
            return peer;
        }
        if (peer.uid() == self.uid()) {
            return self; // its own user, with the runtime's own group: what its processes can be
        }
        throw new IOException("bench socket: refused uid " + peer.uid() + ": this runtime runs as uid " + self.uid()
                + ", not root, so it runs jobs only as uid " + self.uid() + " (start it as root to serve other users)");
    }

    @Override
    public void close() throws IOException {
        server.close();
        Files.deleteIfExists(socket);
    }
}
