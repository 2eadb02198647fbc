package io.plugstack.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.System.Logger.Level;

import org.junit.jupiter.api.Test;

import io.plugstack.api.plugin.PluginLog;

class RecordingLoggerTest {

    @Test
    void aPluginLogLineIsRecordedWithItsLevelAndPrefix() {
        RecordingLogger logger = new RecordingLogger("job_submit/x");
        PluginLog.of("job_submit/x", logger).error("_job_submit", "no partition");
        PluginLog.of("job_submit/x", logger).debug3("_job_submit", "detail");
        assertThat(logger.lines()).containsExactly("ERROR job_submit/x: _job_submit: no partition",
                "TRACE job_submit/x: _job_submit: detail");
    }

    @Test
    void parametersAreFilledInAsMessageFormatDoes() {
        RecordingLogger logger = new RecordingLogger();
        logger.log(Level.INFO, "{0} of {1}", 2, 3);
        assertThat(logger.lines()).containsExactly("INFO 2 of 3");
    }

    @Test
    void theLinesCannotBeChangedByTheTest() {
        RecordingLogger logger = new RecordingLogger();
        assertThatThrownBy(() -> logger.lines().add("x")).isInstanceOf(UnsupportedOperationException.class);
    }
}
