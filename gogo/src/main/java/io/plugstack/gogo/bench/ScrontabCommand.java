package io.plugstack.gogo.bench;

import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Descriptor;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.gogo.internal.Commands;
import io.plugstack.runtime.bench.api.Bench;

/** {@code slurm:scrontab} on the job-launch bench. */
@Component(service = ScrontabCommand.class, property = {Commands.SLURM_SCOPE, Commands.FUNCTION + "scrontab"})
public final class ScrontabCommand {

    @Reference
    private Bench bench;

    @Descriptor("scrontab [options]: runs the allocator-context init and exit of the SPANK stack")
    public String scrontab(CommandSession session, @Descriptor("options and command") String... args) {
        return Terminal.run(session, io -> bench.scrontab(Terminal.args(args), io));
    }
}
