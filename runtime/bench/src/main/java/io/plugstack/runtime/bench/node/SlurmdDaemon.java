package io.plugstack.runtime.bench.node;

import io.plugstack.runtime.bench.controller.Controller;
import io.plugstack.runtime.bench.controller.Job;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.api.spank.SpankCallback;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.runtime.spank.SpankSequence;
import io.plugstack.runtime.spank.SpankSession;
import io.plugstack.runtime.spank.SpankStacks;
import io.plugstack.runtime.spank.JobControlEnvironment;
import io.plugstack.runtime.spank.CallResult;
import io.plugstack.runtime.spank.JobFacts;

/**
 * The simulated slurmd. Its slurmd-context stack is loaded once at start (init) and kept, with the
 * plugins' state, until the daemon stops (slurmd_exit): deploying a new plugin version or editing
 * plugstack.conf changes nothing here until {@link #restart()} (SPANK-10). Prolog and epilog get a
 * fresh job_script stack every run — fresh class spaces included — and only if, at slurmd start,
 * some plugin defined job_prolog/job_epilog.
 */
public final class SlurmdDaemon {

    private final SpankStacks stacks;
    private final SlurmVersion release;
    private final Controller controller;
    private final SlurmLog log;
    /** Where slurmd's log goes: the SPANK prolog and epilog write there as the slurmstepd helper Slurm runs for them. */
    private final PrintStream logStream;
    private SpankSession session;
    private boolean runsPrologEpilog;

    public SlurmdDaemon(SpankStacks stacks, SlurmVersion release, Controller controller, PrintStream log) {
        this.stacks = stacks;
        this.release = release;
        this.controller = controller;
        this.log = SlurmLog.lines("slurmd", log, 0);
        this.logStream = log;
    }

    public synchronized void start() {
        SpankSession.Opened b = stacks.session(SpankContext.SLURMD, SpankSession.Setup.slurmd(), release, log);
        controller.slurmdStarted();
        if (!b.ok()) {
            log.error("spank: " + b.failure());
            controller.drain("spank: plugin stack failed to load in slurmd");
            return;
        }
        session = b.session();
        CallResult r = session.init();
        if (!r.ok()) {
            controller.drain("spank: slurmd init failed with rc=" + r.rc());
        }
        SpankSession.Opened probe = stacks.session(SpankContext.JOB_SCRIPT, SpankSession.Setup.jobScript(Map.of(), Map.of()),
                release, SlurmLog.QUIET);
        if (probe.ok()) {
            try (SpankSession p = probe.session()) {
                runsPrologEpilog = p.defines(SpankCallback.JOB_PROLOG) || p.defines(SpankCallback.JOB_EPILOG);
            }
        } else {
            runsPrologEpilog = false;
        }
    }

    public synchronized void stop() {
        if (session != null) {
            session.slurmdExit();
            session.close();
            session = null;
        }
    }

    public synchronized void restart() {
        stop();
        start();
    }

    /** slurmd's log (the runtime's console). */
    public SlurmLog log() {
        return log;
    }

    /** The slurmd-context plugins currently loaded (for the shell and tests). */
    public synchronized List<String> loadedPlugins() {
        return session == null ? List.of() : session.plugins();
    }

    /** Runs the SPANK prolog (or epilog) for {@code job}; false when a required plugin failed it. */
    public boolean jobScript(Job job, SpankCallback callback) {
        synchronized (this) {
            if (!runsPrologEpilog) {
                return true;
            }
        }
        Map<String, String> env = scriptEnvironment(job);
        // slurmd runs "slurmstepd spank prolog|epilog" for them: its lines are slurmstepd's (as the test kit names them)
        SlurmLog helper = SlurmLog.lines(SpankSequence.Process.calling(SpankContext.JOB_SCRIPT, callback).orElseThrow().slurmName(),
                logStream, 0);
        SpankSession.Opened b = stacks.session(SpankContext.JOB_SCRIPT, job.plugstack(),
                SpankSession.Setup.jobScript(env, job.jobControlEnv), release, helper);
        if (!b.ok()) {
            helper.error("spank: " + b.failure());
            return false;
        }
        try (SpankSession s = b.session()) {
            s.job(JobFacts.job(job.uid, job.gid, job.id).restartCount(job.restarts()).build());
            return (callback == SpankCallback.JOB_PROLOG ? s.jobProlog() : s.jobEpilog()).ok();
        }
    }

    /** The prolog/epilog environment: the job control env with the SPANK_ prefix (SPANK-50/51). */
    public static Map<String, String> scriptEnvironment(Job job) {
        Map<String, String> env = new LinkedHashMap<>(JobControlEnvironment.forPrologEpilog(job.jobControlEnv));
        env.put("SLURM_JOB_ID", String.valueOf(job.id));
        env.put("SLURM_JOB_UID", String.valueOf(job.uid));
        env.put("SLURM_JOB_GID", String.valueOf(job.gid));
        return env;
    }

}
