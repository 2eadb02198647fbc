package io.plugstack.lua;

import java.util.Map;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceReference;

import io.plugstack.api.slurm.ClientCommands;

/**
 * The bench's {@link ClientCommands} as the framework has it at the moment a script runs a command
 * (looked up each time: the bench may come and go); nothing to add outside a framework or without a bench.
 */
final class FrameworkCommands {
    private FrameworkCommands() {
    }

    static Map<String, String> environment(Map<String, String> inherited) {
        Bundle bundle = FrameworkUtil.getBundle(FrameworkCommands.class);
        BundleContext context = bundle == null ? null : bundle.getBundleContext();
        if (context == null) {
            return Map.of();
        }
        try {
            ServiceReference<ClientCommands> ref = context.getServiceReference(ClientCommands.class);
            ClientCommands commands = ref == null ? null : context.getService(ref);
            if (commands == null) {
                return Map.of();
            }
            try {
                return commands.environment(inherited);
            } finally {
                context.ungetService(ref);
            }
        } catch (IllegalStateException stopping) {
            return Map.of(); // the bundle is stopping
        }
    }
}
