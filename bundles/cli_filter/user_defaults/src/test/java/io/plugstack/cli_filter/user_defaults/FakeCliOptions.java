package io.plugstack.cli_filter.user_defaults;

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
 * A small in-memory option set: a fixed table of long names, each with a validity rule for values, so
 * that "unknown option" and "invalid value" both make {@link #set} answer false. It does not enforce
 * the early/late pass rule itself, so what the tests see is the plugin's own pass rule.
 */
final class FakeCliOptions implements CliOptions {

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

    private final CliCommand command;
    private final boolean earlyPass;
    private final Map<String, String> values = new LinkedHashMap<>();
    /** Every successful set, "name=value", in order. */
    final List<String> sets = new ArrayList<>();

    FakeCliOptions(CliCommand command, boolean earlyPass) {
        this.command = command;
        this.earlyPass = earlyPass;
    }

    FakeCliOptions(CliCommand command) {
        this(command, false);
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
        return List.of();
    }

    @Override
    public Map<String, Map<String, String>> spank() {
        return Map.of();
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
