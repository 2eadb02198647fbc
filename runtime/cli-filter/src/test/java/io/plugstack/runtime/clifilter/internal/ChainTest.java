package io.plugstack.runtime.clifilter.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.plugstack.api.clifilter.CliFilterPlugin;
import io.plugstack.api.clifilter.CliOptions;
import io.plugstack.api.plugin.PluginFamily;
import io.plugstack.api.slurm.SlurmCommand;
import io.plugstack.testkit.clifilter.FakeCliOptions;
import io.plugstack.runtime.clifilter.CliFilterChain;
import io.plugstack.runtime.clifilter.CliFilterChains;
import io.plugstack.runtime.host.catalog.FixedCatalog;
import io.plugstack.runtime.host.catalog.PluginCatalog;
import io.plugstack.runtime.host.catalog.SwitchingCatalog;

/** A command's cli_filter chain rules (CLI-1, CLI-2). */
class ChainTest {

    final List<String> calls = new ArrayList<>();
    final List<String> logged = new ArrayList<>();
    final List<String> closed = new ArrayList<>();

    /** A plugin that records each hook and answers {@code rc} (a RuntimeException when {@code rc} is null). */
    CliFilterPlugin plugin(String name, Integer rc) {
        return new CliFilterPlugin() {
            private int answer(String hook) {
                calls.add(name + " " + hook);
                if (rc == null) {
                    throw new IllegalStateException("boom");
                }
                return rc;
            }

            @Override
            public int setupDefaults(CliOptions options, boolean early) {
                return answer("setup_defaults");
            }

            @Override
            public int preSubmit(CliOptions options, int offset) {
                return answer("pre_submit");
            }

            @Override
            public void postSubmit(int offset, long jobId, long stepId) {
                answer("post_submit");
            }
        };
    }

    /** A catalog of ready cli_filter plugins typed cli_filter/&lt;name&gt;, each instance closing into {@link #closed}. */
    PluginCatalog catalog(Object... nameAndPlugin) {
        return FixedCatalog.of(PluginFamily.CLI_FILTER, nameAndPlugin).releasing(closed::add);
    }

    CliFilterChain open(String list, Object... nameAndPlugin) {
        return CliFilterChains.over(catalog(nameAndPlugin), () -> list)
                .open((level, message) -> logged.add(level + " " + message)).orElseThrow();
    }

    @Test
    void hooksRunInListOrderWithOrWithoutThePrefix() {
        CliFilterChain chain = open("b, cli_filter/a", "a", plugin("a", 0), "b", plugin("b", 0));
        assertThat(chain.setupDefaults(new FakeCliOptions(SlurmCommand.SRUN), false)).isZero();
        assertThat(chain.preSubmit(new FakeCliOptions(SlurmCommand.SRUN), 0)).isZero();
        assertThat(calls).containsExactly("b setup_defaults", "a setup_defaults", "b pre_submit", "a pre_submit");
    }

    @Test
    void theFirstFailureStopsSetupDefaultsAndPreSubmitAndIsTheirResult() {
        CliFilterChain chain = open("a,b", "a", plugin("a", 7), "b", plugin("b", 0));
        assertThat(chain.setupDefaults(new FakeCliOptions(SlurmCommand.SBATCH), false)).isEqualTo(7);
        assertThat(chain.preSubmit(new FakeCliOptions(SlurmCommand.SBATCH), 0)).isEqualTo(7);
        assertThat(calls).containsExactly("a setup_defaults", "a pre_submit");
    }

    @Test
    void postSubmitCallsEveryPluginWhatEverTheyAnswer() {
        CliFilterChain chain = open("a,b,c", "a", plugin("a", 7), "b", plugin("b", null), "c", plugin("c", 0));
        chain.postSubmit(0, 42, 0);
        assertThat(calls).containsExactly("a post_submit", "b post_submit", "c post_submit");
        assertThat(logged).containsExactly("ERROR cli_filter/b: post_submit() threw java.lang.IllegalStateException: boom");
    }

    @Test
    void aThrowingPluginIsAFailureNamedInTheLog() {
        CliFilterChain chain = open("a,b", "a", plugin("a", null), "b", plugin("b", 0));
        assertThat(chain.preSubmit(new FakeCliOptions(SlurmCommand.SALLOC), 0)).isEqualTo(-1);
        assertThat(calls).containsExactly("a pre_submit");
        assertThat(logged).containsExactly("ERROR cli_filter/a: pre_submit() threw java.lang.IllegalStateException: boom");
    }

    @Test
    void aConfiguredPluginThatIsNotLoadedFailsTheCommandAndReleasesTheOthers() {
        Optional<CliFilterChain> chain = CliFilterChains.over(catalog("a", plugin("a", 0)), () -> "a,missing")
                .open((level, message) -> logged.add(level + " " + message));
        assertThat(chain).isEmpty();
        assertThat(logged).hasSize(2).last().isEqualTo("ERROR failed to initialize cli_filter plugin");
        assertThat(logged.get(0)).startsWith("ERROR cannot create cli_filter context for cli_filter/missing");
        assertThat(closed).containsExactly("a");
    }

    @Test
    void aMalformedPinFailsTheCommandNamingTheList() {
        Optional<CliFilterChain> chain = CliFilterChains.over(catalog(), () -> "a@[1.0").open((level, message) -> logged.add(level + " " + message));
        assertThat(chain).isEmpty();
        assertThat(logged.get(0)).startsWith("ERROR CliFilterPlugins=a@[1.0: ");
        assertThat(logged).last().isEqualTo("ERROR failed to initialize cli_filter plugin");
    }

    @Test
    void closingTheChainReleasesEveryInstance() {
        open("a,b", "a", plugin("a", 0), "b", plugin("b", 0)).close();
        assertThat(closed).containsExactly("a", "b");
    }

    @Test
    void aVersionUninstalledBetweenItsChoiceAndItsInstanceIsChosenAgainAndTheCommandRunsTheStayingVersion() {
        PluginCatalog.ReadyPlugin upgrade = SwitchingCatalog.version(PluginFamily.CLI_FILTER, "clievil", 12, "2.0.0", plugin("2.0.0", 0));
        PluginCatalog.ReadyPlugin staying = SwitchingCatalog.version(PluginFamily.CLI_FILTER, "clievil", 11, "1.0.0", plugin("1.0.0", 0));
        SwitchingCatalog catalog = new SwitchingCatalog(List.of(upgrade, staying), Set.of(upgrade));
        Optional<CliFilterChain> chain = CliFilterChains.over(catalog, () -> "clievil").open((level, message) -> logged.add(level + " " + message));
        assertThat(logged).isEmpty();
        assertThat(chain.orElseThrow().preSubmit(new FakeCliOptions(SlurmCommand.SRUN), 0)).isZero();
        assertThat(calls).containsExactly("1.0.0 pre_submit");
        assertThat(catalog.selected).containsExactly("2.0.0", "1.0.0");
    }

    @Test
    void anEmptyListIsAChainThatAcceptsEverything() {
        CliFilterChain chain = open("");
        assertThat(chain.setupDefaults(new FakeCliOptions(SlurmCommand.SRUN), true)).isZero();
        assertThat(chain.preSubmit(new FakeCliOptions(SlurmCommand.SRUN), 0)).isZero();
    }
}
