package io.plugstack.testkit.clifilter;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

import io.plugstack.api.slurm.SlurmCommand;
import io.plugstack.api.clifilter.CliOptions;
import io.plugstack.api.user.OnBehalfOf;

/**
 * A cli_filter option set ({@link CliOptions}, Slurm's {@code slurm_opt_t}) for calling a cli_filter plugin's
 * hooks directly in a unit test: {@code plugin.setupDefaults(new FakeCliOptions(SlurmCommand.SBATCH), false)}.
 *
 * <p>What it checks: {@link #set} and {@link #unset} know eleven long options (account, comment, error,
 * het-group, job-name, mem, output, partition, time, verbose, wrap); an unknown name, a null value or a value
 * its rule refuses answers false and changes nothing, as Slurm's setters do. The rules are simple patterns
 * (mem {@code 4G}, time {@code 10}, {@code 1:00:00}, {@code 2-0} or {@code UNLIMITED}, het-group {@code 1} or
 * {@code 0-2}, verbose a count, partition non-empty), not Slurm's parsers.
 *
 * <p>What it does not: {@link #get} gives the value as it was set, not as Slurm's getter renders it
 * ({@code "10"}, not {@code "00:10:00"}); options of the other command are not refused; and the early/late
 * pass rule is not enforced, so what a test sees of the pass is the plugin's own rule. The real option table
 * (every option, Slurm's renderings and setter errors, the pass rule) is the job-launch bench's, which the
 * in-container tests drive ({@code io.plugstack.paxexam}).
 *
 * <p>A set option whose value is {@code null} ({@link #setWithoutValue}) stands for an option whose getter
 * gives nothing. {@link #argv}, {@link #spank} and {@link #user} fill what the command would pass on.
 */
public final class FakeCliOptions implements CliOptions {

    private static final Map<String, Predicate<String>> KNOWN = Map.ofEntries(
            Map.entry("account", v -> true),
            Map.entry("comment", v -> true),
            Map.entry("error", v -> true),
            Map.entry("het-group", v -> v.matches("\\d+(-\\d+)?")),
            Map.entry("job-name", v -> true),
            Map.entry("mem", v -> v.matches("\\d+[KMGT]?")),
            Map.entry("output", v -> true),
            Map.entry("partition", v -> !v.isEmpty()),
            Map.entry("time", v -> v.matches("\\d+(:\\d+){0,2}|\\d+-\\d+(:\\d+){0,2}|UNLIMITED")),
            Map.entry("verbose", v -> v.matches("\\d*")),
            Map.entry("wrap", v -> true));

    private final SlurmCommand command;
    private final boolean earlyPass;
    private final Map<String, String> values = new LinkedHashMap<>();
    private final List<String> argv = new ArrayList<>();
    private final Map<String, Map<String, String>> spank = new LinkedHashMap<>();
    private final List<String> sets = new ArrayList<>();
    private long uid = OnBehalfOf.thisProcess().uid();
    private long gid = OnBehalfOf.thisProcess().gid();
    private java.nio.file.Path workdir;
    private Map<String, String> environment = Map.of();

    /**
     * An empty option set of {@code command}, run by this process's user.
     *
     * @param command   the command running ({@link #command()})
     * @param earlyPass whether this is the early pass of setup_defaults ({@link #earlyPass()})
     */
    public FakeCliOptions(SlurmCommand command, boolean earlyPass) {
        this.command = command;
        this.earlyPass = earlyPass;
    }

    /**
     * An empty option set of {@code command}'s main (not early) pass.
     *
     * @param command the command running
     */
    public FakeCliOptions(SlurmCommand command) {
        this(command, false);
    }

    /**
     * Appends positional arguments ({@link #argv()}): the script or program first. salloc's are kept but
     * not shown, as salloc's cli_filter sees none ({@link SlurmCommand#showsArgvToCliFilter()}).
     *
     * @param args the words
     * @return this option set
     */
    public FakeCliOptions argv(String... args) {
        argv.addAll(List.of(args));
        return this;
    }

    /**
     * Adds a SPANK option value as {@code spank_option_get} reports it ({@link #spank()}).
     *
     * @param plugin the SPANK plugin's name
     * @param option the option's name
     * @param value  its argument, {@code "set"} for a used option without argument
     * @return this option set
     */
    public FakeCliOptions spank(String plugin, String option, String value) {
        spank.computeIfAbsent(plugin, p -> new LinkedHashMap<>()).put(option, value);
        return this;
    }

    /**
     * The command's user (this process's unless set).
     *
     * @param uid what {@link #uid()} answers
     * @param gid what {@link #gid()} answers
     * @return this option set
     */
    public FakeCliOptions user(long uid, long gid) {
        this.uid = uid;
        this.gid = gid;
        return this;
    }

    /**
     * The command's working directory and environment, as srun, sbatch or salloc would have them: then
     * {@link #user()} carries them ({@link OnBehalfOf#in}).
     *
     * @param workdir     the command's working directory (absolute)
     * @param environment its environment
     * @return this option set
     */
    public FakeCliOptions process(java.nio.file.Path workdir, Map<String, String> environment) {
        this.workdir = workdir;
        this.environment = Map.copyOf(environment);
        return this;
    }

    @Override
    public OnBehalfOf user() {
        OnBehalfOf user = OnBehalfOf.user(uid, gid);
        return workdir == null ? user : user.in(workdir, environment);
    }

    /**
     * Marks {@code name} set although its getter gives nothing ({@link #isSet} true, {@link #get} empty).
     *
     * @param name the long option name (not checked against the table)
     * @return this option set
     */
    public FakeCliOptions setWithoutValue(String name) {
        values.put(name, null);
        return this;
    }

    /**
     * Every successful {@link #set}, as {@code "name=value"}, in order: what the plugin changed.
     *
     * @return a read-only view
     */
    public List<String> sets() {
        return Collections.unmodifiableList(sets);
    }

    @Override
    public SlurmCommand command() {
        return command;
    }

    @Override
    public long uid() {
        return uid;
    }

    @Override
    public long gid() {
        return gid;
    }

    @Override
    public Optional<String> get(String longName) {
        return Optional.ofNullable(values.get(longName));
    }

    @Override
    public boolean set(String longName, String value) {
        Predicate<String> valid = KNOWN.get(longName);
        if (valid == null || value == null || !valid.test(value)) {
            return false;
        }
        values.put(longName, value);
        sets.add(longName + "=" + value);
        return true;
    }

    @Override
    public boolean unset(String longName) {
        if (!KNOWN.containsKey(longName)) {
            return false;
        }
        values.remove(longName);
        return true;
    }

    @Override
    public boolean isSet(String longName) {
        return values.containsKey(longName);
    }

    @Override
    public Set<String> setOptions() {
        return Set.copyOf(values.keySet());
    }

    @Override
    public List<String> argv() {
        return command.showsArgvToCliFilter() ? List.copyOf(argv) : List.of();
    }

    @Override
    public Map<String, Map<String, String>> spank() {
        return spank;
    }

    @Override
    public List<String> spankJobEnv() {
        return List.of();
    }

    @Override
    public boolean earlyPass() {
        return earlyPass;
    }
}
