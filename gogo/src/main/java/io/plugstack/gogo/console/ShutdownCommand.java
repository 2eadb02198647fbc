package io.plugstack.gogo.console;

import org.apache.felix.service.command.Descriptor;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

import io.plugstack.gogo.internal.Commands;

/** {@code plugstack:shutdown}: stops the runtime (the framework, then the JVM), as Karaf's shutdown does; Ctrl-D never does. */
@Component(service = ShutdownCommand.class, property = {Commands.SCOPE, Commands.FUNCTION + "shutdown"})
public final class ShutdownCommand {

    private final BundleContext context;

    @Activate
    public ShutdownCommand(BundleContext context) {
        this.context = context;
    }

    @Descriptor("stop Plugstack: its jobs end, its plugins' fini run, the process exits")
    public String shutdown() throws BundleException {
        context.getBundle(0).stop();
        return "plugstack: stopping";
    }
}
