package io.plugstack.testkit;

import java.lang.System.Logger;
import java.text.MessageFormat;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.ResourceBundle;

/**
 * A {@link System.Logger} that keeps every line it is given, as {@code "LEVEL message"}, for assertions.
 *
 * <p>Job_submit and cli_filter plugins log through {@link io.plugstack.api.plugin.PluginLog}, which writes to a
 * {@code System.Logger}; hand a plugin {@code PluginLog.of(PLUGIN_TYPE, recordingLogger)} in a test and
 * assert on {@link #lines()}, e.g. {@code "ERROR job_submit/require_timelimit: _job_submit: time limit missing"}.
 * Every level is loggable, so a line the plugin guards with {@code isLoggable} is recorded too.
 */
public final class RecordingLogger implements Logger {

    private final List<String> lines = new ArrayList<>();
    private final String name;

    /** A logger named {@code "recording"}. */
    public RecordingLogger() {
        this("recording");
    }

    /**
     * A logger with the given name.
     *
     * @param name what {@link #getName()} answers (a plugin's {@code plugin_type}, say)
     */
    public RecordingLogger(String name) {
        this.name = name;
    }

    /**
     * The lines logged so far, oldest first, each {@code "LEVEL message"} with the {@link System.Logger.Level}
     * name ({@code ERROR}, {@code WARNING}, {@code INFO}, {@code DEBUG}, {@code TRACE}) and the message with its
     * {@link MessageFormat} parameters filled in.
     *
     * @return a read-only view that grows as the plugin logs
     */
    public List<String> lines() {
        return Collections.unmodifiableList(lines);
    }

    /** @return the name given at construction */
    @Override
    public String getName() {
        return name;
    }

    /** @return always true: a test sees every line */
    @Override
    public boolean isLoggable(Level level) {
        return true;
    }

    /** Records {@code "LEVEL msg"}; the bundle and the throwable are not recorded. */
    @Override
    public void log(Level level, ResourceBundle bundle, String msg, Throwable thrown) {
        lines.add(level.getName() + " " + msg);
    }

    /** Records {@code "LEVEL message"}, {@code format} filled in with {@code params} by {@link MessageFormat}. */
    @Override
    public void log(Level level, ResourceBundle bundle, String format, Object... params) {
        lines.add(level.getName() + " " + (params == null || params.length == 0 ? format : MessageFormat.format(format, params)));
    }
}
