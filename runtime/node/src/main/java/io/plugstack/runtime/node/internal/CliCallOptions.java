package io.plugstack.runtime.node.internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

import io.plugstack.api.clifilter.CliOptions;
import io.plugstack.api.slurm.SlurmCommand;
import io.plugstack.api.user.OnBehalfOf;
import io.plugstack.runtime.node.wire.CliMessages.Write;

/**
 * A real command's options as one cli_filter call of the shim sent them: Slurm's JSON of the set
 * options ({@code slurm.json_cli_options}: long name → the getter's string, {@code "spank:<option>"}
 * for used SPANK options, {@code "argv"}). What plugins set or unset is kept in order and goes back to
 * the shim, which writes it with {@code options[name] = value}: Slurm's own setter validates it there,
 * so {@link #set} answers true for any name and value (an invalid one is reported by the command).
 * The user is the peer's by SO_PEERCRED, never what the shim says.
 */
final class CliCallOptions implements CliOptions {

    /** The plugin name {@link #spank()} files SPANK options under: Slurm's JSON names the option, not its plugin. */
    static final String SPANK_PLUGIN = "*";

    private final SlurmCommand command;
    private final OnBehalfOf user;
    private final boolean earlyPass;
    private final Map<String, String> options = new LinkedHashMap<>();
    /** What Slurm's getter answers for the options the command has not set (the shim's option texts less the JSON's). */
    private final Map<String, String> unsetTexts = new LinkedHashMap<>();
    private final List<String> argv = new ArrayList<>();
    private final Map<String, String> spank = new TreeMap<>();
    private final Map<String, Write> writes = new LinkedHashMap<>();

    private CliCallOptions(SlurmCommand command, OnBehalfOf user, boolean earlyPass) {
        this.command = command;
        this.user = user;
        this.earlyPass = earlyPass;
    }

    /** The options of {@code json}; an IOException when it is not what Slurm writes. */
    static CliCallOptions of(SlurmCommand command, OnBehalfOf user, boolean earlyPass, String json) throws IOException {
        return of(command, user, earlyPass, json, Map.of());
    }

    /**
     * The options of {@code json}, and for every option it does not hold (unset in the command) the text Slurm's getter
     * answers, from {@code texts} (the shim read every option through Slurm's proxy).
     */
    static CliCallOptions of(SlurmCommand command, OnBehalfOf user, boolean earlyPass, String json, Map<String, String> texts)
            throws IOException {
        CliCallOptions o = new CliCallOptions(command, user, earlyPass);
        for (Map.Entry<String, Object> e : CliJsonReader.object(json == null ? "{}" : json).entrySet()) {
            Object v = e.getValue();
            if (e.getKey().equals("argv")) {
                if (v instanceof List<?> l) {
                    l.forEach(a -> o.argv.add(String.valueOf(a)));
                }
            } else if (e.getKey().startsWith("spank:")) {
                o.spank.put(e.getKey().substring("spank:".length()), v == null ? null : String.valueOf(v));
            } else if (v == null || v instanceof String) {
                o.options.put(e.getKey(), (String) v);
            } else {
                throw new IOException("options: " + e.getKey() + " is not a string");
            }
        }
        texts.forEach((name, text) -> {
            if (!o.options.containsKey(name) && !name.equals("argv") && !name.startsWith("spank:")) {
                o.unsetTexts.put(name, text);
            }
        });
        return o;
    }

    /** What plugins changed, in the order of their last change per option. */
    List<Write> writes() {
        return List.copyOf(writes.values());
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
    public OnBehalfOf user() {
        return user;
    }

    @Override
    public long gid() {
        return user.gid();
    }

    /** Slurm's getter string, set or not: an option the command has not set reads its default text, as in Slurm's Lua. */
    @Override
    public Optional<String> get(String longName) {
        return Optional.ofNullable(options.containsKey(longName) ? options.get(longName) : unsetTexts.get(longName));
    }

    @Override
    public boolean set(String longName, String value) {
        if (longName == null || longName.isEmpty() || value == null || longName.equals("argv") || longName.startsWith("spank:")) {
            return false;
        }
        options.put(longName, value);
        unsetTexts.remove(longName);
        writes.remove(longName);
        writes.put(longName, new Write(longName, value));
        return true;
    }

    @Override
    public boolean unset(String longName) {
        if (longName == null || longName.isEmpty() || longName.equals("argv") || longName.startsWith("spank:")) {
            return false;
        }
        options.remove(longName);
        writes.remove(longName);
        writes.put(longName, new Write(longName, null));
        return true;
    }

    @Override
    public boolean isSet(String longName) {
        return options.containsKey(longName);
    }

    @Override
    public Set<String> setOptions() {
        return Collections.unmodifiableSet(options.keySet());
    }

    @Override
    public List<String> argv() {
        return Collections.unmodifiableList(argv);
    }

    @Override
    public Map<String, Map<String, String>> spank() {
        return spank.isEmpty() ? Map.of() : Map.of(SPANK_PLUGIN, Collections.unmodifiableMap(spank));
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
