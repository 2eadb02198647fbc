package io.plugstack.runtime.bench.internal;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.api.spank.SpankCallback;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.runtime.spank.SpankStacks;
import io.plugstack.runtime.spank.options.OptionForwarding;
import io.plugstack.runtime.spank.options.StackOptions;
import io.plugstack.runtime.spank.stack.CallResult;
import io.plugstack.runtime.spank.stack.JobFacts;
import io.plugstack.runtime.spank.stack.SpankHandle;
import io.plugstack.runtime.spank.stack.SpankStack;

/**
 * The simulated slurmd. Its slurmd-context stack is loaded once at start (init) and kept, with the
 * plugins' state, until the daemon stops (slurmd_exit): deploying a new plugin version or editing
 * plugstack.conf changes nothing here until {@link #restart()} (SPANK-10). Prolog and epilog get a
 * fresh job_script stack every run — fresh class spaces included — and only if, at slurmd start,
 * some plugin defined job_prolog/job_epilog.
 */
final class SlurmdDaemon {

    private final SpankStacks stacks;
    private final SlurmVersion release;
    private final Controller controller;
    private final SlurmLog log;
    private SpankStack stack;
    private SpankHandle handle;
    private boolean runsPrologEpilog;

    SlurmdDaemon(SpankStacks stacks, SlurmVersion release, Controller controller, PrintStream log) {
        this.stacks = stacks;
        this.release = release;
        this.controller = controller;
        this.log = SlurmLog.lines("slurmd", log, 0);
    }

    synchronized void start() {
        StackOptions opts = new StackOptions(SpankContext.SLURMD, log, Map.of(), Set.of());
        SpankStack.Build b = stacks.open(SpankContext.SLURMD, opts, log);
        controller.slurmdStarted();
        if (!b.ok()) {
            log.error("spank: " + b.failure());
            controller.drain("spank: plugin stack failed to load in slurmd");
            return;
        }
        stack = b.stack();
        handle = new SpankHandle(SpankContext.SLURMD, release, log, opts);
        CallResult r = stack.call(SpankCallback.INIT, handle);
        if (!r.ok()) {
            controller.drain("spank: slurmd init failed with rc=" + r.rc());
        }
        SpankStack.Build probe = stacks.open(SpankContext.JOB_SCRIPT,
                new StackOptions(SpankContext.JOB_SCRIPT, SlurmLog.QUIET, Map.of(), Set.of()), SlurmLog.QUIET);
        runsPrologEpilog = probe.ok()
                && (probe.stack().defines(SpankCallback.JOB_PROLOG) || probe.stack().defines(SpankCallback.JOB_EPILOG));
        if (probe.ok()) {
            probe.stack().close();
        }
    }

    synchronized void stop() {
        if (stack != null) {
            stack.call(SpankCallback.SLURMD_EXIT, handle);
            stack.close();
            stack = null;
        }
    }

    synchronized void restart() {
        stop();
        start();
    }

    /** The slurmd-context plugins currently loaded (for the shell and tests). */
    synchronized List<String> loadedPlugins() {
        return stack == null ? List.of() : stack.plugins().stream().map(p -> p.label()).toList();
    }

    /** Runs the SPANK prolog (or epilog) for {@code job}; false when a required plugin failed it. */
    boolean jobScript(Job job, SpankCallback callback) {
        synchronized (this) {
            if (!runsPrologEpilog) {
                return true;
            }
        }
        Map<String, String> env = scriptEnvironment(job);
        StackOptions opts = new StackOptions(SpankContext.JOB_SCRIPT, log, env, Set.of());
        SpankStack.Build b = stacks.open(SpankContext.JOB_SCRIPT, job.plugstack, opts, log);
        if (!b.ok()) {
            log.error("spank: " + b.failure());
            return false;
        }
        try (SpankStack s = b.stack()) {
            SpankHandle h = new SpankHandle(SpankContext.JOB_SCRIPT, release, log, opts, env, new LinkedHashMap<>(job.jobControlEnv));
            h.job(new JobFacts(job.uid, job.gid, job.id, 0, 1, 0, 0, 0, 0, List.of(), List.of(), 0, "", 0, "", 0,
                    job.restarts, 0, JobFacts.NOT_AN_ARRAY_TASK, false, List.of()));
            return s.call(callback, h).ok();
        }
    }

    /** The prolog/epilog environment: the job control env with the SPANK_ prefix (SPANK-50/51). */
    static Map<String, String> scriptEnvironment(Job job) {
        Map<String, String> env = new LinkedHashMap<>(OptionForwarding.prologEnvironment(job.jobControlEnv));
        env.put("SLURM_JOB_ID", String.valueOf(job.id));
        env.put("SLURM_JOB_UID", String.valueOf(job.uid));
        env.put("SLURM_JOB_GID", String.valueOf(job.gid));
        return env;
    }

}
