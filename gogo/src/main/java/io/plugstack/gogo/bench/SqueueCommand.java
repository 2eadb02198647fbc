package io.plugstack.gogo.bench;

import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Descriptor;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.gogo.internal.Commands;
import io.plugstack.runtime.bench.api.Bench;

/** {@code slurm:squeue}: every job the bench's controller knows, finished ones included (like sacct). */
@Component(service = SqueueCommand.class, property = {Commands.SLURM_SCOPE, Commands.FUNCTION + "squeue"})
public final class SqueueCommand {

    @Reference
    private Bench bench;

    @Descriptor("list jobs: id, name, command, partition, time limit, state, user, exit code, restarts, reason")
    public String squeue(CommandSession session, @Descriptor("options") String... args) {
        return Terminal.result(session, "squeue", io -> bench.squeue(Terminal.args(args), io));
    }
}
