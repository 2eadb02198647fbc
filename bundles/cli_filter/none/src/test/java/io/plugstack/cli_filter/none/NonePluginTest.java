package io.plugstack.cli_filter.none;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.lang.reflect.Proxy;

import org.junit.jupiter.api.Test;

import io.plugstack.api.clifilter.CliOptions;

/** CLI-10: cli_filter/none takes no action and returns SUCCESS on every hook. */
class NonePluginTest {

    private final NonePlugin plugin = new NonePlugin();

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
    void initSucceedsSoTheHostLoadsIt() {
        assertThat(plugin.init()).isZero();
    }
}
