package io.plugstack.runtime.node.internal;

import java.io.IOException;
import java.nio.file.Path;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.runtime.spank.SpankStacks;

/**
 * Node mode: the runtime serves a real Slurm's SPANK bridge on this node. Off unless configured
 * (ConfigAdmin PID {@value #PID}, e.g. deploy/plugstack.node.cfg with {@code socket_dir=/run/plugstack}).
 */
@Component(configurationPid = NodeComponent.PID, configurationPolicy = ConfigurationPolicy.REQUIRE)
public final class NodeComponent {

    static final String PID = "plugstack.node";

    /** Configuration; the double underscore makes the property "socket_dir". */
    public @interface Config {
        /** Where user.sock and root.sock are made. */
        String socket__dir() default "/run/plugstack";
    }

    private final NodeServer server;

    @Activate
    public NodeComponent(Config config, @Reference SpankStacks stacks) throws IOException {
        this.server = NodeServer.start(Path.of(config.socket__dir()), stacks, SlurmLog.lines("plugstack", System.err, 0));
    }

    @Deactivate
    void deactivate() throws IOException {
        server.close();
    }
}
