package io.plugstack.itest;

import java.nio.file.Path;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/** One runtime booted from the distribution for all tests of a class, and fixture plugins beside it. */
abstract class BootedRuntime {

    @TempDir
    static Path dir;
    static PlugstackRuntime runtime;
    static FixturePlugins fixtures;

    @BeforeAll
    static void boot() throws Exception {
        runtime = PlugstackRuntime.boot(dir);
        fixtures = new FixturePlugins(dir);
    }

    @AfterAll
    static void stop() {
        runtime.close();
    }
}
