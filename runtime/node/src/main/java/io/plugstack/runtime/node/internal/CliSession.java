package io.plugstack.runtime.node.internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import io.plugstack.api.slurm.SlurmCommand;
import io.plugstack.api.user.OnBehalfOf;
import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.runtime.clifilter.CliFilterChain;
import io.plugstack.runtime.clifilter.CliFilterChains;
import io.plugstack.runtime.node.wire.CliMessages;
import io.plugstack.runtime.node.wire.CliMessages.CliCall;
import io.plugstack.runtime.node.wire.CliMessages.CliResult;
import io.plugstack.runtime.node.wire.CliMessages.Write;
import io.plugstack.runtime.node.wire.Messages.LogLine;

/**
 * One real srun, sbatch or salloc: its cli_filter chain (the same {@link CliFilterChains} service the
 * bench's commands use, CliFilterPlugins= of "plugstack.slurm" with its pins), opened when the command's
 * shim says CLI_HELLO and closed when it hangs up, so a plugin instance keeps its state from
 * setup_defaults to post_submit as in one Slurm process. Each call answers the chain's rc, what the
 * chain and the plugins logged meanwhile (the command prints it), and the options plugins changed.
 * A chain that cannot be opened (a plugin that cannot be loaded) fails every hook, as Slurm fails a
 * command whose cli_filter plugin cannot be loaded.
 */
final class CliSession implements AutoCloseable {

    private final SlurmCommand command;
    private final OnBehalfOf user;
    private final CallLogCapture capture;
    private final List<LogLine> lines = new ArrayList<>();
    private final SlurmLog log = (level, message) -> lines.add(new LogLine(level.ordinal(), message));
    private final CliFilterChain chain;

    /** @param user the command's user (SO_PEERCRED) in its working directory and environment (CLI_HELLO) */
    CliSession(CliFilterChains chains, SlurmCommand command, OnBehalfOf user, CallLogCapture capture) {
        this.command = command;
        this.user = user;
        this.capture = capture;
        this.chain = capture.during(log, () -> chains.open(log)).orElse(null);
    }

    CliResult call(CliCall call) throws IOException {
        if (chain == null) {
            return result(call.hook() == CliMessages.POST_SUBMIT ? 0 : -1, List.of());
        }
        if (call.hook() == CliMessages.POST_SUBMIT) {
            capture.during(log, () -> {
                chain.postSubmit((int) call.offset(), call.jobId(), call.stepId());
                return null;
            });
            return result(0, List.of());
        }
        CliCallOptions options = CliCallOptions.of(command, user, call.earlyPass(), call.options(), call.texts());
        int rc = capture.during(log, () -> call.hook() == CliMessages.SETUP_DEFAULTS ? chain.setupDefaults(options, call.earlyPass())
                : chain.preSubmit(options, (int) call.offset()));
        return result(rc, options.writes());
    }

    private CliResult result(int rc, List<Write> writes) {
        CliResult r = new CliResult(rc, lines, writes);
        lines.clear();
        return r;
    }

    @Override
    public void close() {
        if (chain != null) {
            chain.close();
        }
    }
}
