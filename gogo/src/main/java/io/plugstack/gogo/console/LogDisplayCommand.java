package io.plugstack.gogo.console;

import java.io.IOException;

import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Descriptor;
import org.apache.felix.service.command.Parameter;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

import io.plugstack.gogo.internal.Commands;

/** {@code log:display [-n N]}: the runtime's log file, or its last N lines. */
@Component(service = LogDisplayCommand.class, property = {Commands.LOG_SCOPE, Commands.FUNCTION + "display"})
public final class LogDisplayCommand {

    private final BundleContext context;

    @Activate
    public LogDisplayCommand(BundleContext context) {
        this.context = context;
    }

    @Descriptor("show the runtime's log (slurmctld, slurmd, slurmstepd and host lines, with timestamps)")
    public void display(CommandSession session,
            @Descriptor("only the last N lines") @Parameter(names = {"-n", "--lines"}, absentValue = "-1") int lines) throws IOException {
        LogFile.printLast(LogFile.of(context), lines, session.getConsole());
    }
}
