package io.plugstack.runtime.node.internal;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.SocketChannel;
import java.util.Optional;
import java.util.function.Consumer;

import io.plugstack.api.slurm.SlurmCommand;
import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.runtime.clifilter.CliFilterChains;
import io.plugstack.runtime.node.wire.CliMessages;
import io.plugstack.runtime.node.wire.FrameType;
import io.plugstack.runtime.node.wire.Messages;
import io.plugstack.runtime.host.catalog.PluginCallGuard;
import io.plugstack.runtime.node.wire.Wire;

/**
 * The cli_filter side of {@code user.sock}: a connection whose first frame is CLI_HELLO is a real
 * srun, sbatch or salloc running the shim cli_filter.lua under Slurm's own cli_filter/lua. Any user may
 * connect (the commands run as the user); the command's uid and gid are the peer's by SO_PEERCRED.
 * CLI_HELLO opens the command's {@link CliSession}; then CLI_CALL → CLI_RESULT until the shim hangs up
 * (the command exits). There is no answer to CLI_HELLO (the first CLI_CALL follows it at once); a
 * refusal (another protocol, a command that has no cli_filter) is a REFUSE in place of the first answer.
 */
final class CliEndpoint implements AutoCloseable {

    private final CliFilterChains chains;
    private final SlurmLog log;
    private final CallLogCapture capture = new CallLogCapture();

    /** @param calls the guard plugin calls run in: a call's log lines still reach its command */
    CliEndpoint(CliFilterChains chains, PluginCallGuard calls, SlurmLog log) {
        this.chains = chains;
        this.log = log;
        calls.propagate(capture.sink());
    }

    /**
     * Opens the command's session for its CLI_HELLO and serves its CLI_CALLs on {@code sessions}, which owns
     * {@code ch} from then on and runs {@code ended} at its end; false (and {@code ch} still the caller's)
     * when it was refused.
     */
    boolean serve(Wire.Frame first, long uid, long gid, SocketChannel ch, DataInputStream in, OutputStream out, int max,
            SessionLoop sessions, Consumer<Throwable> ended) throws IOException {
        CliMessages.CliHello hello = CliMessages.CliHello.decode(first.body());
        Optional<SlurmCommand> command = SlurmCommand.ofName(hello.command() == null ? "" : hello.command())
                .filter(c -> c == SlurmCommand.SRUN || c == SlurmCommand.SBATCH || c == SlurmCommand.SALLOC);
        String refused = hello.protocol() != Wire.PROTOCOL ? "protocol " + hello.protocol() + " is not " + Wire.PROTOCOL
                : command.isEmpty() ? "cli_filter: unknown command \"" + hello.command() + "\"" : null;
        if (refused != null) {
            log.error("node: cli_filter peer uid " + uid + ": " + refused);
            Wire.write(out, FrameType.REFUSE, new Messages.Refuse(refused).encode());
            return false;
        }
        CliSession session = new CliSession(chains, command.get(), UserProcess.of(uid, gid, hello.workdir(), hello.environment()), capture);
        sessions.serve(ch, in, max, f -> {
            if (f.type() != FrameType.CLI_CALL) {
                throw new IOException("unexpected " + f.type() + " frame");
            }
            CliMessages.CliCall call = CliMessages.CliCall.decode(f.body());
            CliMessages.CliResult r = session.call(call);
            if (r.rc() != 0) {
                log.info("node: cli_filter: " + command.get().slurmName() + " of uid " + uid + ": "
                        + (call.hook() == CliMessages.SETUP_DEFAULTS ? "setup_defaults" : "pre_submit") + " rc " + r.rc());
            }
            Wire.write(out, FrameType.CLI_RESULT, r.encode());
        }, why -> {
            try {
                session.close();
            } finally {
                ended.accept(why);
            }
        });
        return true;
    }

    @Override
    public void close() {
        capture.close();
    }
}
