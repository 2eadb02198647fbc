package io.plugstack.gogo.bench;

import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Descriptor;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.gogo.internal.Commands;
import io.plugstack.gogo.internal.Table;
import io.plugstack.runtime.bench.api.Bench;
import io.plugstack.runtime.bench.api.JobView;

/** {@code slurm:squeue}: every job the bench's controller knows, finished ones included (like sacct). */
@Component(service = SqueueCommand.class, property = {Commands.SLURM_SCOPE, Commands.FUNCTION + "squeue"})
public final class SqueueCommand {

    @Reference
    private Bench bench;

    @Descriptor("list jobs: id, name, command, partition, time limit, state, exit code, restarts, reason")
    public String squeue(CommandSession session, String... args) {
        String refused = Terminal.refuseAny("squeue", session, args);
        if (refused != null) {
            return refused;
        }
        Table t = new Table("JOBID", "NAME", "COMMAND", "PARTITION", "TIMELIMIT", "STATE", "EXITCODE", "RESTARTS", "REASON");
        for (JobView j : bench.jobs()) {
            t.row(j.jobId(), j.name(), j.command(), j.partition(), j.timeLimit(), j.state(), j.exitCode() < 0 ? null : j.exitCode(),
                    j.restarts(), j.reason().isEmpty() ? null : j.reason());
        }
        return t.toString();
    }
}
