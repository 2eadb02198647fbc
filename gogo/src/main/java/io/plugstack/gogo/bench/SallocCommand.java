package io.plugstack.gogo.bench;

import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Descriptor;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.gogo.internal.Commands;
import io.plugstack.runtime.bench.api.Bench;

/** {@code slurm:salloc} on the job-launch bench. */
@Component(service = SallocCommand.class, property = {Commands.SLURM_SCOPE, Commands.FUNCTION + "salloc"})
public final class SallocCommand {

    @Reference
    private Bench bench;

    @Descriptor("allocate, run a command in the allocation, release it: salloc [options] [command [args]]")
    public String salloc(CommandSession session, @Descriptor("options and command") String... args) {
        return Terminal.run(session, io -> bench.salloc(Terminal.args(args), io));
    }
}
