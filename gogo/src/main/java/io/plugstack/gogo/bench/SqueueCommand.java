package io.plugstack.gogo.bench;

import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Descriptor;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.gogo.internal.Commands;
import io.plugstack.runtime.bench.api.Bench;

/** {@code slurm:squeue} on the job-launch bench: the controller's jobs in Slurm's layout; the bench parses the words as squeue does (its messages for bad ones). */
@Component(service = SqueueCommand.class, property = {Commands.SLURM_SCOPE, Commands.FUNCTION + "squeue"})
public final class SqueueCommand {

    @Reference
    private Bench bench;

    @Descriptor("list jobs: squeue [-j ids] [-u users] [-p partitions] [-n names] [-t states|all] [-o format] [-h] [-l]")
    public String squeue(CommandSession session, @Descriptor("options") String... args) {
        return Terminal.result(session, io -> bench.squeue(Terminal.args(args), io));
    }
}
