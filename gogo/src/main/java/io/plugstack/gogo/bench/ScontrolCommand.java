package io.plugstack.gogo.bench;

import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Descriptor;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.gogo.internal.Commands;
import io.plugstack.runtime.bench.api.Bench;

/**
 * {@code slurm:scontrol}: the two admin actions the bench simulates (resuming a drained node,
 * restarting slurmd, which reloads its slurmd-context plugins) and job updates.
 */
@Component(service = ScontrolCommand.class, property = {Commands.SLURM_SCOPE, Commands.FUNCTION + "scontrol"})
public final class ScontrolCommand {

    @Reference
    private Bench bench;

    @Descriptor("scontrol update nodename=<node> state=resume | update jobid=<id> Key=Value... | restart slurmd")
    public String scontrol(CommandSession session, @Descriptor("the action") String... args) {
        return Terminal.result(session, "scontrol", io -> bench.scontrol(Terminal.args(args), io));
    }
}
