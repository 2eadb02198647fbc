package io.plugstack.runtime.node.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Hashtable;
import java.util.Map;
import java.util.Optional;

import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.runtime.host.catalog.PluginCatalog;
import org.osgi.service.component.runtime.ServiceComponentRuntime;

import io.plugstack.api.jobsubmit.Slurmctld;
import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.runtime.jobsubmit.JobSubmitChain;

/**
 * Node mode for a real slurmctld: with a socket directory configured (as {@link NodeComponent}), serves
 * {@code ctld.sock} for the job_submit shim and registers the real slurmctld as the Slurmctld service
 * plugins look up (ranking {@value #RANKING}, above the bench's). SlurmUser is {@code slurm_user} in
 * {@value NodeComponent#PID}, else the framework property {@value #SLURM_USER_PROPERTY}, else "slurm".
 */
@Component(configurationPid = NodeComponent.PID)
public final class CtldComponent {

    static final String SLURM_USER = "slurm_user";
    static final String SLURM_USER_PROPERTY = "plugstack.node.slurm_user";
    static final int RANKING = 1000;

    private final CtldServer server;
    private final ServiceRegistration<Slurmctld> registration;

    @Activate
    public CtldComponent(BundleContext context, Map<String, Object> properties, @Reference JobSubmitChain chain,
            @Reference ServiceComponentRuntime scr, @Reference PluginCatalog catalog) throws IOException {
        SlurmLog log = SlurmLog.lines("plugstack", io.plugstack.runtime.spi.log.RuntimeLog.stream(), 0);
        // job_submit runs in the ctld role when there is one (the root role relays ctld.sock to it), never in the user role
        Optional<ChildRole> self = ChildRole.of(context);
        boolean here = self.map(r -> r == ChildRole.CTLD).orElse(NodeComponent.relayedUser(ChildRole.CTLD, context, properties).isEmpty());
        Optional<Path> dir = here ? NodeComponent.servedSocketDir(context, properties, log) : Optional.empty();
        if (dir.isEmpty()) {
            server = null;
            registration = null;
            return;
        }
        CtldSlurmctld slurmctld = new CtldSlurmctld();
        catalog.calls().propagate(slurmctld.serving()); // a plugin's lookups run on its call's own thread
        Hashtable<String, Object> props = new Hashtable<>();
        props.put(Constants.SERVICE_RANKING, RANKING);
        props.put("plugstack.slurmctld", "real");
        registration = context.registerService(Slurmctld.class, slurmctld, props);
        long id = (Long) registration.getReference().getProperty(Constants.SERVICE_ID);
        Thread rebind = new Thread(() -> {
            int n = SlurmctldRebind.rebind(scr, id, log);
            if (n > 0) {
                log.info("node: " + n + " plugin component(s) now look up the real slurmctld");
            }
        }, "plugstack-ctld-rebind");
        rebind.setDaemon(true);
        rebind.start();
        String user = slurmUser(context, properties);
        ReleaseMismatch release = new ReleaseMismatch(io.plugstack.api.plugin.SlurmVersion.running(context::getProperty), log);
        if (self.isPresent()) {
            server = CtldServer.startRole(dir.get(), user, new CtldCall(chain, slurmctld, log), release, log);
            log.info("node: ctld role: serving slurmctld's job_submit shim, relayed to " + dir.get().resolve(NodeServer.ROLE_SOCKET));
        } else {
            server = CtldServer.start(dir.get(), user, new CtldCall(chain, slurmctld, log), release, log);
            log.info("node: serving slurmctld's job_submit shim on " + dir.get().resolve(CtldServer.SOCKET) + " (SlurmUser " + user + ")");
        }
    }

    static String slurmUser(BundleContext context, Map<String, Object> properties) {
        Object u = properties.get(SLURM_USER);
        String user = u != null ? String.valueOf(u) : context.getProperty(SLURM_USER_PROPERTY);
        return user == null || user.isBlank() ? "slurm" : user.trim();
    }

    @Deactivate
    void deactivate() throws IOException {
        if (server != null) {
            server.close();
        }
        if (registration != null) {
            try {
                registration.unregister();
            } catch (IllegalStateException e) {
                // already gone with the bundle
            }
        }
    }
}
