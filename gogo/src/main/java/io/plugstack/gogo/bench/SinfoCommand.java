package io.plugstack.gogo.bench;

import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Descriptor;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.gogo.internal.Commands;
import io.plugstack.gogo.internal.Table;
import io.plugstack.runtime.bench.api.Bench;
import io.plugstack.runtime.bench.api.NodeView;

/** {@code slurm:sinfo}: the simulated node's state and drain reason. */
@Component(service = SinfoCommand.class, property = {Commands.SLURM_SCOPE, Commands.FUNCTION + "sinfo"})
public final class SinfoCommand {

    @Reference
    private Bench bench;

    @Descriptor("show the node: name, state (IDLE, ALLOCATED, DRAIN), reason, slurmd starts")
    public String sinfo(CommandSession session, String... args) {
        String refused = Terminal.refuseAny("sinfo", session, args);
        if (refused != null) {
            return refused;
        }
        NodeView n = bench.node();
        return new Table("NODELIST", "STATE", "SLURMD-STARTS", "REASON")
                .row(n.name(), n.state(), n.slurmdStarts(), n.reason().isEmpty() ? null : n.reason()).toString();
    }
}
