package io.plugstack.runtime.bench.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.plugstack.runtime.bench.options.SubmitOption;

/** getopt_long-style parsing of the bench's client commands. */
class CommandLineTest {

    /** A plugin option table with --renice (required argument) and --flag (none). */
    static final CommandLine.PluginOptions PLUGINS = new CommandLine.PluginOptions() {
        @Override
        public boolean knows(String name) {
            return name.equals("renice") || name.equals("flag");
        }

        @Override
        public int hasArg(String name) {
            return name.equals("renice") ? 1 : 0;
        }
    };

    @Test
    void builtinShortAndLongOptionsThenTheCommand() throws Exception {
        CommandLine c = CommandLine.parse(List.of("-n", "2", "--job-name=x", "-v", "hostname", "-n"), PLUGINS);
        assertThat(c.last(SubmitOption.NTASKS)).contains("2");
        assertThat(c.last(SubmitOption.JOB_NAME)).contains("x");
        assertThat(c.verbosity).isEqualTo(1);
        assertThat(c.command).containsExactly("hostname", "-n");
    }

    @Test
    void gluedShortOptionArgument() throws Exception {
        assertThat(CommandLine.parse(List.of("-n4", "true"), PLUGINS).last(SubmitOption.NTASKS)).contains("4");
    }

    @Test
    void pluginOptionWithArgumentInEitherForm() throws Exception {
        CommandLine c = CommandLine.parse(List.of("--renice=3", "--renice", "4", "--flag", "true"), PLUGINS);
        assertThat(c.pluginOptions).extracting(o -> o[0] + "=" + o[1]).containsExactly("renice=3", "renice=4", "flag=null");
    }

    @Test
    void unknownLongOptionIsAnError() {
        assertThatThrownBy(() -> CommandLine.parse(List.of("--nosuch", "true"), PLUGINS))
                .hasMessage("unrecognized option '--nosuch'");
    }

    /** glibc's getopt_long names the whole word: srun --renice=3 without the plugin prints '--renice=3', as real srun does. */
    @Test
    void anUnknownLongOptionWithAValueIsNamedWithItsValue() {
        assertThatThrownBy(() -> CommandLine.parse(List.of("--nosuch=3", "true"), PLUGINS))
                .hasMessage("unrecognized option '--nosuch=3'");
    }

    @Test
    void requiredArgumentMissingIsAnError() {
        assertThatThrownBy(() -> CommandLine.parse(List.of("--renice"), PLUGINS))
                .hasMessage("option '--renice' requires an argument");
    }

    @Test
    void argumentToAnOptionThatTakesNoneIsAnError() {
        assertThatThrownBy(() -> CommandLine.parse(List.of("--flag=1", "true"), PLUGINS))
                .hasMessage("option '--flag' doesn't allow an argument");
    }

    @Test
    void unknownShortOptionIsAnError() {
        assertThatThrownBy(() -> CommandLine.parse(List.of("-z", "true"), PLUGINS)).hasMessage("invalid option -- 'z'");
    }

    @Test
    void verbosityIsCountedBeforeParsing() {
        assertThat(CommandLine.verbosity(List.of("-vv", "--verbose", "srun", "-v"))).isEqualTo(3);
    }

    @Test
    void heterogeneousStepSyntaxIsRefusedClearlyForSrun() {
        assertThatThrownBy(() -> CommandLine.parse(List.of("-n1", ":", "-n1", "true"), PLUGINS))
                .hasMessageContaining("heterogeneous job steps");
    }

    @Test
    void sbatchComponentsSplitAtColonAndTheScriptGoesWithTheJob() throws Exception {
        List<CommandLine> c = CommandLine.components(List.of("-n1", "--renice=3", ":", "-n", "2", "job.sh", "a"), PLUGINS);
        assertThat(c).hasSize(2);
        assertThat(c.get(0).last(SubmitOption.NTASKS)).contains("1");
        assertThat(c.get(0).pluginOptions).extracting(o -> o[0]).containsExactly("renice");
        assertThat(c.get(1).last(SubmitOption.NTASKS)).contains("2");
        assertThat(c.get(0).command).containsExactly("job.sh", "a");
        assertThat(c.get(1).command).isEmpty();
    }

    @Test
    void colonAfterTheScriptIsAScriptArgument() throws Exception {
        List<CommandLine> c = CommandLine.components(List.of("-n1", "job.sh", ":", "x"), PLUGINS);
        assertThat(c).hasSize(1);
        assertThat(c.get(0).command).containsExactly("job.sh", ":", "x");
    }
}
