package io.plugstack.gogo.bench;

import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Descriptor;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.gogo.internal.Commands;
import io.plugstack.runtime.bench.api.Bench;

/** {@code slurm:sbatch} on the job-launch bench. */
@Component(service = SbatchCommand.class, property = {Commands.SLURM_SCOPE, Commands.FUNCTION + "sbatch"})
public final class SbatchCommand {

    @Reference
    private Bench bench;

    @Descriptor("submit a batch script: sbatch [options] script [args]")
    public String sbatch(CommandSession session, @Descriptor("options and command") String... args) {
        return Terminal.run(session, io -> bench.sbatch(Terminal.args(args), io));
    }
}
