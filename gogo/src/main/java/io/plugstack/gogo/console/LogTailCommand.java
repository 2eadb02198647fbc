package io.plugstack.gogo.console;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Descriptor;
import org.apache.felix.service.command.Parameter;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

import io.plugstack.gogo.internal.Commands;
import io.plugstack.gogo.internal.TerminalSignals;

/** {@code log:tail [-n N]}: the log's last N lines, then every new line as it is written, until Ctrl-C. */
@Component(service = LogTailCommand.class, property = {Commands.LOG_SCOPE, Commands.FUNCTION + "tail"})
public final class LogTailCommand {

    private static final long POLL_MS = 200;
    private final BundleContext context;

    @Activate
    public LogTailCommand(BundleContext context) {
        this.context = context;
    }

    @Descriptor("follow the runtime's log: its last lines, then new ones as they come; Ctrl-C ends it")
    public void tail(CommandSession session,
            @Descriptor("how many lines to show first") @Parameter(names = {"-n", "--lines"}, absentValue = "10") int lines)
            throws IOException {
        Path log = LogFile.of(context);
        PrintStream out = session.getConsole();
        CountDownLatch interrupted = new CountDownLatch(1);
        TerminalSignals.whileRunning(session, interrupted::countDown, () -> {
            try {
                long at = LogFile.printLast(log, lines, out);
                while (!interrupted.await(POLL_MS, TimeUnit.MILLISECONDS)) {
                    at = LogFile.printSince(log, at, out);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // Gogo's own interrupt: the job was cancelled
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            return 0;
        });
    }
}
