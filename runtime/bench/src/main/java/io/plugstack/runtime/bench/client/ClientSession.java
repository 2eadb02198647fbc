package io.plugstack.runtime.bench.client;

import io.plugstack.runtime.clifilter.CliFilterChain;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.api.spank.SpankCallback;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.runtime.bench.api.CommandIO;
import io.plugstack.api.slurm.SlurmCommand;
import io.plugstack.runtime.bench.options.JobOptions;
import io.plugstack.runtime.bench.options.OptionHelp;
import io.plugstack.runtime.bench.options.SubmitOption;
import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.runtime.spank.SpankSession;
import io.plugstack.runtime.spank.SpankStacks;
import io.plugstack.runtime.spank.conf.PlugstackConf;
import io.plugstack.runtime.spank.JobControlEnvironment;
import io.plugstack.runtime.spank.SessionOptions;
import io.plugstack.runtime.spank.SpankSequence;

/**
 * The submitting side every client command shares (srun: local context; sbatch, salloc, scrontab:
 * allocator): the stack is created and init run before the options are parsed (init registers
 * plugin options), environment options before command-line ones (SPANK-34), then init_post_opt;
 * exit when the command ends. Messages are the commands' own (src/srun, src/sbatch, ...).
 */
final class ClientSession implements AutoCloseable {

    final SlurmCommand command;
    final SpankContext context;
    final CommandIO io;
    final SlurmLog log;
    final SessionOptions options;
    /** The command's SPANK stack (local for srun, allocator for the others), driven phase by phase. */
    final SpankSession spank;
    /** What this launch read of plugstack.conf; the job it creates keeps it. */
    final PlugstackConf.Result conf;
    /** The command's own environment, which its local/allocator plugins read and change (spank_setenv, SPANK-60). */
    private final Map<String, String> processEnv;
    /** The command line (a het job's component 0); set once, when it is parsed. */
    private CommandLine line;
    /** The command's Slurm options, what cli_filter plugins read and write (a het job's component 0). */
    final JobOptions jobOptions;
    /** A heterogeneous job's components (one for any other job): their command lines and option sets. */
    final List<CommandLine> components = new java.util.ArrayList<>();
    final List<JobOptions> componentOptions = new java.util.ArrayList<>();
    private CliFilterChain cliFilter;

    private ClientSession(SlurmCommand command, CommandIO io, SlurmLog log, SpankSession spank, PlugstackConf.Result conf,
            Map<String, String> processEnv, SlurmVersion release) {
        this.conf = conf;
        this.processEnv = processEnv;
        // the console's user, or a socket peer's (SO_PEERCRED); options render and fill the job_desc as the release does
        // cli_filter code acts in the command's directory and environment, as it would inside srun, sbatch or salloc
        this.jobOptions = new JobOptions(command, commandUser(io), io.workdir().toString(), release, log);
        this.componentOptions.add(jobOptions);
        this.command = command;
        this.context = command == SlurmCommand.SRUN ? SpankContext.LOCAL : SpankContext.ALLOCATOR;
        this.io = io;
        this.log = log;
        this.spank = spank;
        this.options = spank.options();
    }

    /** The command's user, in its working directory and environment, as a plugin inside srun, sbatch or salloc finds them. */
    private static io.plugstack.api.user.OnBehalfOf commandUser(CommandIO io) {
        return io.workdir().isAbsolute() ? io.user().in(io.workdir(), io.env()) : io.user();
    }

    /** The session after init; the exit code in {@code stop} when the command must end already. */
    record Opened(ClientSession session, OptionalInt stop) {
    }

    static Opened open(SlurmCommand command, List<String> args, CommandIO io, Cluster cluster) {
        SpankStacks stacks = cluster.stacks();
        SlurmVersion release = cluster.release();
        SlurmLog log = SlurmLog.lines(command.slurmName(), io.err(), CommandLine.verbosity(args));
        SpankContext ctx = command == SlurmCommand.SRUN ? SpankContext.LOCAL : SpankContext.ALLOCATOR;
        PlugstackConf.Result conf = stacks.read(log);
        // a nested srun (inside sbatch/salloc) re-imports the options forwarded in the job (SPANK-37c)
        Map<String, String> jobControl = new LinkedHashMap<>(command == SlurmCommand.SRUN
                ? JobControlEnvironment.imported(io.env()) : Map.of());
        Map<String, String> processEnv = new LinkedHashMap<>(io.env());
        SpankSession.Opened b = stacks.session(ctx, conf, SpankSession.Setup.client(processEnv, jobControl, CommandLine.BUILTINS)
                .inCommandOf(commandUser(io)), release, log);
        if (!b.ok()) {
            log.error(setupFailure(command));
            return new Opened(null, OptionalInt.of(1));
        }
        ClientSession s = new ClientSession(command, io, log, b.session(), conf, processEnv, release);
        if (!s.spank.init().ok()) {
            log.error(setupFailure(command));
            s.close();
            return new Opened(null, OptionalInt.of(1));
        }
        OptionalInt stop = s.beforeSubmission(args, cluster);
        return stop.isPresent() ? s.stopWith(stop.getAsInt()) : new Opened(s, OptionalInt.empty());
    }

    /**
     * Between init and init_post_opt, in Slurm's order: the command line (plugin options are known
     * now), the cli_filter chain, --help, the command's own options, the plugins' options (environment
     * first, SPANK-34), pre_submit per component, then the found options into the job control
     * environment (SPANK-37) and init_post_opt. The exit code when the command must end here.
     */
    private OptionalInt beforeSubmission(List<String> args, Cluster cluster) {
        if (!parse(args)) {
            return OptionalInt.of(1);
        }
        Optional<CliFilterChain> filters = cluster.cliFilters().open(log);
        if (filters.isEmpty()) {
            return OptionalInt.of(1);
        }
        cliFilter = filters.get();
        if (line.help) {
            io.out().print(OptionHelp.text(command)); // the built-in options, as Slurm lists them
            io.out().print(options.help(80)); // then the plugins'

            return OptionalInt.of(0);
        }
        if (!OptionProcessing.slurmOptions(this) || !pluginOptions()) {
            return OptionalInt.of(1);
        }
        if (command == SlurmCommand.SCRONTAB) {
            return OptionalInt.of(0); // scrontab: init and exit only
        }
        for (int offset = 0; offset < componentOptions.size(); offset++) {
            if (cliFilter.preSubmit(componentOptions.get(offset), offset) != 0) {
                log.error(CliFilterChain.TERMINATED);
                return OptionalInt.of(1);
            }
        }
        spank.jobControlEnv().putAll(options.jobControlExports());
        if (!spank.initPostOpt().ok()) {
            log.error(failureLine(command, SpankSequence.Step.INIT_POST_OPT));
            return OptionalInt.of(1);
        }
        return OptionalInt.empty();
    }

    /** The command line, split into a het job's components for sbatch; false (and Slurm's words) when it is bad. */
    private boolean parse(List<String> args) {
        CommandLine.PluginOptions plugins = new CommandLine.PluginOptions() {
            @Override
            public boolean knows(String name) {
                return options.knows(name);
            }

            @Override
            public int hasArg(String name) {
                return options.hasArg(name);
            }
        };
        try {
            components.addAll(command == SlurmCommand.SBATCH ? CommandLine.components(args, plugins)
                    : List.of(CommandLine.parse(args, plugins)));
        } catch (CommandLine.BadOption e) {
            io.err().println(command.slurmName() + ": " + e.getMessage());
            io.err().println("Try \"" + command.slurmName() + " --help\" for more information");
            return false;
        }
        line = components.get(0);
        for (int k = 1; k < components.size(); k++) {
            componentOptions.add(jobOptions.sibling());
        }
        return true;
    }

    /** The plugins' options: the environment's, then each component's command line (a het job's per component, T-4). */
    private boolean pluginOptions() {
        if (!options.processEnvironment(io.env())) {
            return false;
        }
        for (CommandLine component : components) {
            for (String[] o : component.pluginOptions) {
                if (!options.processCommandLine(o[0], o[1])) {
                    return false;
                }
            }
        }
        return true;
    }

    private static String setupFailure(SlurmCommand command) {
        return command == SlurmCommand.SCRONTAB ? "failed to initialize plugin stack" : failureLine(command, SpankSequence.Step.INIT);
    }

    /**
     * What {@code command} prints when {@code step} fails: its row of the engine's sequence table (salloc runs
     * sbatch's calls; scrontab, which the table has no row for, says its own).
     */
    static String failureLine(SlurmCommand command, SpankSequence.Step step) {
        SpankSequence.Process p = command == SlurmCommand.SRUN ? SpankSequence.Process.SRUN : SpankSequence.Process.SBATCH;
        return SpankSequence.row(p, step).failure();
    }

    private Opened stopWith(int code) {
        exitWith(code);
        close();
        return new Opened(null, OptionalInt.of(code));
    }

    /**
     * The command ends early: slurm_spank_exit runs (its own failure changes nothing then) and
     * {@code code} is the command's exit code. The one failure path of every client command.
     */
    int exitWith(int code) {
        spank.exit();
        return code;
    }

    CommandLine line() {
        return line;
    }

    CliFilterChain cliFilter() {
        return cliFilter;
    }

    /** The environment the job's steps start from: the user's, plus forwarded option variables. */
    Map<String, String> jobEnvironment() {
        Map<String, String> env = new LinkedHashMap<>(processEnv);
        env.putAll(options.environmentExports());
        env.putAll(JobControlEnvironment.forJob(spank.jobControlEnv()));
        return env;
    }

    @Override
    public void close() {
        if (cliFilter != null) {
            cliFilter.close();
        }
        spank.close();
    }
}
