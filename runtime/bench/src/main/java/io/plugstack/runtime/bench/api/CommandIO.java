package io.plugstack.runtime.bench.api;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Map;

import io.plugstack.api.user.OnBehalfOf;

/**
 * Where a command prints, what it starts from and whose it is, as a user's shell would give it.
 *
 * @param out     the command's stdout (task output of srun goes here too)
 * @param err     the command's stderr ("srun: error: ...")
 * @param env     the environment the command runs in (SLURM_SPANK__... option variables included)
 * @param workdir the directory it runs in (sbatch writes slurm-&lt;jobid&gt;.out there; tasks start there)
 * @param user    who runs it: the job's user_id/group_id, job_submit's submit_uid, cli_filter's uid, the
 *                tasks' user. Only ever the runtime's own user (the console) or a socket peer's by SO_PEERCRED
 * @param interrupts the Ctrl-C presses of its terminal (srun acts on them as Slurm's srun does)
 */
public record CommandIO(PrintStream out, PrintStream err, Map<String, String> env, Path workdir, OnBehalfOf user,
        Interrupts interrupts) {
    public CommandIO {
        env = Map.copyOf(env);
        java.util.Objects.requireNonNull(user, "user");
        java.util.Objects.requireNonNull(interrupts, "interrupts");
    }

    /** A command of the runtime's own user that no terminal interrupts (a test's, a script's). */
    public CommandIO(PrintStream out, PrintStream err, Map<String, String> env, Path workdir) {
        this(out, err, env, workdir, OnBehalfOf.thisProcess(), new Interrupts());
    }

    /** A command of {@code user} whose client sends no interrupts. */
    public CommandIO(PrintStream out, PrintStream err, Map<String, String> env, Path workdir, OnBehalfOf user) {
        this(out, err, env, workdir, user, new Interrupts());
    }

    /** A command of the runtime's own user typed at its console, whose Ctrl-C presses are {@code interrupts}. */
    public CommandIO(PrintStream out, PrintStream err, Map<String, String> env, Path workdir, Interrupts interrupts) {
        this(out, err, env, workdir, OnBehalfOf.thisProcess(), interrupts);
    }
}
