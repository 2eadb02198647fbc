package io.plugstack.runtime.node.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.runtime.clifilter.CliFilterChains;
import io.plugstack.runtime.host.catalog.PluginCatalog;
import io.plugstack.runtime.spank.SpankStacks;

/**
 * Node mode: the runtime serves a real Slurm's SPANK bridge on this node. On when a socket directory
 * is configured: {@code socket_dir} in the ConfigAdmin configuration {@value #PID} (e.g.
 * deploy/plugstack.node.cfg), else the framework property {@value #SOCKET_DIR_PROPERTY} (what
 * {@code plugstack --node} sets); off otherwise, as on a bench-only machine. user.sock also serves the
 * cli_filter shim of real srun, sbatch and salloc ({@link CliEndpoint}) with the CliFilterChains service.
 */
@Component(configurationPid = NodeComponent.PID)
public final class NodeComponent {

    static final String PID = "plugstack.node";
    static final String SOCKET_DIR = "socket_dir";
    static final String SOCKET_DIR_PROPERTY = "plugstack.node.socket_dir";

    private final NodeServer server;

    @Activate
    public NodeComponent(BundleContext context, Map<String, Object> properties, @Reference SpankStacks stacks,
            @Reference CliFilterChains cliFilters, @Reference PluginCatalog catalog) throws IOException {
        SlurmLog log = SlurmLog.lines("plugstack", System.err, 0);
        Optional<Path> dir = servedSocketDir(context, properties, log);
        this.server = dir.isEmpty() ? null : NodeServer.start(dir.get(), stacks, log);
        if (server != null) {
            server.serveCliFilter(new CliEndpoint(cliFilters, catalog.calls(), log));
        }
        dir.ifPresent(d -> log.info("node: serving the SPANK bridge in " + d));
        dir.ifPresent(d -> log.info("node: serving srun/sbatch/salloc's cli_filter shim on " + d.resolve(NodeServer.USER_SOCKET)));
    }

    /** The node's socket directory: the configuration's, else the framework property's; empty when node mode is off. */
    static Optional<Path> socketDir(BundleContext context, Map<String, Object> properties) {
        Object dir = properties.get(SOCKET_DIR);
        String where = dir != null ? String.valueOf(dir) : context.getProperty(SOCKET_DIR_PROPERTY);
        return where == null || where.isBlank() ? Optional.empty() : Optional.of(Path.of(where.trim()));
    }

    /**
     * {@link #socketDir}, made and checked ({@link SocketDirectory}); empty when node mode is off or the
     * directory is refused, which is logged once however many of the daemon's sockets wanted it.
     */
    static Optional<Path> servedSocketDir(BundleContext context, Map<String, Object> properties, SlurmLog log) {
        Optional<Path> dir = socketDir(context, properties);
        try {
            return dir.isEmpty() ? dir : Optional.of(SocketDirectory.prepare(dir.get()));
        } catch (IOException e) {
            if (REFUSED.add(e.getMessage())) {
                log.error("node: " + e.getMessage() + "; no socket is served");
            }
            return Optional.empty();
        }
    }

    /** Refusals already logged: NodeComponent, CtldComponent and AdminComponent each ask. */
    private static final java.util.Set<String> REFUSED = java.util.concurrent.ConcurrentHashMap.newKeySet();

    @Deactivate
    void deactivate() throws IOException {
        if (server != null) {
            server.close();
        }
    }
}
