package io.plugstack.runtime.bench.client;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

import io.plugstack.runtime.bench.api.CommandIO;
import io.plugstack.runtime.bench.controller.Job;
import io.plugstack.runtime.bench.controller.JobState;
import io.plugstack.runtime.bench.node.JobEnd;
import io.plugstack.runtime.bench.node.Node;

/**
 * The jobs srun and salloc hold while their command runs, by the terminal (CommandIO) they run for:
 * when that terminal goes away (the client on the command socket died, was killed or interrupted),
 * the job is cancelled, as slurmctld ends a job whose srun is gone, instead of running on unseen.
 */
public final class Foreground {
    private final Map<CommandIO, Job> held = new IdentityHashMap<>();
    /** Terminals whose command runs now, and those of them that went away. */
    private final Set<CommandIO> running = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
    private final Set<CommandIO> hungUp = java.util.Collections.newSetFromMap(new IdentityHashMap<>());

    /**
     * Runs {@code command} for {@code io}'s terminal (srun, salloc: the whole command); while it holds a job
     * ({@link #hold}) a hang-up cancels that job. Nothing of io is kept afterwards.
     */
    <T> T command(CommandIO io, Supplier<T> command) {
        synchronized (this) {
            running.add(io);
        }
        try {
            return command.get();
        } finally {
            synchronized (this) {
                running.remove(io);
                held.remove(io);
                hungUp.remove(io);
            }
        }
    }

    /**
     * {@code job} is io's command's own from now on; when io's terminal is already gone, the job is
     * ended CANCELLED here and false is returned: the command stops.
     */
    boolean hold(Node node, CommandIO io, Job job) {
        synchronized (this) {
            if (!hungUp.contains(io)) {
                held.put(io, job);
                return true;
            }
        }
        JobEnd.end(node, job, JobState.CANCELLED, 0, "");
        return false;
    }

    /**
     * {@code io}'s terminal went away: the job its command holds is cancelled as its user would
     * (scancel's rules); a command still before its job learns it at {@link #hold}.
     */
    public void hangUp(Cluster c, CommandIO io, Executor background) {
        Optional<Job> job;
        synchronized (this) {
            if (!running.contains(io)) {
                return; // its command has ended (or never was srun or salloc): nothing to cancel
            }
            hungUp.add(io);
            job = Optional.ofNullable(held.get(io));
        }
        job.ifPresent(j -> Scancel.cancel(c, j.id, io.user().uid(), background));
    }
}
