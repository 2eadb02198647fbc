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
 */
public record CommandIO(PrintStream out, PrintStream err, Map<String, String> env, Path workdir) {
    public CommandIO {
        env = Map.copyOf(env);
    }
}
