package io.plugstack.runtime.bench.api;

import java.util.List;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The embedded job-launch bench: Slurm's client commands and a simulated slurmctld/slurmd on this
 * machine, driving the SPANK stacks in the order Slurm does, with real task processes.
 */
@ProviderType
public interface Bench {

    /** srun [options] command [args]: runs a step; returns the exit code srun would. */
    int srun(List<String> args, CommandIO io);

    /** sbatch [options] script [args]: submits a batch job; returns sbatch's exit code. */
    int sbatch(List<String> args, CommandIO io);

    /** salloc [options] [command [args]]: allocates, runs the command, releases. */
    int salloc(List<String> args, CommandIO io);

    /** scrontab [options] [file]: only init and exit run in allocator context. */
    int scrontab(List<String> args, CommandIO io);

    /**
     * scancel jobid...: the jobs end CANCELLED at once; a running one's processes are killed and its
     * epilog runs on the node. Only the owner or root may. Returns scancel's exit code.
     */
    int scancel(List<String> args, CommandIO io);

    /** squeue [options]: the controller's jobs in Slurm's layout; squeue's exit code. */
    int squeue(List<String> args, CommandIO io);

    /** sinfo [options]: the partitions and the node in Slurm's layout; sinfo's exit code. */
    int sinfo(List<String> args, CommandIO io);

    /**
     * scontrol show job|partition|node|config [name], update JobId=N Key=Value... (its owner or root),
     * update NodeName=node State=RESUME|DRAIN Reason=... and restart slurmd (root or the runtime's user,
     * Slurm's administrators here); scontrol's exit code.
     */
    int scontrol(List<String> args, CommandIO io);

    /**
     * The terminal of a running srun or salloc went away (its client died or was interrupted): the job
     * that command made for itself is cancelled as its user would (it ends CANCELLED, its processes are
     * killed, its epilog runs), as slurmctld ends a job whose srun is gone. A step in another job and a
     * batch job sbatch submitted are not the command's own and go on.
     */
    void hangUp(CommandIO io);

    /** The simulated node. */
    NodeView node();

    /** Waits until no job is pending or running (batch jobs run in the background), at most {@code millis}. */
    boolean awaitIdle(long millis) throws InterruptedException;
}
