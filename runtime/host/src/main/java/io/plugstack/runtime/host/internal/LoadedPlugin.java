package io.plugstack.runtime.host.internal;

import java.util.Arrays;
import java.util.List;

import org.osgi.framework.Constants;
import org.osgi.framework.ServiceReference;

import io.plugstack.api.plugin.SlurmPlugin;

/**
 * One plugin service as the generic loader left it: the instance and the outcome of its init().
 *
 * @param initRc 0 when init() succeeded, else SLURM_ERROR
 * @param failure why it is unusable, empty when usable
 */
record LoadedPlugin(ServiceReference<?> reference, SlurmPlugin plugin, int initRc, String failure) {

    boolean usable() {
        return failure.isEmpty();
    }

    List<String> objectClasses() {
        return Arrays.asList((String[]) reference.getProperty(Constants.OBJECTCLASS));
    }

    String describe() {
        String simple = objectClasses().stream().map(n -> n.substring(n.lastIndexOf('.') + 1))
                .reduce((a, b) -> a + "," + b).orElse("?");
        return simple + " #" + reference.getProperty(Constants.SERVICE_ID);
    }
}
