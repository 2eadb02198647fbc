package io.plugstack.runtime.bench.options;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.plugstack.api.slurm.SlurmCommand;
import io.plugstack.api.clifilter.CliOptions;
import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.api.user.OnBehalfOf;
import io.plugstack.runtime.clifilter.CliFilterCaller;

/**
 * One command's option set, what cli_filter plugins read and write. Values are kept as the user
 * wrote them and read through each option's Slurm getter ({@link SubmitOption#render}); later writers
 * win, which gives Slurm's precedence when the command writes defaults, then #SBATCH lines, then the
 * environment, then the command line. A cli_filter's write the command cannot take is refused in one
 * line on the command's log: the setter's own error for an invalid value (as Slurm's setters print
 * it), the option and the plugin for an option Slurm has and the bench does not.
 */
public final class JobOptions implements CliOptions, OptionState, CliFilterCaller {

    /** A NONE-argument option's value once given. */
    public static final String SET = "set";

    private final SlurmCommand command;
    private final OnBehalfOf user;
    private final String workdir;
    private final SlurmVersion release;
    private final SlurmLog log;
    /** The plugin whose hook writes now, named in refusals. */
    private String caller = "cli_filter";
    private final Map<SubmitOption, String> values = new EnumMap<>(SubmitOption.class);
    private final List<String> argv = new ArrayList<>();
    private final Map<String, Map<String, String>> spank = new LinkedHashMap<>();
    private final List<String> spankJobEnv = new ArrayList<>();
    private boolean earlyPass;

    /**
     * @param user    who runs the command (its uid and gid are what cli_filter sees as getuid/getgid)
     * @param workdir where the command runs (sbatch's and srun's --chdir when none is given)
     * @param release the Slurm release whose renderings and job_desc forms the bench plays
     * @param log     the command's log: refusals of cli_filter writes go there
     */
    public JobOptions(SlurmCommand command, OnBehalfOf user, String workdir, SlurmVersion release, SlurmLog log) {
        this.command = command;
        this.user = user;
        this.workdir = workdir;
        this.release = release;
        this.log = log;
    }

    /** An option set of the release the runtime is built for, in this process's directory, logging nowhere (tests). */
    public JobOptions(SlurmCommand command, OnBehalfOf user) {
        this(command, user, System.getProperty("user.dir"), SlurmVersion.builtFor(), SlurmLog.QUIET);
    }

    /** Another component's option set of the same command, user, directory, release and log (a het job's). */
    public JobOptions sibling() {
        return new JobOptions(command, user, workdir, release, log);
    }

    /** Who runs the command, in its working directory and environment. */
    @Override
    public OnBehalfOf user() {
        return user;
    }

    /** cli_filter's setup_defaults is called twice by sbatch: first the early pass. */
    public void earlyPass(boolean early) {
        this.earlyPass = early;
    }

    /**
     * The command's own write (#SBATCH, environment, command line): an invalid value is an error the
     * command reports and exits on, in Slurm's words.
     *
     * @throws IllegalArgumentException "Invalid --time specification" and the like
     */
    public void put(SubmitOption option, String value) {
        if (!option.appliesTo(command)) {
            throw new IllegalArgumentException("option --" + option.longName() + " is not valid for " + command.slurmName());
        }
        option.apply(new JobDescriptor(), value, release);
        store(option, value);
    }

    /** -v and -Q count (arg_set_verbose, arg_set_quiet); any other option keeps its last value. */
    private void store(SubmitOption option, String value) {
        if ((option == SubmitOption.VERBOSE || option == SubmitOption.QUIET) && value == null) {
            values.merge(option, "1", (a, b) -> Integer.toString(Integer.parseInt(a) + 1));
        } else {
            values.put(option, value == null ? SET : value);
        }
    }

    /** The command line's words, what options.argv shows cli_filter ([1] the script or command); none for salloc. */
    public void argv(List<String> words) {
        argv.clear();
        if (command().showsArgvToCliFilter()) {
            argv.addAll(words);
        }
    }

    @Override
    public SlurmCommand command() {
        return command;
    }

    @Override
    public long uid() {
        return user.uid();
    }

    @Override
    public long gid() {
        return user.gid();
    }

    @Override
    public String workdir() {
        return workdir;
    }

    @Override
    public SlurmVersion release() {
        return release;
    }

    @Override
    public Optional<String> value(SubmitOption option) {
        return Optional.ofNullable(values.get(option));
    }

    @Override
    public void callingPlugin(String pluginType) {
        caller = pluginType;
    }

    /** The option's getter rendering, set or not, whichever command has it (slurm_option_get). */
    @Override
    public Optional<String> get(String longName) {
        return SubmitOption.byLongName(longName).map(o -> o.render(values.get(o), this));
    }

    @Override
    public boolean set(String longName, String value) {
        Optional<SubmitOption> o = SubmitOption.byLongName(longName);
        if (o.isEmpty()) {
            if (SlurmOptionNames.ALL.contains(longName)) { // Slurm would take it: never dropped in silence
                log.error(caller + ": --" + longName + "=" + value + " not applied: the bench's " + command.slurmName()
                        + " has no --" + longName);
            }
            return false; // a name Slurm does not know is ignored, as slurm_option_set ignores it (CLI-43)
        }
        // each pass sets only its own options: early ones in the early pass, the rest in the main one (CLI-25)
        if (!o.get().appliesTo(command) || earlyPass != o.get().early(command)) {
            return false;
        }
        Optional<String> refusal = o.get().refusal(value, release);
        if (refusal.isPresent()) {
            log.error(refusal.get()); // the setter's error() line; the command goes on (CLI-43)
            return false;
        }
        store(o.get(), value);
        return true;
    }

    @Override
    public boolean unset(String longName) {
        return SubmitOption.byLongName(longName).map(o -> values.remove(o) != null).orElse(false);
    }

    @Override
    public boolean isSet(String longName) {
        return SubmitOption.byLongName(longName).map(values::containsKey).orElse(false);
    }

    @Override
    public Set<String> setOptions() {
        Set<String> names = new LinkedHashSet<>();
        values.keySet().forEach(o -> names.add(o.longName()));
        return names;
    }

    @Override
    public List<String> argv() {
        return List.copyOf(argv);
    }

    @Override
    public Map<String, Map<String, String>> spank() {
        return spank;
    }

    @Override
    public List<String> spankJobEnv() {
        return spankJobEnv;
    }

    @Override
    public boolean earlyPass() {
        return earlyPass;
    }

    /**
     * The command's log at the level the command has when cli_filter runs: sbatch raises it for -v after
     * its early pass, before the main pass's hooks (sbatch.c); srun and salloc only after pre_submit
     * (srun's init_srun, salloc.c), so there the hooks' verbose and debug lines do not show (a real
     * 22.05.8 srun -vvv printed none).
     */
    @Override
    public Optional<SlurmLog> log() {
        if (command == SlurmCommand.SBATCH && !earlyPass) {
            return Optional.of(log);
        }
        return Optional.of((level, message) -> {
            if (level.compareTo(SlurmLog.Level.INFO) <= 0 || level == SlurmLog.Level.PLAIN) {
                log.log(level, message);
            }
        });
    }

    /** Every set option in the table's order, applied to a job_desc as the release does. */
    public void applyTo(JobDescriptor desc) {
        values.forEach((o, v) -> o.apply(desc, SET.equals(v) && o.arg() != SubmitOption.Arg.REQUIRED ? null : v, release));
    }
}
