package io.plugstack.cli_filter.none;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.lang.reflect.Proxy;

import org.junit.jupiter.api.Test;

import io.plugstack.api.clifilter.CliOptions;
import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.testkit.RecordingLogger;

/** CLI-10: cli_filter/none takes no action and returns SUCCESS on every hook; it exists until 23.02. */
class NonePluginTest {

    private final RecordingLogger log = new RecordingLogger();
    private final NonePlugin plugin = new NonePlugin(SlurmVersion.parse("22.05.8"), log);

    /** Options that fail the test if the plugin touches them at all. */
    private static CliOptions untouchable() {
        return (CliOptions) Proxy.newProxyInstance(CliOptions.class.getClassLoader(), new Class<?>[] {CliOptions.class},
                (proxy, method, args) -> {
                    throw new AssertionError("cli_filter/none must not use the options: " + method.getName());
                });
    }

    @Test
    void setupDefaultsReturnsSuccessInTheEarlyAndTheMainPassWithoutTouchingTheOptions() {
        assertThat(plugin.setupDefaults(untouchable(), true)).isZero();
        assertThat(plugin.setupDefaults(untouchable(), false)).isZero();
    }

    @Test
    void preSubmitReturnsSuccessWithoutTouchingTheOptions() {
        assertThat(plugin.preSubmit(untouchable(), 0)).isZero();
        assertThat(plugin.preSubmit(untouchable(), 3)).isZero();
    }

    @Test
    void postSubmitDoesNothing() {
        assertThatCode(() -> plugin.postSubmit(0, 42, 4294967294L)).doesNotThrowAnyException();
    }

    @Test
    void initSucceedsAtAReleaseThatHasIt() {
        assertThat(plugin.init()).isZero();
        assertThat(new NonePlugin(SlurmVersion.parse("23.02.7"), log).init()).isZero();
        assertThat(log.lines()).isEmpty();
    }

    @Test
    void thePluginIsRegisteredOnlyAtAReleaseThatShipsIt() {
        assertThat(NoneAtRelease.exists(SlurmVersion.parse("22.05.8"))).isTrue();
        assertThat(NoneAtRelease.exists(SlurmVersion.parse("23.02.7"))).isTrue();
        assertThat(NoneAtRelease.exists(SlurmVersion.parse("23.11.0"))).isFalse();
        assertThat(NoneAtRelease.exists(SlurmVersion.parse("25.11.0"))).isFalse();
    }

    @Test
    void initFailsFrom23_11OnAsSlurmFindsNoSuchPlugin() {
        assertThat(new NonePlugin(SlurmVersion.parse("23.11.0"), log).init()).isEqualTo(-1);
        assertThat(new NonePlugin(SlurmVersion.parse("25.11.0"), log).init()).isEqualTo(-1);
        assertThat(log.lines()).hasSize(2).first().asString()
                .contains("cannot find cli_filter plugin for cli_filter/none").contains("Slurm 23.11.0 has none");
    }
}
