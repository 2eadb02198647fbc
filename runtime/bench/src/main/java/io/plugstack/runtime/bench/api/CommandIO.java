package io.plugstack.runtime.bench.api;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Map;

/**
 * Where a command prints and what it starts from, as a user's shell would give it.
 *
 * @param out     the command's stdout (task output of srun goes here too)
 * @param err     the command's stderr ("srun: error: ...")
 * @param env     the environment the command runs in (SLURM_SPANK__... option variables included)
 * @param workdir the directory it runs in (sbatch writes slurm-&lt;jobid&gt;.out there)
 * @param interrupts the Ctrl-C presses of its terminal (srun acts on them as Slurm's srun does)
 */
public record CommandIO(PrintStream out, PrintStream err, Map<String, String> env, Path workdir, Interrupts interrupts) {
    public CommandIO {
        env = Map.copyOf(env);
    }

    /** A command no terminal interrupts (a script's, the command socket's). */
    public CommandIO(PrintStream out, PrintStream err, Map<String, String> env, Path workdir) {
        this(out, err, env, workdir, new Interrupts());
    }
}
