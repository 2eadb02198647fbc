package io.plugstack.runtime.spank;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.osgi.framework.Version;

import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.api.spank.SpankContext;

/**
 * One set of SPANK plugin versions per job: the versions the submitting command's stack chose
 * (srun's local, sbatch's and salloc's allocator context), carried with the job so that every later
 * stack of that job — its steps' slurmstepd on every node, a nested srun, its prolog and epilog —
 * runs the same versions, whatever upgrade, rollback or pin happens meanwhile and whatever each
 * node's runtime would choose today.
 * <p>
 * They travel as the job control environment entry {@value #JOB_CONTROL_NAME}
 * ({@code symbolic-name@version,...}), which Slurm itself hands on: sbatch and salloc export it into
 * the job as {@value #JOB_ENV_NAME}, a nested srun re-imports that, Prolog/Epilog see
 * {@value #PROLOG_ENV_NAME}; srun sets {@value #JOB_ENV_NAME} in its own environment too, which its
 * step inherits (Slurm gives a plain srun's job control environment to Prolog/Epilog only).
 * <p>
 * The carried versions choose among the versions deployed on the node and pass over the admin's
 * pins: to stop a version for running jobs too, undeploy it. The variables are in the user's
 * environment, as every SLURM_SPANK_ variable is, so they are sealed by the node daemon that chose
 * them ({@link JobVersionsSeal}): a set a user wrote, or changed, is not believed. A version a job
 * carries that this node lacks gets the node's own choice, never a failure.
 */
public record JobPluginVersions(Map<String, String> bySymbolicName) {

    /** The job control environment entry (spank_job_control_setenv). */
    public static final String JOB_CONTROL_NAME = "PLUGSTACK_VERSIONS";
    /** The entry as the job's processes see it (and srun's own environment). */
    public static final String JOB_ENV_NAME = "SLURM_SPANK_" + JOB_CONTROL_NAME;
    /** The entry as Prolog/Epilog (the job_script context) see it. */
    public static final String PROLOG_ENV_NAME = "SPANK_" + JOB_CONTROL_NAME;

    public static final JobPluginVersions NONE = new JobPluginVersions(Map.of());

    public JobPluginVersions {
        bySymbolicName = Map.copyOf(bySymbolicName);
    }

    /**
     * Where a stack of {@code context} finds the versions its job carries: in a step (remote) and in
     * srun (local: a step of an existing job when it carries them) the job's environment, in
     * Prolog/Epilog theirs. sbatch and salloc always start a new job, slurmd serves no job.
     */
    public static Optional<String> carrier(SpankContext context) {
        return switch (context) {
            case LOCAL, REMOTE -> Optional.of(JOB_ENV_NAME);
            case JOB_SCRIPT -> Optional.of(PROLOG_ENV_NAME);
            default -> Optional.empty();
        };
    }

    /** Whether a stack of {@code context} chooses the versions for its job (the submitting commands). */
    public static boolean choosesFor(SpankContext context) {
        return context == SpankContext.LOCAL || context == SpankContext.ALLOCATOR;
    }

    /**
     * The versions {@code environment} carries for a stack of {@code context}, when {@code seal} believes them
     * (a node daemon chose them: {@link JobVersionsSeal}); else none, with one line saying why, and the stack
     * gets the node's own choice. Malformed entries are logged and skipped.
     */
    public static JobPluginVersions carried(SpankContext context, Map<String, String> environment, JobVersionsSeal seal, SlurmLog log) {
        return sealed(context, environment, seal, log).versions();
    }

    /** The versions a job carries, and when the daemon that chose them sealed them (null: none carried). */
    public record Carried(JobPluginVersions versions, java.time.Instant sealedAt) {
    }

    /**
     * As {@link #carried}, with the time of the seal: a stack that seals them again (a nested srun) keeps it, so
     * carrying a set on never makes it younger. An srun outside any allocation (no SLURM_JOB_ID) starts a new
     * job: whatever its environment carries is another job's, and is not believed.
     */
    public static Carried sealed(SpankContext context, Map<String, String> environment, JobVersionsSeal seal, SlurmLog log) {
        Optional<String> name = carrier(context);
        String value = name.map(environment::get).orElse(null);
        if (value == null) {
            return new Carried(NONE, null);
        }
        if (context == SpankContext.LOCAL && environment.get("SLURM_JOB_ID") == null && environment.get("SLURM_JOBID") == null) {
            log.info("spank: " + name.get() + " ignored: srun starts a new job here (no SLURM_JOB_ID); the node's own choice runs");
            return new Carried(NONE, null);
        }
        JobVersionsSeal.Opened opened = seal.open(value, java.time.Instant.now());
        if (opened.set().isEmpty()) {
            log.info("spank: " + name.get() + " ignored: " + opened.whyNot() + "; the node's own choice runs");
            return new Carried(NONE, null);
        }
        return new Carried(parse(name.get(), opened.set().get(), log), opened.sealedAt());
    }

    /** {@code name=value}'s versions ({@code symbolic-name@version,...}); a malformed entry is logged naming {@code name} and skipped. */
    static JobPluginVersions parse(String name, String value, SlurmLog log) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String entry : value.split(",")) {
            if (entry.isBlank()) {
                continue;
            }
            int at = entry.lastIndexOf('@');
            String bsn = at > 0 ? entry.substring(0, at).trim() : "";
            String version = at > 0 ? entry.substring(at + 1).trim() : "";
            try {
                if (bsn.isEmpty() || version.isEmpty()) {
                    throw new IllegalArgumentException("not symbolic-name@version");
                }
                m.put(bsn, Version.parseVersion(version).toString());
            } catch (IllegalArgumentException e) {
                log.error("spank: " + name + ": \"" + entry.trim() + "\" ignored: " + e.getMessage());
            }
        }
        return new JobPluginVersions(m);
    }

    /** The version of {@code symbolicName} the job runs, if it names one. */
    public Optional<String> of(String symbolicName) {
        return Optional.ofNullable(bySymbolicName.get(symbolicName));
    }

    /** These versions, with {@code chosen}'s added or replaced. */
    public JobPluginVersions with(Map<String, String> chosen) {
        Map<String, String> m = new LinkedHashMap<>(bySymbolicName);
        m.putAll(chosen);
        return new JobPluginVersions(m);
    }

    public boolean isEmpty() {
        return bySymbolicName.isEmpty();
    }

    /** As the job carries it: {@code symbolic-name@version,...}, sorted by name. */
    public String format() {
        List<String> entries = new ArrayList<>();
        bySymbolicName.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(e -> entries.add(e.getKey() + "@" + e.getValue()));
        return String.join(",", entries);
    }
}
