package io.plugstack.testkit.jobsubmit;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.jobsubmit.JobRecord;
import io.plugstack.api.jobsubmit.JobSubmitPlugin;
import io.plugstack.api.plugin.PluginFamily;
import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.runtime.host.catalog.FixedCatalog;
import io.plugstack.runtime.jobsubmit.JobSubmitChain;

/**
 * Submits a job (or a modification) through slurmctld's job_submit chain with one plugin in it: the runtime's
 * own chain (runtime/job-submit), as {@code JobSubmitPlugins=<name>} makes it, so what the request goes
 * through is what the controller does: site_factor reset and the USE_DEFAULT_* bits set before the plugin
 * runs, one user-message slot, a thrown exception or an unknown rc contained and reported.
 *
 * <pre>{@code
 * JobDescriptor job = new JobDescriptor();
 * job.setNumber(JobDescField.USER_ID, 1000);
 * JobSubmission s = JobSubmitRunner.of(new RequireProjectPlugin()).submit(job);
 * assertFalse(s.ok());
 * assertEquals(List.of("sbatch: error: set --account", "sbatch: error: Batch job submission failed: Invalid account"),
 *         s.printed());
 * }</pre>
 *
 * <p>The plugin's generic {@code init()} runs once before its first request, as the plugin catalog runs it;
 * an init that fails would keep slurmctld from starting, so it is an {@link IllegalStateException} here.
 */
public final class JobSubmitRunner {

    private final JobSubmitPlugin plugin;
    private String name;
    private boolean initialised;

    private JobSubmitRunner(JobSubmitPlugin plugin) {
        this.plugin = Objects.requireNonNull(plugin, "plugin");
        String simple = plugin.getClass().getSimpleName().toLowerCase(Locale.ROOT);
        String stripped = simple.endsWith("plugin") ? simple.substring(0, simple.length() - "plugin".length()) : simple;
        this.name = stripped.isEmpty() ? "plugin" : stripped;
    }

    /**
     * A chain of {@code plugin} alone. Its name ({@code job_submit/<name>} in messages) is the class's simple
     * name in lower case without a trailing "plugin" unless {@link #name(String)} says otherwise.
     *
     * @param plugin the plugin under test
     * @return the runner
     */
    public static JobSubmitRunner of(JobSubmitPlugin plugin) {
        return new JobSubmitRunner(plugin);
    }

    /**
     * The plugin's name, as JobSubmitPlugins= lists it.
     *
     * @param pluginName e.g. {@code "require_project"}
     * @return this runner
     */
    public JobSubmitRunner name(String pluginName) {
        if (pluginName == null || !pluginName.matches("[A-Za-z0-9_.-]+")) {
            throw new IllegalArgumentException("plugin name \"" + pluginName + "\" may hold only letters, digits, '_', '-' and '.'");
        }
        this.name = pluginName;
        return this;
    }

    /**
     * sbatch submits {@code desc}, by its own user ({@code desc.userId()}).
     *
     * @param desc the request; the plugin's changes are made to it
     * @return what the chain answered and what sbatch prints
     */
    public JobSubmission submit(JobDescriptor desc) {
        return submit(desc, desc.userId());
    }

    /**
     * sbatch submits {@code desc} as {@code submitUid} (the job_submit hook's {@code submit_uid}).
     *
     * @param desc      the request; the plugin's changes are made to it
     * @param submitUid who submits
     * @return what the chain answered and what sbatch prints
     */
    public JobSubmission submit(JobDescriptor desc, long submitUid) {
        List<String> log = new ArrayList<>();
        JobSubmitChain.Result r = chain(log).submit(desc, submitUid);
        return new JobSubmission(r.rc(), lines(r), r.decidedBy(), log, JobSubmission.Command.SBATCH, 0);
    }

    /**
     * {@code scontrol update job} by {@code uid} changes job {@code current} as {@code desc} says.
     *
     * @param desc    the changes; the plugin's changes are made to it
     * @param current the job as it is
     * @param uid     who updates
     * @return what the chain answered and what scontrol prints
     */
    public JobSubmission modify(JobDescriptor desc, JobRecord current, long uid) {
        List<String> log = new ArrayList<>();
        JobSubmitChain.Result r = chain(log).modify(desc, current, uid);
        return new JobSubmission(r.rc(), lines(r), r.decidedBy(), log, JobSubmission.Command.SCONTROL_UPDATE,
                current == null ? 0 : current.jobId());
    }

    private JobSubmitChain chain(List<String> log) {
        if (!initialised) {
            int rc = plugin.init();
            if (rc != 0) {
                throw new IllegalStateException("job_submit/" + name + ": init() returned " + rc
                        + ": slurmctld would not start (cannot create job_submit context)");
            }
            initialised = true;
        }
        SlurmLog slurmctld = (level, message) -> {
            String line = SlurmLog.line("slurmctld", 4, level, message);
            if (line != null) {
                log.add(line);
            }
        };
        return JobSubmitChain.over(new FixedCatalog(PluginFamily.JOB_SUBMIT, Map.of(name, plugin)), () -> name, slurmctld);
    }

    private static List<String> lines(JobSubmitChain.Result r) {
        return r.message().map(m -> List.of(m.split("\n"))).orElse(List.of());
    }
}
