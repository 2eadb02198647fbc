package io.plugstack.runtime.node.wire;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import io.plugstack.runtime.node.wire.Messages.LogLine;

/**
 * The bodies of the cli_filter frames (user.sock: Slurm's cli_filter/lua in srun, sbatch or salloc
 * running the project's shim {@code cli_filter.lua}), one record each (runtime/bridge/PROTOCOL.md).
 * The options travel as Slurm's own JSON of the set options ({@code slurm.json_cli_options}).
 */
public final class CliMessages {
    private CliMessages() {
    }

    /** The hooks, as {@link CliCall#hook()} numbers them. */
    public static final int SETUP_DEFAULTS = 0;
    public static final int PRE_SUBMIT = 1;
    public static final int POST_SUBMIT = 2;

    /**
     * CLI_HELLO: {@code u32 protocol, str command} (options.type: srun, sbatch or salloc), {@code str workdir}
     * (the command's PWD; null when unset), {@code strs environment} (the command's environment as it started).
     */
    public record CliHello(int protocol, String command, String workdir, List<String> environment) {
        public byte[] encode() {
            return new Wire.Out().u32(protocol).str(command).str(workdir).strs(environment).bytes();
        }

        public static CliHello decode(byte[] body) throws IOException {
            Wire.In in = new Wire.In(body);
            int protocol = in.u32Int("protocol");
            if (protocol != Wire.PROTOCOL) { // another release's shim: refused by its protocol, whatever its fields are
                return new CliHello(protocol, null, null, List.of());
            }
            CliHello h = new CliHello(protocol, in.str(), in.str(), in.strs());
            in.end("CLI_HELLO");
            return h;
        }
    }

    /**
     * CLI_CALL: {@code u32 hook (0 setup_defaults, 1 pre_submit, 2 post_submit), u32 early_pass (0/1),
     * u32 offset, u32 job_id, u32 step_id (post_submit's; 0 otherwise), str options, strs option_texts} (the JSON of
     * slurm.json_cli_options, NULL for post_submit, which has no options; then name, text, name, text... of every
     * option Slurm's proxy answers with a string, set or not: an unset option reads its default text in Slurm's Lua
     * ("unset", "-2"), which the JSON of the set options cannot carry. A frame that ends after options has none).
     */
    public record CliCall(int hook, boolean earlyPass, long offset, long jobId, long stepId, String options, List<String> optionTexts) {
        public CliCall {
            optionTexts = List.copyOf(optionTexts);
        }

        /** A call without option texts (post_submit, or a shim of an earlier build). */
        public CliCall(int hook, boolean earlyPass, long offset, long jobId, long stepId, String options) {
            this(hook, earlyPass, offset, jobId, stepId, options, List.of());
        }

        public byte[] encode() {
            return new Wire.Out().u32(hook).u32(earlyPass ? 1 : 0).u32(offset).u32(jobId).u32(stepId).str(options).strs(optionTexts)
                    .bytes();
        }

        public static CliCall decode(byte[] body) throws IOException {
            Wire.In in = new Wire.In(body);
            int hook = in.u32Int("hook");
            if (hook < SETUP_DEFAULTS || hook > POST_SUBMIT) {
                throw new IOException("unknown cli_filter hook " + hook);
            }
            boolean early = in.u32() != 0;
            long offset = in.u32();
            long jobId = in.u32();
            long stepId = in.u32();
            String options = in.str();
            List<String> texts = in.left() > 0 ? in.strs() : List.of();
            if (texts.size() % 2 != 0) {
                throw new IOException("option texts: " + texts.size() + " strings, not name and text pairs");
            }
            CliCall c = new CliCall(hook, early, offset, jobId, stepId, options, texts);
            in.end("CLI_CALL");
            return c;
        }

        /** The option texts as name → Slurm's getter text (the shim reads every option, set or not). */
        public java.util.Map<String, String> texts() {
            java.util.Map<String, String> m = new java.util.LinkedHashMap<>();
            for (int i = 0; i + 1 < optionTexts.size(); i += 2) {
                m.put(optionTexts.get(i), optionTexts.get(i + 1));
            }
            return m;
        }
    }

    /** One option to write in the command: {@code options[name] = value}; a NULL value unsets it. */
    public record Write(String name, String value) {
    }

    /**
     * CLI_RESULT: {@code u32 rc} (two's complement; non-zero stops the command with Slurm's "cli_filter
     * plugin terminated with error"), {@code u32 n × (u32 level, str text)} (SlurmLog levels, printed by
     * the shim with slurm.log_error / log_info / ...), {@code u32 n × (str name, str value)} (options to write).
     */
    public record CliResult(int rc, List<LogLine> logs, List<Write> writes) {
        public CliResult {
            logs = List.copyOf(logs);
            writes = List.copyOf(writes);
        }

        public byte[] encode() {
            Wire.Out out = new Wire.Out().u32(rc & 0xffffffffL).u32(logs.size());
            logs.forEach(l -> out.u32(l.level()).str(l.text()));
            out.u32(writes.size());
            writes.forEach(w -> out.str(w.name()).str(w.value()));
            return out.bytes();
        }

        public static CliResult decode(byte[] body) throws IOException {
            Wire.In in = new Wire.In(body);
            int rc = (int) in.u32();
            List<LogLine> logs = Messages.logLines(in);
            int n = in.count("writes", 8);
            List<Write> writes = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                String name = in.str();
                if (name == null) {
                    throw new IOException("a write without a name");
                }
                writes.add(new Write(name, in.str()));
            }
            in.end("CLI_RESULT");
            return new CliResult(rc, logs, writes);
        }
    }
}
