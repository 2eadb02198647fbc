package io.plugstack.bundles.testing;

import java.util.ArrayList;
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
 * A small in-memory option set: a fixed table of long names, each with a validity rule for values, so
 * that "unknown option" and "invalid value" both make {@link #set} answer false; plus argv and SPANK
 * options given by the test. A set option whose value is {@code null} stands for a getter that gives
 * nothing. It does not enforce the early/late pass rule itself, so what the tests see is the plugin's
 * own pass rule.
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
    /** Every successful set, "name=value", in order. */
    public final List<String> sets = new ArrayList<>();
    private long uid = OnBehalfOf.thisProcess().uid();
    private long gid = OnBehalfOf.thisProcess().gid();

    public FakeCliOptions(SlurmCommand command, boolean earlyPass) {
        this.command = command;
        this.earlyPass = earlyPass;
    }

    /** Options of the main (not the early) pass. */
    public FakeCliOptions(SlurmCommand command) {
        this(command, false);
    }

    public FakeCliOptions argv(String... args) {
        argv.addAll(List.of(args));
        return this;
    }

    public FakeCliOptions spank(String plugin, String option, String value) {
        spank.computeIfAbsent(plugin, p -> new LinkedHashMap<>()).put(option, value);
        return this;
    }

    /** The command's user (this process's by default). */
    public FakeCliOptions user(long uid, long gid) {
        this.uid = uid;
        this.gid = gid;
        return this;
    }

    /** Marks {@code name} set although its getter gives nothing. */
    public FakeCliOptions setWithoutValue(String name) {
        values.put(name, null);
        return this;
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
        return List.copyOf(argv);
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
