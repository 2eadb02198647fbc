package io.plugstack.itest;

import java.nio.file.Path;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * One runtime booted from the distribution for all tests of a class, and fixture plugins beside it. A test that
 * hangs (an srun waiting for a node a test left drained, as a real srun waits) fails after its bound instead of
 * holding the build.
 */
@org.junit.jupiter.api.Timeout(value = 600, threadMode = org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD)
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
