package io.plugstack.cli_filter.syslog;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

import io.plugstack.api.clifilter.CliCommand;
import io.plugstack.api.clifilter.CliOptions;

/**
 * A small in-memory option set: a fixed table of long names, each with a validity rule for values
 * ({@link #set} answers false for an unknown name or an invalid value), plus argv and SPANK options
 * given by the test. A set option whose value is {@code null} stands for a getter that gives nothing.
 */
final class FakeCliOptions implements CliOptions {

    private static final Map<String, Predicate<String>> KNOWN = Map.of(
            "account", v -> true,
            "comment", v -> true,
            "job-name", v -> true,
            "mem", v -> v.matches("\\d+[KMGT]?"),
            "output", v -> true,
            "partition", v -> !v.isEmpty(),
            "time", v -> v.matches("\\d+(:\\d+){0,2}"),
            "wrap", v -> true);

    private final CliCommand command;
    private final Map<String, String> values = new LinkedHashMap<>();
    private final List<String> argv = new ArrayList<>();
    private final Map<String, Map<String, String>> spank = new LinkedHashMap<>();

    FakeCliOptions(CliCommand command) {
        this.command = command;
    }

    FakeCliOptions argv(String... args) {
        argv.addAll(List.of(args));
        return this;
    }

    FakeCliOptions spank(String plugin, String option, String value) {
        spank.computeIfAbsent(plugin, p -> new LinkedHashMap<>()).put(option, value);
        return this;
    }

    /** Marks {@code name} set although its getter gives nothing. */
    FakeCliOptions setWithoutValue(String name) {
        values.put(name, null);
        return this;
    }

    @Override
    public CliCommand command() {
        return command;
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
        return false;
    }
}
