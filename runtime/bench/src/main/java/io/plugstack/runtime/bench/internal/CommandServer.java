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
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.api.user.OnBehalfOf;
import jdk.net.ExtendedSocketOptions;
import jdk.net.UnixDomainPrincipal;

import io.plugstack.runtime.bench.api.Bench;
import io.plugstack.runtime.bench.api.CommandIO;
import io.plugstack.runtime.spi.bench.CommandProtocol;
import io.plugstack.runtime.spi.bench.SlurmClient;

/**
 * Lets a job's own processes run Slurm commands, as on a cluster (srun inside a batch script): a
 * Unix socket in the runtime's home, private to its user, and srun/sbatch/salloc/scrontab shims
 * that every job finds first on its PATH. The bench's jobs run as the runtime's user, so that user
 * (and root) are the only peers served: every connection's SO_PEERCRED is checked, whatever the
 * socket file's mode says (it is set just after bind, and an admin may change it).
 */
final class CommandServer implements AutoCloseable {

    static final List<String> COMMANDS = List.of("srun", "sbatch", "salloc", "scrontab", "scancel");

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
        Files.setPosixFilePermissions(socket, PosixFilePermissions.fromString("rw-------"));
        return new CommandServer(socket, writeShims(dataDir.resolve("bin")), server, bench);
    }

    /** One shell script per command, running the launcher's SlurmClient with this JVM's java. */
    private static Path writeShims(Path bin) throws IOException {
        Files.createDirectories(bin);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String classpath;
        try {
            classpath = Path.of(SlurmClient.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (java.net.URISyntaxException | RuntimeException e) {
            throw new IOException("cannot locate the launcher for the command shims", e);
        }
        for (String cmd : COMMANDS) {
            Path shim = bin.resolve(cmd);
            Files.writeString(shim, "#!/bin/sh\nexec '" + java + "' -Xshare:auto -XX:TieredStopAtLevel=1 -cp '" + classpath + "' "
                    + SlurmClient.class.getName() + " " + cmd + " \"$@\"\n");
            Files.setPosixFilePermissions(shim, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        return bin;
    }

    /** What every job's environment gets so its processes find the shims and the socket. */
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
            Optional<String> refused = refusal(ch);
            if (refused.isPresent()) {
                BenchComponent.LOG.error(refused.get());
                SlurmLog.lines("plugstack", new PrintStream(CommandProtocol.frames(out, CommandProtocol.ERR), true), 0)
                        .error(refused.get());
                CommandProtocol.exit(out, 1);
                return;
            }
            PrintStream o = new PrintStream(CommandProtocol.frames(out, CommandProtocol.OUT), true);
            PrintStream e = new PrintStream(CommandProtocol.frames(out, CommandProtocol.ERR), true);
            CommandIO io = new CommandIO(o, e, r.env(), Path.of(r.workdir()));
            int code = switch (r.command()) {
                case "srun" -> bench.srun(r.args(), io);
                case "sbatch" -> bench.sbatch(r.args(), io);
                case "salloc" -> bench.salloc(r.args(), io);
                case "scrontab" -> bench.scrontab(r.args(), io);
                case "scancel" -> bench.scancel(r.args(), io);
                default -> {
                    e.println("plugstack: " + r.command() + ": not a command of the bench");
                    yield 2;
                }
            };
            o.flush();
            e.flush();
            CommandProtocol.exit(out, code);
        } catch (IOException ignored) {
            // the client went away
        }
    }

    /** Why this connection's peer may not run commands here, if it may not. */
    static Optional<String> refusal(SocketChannel ch) {
        long self = OnBehalfOf.thisProcess().uid();
        try {
            UnixDomainPrincipal peer = ch.getOption(ExtendedSocketOptions.SO_PEERCRED);
            UserPrincipalLookupService users = FileSystems.getDefault().getUserPrincipalLookupService();
            if (peer.user().equals(users.lookupPrincipalByName(Long.toString(self)))
                    || peer.user().equals(users.lookupPrincipalByName("0"))) {
                return Optional.empty();
            }
            return Optional.of("bench socket: refused user " + peer.user().getName()
                    + ": only uid " + self + " (the runtime's user, whom the bench's jobs run as) may run commands here");
        } catch (IOException | UnsupportedOperationException e) {
            return Optional.of("bench socket: refused a peer whose credentials cannot be read: " + e.getMessage());
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        Files.deleteIfExists(socket);
    }
}
