package io.plugstack.gogo.bench;

import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Descriptor;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.gogo.internal.Commands;
import io.plugstack.runtime.bench.api.Bench;

/** {@code slurm:sinfo}: the simulated node's state and drain reason. */
@Component(service = SinfoCommand.class, property = {Commands.SLURM_SCOPE, Commands.FUNCTION + "sinfo"})
public final class SinfoCommand {

    @Reference
    private Bench bench;

    @Descriptor("show the node: name, state (IDLE, ALLOCATED, DRAIN), reason, slurmd starts")
    public String sinfo(CommandSession session, @Descriptor("options") String... args) {
        return Terminal.result(session, "sinfo", io -> bench.sinfo(Terminal.args(args), io));
    }
}
