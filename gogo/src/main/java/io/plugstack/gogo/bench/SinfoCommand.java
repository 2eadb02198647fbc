package io.plugstack.gogo.bench;

import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Descriptor;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.gogo.internal.Commands;
import io.plugstack.runtime.bench.api.Bench;

/** {@code slurm:sinfo} on the job-launch bench: the partitions and the node in Slurm's layout; the words are parsed as sinfo does. */
@Component(service = SinfoCommand.class, property = {Commands.SLURM_SCOPE, Commands.FUNCTION + "sinfo"})
public final class SinfoCommand {

    @Reference
    private Bench bench;

    @Descriptor("show partitions and the node: sinfo [-p partitions] [-t states] [-o format] [-h] [-l] [-s] [-R]")
    public String sinfo(CommandSession session, @Descriptor("options") String... args) {
        return Terminal.result(session, io -> bench.sinfo(Terminal.args(args), io));
    }
}
