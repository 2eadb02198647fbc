package io.plugstack.cli_filter.user_defaults;

import java.lang.System.Logger;
import java.text.MessageFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.ResourceBundle;

/** A System.Logger that keeps "LEVEL message" lines for assertions; everything is loggable. */
final class RecordingLogger implements Logger {

    final List<String> lines = new ArrayList<>();

    @Override
    public String getName() {
        return "recording";
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
