package io.plugstack.runtime.bench.client;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import io.plugstack.runtime.clifilter.CliFilterChain;
import io.plugstack.runtime.bench.options.JobOptions;
import io.plugstack.runtime.bench.options.ScriptDirectives;
import io.plugstack.runtime.bench.options.SubmitOption;
import io.plugstack.api.slurm.SlurmCommand;

/**
 * The order a command fills its option set in (CLI-3): cli_filter setup_defaults (sbatch: an early
 * pass, then the main one; srun inside an allocation skips it), then sbatch's #SBATCH lines, then
 * the input environment (SBATCH_*, SALLOC_*, SLURM_*), then the command line — later ones win.
 * Plugin options on #SBATCH lines go to the SPANK stack like command-line ones.
 */
final class OptionProcessing {
    private OptionProcessing() {
    }

    /** False after the error was printed: the command exits. */
    static boolean slurmOptions(ClientSession s) {
        boolean insideAllocation = s.command == SlurmCommand.SRUN && s.io.env().containsKey("SLURM_JOB_ID");
        if (!insideAllocation && s.command == SlurmCommand.SBATCH && !defaults(s, s.jobOptions, true)) {
            return false; // sbatch's early pass runs once, before the components
        }
        try {
            for (int offset = 0; offset < s.components.size(); offset++) {
                JobOptions options = s.componentOptions.get(offset);
                if (!insideAllocation && !defaults(s, options, false)) {
                    return false;
                }
                if (offset == 0 && s.command == SlurmCommand.SBATCH && !s.line().command.isEmpty()) {
                    for (CommandLine.Given g : directives(s)) {
                        options.put(g.option(), g.value());
                    }
                }
                for (SubmitOption o : SubmitOption.values()) {
                    for (String name : o.envVariables(options.command())) {
                        if (s.io.env().containsKey(name)) {
                            options.put(o, s.io.env().get(name));
                        }
                    }
                }
                for (CommandLine.Given g : s.components.get(offset).options) {
                    options.put(g.option(), g.value());
                }
                options.argv(positional(s));
            }
        } catch (IllegalArgumentException | CommandLine.BadOption e) {
            s.log.error(e.getMessage());
            return false;
        }
        return true;
    }

    /** What cli_filter sees as argv: sbatch's script as search_path found it (sbatch/opt.c), srun's program as typed. */
    private static List<String> positional(ClientSession s) {
        List<String> words = s.line().command;
        return s.command == SlurmCommand.SBATCH && !words.isEmpty() ? ClientDefaults.batchArgv(words, s.io.workdir(), s.io.env()) : words;
    }

    private static boolean defaults(ClientSession s, JobOptions options, boolean early) {
        options.earlyPass(early);
        int rc = s.cliFilter().setupDefaults(options, early);
        options.earlyPass(false);
        if (rc != 0) {
            s.log.error(CliFilterChain.TERMINATED);
            return false;
        }
        return true;
    }

    /** The #SBATCH options of the batch script (the first word of the command line). */
    private static List<CommandLine.Given> directives(ClientSession s) throws CommandLine.BadOption {
        Path script = s.io.workdir().resolve(s.line().command.get(0));
        String text;
        try {
            text = Sbatch.readScript(s, script);
        } catch (IOException e) {
            return List.of(); // sbatch reports the unreadable script itself
        }
        CommandLine d = CommandLine.parse(ScriptDirectives.words(text), new CommandLine.PluginOptions() {
            @Override
            public boolean knows(String name) {
                return s.options.knows(name);
            }

            @Override
            public int hasArg(String name) {
                return s.options.hasArg(name);
            }
        });
        if (!d.command.isEmpty()) {
            throw new CommandLine.BadOption("Invalid #SBATCH directive: " + String.join(" ", d.command));
        }
        s.line().pluginOptions.addAll(0, d.pluginOptions); // before the command line's: it wins
        return d.options;
    }
}
