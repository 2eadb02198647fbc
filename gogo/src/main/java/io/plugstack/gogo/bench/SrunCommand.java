package io.plugstack.gogo.bench;

import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Descriptor;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.gogo.internal.Commands;
import io.plugstack.runtime.bench.api.Bench;

/** {@code slurm:srun} on the job-launch bench. */
@Component(service = SrunCommand.class, property = {Commands.SLURM_SCOPE, Commands.FUNCTION + "srun"})
public final class SrunCommand {

    @Reference
    private Bench bench;

    @Descriptor("run a job step: srun [options] command [args] (plugin options such as --renice=5 included)")
    public String srun(CommandSession session, @Descriptor("options and command") String... args) {
        return Terminal.run(session, io -> bench.srun(Terminal.args(args), io));
    }
}
