package io.plugstack.runtime.node.internal;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.apache.felix.service.command.CommandProcessor;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Converter;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.runtime.spi.bench.CommandProtocol;

/**
 * The shell of a running node daemon: {@code admin.sock} (0600) in the node's socket directory, root
 * only (SO_PEERCRED), one Gogo command line per connection, run in a session of the daemon's own
 * shell ({@code plugstack --admin "plugstack:versions"}).
 */
@Component(configurationPid = NodeComponent.PID)
public final class AdminComponent {

    static final String ADMIN_SOCKET = "admin.sock";

    private final SlurmLog log = SlurmLog.lines("plugstack", io.plugstack.runtime.spi.log.RuntimeLog.stream(), 0);
    private final CommandProcessor processor;
    private final ServerSocketChannel server;
    /** The child roles' shells, to send version changes on to, with the uid each must be served by; none in a child role itself. */
    private final Map<Path, Long> roleShells;

    @Activate
    public AdminComponent(BundleContext context, Map<String, Object> properties, @Reference CommandProcessor processor)
            throws IOException {
        this.processor = processor;
        Optional<Path> dir = NodeComponent.servedSocketDir(context, properties, log);
        this.server = dir.isEmpty() ? null : UnixSockets.bind(dir.get().resolve(ADMIN_SOCKET), "rw-------");
        // the root role sends version changes on to its child roles' shells
        this.roleShells = new java.util.LinkedHashMap<>();
        for (ChildRole r : dir.isEmpty() ? List.<ChildRole>of() : List.of(ChildRole.values())) {
            NodeComponent.relayedUser(r, context, properties).ifPresent(u -> roleShells.put(dir.get().resolve(r.dir).resolve(ADMIN_SOCKET), u.uid()));
        }
        if (server != null) {
            Thread t = new Thread(this::accept, "plugstack-node-admin");
            t.setDaemon(true);
            t.start();
        }
    }

    private void accept() {
        while (server.isOpen()) {
            try (SocketChannel ch = server.accept()) {
                serve(ch);
            } catch (IOException e) {
                if (!server.isOpen()) {
                    return;
                }
                log.error("node: admin: " + e.getMessage());
            }
        }
    }

    private void serve(SocketChannel ch) throws IOException {
        DataInputStream in = new DataInputStream(Channels.newInputStream(ch));
        DataOutputStream out = new DataOutputStream(Channels.newOutputStream(ch));
        CommandProtocol.Request r = CommandProtocol.Request.read(in);
        PrintStream o = new PrintStream(CommandProtocol.frames(out, CommandProtocol.OUT), true);
        // what the command says on stderr (refusals, "version 2.0.0 runs for new launches") is the
        // admin's and the daemon log's: Gogo sends the command thread's System.err to the session
        java.io.ByteArrayOutputStream said = new java.io.ByteArrayOutputStream();
        OutputStream errFrames = CommandProtocol.frames(out, CommandProtocol.ERR);
        PrintStream e = new PrintStream(new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                errFrames.write(b);
                said.write(b);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                errFrames.write(b, off, len);
                said.write(b, off, len);
            }

            @Override
            public void flush() throws IOException {
                errFrames.flush();
            }
        }, true);
        long uid = NodeServer.peerUid(ch);
        if (uid != 0) {
            log.error("node: admin: refused peer uid " + uid + " (root only)");
            e.println("plugstack: error: the node daemon's shell is root's only");
            CommandProtocol.exit(out, 1);
            return;
        }
        String line = String.join(" ", r.args());
        int code = 0;
        CommandSession session = processor.createSession(InputStream.nullInputStream(), o, e);
        try {
            Object result = session.execute(line);
            if (result != null) {
                o.println(session.format(result, Converter.INSPECT));
            }
        } catch (Exception failure) {
            e.println("plugstack: error: " + failure.getMessage());
            code = 1;
        } finally {
            session.close();
        }
        for (Map.Entry<Path, Long> shell : code == 0 && RoleAdmin.sentOn(line) ? roleShells.entrySet() : Map.<Path, Long>of().entrySet()) {
            RoleAdmin.Result sent = RoleAdmin.send(shell.getKey(), shell.getValue(), line);
            if (sent.code() != 0) {
                e.println("plugstack: error: the " + shell.getKey().getParent().getFileName() + " did not follow: " + sent.said().strip());
                code = 1;
            }
        }
        o.flush();
        e.flush();
        log.info("node: admin: " + line + " (exit " + code + ")");
        said.toString(java.nio.charset.StandardCharsets.UTF_8).lines().forEach(l -> log.info("node: admin: " + l));
        CommandProtocol.exit(out, code);
    }

    @Deactivate
    void deactivate() throws IOException {
        if (server != null) {
            server.close();
        }
    }
}
