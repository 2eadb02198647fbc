package io.plugstack.gogo.bench;

import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Descriptor;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.gogo.internal.Commands;
import io.plugstack.runtime.bench.api.Bench;

/** {@code slurm:scancel} on the job-launch bench. */
@Component(service = ScancelCommand.class, property = {Commands.SLURM_SCOPE, Commands.FUNCTION + "scancel"})
public final class ScancelCommand {

    @Reference
    private Bench bench;

    @Descriptor("cancel jobs: scancel [-u user] [-n name] [-p partition] [-t state] [-v] [jobid...] (they end CANCELLED; a running one is killed and its epilog runs)")
    public String scancel(CommandSession session, @Descriptor("job ids") String... args) {
        return Terminal.run(session, io -> bench.scancel(Terminal.args(args), io));
    }
}
