package io.plugstack.gogo.bench;

import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Descriptor;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.gogo.internal.Commands;
import io.plugstack.runtime.bench.api.Bench;

/** {@code slurm:scontrol} on the job-launch bench: show, update, and the bench's own slurmd restart; the words are parsed as scontrol does. */
@Component(service = ScontrolCommand.class, property = {Commands.SLURM_SCOPE, Commands.FUNCTION + "scontrol"})
public final class ScontrolCommand {

    @Reference
    private Bench bench;

    @Descriptor("scontrol show job|partition|node|config [name] | update JobId=<id> Key=Value... | update NodeName=<node> State=RESUME|DRAIN [Reason=...] | restart slurmd")
    public String scontrol(CommandSession session, @Descriptor("options") String... args) {
        return Terminal.result(session, io -> bench.scontrol(Terminal.args(args), io));
    }
}
