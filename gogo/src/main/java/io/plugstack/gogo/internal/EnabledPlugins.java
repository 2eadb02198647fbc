package io.plugstack.gogo.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import io.plugstack.api.plugin.PluginFamily;
import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.runtime.clifilter.CliFilterChains;
import io.plugstack.runtime.host.catalog.PluginNames;
import io.plugstack.runtime.host.catalog.PluginPin;
import io.plugstack.runtime.host.catalog.PluginRecord;
import io.plugstack.runtime.jobsubmit.JobSubmitChain;
import io.plugstack.runtime.spank.SpankStacks;
import io.plugstack.runtime.spank.conf.PlugstackConf;
import io.plugstack.runtime.spank.conf.StackEntry;

/**
 * What the configuration enables, read once per command from where each setting is owned:
 * plugstack.conf through the SPANK stacks' own reader (as the next launch reads it), JobSubmitPlugins=
 * and CliFilterPlugins= through their chains. A setting that cannot be read is one of {@link #problems()}
 * (the reader's own error line) and enables nothing; the rest is still shown.
 */
public final class EnabledPlugins {

    static final String JOB_SUBMIT = "JobSubmitPlugins";
    static final String CLI_FILTER = "CliFilterPlugins";

    private final PlugstackConf.Result conf;
    private final List<PluginPin> jobSubmit;
    private final List<PluginPin> cliFilter;
    private final List<String> problems;

    private EnabledPlugins(PlugstackConf.Result conf, List<PluginPin> jobSubmit, List<PluginPin> cliFilter, List<String> problems) {
        this.conf = conf;
        this.jobSubmit = jobSubmit;
        this.cliFilter = cliFilter;
        this.problems = problems;
    }

    public static EnabledPlugins read(SpankStacks spank, JobSubmitChain jobSubmit, CliFilterChains cliFilter) {
        List<String> problems = new ArrayList<>();
        SlurmLog errors = (level, message) -> {
            if (level == SlurmLog.Level.ERROR) {
                problems.add(message); // Slurm's words, which name the file and line
            }
        };
        PlugstackConf.Result conf = spank.read(errors);
        return new EnabledPlugins(conf, list(JOB_SUBMIT, jobSubmit::configured, problems),
                list(CLI_FILTER, cliFilter::configured, problems), problems);
    }

    private static List<PluginPin> list(String setting, java.util.function.Supplier<List<PluginPin>> configured, List<String> problems) {
        try {
            return configured.get();
        } catch (IllegalArgumentException e) {
            problems.add(setting + ": " + e.getMessage());
            return List.of();
        }
    }

    /** plugstack.conf as this reading found it: what srun's stack would load now. */
    PlugstackConf.Result plugstackConf() {
        return conf;
    }

    /** The error lines of the settings' readers (a bad plugstack.conf line, a malformed pin), in reading order. */
    public List<String> problems() {
        return problems;
    }

    /** The problems as the commands print them under their table: one "error: " line each. */
    public String problemLines() {
        return problems.stream().map(p -> "error: " + p + "\n").collect(Collectors.joining());
    }

    /** plugstack.conf's lines naming {@code r} (none for a plugin of another family, or a stack that failed to read). */
    public List<StackEntry> spankLines(PluginRecord r) {
        if (family(r).filter(f -> f == PluginFamily.SPANK).isEmpty()) {
            return List.of();
        }
        List<StackEntry> out = new ArrayList<>();
        for (StackEntry e : conf.entries()) {
            if (conf.ok() && names(PluginFamily.SPANK, e.plugin(), r)) {
                out.add(e);
            }
        }
        return out;
    }

    /** The JobSubmitPlugins= or CliFilterPlugins= entry naming {@code r}, if its family has a list and it is in it. */
    public Optional<PluginPin> chainEntry(PluginRecord r) {
        return family(r).flatMap(f -> chain(f).stream().filter(p -> names(f, p.toString(), r)).findFirst());
    }

    /** The list setting of {@code r}'s family as the chain reads it ({@code JobSubmitPlugins=a,b}), or empty for SPANK. */
    public Optional<String> chainSetting(PluginRecord r) {
        return family(r).filter(f -> f != PluginFamily.SPANK)
                .map(f -> setting(f) + "=" + chain(f).stream().map(PluginPin::toString).collect(Collectors.joining(",")));
    }

    /**
     * One word for the tables: how plugstack.conf names it ({@code required}, {@code optional}), the list
     * that names it ({@code JobSubmitPlugins}, {@code CliFilterPlugins}), or {@code no}.
     */
    public String enabled(PluginRecord r) {
        List<StackEntry> lines = spankLines(r);
        if (!lines.isEmpty()) {
            return lines.stream().anyMatch(StackEntry::required) ? "required" : "optional";
        }
        return chainEntry(r).flatMap(p -> family(r)).map(EnabledPlugins::setting).orElse("no");
    }

    private List<PluginPin> chain(PluginFamily f) {
        return switch (f) {
            case JOB_SUBMIT -> jobSubmit;
            case CLI_FILTER -> cliFilter;
            default -> List.of();
        };
    }

    private static String setting(PluginFamily f) {
        return f == PluginFamily.JOB_SUBMIT ? JOB_SUBMIT : f == PluginFamily.CLI_FILTER ? CLI_FILTER : "plugstack.conf";
    }

    /** Whether a configured reference (pinned or not) names {@code r}, as the stacks and chains resolve it. */
    private static boolean names(PluginFamily f, String configured, PluginRecord r) {
        PluginPin pin;
        try {
            pin = PluginPin.parse(configured);
        } catch (IllegalArgumentException e) {
            return false; // the launch refuses that line, naming it
        }
        return PluginNames.names(f, pin.reference(), r.symbolicName(), r.type(), r.name());
    }

    private static Optional<PluginFamily> family(PluginRecord r) {
        String type = r.type();
        if (type == null) {
            return Optional.empty();
        }
        return PluginFamily.ofMajor(type.contains("/") ? type.substring(0, type.indexOf('/')) : type);
    }
}
