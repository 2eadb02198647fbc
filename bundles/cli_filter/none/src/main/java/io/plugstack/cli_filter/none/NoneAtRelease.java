package io.plugstack.cli_filter.none;

import org.osgi.framework.BundleContext;
import org.osgi.service.component.ComponentContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

import io.plugstack.api.plugin.ReleaseBehaviour;
import io.plugstack.api.plugin.SlurmVersion;

/**
 * Registers cli_filter/none only where Slurm has it: before 23.11 ({@link ReleaseBehaviour#CLI_FILTER_NONE_REMOVED}).
 * The release is fixed for the runtime's life (plugstack.slurm.release is read at start).
 */
@Component(immediate = true, service = {})
public class NoneAtRelease {

    @Activate
    public NoneAtRelease(ComponentContext component, BundleContext context) {
        if (exists(SlurmVersion.running(context::getProperty))) {
            component.enableComponent(NonePlugin.class.getName());
        }
    }

    /** Whether a Slurm of {@code release} ships cli_filter/none. */
    static boolean exists(SlurmVersion release) {
        return !ReleaseBehaviour.CLI_FILTER_NONE_REMOVED.at(release);
    }
}
