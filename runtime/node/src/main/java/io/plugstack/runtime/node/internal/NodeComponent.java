package io.plugstack.runtime.node.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.api.plugin.RuntimeHome;
import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.api.user.OnBehalfOf;
import io.plugstack.api.user.UnixUsers;
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

    /** Framework property: the {@link ChildRole} name in a child role's process (the root role sets it). */
    static final String ROLE_PROPERTY = "plugstack.node.role";

    private final NodeServer server;
    private final java.util.List<AutoCloseable> roleParts = new java.util.ArrayList<>();

    @Activate
    public NodeComponent(BundleContext context, Map<String, Object> properties, @Reference SpankStacks stacks,
            @Reference CliFilterChains cliFilters, @Reference PluginCatalog catalog) throws IOException {
        SlurmLog log = SlurmLog.lines("plugstack", io.plugstack.runtime.spi.log.RuntimeLog.stream(), 0);
        Optional<Path> dir = servedSocketDir(context, properties, log);
        Optional<ChildRole> self = ChildRole.of(context);
        Admission.Limits limits = connectionLimits(properties, context, log);
        if (dir.isEmpty()) {
            this.server = null;
        } else if (self.isPresent()) {
            // a child role serves only what the root role relays to it: the user role here, the ctld role in CtldComponent
            this.server = self.get() == ChildRole.USER ? NodeServer.startUserRole(dir.get(), stacks, log, limits) : null;
            if (server != null) {
                server.serveCliFilter(new CliEndpoint(cliFilters, catalog.calls(), log));
                log.info("node: user role: serving srun/sbatch/salloc's SPANK sessions and cli_filter shim, relayed to "
                        + dir.get().resolve(NodeServer.ROLE_SOCKET));
            }
        } else if (splits(context)) {
            // no plugin code runs here for the child roles' sessions: they are relayed
            this.server = NodeServer.startRootRole(dir.get(), stacks, log);
            server.checkCallerRelease(new ReleaseMismatch(io.plugstack.api.plugin.SlurmVersion.running(context::getProperty), log));
            server.serveCliFilter(new CliEndpoint(cliFilters, catalog.calls(), log)); // root's own commands only
            log.info("node: serving the SPANK bridge in " + dir.get());
            LiveSessions live = new LiveSessions();
            RuntimeHome home = RuntimeHome.of(context::getProperty);
            for (ChildRole role : ChildRole.configured(context, properties)) {
                Optional<UnixUsers.Entry> user = childUser(role, context, properties);
                if (user.isEmpty()) {
                    log.error("node: " + role.name + " role: no unprivileged user " + childUserName(role, context, properties)
                            + " in /etc/passwd (useradd --system --no-create-home --shell /usr/sbin/nologin ...); "
                            + (role == ChildRole.USER ? "srun, sbatch and salloc are not served" : "job_submit runs here, as root"));
                    continue;
                }
                // only the monitor reads who is live, and only for a role that acts for users
                // root's own srun, sbatch and salloc stay here, with root's rights as in Slurm; everyone else's are relayed
                roleParts.add(RoleRelay.start(dir.get(), role, user.get().uid(), role.actsForUsers ? live : new LiveSessions(),
                        role == ChildRole.USER ? server::serveRootsOwnCommand : null,
                        role == ChildRole.USER ? limits : Admission.Limits.of(CtldServer.MAX_CONNECTIONS), log));
                if (role == ChildRole.CTLD) { // slurmctld connects as SlurmUser
                    Files.setAttribute(dir.get().resolve(role.socket), "unix:uid", (int) user.get().uid(), LinkOption.NOFOLLOW_LINKS);
                }
                if (role.actsForUsers) {
                    roleParts.add(Monitor.start(dir.get(), user.get().uid(), live, log));
                    shareVersionsKey(context, user.get(), log); // the user role seals the versions srun and sbatch choose
                }
                roleParts.add(RoleProcess.start(role, dir.get(), user.get(), home.root(), sharedSettings(context, home),
                        Path.of(context.getProperty(DISTRIBUTION_PROPERTY)), log));
                log.info("node: " + dir.get().resolve(role.socket) + " relayed to the " + role.name + " role, uid " + user.get().uid()
                        + " (" + user.get().name() + ")");
            }
        } else {
            this.server = NodeServer.start(dir.get(), stacks, log, NodeServer.HELLO_SECONDS * 1000, limits);
            server.checkCallerRelease(new ReleaseMismatch(io.plugstack.api.plugin.SlurmVersion.running(context::getProperty), log));
            server.serveCliFilter(new CliEndpoint(cliFilters, catalog.calls(), log));
            log.info("node: serving the SPANK bridge in " + dir.get());
            log.info("node: serving srun/sbatch/salloc's cli_filter shim on " + dir.get().resolve(NodeServer.USER_SOCKET));
        }
    }

    private static void shareVersionsKey(BundleContext context, UnixUsers.Entry roleUser, SlurmLog log) {
        Path key = io.plugstack.runtime.spank.JobVersionsSeal.keyFile(context::getProperty);
        try {
            io.plugstack.runtime.spank.JobVersionsSeal.load(key, true, java.time.Duration.ofDays(1)); // made now when missing
            io.plugstack.runtime.spank.JobVersionsSeal.shareWith(key, roleUser.gid());
        } catch (IOException e) {
            log.error("node: " + key + ": cannot let the user role read it (" + e.getMessage() + "): versions srun and sbatch choose"
                    + " are then not believed by the root role");
        }
    }

    /** user.sock's limits from plugstack.node; a bad value is one line and the defaults, never a node that serves nothing. */
    private static Admission.Limits connectionLimits(Map<String, Object> properties, BundleContext context, SlurmLog log) {
        try {
            return Admission.Limits.configured(properties, context::getProperty);
        } catch (IllegalArgumentException e) {
            log.error("node: plugstack.node: " + e.getMessage() + "; using max_connections=" + Admission.Limits.USERS.total()
                    + " max_connections_per_uid=" + Admission.Limits.USERS.perUid());
            return Admission.Limits.USERS;
        }
    }

    /** Framework property: the folder of plugstack.jar (the launcher sets it). */
    static final String DISTRIBUTION_PROPERTY = "plugstack.distribution";
    /** ConfigAdmin key (else framework property {@value #USER_ROLE_USER_PROPERTY}): the user the user role runs as. */
    static final String USER_ROLE_USER = "user_role";
    static final String USER_ROLE_USER_PROPERTY = "plugstack.node.user_role";
    static final String DEFAULT_ROLE_USER = "plugstack";
    /** The root role's settings the user role gets as they are (it reads etc/plugstack.properties itself). */
    static final List<String> SHARED_SETTINGS = List.of("plugstack.slurm.release", "plugstack.deploy.dir", "plugstack.maven.repo",
            "plugstack.spank.conf", "plugstack.features.boot", "plugstack.lua.version", "plugstack.lua.memory.mb",
            "plugstack.spank.call.timeout.ms", "plugstack.clifilter.call.timeout.ms", "plugstack.call.overruns.before.failed");

    /**
     * Whether this runtime splits into roles: a node daemon ({@code --node}) running as root. A runtime that
     * is not root cannot act for anyone, and a bench runtime serving the bridge from deploy/plugstack.node.cfg
     * is a developer's.
     */
    static boolean splits(BundleContext context) {
        return OnBehalfOf.thisProcess().uid() == 0 && context.getProperty(SOCKET_DIR_PROPERTY) != null && ChildRole.of(context).isEmpty();
    }

    /** The user {@code role} runs as: the user role's setting, SlurmUser for the ctld role. */
    static String childUserName(ChildRole role, BundleContext context, Map<String, Object> properties) {
        if (role == ChildRole.CTLD) {
            return CtldComponent.slurmUser(context, properties);
        }
        Object configured = properties.get(USER_ROLE_USER);
        String name = configured != null ? String.valueOf(configured) : context.getProperty(USER_ROLE_USER_PROPERTY);
        return name == null || name.isBlank() ? DEFAULT_ROLE_USER : name.trim();
    }

    /** That user, when it exists and is not root (a role as root separates nothing); empty otherwise. */
    static Optional<UnixUsers.Entry> childUser(ChildRole role, BundleContext context, Map<String, Object> properties) {
        return UnixUsers.uidOf(childUserName(role, context, properties)).flatMap(UnixUsers::byUid).filter(u -> u.uid() != 0);
    }

    /**
     * The user {@code role} runs as, when the root role relays its socket to it (a splitting runtime, the role
     * configured, its user there); empty when it does not.
     */
    static Optional<UnixUsers.Entry> relayedUser(ChildRole role, BundleContext context, Map<String, Object> properties) {
        return splits(context) && ChildRole.configured(context, properties).contains(role) ? childUser(role, context, properties)
                : Optional.empty();
    }

    /** {@link #SHARED_SETTINGS} as this runtime has them, paths made absolute against its home. */
    private static Map<String, String> sharedSettings(BundleContext context, RuntimeHome home) {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        for (String key : SHARED_SETTINGS) {
            String v = context.getProperty(key);
            if (v != null) {
                out.put(key, key.endsWith(".dir") || key.endsWith(".repo") || key.endsWith(".conf")
                        ? home.root().resolve(v).toAbsolutePath().normalize().toString() : v);
            }
        }
        return out;
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
    void deactivate() throws Exception {
        for (AutoCloseable part : roleParts) {
            part.close();
        }
        if (server != null) {
            server.close();
        }
    }
}
