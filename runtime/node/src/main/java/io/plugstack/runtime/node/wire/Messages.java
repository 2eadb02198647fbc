package io.plugstack.runtime.node.wire;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** The bodies of protocol {@value Wire#PROTOCOL}'s frames, one record each (runtime/bridge/PROTOCOL.md). */
public final class Messages {
    private Messages() {
    }

    /**
     * The {@code NAME=value} entries of a frame's environment (CALL, HELLO, CLI_HELLO) by name, in order: an
     * entry without a name is left out, and a name given twice keeps its first value, as getenv finds it.
     */
    public static java.util.Map<String, String> environment(List<String> entries) {
        java.util.Map<String, String> m = new java.util.LinkedHashMap<>();
        for (String e : entries) {
            int eq = e.indexOf('=');
            if (eq > 0) {
                m.putIfAbsent(e.substring(0, eq), e.substring(eq + 1));
            }
        }
        return m;
    }

    /** The body of a frame of {@code type}, decoded as its record. */
    public static Record decode(FrameType type, byte[] body) throws IOException {
        return switch (type) {
            case HELLO -> Hello.decode(body);
            case CALL -> Call.decode(body);
            case OPTION -> Option.decode(body);
            case ATTACH -> Attach.decode(body);
            case WELCOME -> Welcome.decode(body);
            case DONE -> Done.decode(body);
            case OPTION_RC -> OptionRc.decode(body);
            case REFUSE -> Refuse.decode(body);
            case JOB_HELLO -> JobMessages.JobHello.decode(body);
            case JOB_CALL -> JobMessages.JobCall.decode(body);
            case JOB_FIELDS -> JobMessages.JobFields.decode(body);
            case JOB_RESULT -> JobMessages.JobResult.decode(body);
            case CLI_HELLO -> CliMessages.CliHello.decode(body);
            case CLI_CALL -> CliMessages.CliCall.decode(body);
            case CLI_RESULT -> CliMessages.CliResult.decode(body);
        };
    }

    /**
     * HELLO: {@code u32 protocol, u32 context (spank.h), str slurm_version, u32 pid, strs args, str job_versions,
     * str workdir, strs environment}.
     *
     * @param jobVersions the plugin versions the job carries, as the process sees them (null: none)
     * @param workdir     the calling process's working directory in local and allocator contexts (null: none)
     * @param environment its environment there ({@code NAME=value}; empty in other contexts)
     */
    public record Hello(int protocol, int context, String slurmVersion, long pid, List<String> args, String jobVersions,
            String workdir, List<String> environment) {
        /** A HELLO without a calling process's working directory and environment (remote, job_script, slurmd). */
        public Hello(int protocol, int context, String slurmVersion, long pid, List<String> args, String jobVersions) {
            this(protocol, context, slurmVersion, pid, args, jobVersions, null, List.of());
        }

        public byte[] encode() {
            return new Wire.Out().u32(protocol).u32(context).str(slurmVersion).u32(pid).strs(args).str(jobVersions)
                    .str(workdir).strs(environment).bytes();
        }

        public static Hello decode(byte[] body) throws IOException {
            Wire.In in = new Wire.In(body);
            int protocol = in.u32Int("protocol");
            if (protocol != Wire.PROTOCOL) { // another release's bridge: refused by its protocol, whatever its fields are
                return new Hello(protocol, 0, null, 0, List.of(), null);
            }
            Hello h = new Hello(protocol, in.u32Int("context"), in.str(), in.u32(), in.strs(), in.str(), in.str(), in.strs());
            in.end("HELLO");
            return h;
        }
    }

    /** One SPANK item as the bridge read it: spank.h's item number, and a number, a string or a list of strings. */
    public record Item(int item, Long number, String text, List<String> list) {
        static final int NUMBER = 0;
        static final int TEXT = 1;
        static final int LIST = 2;

        public static Item number(int item, long v) {
            return new Item(item, v, null, null);
        }

        public static Item text(int item, String v) {
            return new Item(item, null, v, null);
        }

        public static Item list(int item, List<String> v) {
            return new Item(item, null, null, List.copyOf(v));
        }

        void encode(Wire.Out out) {
            out.u32(item);
            if (number != null) {
                out.u32(NUMBER).i64(number);
            } else if (text != null) {
                out.u32(TEXT).str(text);
            } else {
                out.u32(LIST).strs(list);
            }
        }

        static Item decode(Wire.In in) throws IOException {
            int item = in.u32Int("item");
            int kind = in.u32Int("item kind");
            return switch (kind) {
                case NUMBER -> number(item, in.i64());
                case TEXT -> text(item, in.str());
                case LIST -> list(item, in.strs());
                default -> throw new IOException("item " + item + ": unknown kind " + kind);
            };
        }
    }

    /** CALL: {@code u32 callback (Wire.CALLBACKS), u32 n, n × item, strs environment ("NAME=value")}. */
    public record Call(int callback, List<Item> items, List<String> environment) {
        public byte[] encode() {
            Wire.Out out = new Wire.Out().u32(callback).u32(items.size());
            items.forEach(i -> i.encode(out));
            return out.strs(environment).bytes();
        }

        public static Call decode(byte[] body) throws IOException {
            Wire.In in = new Wire.In(body);
            int callback = in.u32Int("callback");
            if (callback >= Wire.CALLBACKS.size()) {
                throw new IOException("unknown callback " + callback);
            }
            int n = in.count("items", 12);
            List<Item> items = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                items.add(Item.decode(in));
            }
            Call c = new Call(callback, items, in.strs());
            in.end("CALL");
            return c;
        }
    }

    /** OPTION: {@code u32 val, str optarg (NULL when none), u32 remote}. */
    public record Option(int val, String optarg, boolean remote) {
        public byte[] encode() {
            return new Wire.Out().u32(val).str(optarg).u32(remote ? 1 : 0).bytes();
        }

        public static Option decode(byte[] body) throws IOException {
            Wire.In in = new Wire.In(body);
            Option o = new Option(in.u32Int("val"), in.str(), in.u32() != 0);
            in.end("OPTION");
            return o;
        }
    }

    /** ATTACH: {@code u32 protocol, str session (the WELCOME's token of the step's slurmstepd), u32 pid}. */
    public record Attach(int protocol, String session, long pid) {
        public byte[] encode() {
            return new Wire.Out().u32(protocol).str(session).u32(pid).bytes();
        }

        public static Attach decode(byte[] body) throws IOException {
            Wire.In in = new Wire.In(body);
            Attach a = new Attach(in.u32Int("protocol"), in.str(), in.u32());
            in.end("ATTACH");
            return a;
        }
    }

    /**
     * WELCOME: {@code u32 protocol, str session, u32 callbacks}: bit i of {@code callbacks} is set when
     * a plugin of the session's stack defines callback i (Wire.CALLBACKS); the bridge forwards only
     * those (and init, which also registers the plugins' static options), as spank.c calls a plugin
     * only for the symbols it defines.
     */
    public record Welcome(int protocol, String session, int callbacks) {
        public byte[] encode() {
            return new Wire.Out().u32(protocol).str(session).u32(callbacks & 0xffffffffL).bytes();
        }

        public static Welcome decode(byte[] body) throws IOException {
            Wire.In in = new Wire.In(body);
            Welcome w = new Welcome(in.u32Int("protocol"), in.str(), (int) in.u32());
            in.end("WELCOME");
            return w;
        }
    }

    /** An environment change: set ({@code value} non-NULL, overwriting) or unset. */
    public record EnvOp(String name, String value) {
        void encode(Wire.Out out) {
            out.u32(value == null ? 1 : 0).str(name).str(value);
        }

        static EnvOp decode(Wire.In in) throws IOException {
            boolean unset = in.u32() != 0;
            String name = in.str();
            String value = in.str();
            if (name == null || unset != (value == null)) {
                throw new IOException("malformed environment change");
            }
            return new EnvOp(name, value);
        }
    }

    /** A line for Slurm's log in the calling process: a SlurmLog level (ordinal) and the text. */
    public record LogLine(int level, String text) {
    }

    /** An option to register with spank_option_register: has_arg as getopt's, val the daemon's index. */
    public record OptionDecl(String name, String arginfo, String usage, int hasArg, int val) {
    }

    /**
     * A change to the calling process itself, applied by the bridge there (PROTOCOL.md's effects table):
     * {@code u32 kind, i64 number, strs args}.
     */
    public record Effect(int kind, long number, List<String> args) {
        /** setpriority(PRIO_PROCESS, 0, number) in the task's own process, before exec. */
        public static final int TASK_NICENESS = 1;
        /** spank_prepend_task_argv(args), where the running Slurm has it (23.11+). */
        public static final int PREPEND_TASK_ARGV = 2;

        public Effect {
            args = List.copyOf(args);
        }

        public static Effect taskNiceness(int niceness) {
            return new Effect(TASK_NICENESS, niceness, List.of());
        }

        public static Effect prependTaskArgv(List<String> args) {
            return new Effect(PREPEND_TASK_ARGV, 0, args);
        }
    }

    /**
     * DONE: {@code u32 rc (two's complement), u32 init_failure_mode (0: none), u32 n env ops, u32 n job
     * control ops, u32 n log lines (u32 level, str text), u32 n options (str name, str arginfo, str
     * usage, u32 has_arg, u32 val), u32 n effects (u32 kind, i64 number, strs args)}.
     */
    public record Done(int rc, int initFailureMode, List<EnvOp> env, List<EnvOp> jobControl, List<LogLine> logs,
            List<OptionDecl> options, List<Effect> effects) {

        /** A DONE with no change to apply: only the callback's rc (and the lines logged). */
        public static Done rc(int rc, List<LogLine> logs) {
            return new Done(rc, 0, List.of(), List.of(), logs, List.of(), List.of());
        }

        public byte[] encode() {
            Wire.Out out = new Wire.Out().u32(rc & 0xffffffffL).u32(initFailureMode);
            out.u32(env.size());
            env.forEach(e -> e.encode(out));
            out.u32(jobControl.size());
            jobControl.forEach(e -> e.encode(out));
            out.u32(logs.size());
            logs.forEach(l -> out.u32(l.level()).str(l.text()));
            out.u32(options.size());
            options.forEach(o -> out.str(o.name()).str(o.arginfo()).str(o.usage()).u32(o.hasArg()).u32(o.val()));
            out.u32(effects.size());
            effects.forEach(e -> out.u32(e.kind()).i64(e.number()).strs(e.args()));
            return out.bytes();
        }

        public static Done decode(byte[] body) throws IOException {
            Wire.In in = new Wire.In(body);
            int rc = (int) in.u32();
            int mode = in.u32Int("failure mode");
            List<EnvOp> env = envOps(in);
            List<EnvOp> jc = envOps(in);
            List<LogLine> logs = logLines(in);
            int n = in.count("options", 20);
            List<OptionDecl> options = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                options.add(new OptionDecl(in.str(), in.str(), in.str(), in.u32Int("has_arg"), in.u32Int("val")));
            }
            n = in.count("effects", 16);
            List<Effect> effects = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                effects.add(new Effect(in.u32Int("effect kind"), in.i64(), in.strs()));
            }
            in.end("DONE");
            return new Done(rc, mode, env, jc, logs, options, effects);
        }

        private static List<EnvOp> envOps(Wire.In in) throws IOException {
            int n = in.count("environment changes", 12);
            List<EnvOp> ops = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                ops.add(EnvOp.decode(in));
            }
            return ops;
        }
    }

    /** OPTION_RC: {@code u32 rc (two's complement), u32 n log lines (u32 level, str text)}: what the option's plugin said goes with its answer. */
    public record OptionRc(int rc, List<LogLine> logs) {
        public byte[] encode() {
            Wire.Out out = new Wire.Out().u32(rc & 0xffffffffL).u32(logs.size());
            logs.forEach(l -> out.u32(l.level()).str(l.text()));
            return out.bytes();
        }

        public static OptionRc decode(byte[] body) throws IOException {
            Wire.In in = new Wire.In(body);
            int rc = (int) in.u32();
            List<LogLine> logs = logLines(in);
            in.end("OPTION_RC");
            return new OptionRc(rc, logs);
        }
    }

    static List<LogLine> logLines(Wire.In in) throws IOException {
        int n = in.count("log lines", 8);
        List<LogLine> logs = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            logs.add(new LogLine(in.u32Int("log level"), in.str()));
        }
        return logs;
    }

    /** REFUSE: {@code str reason}. */
    public record Refuse(String reason) {
        public byte[] encode() {
            return new Wire.Out().str(reason).bytes();
        }

        public static Refuse decode(byte[] body) throws IOException {
            Wire.In in = new Wire.In(body);
            Refuse r = new Refuse(in.str());
            in.end("REFUSE");
            return r;
        }
    }
}
