package io.plugstack.runtime.node.internal;

import java.util.Arrays;
import java.util.List;

import org.osgi.service.component.runtime.ServiceComponentRuntime;
import org.osgi.service.component.runtime.dto.ComponentConfigurationDTO;
import org.osgi.service.component.runtime.dto.ComponentDescriptionDTO;

import io.plugstack.api.jobsubmit.Slurmctld;
import io.plugstack.api.slurm.SlurmLog;

/**
 * Plugins take the Slurmctld service as a static reference: one activated before the node daemon's
 * real slurmctld was registered (every boot-feature plugin: the node bundle starts last) stays bound to
 * the bench's. Each such component is disabled and enabled again, so it binds the highest-ranked one,
 * the real slurmctld's; the plugin catalog sees its service go and come (fini, then init). Plugins
 * activated later bind the real one by themselves.
 */
final class SlurmctldRebind {

    private SlurmctldRebind() {
    }

    /** Rebinds every component bound to a Slurmctld other than service {@code realId}; how many. */
    static int rebind(ServiceComponentRuntime scr, long realId, SlurmLog log) {
        int n = 0;
        for (ComponentDescriptionDTO d : scr.getComponentDescriptionDTOs()) {
            List<String> names = Arrays.stream(d.references).filter(r -> Slurmctld.class.getName().equals(r.interfaceName))
                    .map(r -> r.name).toList();
            if (names.isEmpty() || !boundElsewhere(scr.getComponentConfigurationDTOs(d), names, realId)) {
                continue;
            }
            try {
                scr.disableComponent(d).getValue();
                scr.enableComponent(d).getValue();
                n++;
            } catch (Exception e) {
                log.error("node: cannot rebind " + d.name + " to the real slurmctld: " + e);
            }
        }
        return n;
    }

    private static boolean boundElsewhere(java.util.Collection<ComponentConfigurationDTO> configs, List<String> names, long realId) {
        for (ComponentConfigurationDTO c : configs) {
            for (var ref : c.satisfiedReferences) {
                if (names.contains(ref.name) && Arrays.stream(ref.boundServices).anyMatch(s -> s.id != realId)) {
                    return true;
                }
            }
        }
        return false;
    }
}
