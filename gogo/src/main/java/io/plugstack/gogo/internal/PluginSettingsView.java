package io.plugstack.gogo.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.runtime.host.catalog.PluginRecord;
import io.plugstack.runtime.spank.SessionOptions;
import io.plugstack.runtime.spank.conf.StackEntry;

/**
 * The lines of {@code plugin <name>} about a plugin's settings: whether it is enabled, where, and its SPANK
 * options. One view serves one command: srun's stack is loaded for the options at most once, however many
 * plugins the command names ({@code plugin spank}).
 */
public final class PluginSettingsView {

    /** Where the value column starts, as in the rest of plugin's output. */
    private static final String INDENT = " ".repeat(17);

    private final EnabledPlugins enabled;
    private final PluginSettings settings;
    private final String release;
    private List<SessionOptions.Provided> srunOptions;
    private final List<String> srunErrors = new ArrayList<>();

    public PluginSettingsView(EnabledPlugins enabled, PluginSettings settings, String release) {
        this.enabled = enabled;
        this.settings = settings;
        this.release = release;
    }

    public String of(PluginRecord r) {
        List<String> configuration = new ArrayList<>();
        for (StackEntry e : enabled.spankLines(r)) {
            configuration.add(e.file() + ":" + e.line() + ": " + (e.required() ? "required " : "optional ") + e.plugin()
                    + (e.args().isEmpty() ? "" : " " + String.join(" ", e.args())));
        }
        Optional<String> chain = enabled.chainSetting(r);
        chain.ifPresent(c -> configuration.add(c + " (ConfigAdmin PID plugstack.slurm)"));
        return String.join("\n",
                "enabled          " + enabled.enabled(r),
                "configuration    " + (configuration.isEmpty() ? "(not in plugstack.conf)" : String.join("\n" + INDENT, configuration)),
                "options          " + options(r));
    }

    /** The SPANK options it registers as srun --help lists them; other families have none. */
    private String options(PluginRecord r) {
        if (!"spank".equals(r.type())) {
            return "(none: only SPANK plugins have options)";
        }
        if (enabled.spankLines(r).isEmpty()) {
            return "(none: srun loads only the plugins plugstack.conf names)";
        }
        List<String> lines = new ArrayList<>();
        for (SessionOptions.Provided p : srunOptions()) {
            if (p.plugin().equals(r.symbolicName())) {
                lines.add(option(p.option()));
            }
        }
        if (lines.isEmpty()) {
            return srunErrors.isEmpty() ? "(none)" : "(none: srun's stack did not load: " + String.join("; ", srunErrors) + ")";
        }
        return String.join("\n" + INDENT, lines);
    }

    /** The options srun's stack registers, from plugstack.conf as {@link #enabled} read it; loaded once. */
    private List<SessionOptions.Provided> srunOptions() {
        if (srunOptions == null) {
            SlurmLog log = (level, message) -> {
                if (level == SlurmLog.Level.ERROR) {
                    srunErrors.add(message);
                }
            };
            srunOptions = settings.srunOptions(enabled.plugstackConf(), release, log);
        }
        return srunOptions;
    }

    /** "--renice=prio  usage", as srun --help writes an option (has_arg 1: =arginfo, 2: [=arginfo]). */
    static String option(SessionOptions.Registered o) {
        String arg = o.arginfo() == null || o.arginfo().isEmpty() ? "" : o.hasArg() == 2 ? "[=" + o.arginfo() + "]"
                : o.hasArg() == 1 ? "=" + o.arginfo() : "";
        return "--" + o.name() + arg + "  " + (o.usage() == null ? "" : o.usage());
    }
}
