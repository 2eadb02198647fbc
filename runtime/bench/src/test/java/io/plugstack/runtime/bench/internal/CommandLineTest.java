package io.plugstack.runtime.bench.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

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
        assertThat(c.ntasks()).isEqualTo(2);
        assertThat(c.builtins).containsEntry("job-name", "x");
        assertThat(c.verbosity).isEqualTo(1);
        assertThat(c.command).containsExactly("hostname", "-n");
    }

    @Test
    void gluedShortOptionArgument() throws Exception {
        assertThat(CommandLine.parse(List.of("-n4", "true"), PLUGINS).ntasks()).isEqualTo(4);
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
    void invalidTaskCountIsAnError() throws Exception {
        assertThatThrownBy(() -> CommandLine.parse(List.of("-n", "zero", "true"), PLUGINS).ntasks())
                .hasMessage("invalid number of tasks (-n zero)");
    }

    @Test
    void verbosityIsCountedBeforeParsing() {
        assertThat(CommandLine.verbosity(List.of("-vv", "--verbose", "srun", "-v"))).isEqualTo(3);
    }

    @Test
    void heterogeneousJobSyntaxIsRefusedClearly() {
        assertThatThrownBy(() -> CommandLine.parse(List.of("-n1", ":", "-n1", "true"), PLUGINS))
                .hasMessageContaining("heterogeneous jobs");
    }
}
