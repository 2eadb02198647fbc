package io.plugstack.api.plugin;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import org.junit.jupiter.api.Test;

/** A line about a bad configuration value names where the admin wrote it. */
class ConfigurationSourceTest {

    @Test
    void aConfigurationFileInstallReadIsNamedByItsFile() {
        assertEquals("/opt/plugstack/deploy/job_submit.throttle.cfg",
                ConfigurationSource.of(Map.of("felix.fileinstall.filename", "file:/opt/plugstack/deploy/job_submit.throttle.cfg"), "x"));
    }

    @Test
    void aConfigurationWithoutAFileIsNamedByItsServicePid() {
        assertEquals("configuration plugstack.partition~batch",
                ConfigurationSource.of(Map.of("service.pid", "plugstack.partition~batch"), "plugstack.partition"));
    }

    @Test
    void aConfigurationThatSaysNothingIsNamedByThePidItWasAskedFor() {
        assertEquals("configuration job_submit.throttle", ConfigurationSource.of(Map.of(), "job_submit.throttle"));
    }
}
