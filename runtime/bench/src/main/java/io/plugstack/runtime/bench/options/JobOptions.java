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
import io.plugstack.api.user.OnBehalfOf;

/**
 * One command's option set, what cli_filter plugins read and write. Values are kept as the user
 * wrote them (Slurm's getters answer strings); later writers win, which gives Slurm's precedence
 * when the command writes defaults, then #SBATCH lines, then the environment, then the command line.
 */
public final class JobOptions implements CliOptions {

    /** A NONE-argument option's value once given. */
    public static final String SET = "set";

    private final SlurmCommand command;
    private final OnBehalfOf user;
    private final Map<SubmitOption, String> values = new EnumMap<>(SubmitOption.class);
    private final List<String> argv = new ArrayList<>();
    private final Map<String, Map<String, String>> spank = new LinkedHashMap<>();
    private final List<String> spankJobEnv = new ArrayList<>();
    private boolean earlyPass;

    /** @param user who runs the command (its uid and gid are what cli_filter sees as getuid/getgid) */
    public JobOptions(SlurmCommand command, OnBehalfOf user) {
        this.command = command;
        this.user = user;
    }

    /** Who runs the command. */
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
        option.apply(new JobDescriptor(), value);
        values.put(option, value == null ? SET : value);
    }

    /** The command line's words, what options.argv shows cli_filter ([1] the script or command). */
    public void argv(List<String> words) {
        argv.clear();
        argv.addAll(words);
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
    public Optional<String> get(String longName) {
        return SubmitOption.byLongName(longName).map(values::get);
    }

    @Override
    public boolean set(String longName, String value) {
        Optional<SubmitOption> o = SubmitOption.byLongName(longName);
        // each pass sets only its own options: early ones in the early pass, the rest in the main one (CLI-25)
        if (o.isEmpty() || !o.get().appliesTo(command) || earlyPass != o.get().early(command)) {
            return false;
        }
        if (!o.get().accepts(value)) {
            return false; // a cli_filter's bad value is ignored silently (CLI-43)
        }
        values.put(o.get(), value == null ? SET : value);
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

    /** The value of a Slurm option as the command reads it. */
    public Optional<String> value(SubmitOption option) {
        return Optional.ofNullable(values.get(option));
    }

    /** Every set option in the table's order, applied to a job_desc. */
    public void applyTo(JobDescriptor desc) {
        values.forEach((o, v) -> o.apply(desc, SET.equals(v) && o.arg() != SubmitOption.Arg.REQUIRED ? null : v));
    }
}
