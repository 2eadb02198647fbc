package io.plugstack.bundles.testing;

import java.lang.System.Logger;
import java.text.MessageFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.ResourceBundle;

/** A System.Logger that keeps "LEVEL message" lines for assertions; everything is loggable. */
public final class RecordingLogger implements Logger {

    public final List<String> lines = new ArrayList<>();
    private final String name;

    /** A logger named "recording". */
    public RecordingLogger() {
        this("recording");
    }

    /** A logger with the given name (a plugin's, say). */
    public RecordingLogger(String name) {
        this.name = name;
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public boolean isLoggable(Level level) {
        return true;
    }

    @Override
    public void log(Level level, ResourceBundle bundle, String msg, Throwable thrown) {
        lines.add(level.getName() + " " + msg);
    }

    @Override
    public void log(Level level, ResourceBundle bundle, String format, Object... params) {
        lines.add(level.getName() + " " + (params == null || params.length == 0 ? format : MessageFormat.format(format, params)));
    }
}
