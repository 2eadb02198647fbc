package io.plugstack.api.plugin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Named.named;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.ResourceBundle;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class PluginLogTest {

    /**
     * Keeps "LEVEL message" for each plain {@code log(level, msg)}; loggable only at the levels given.
     * Anything else (a format with parameters, a throwable) fails: PluginLog passes its lines verbatim.
     */
    private static final class Lines implements Logger {
        final List<String> kept = new ArrayList<>();
        private final Set<Level> loggable;

        Lines(Level... loggable) {
            this.loggable = Set.of(loggable);
        }

        @Override
        public String getName() {
            return "lines";
        }

        @Override
        public boolean isLoggable(Level level) {
            return loggable.contains(level);
        }

        @Override
        public void log(Level level, ResourceBundle bundle, String format, Object... params) {
            if (bundle != null || (params != null && params.length > 0)) {
                throw new AssertionError("expected a verbatim line, got format " + format);
            }
            kept.add(level.getName() + " " + format);
        }

        @Override
        public void log(Level level, ResourceBundle bundle, String msg, Throwable thrown) {
            throw new AssertionError("expected a verbatim line, got a throwable with " + msg);
        }
    }

    /** One of PluginLog's logging calls. */
    @FunctionalInterface
    private interface Call {
        void log(PluginLog log, String function, String message);
    }

    private final Lines logger = new Lines(Level.values());
    private final PluginLog log = PluginLog.of("job_submit/demo", logger);

    @Test
    void linesStartWithPluginTypeAndFunctionAsWithSlurmPluginDebug() {
        log.info("job_submit", "Setting partition of submitted job to {0} it's 100%");

        assertEquals(List.of("INFO job_submit/demo: job_submit: Setting partition of submitted job to {0} it's 100%"),
                logger.kept);
    }

    static Stream<Arguments> callsAndTheirLevels() {
        return Stream.of(
                arguments(named("error", (Call) PluginLog::error), Level.ERROR),
                arguments(named("info", (Call) PluginLog::info), Level.INFO),
                arguments(named("verbose", (Call) PluginLog::verbose), Level.DEBUG),
                arguments(named("debug", (Call) PluginLog::debug), Level.DEBUG),
                arguments(named("debug2", (Call) PluginLog::debug2), Level.TRACE),
                arguments(named("debug3", (Call) PluginLog::debug3), Level.TRACE));
    }

    @ParameterizedTest(name = "{0} logs at {1}")
    @MethodSource("callsAndTheirLevels")
    void eachCallLogsAtItsLevel(Call call, Level level) {
        call.log(log, "_f", "m");

        assertEquals(List.of(level.getName() + " job_submit/demo: _f: m"), logger.kept);
    }

    @Test
    void levelsTheLoggerDoesNotTakeAreNotLogged() {
        Lines infoAndError = new Lines(Level.INFO, Level.ERROR);
        PluginLog quiet = PluginLog.of("job_submit/demo", infoAndError);

        quiet.verbose("_f", "v");
        quiet.debug("_f", "d");
        quiet.debug2("_f", "2");
        quiet.debug3("_f", "3");
        quiet.info("_f", "i");

        assertEquals(List.of("INFO job_submit/demo: _f: i"), infoAndError.kept);
    }

    @Test
    void pluginTypeIsTheOneGiven() {
        assertEquals("job_submit/demo", log.pluginType());
        assertEquals("cli_filter/syslog", PluginLog.of("cli_filter/syslog").pluginType());
    }

    @Test
    void pluginTypeAndLoggerAreRequired() {
        assertThrows(NullPointerException.class, () -> PluginLog.of(null));
        assertThrows(NullPointerException.class, () -> PluginLog.of("job_submit/demo", null));
    }

    @Test
    void u32PrintsTheLow32BitsUnsignedAsPercentU() {
        assertEquals("0", PluginLog.u32(0));
        assertEquals("4294967294", PluginLog.u32(4294967294L));
        assertEquals("4294967295", PluginLog.u32(-1));
        assertEquals("5", PluginLog.u32(0x1_0000_0005L));
    }

    @Test
    void strPrintsNullAsGlibcDoes() {
        assertEquals("(null)", PluginLog.str(null));
        assertEquals("", PluginLog.str(""));
        assertEquals("physics", PluginLog.str("physics"));
    }
}
