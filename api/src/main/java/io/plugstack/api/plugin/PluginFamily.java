package io.plugstack.api.plugin;

import java.util.Optional;

/**
 * The plugin families Plugstack hosts: the major part of {@code plugin_type}. A family also says
 * how strictly a plugin's {@code plugin_version} must match the host's release (spec PLUG-3).
 */
public enum PluginFamily {
    /** SPANK: plugin_type is exactly "spank"; major.minor must match, micro is ignored. */
    SPANK("spank", false, SlurmVersion.Match.MAJOR_MINOR, "io.plugstack.api.spank.SpankPlugin",
            "srun, sbatch, salloc, slurmstepd and slurmd"),
    /** job_submit/&lt;minor&gt; in slurmctld; major.minor.micro must match. */
    JOB_SUBMIT("job_submit", true, SlurmVersion.Match.MAJOR_MINOR_MICRO, "io.plugstack.api.jobsubmit.JobSubmitPlugin", null),
    /** cli_filter/&lt;minor&gt; in srun, sbatch, salloc; major.minor.micro must match. */
    CLI_FILTER("cli_filter", true, SlurmVersion.Match.MAJOR_MINOR_MICRO, "io.plugstack.api.clifilter.CliFilterPlugin",
            "srun, sbatch and salloc");

    private final String major;
    private final boolean minorRequired;
    private final SlurmVersion.Match versionMatch;
    private final String serviceInterface;
    private final String ownProcesses;

    PluginFamily(String major, boolean minorRequired, SlurmVersion.Match versionMatch, String serviceInterface, String ownProcesses) {
        this.major = major;
        this.minorRequired = minorRequired;
        this.versionMatch = versionMatch;
        this.serviceInterface = serviceInterface;
        this.ownProcesses = ownProcesses;
    }

    /**
     * Whether every session needs its own plugin instance. Slurm loads a SPANK or cli_filter plugin into
     * each srun, sbatch, salloc, slurmstepd (and slurmd) process, so its globals are that process's alone;
     * a job_submit plugin is loaded once, in slurmctld. A plugin of such a family must register a
     * prototype-scoped service ({@code @Component(scope = ServiceScope.PROTOTYPE)}): the runtime refuses
     * any other, since one instance would carry one user's state into another user's session.
     *
     * @return true for SPANK and cli_filter
     */
    public boolean instancePerSession() {
        return ownProcesses != null;
    }

    /**
     * {@return the Slurm processes that each load their own copy of this family's plugins, in words (empty
     * for job_submit)}
     */
    public String ownProcesses() {
        return ownProcesses == null ? "" : ownProcesses;
    }

    /**
     * The OSGi service interface (objectClass) plugins of this family register; a name, not a
     * class, so code outside the framework (the resolver hook) can match it in manifests.
     *
     * @return the interface's fully qualified name
     */
    public String serviceInterface() {
        return serviceInterface;
    }

    /**
     * The family whose plugins register {@code objectClass}.
     *
     * @param objectClass a service interface name
     * @return the family, or empty when it is no plugin interface
     */
    public static Optional<PluginFamily> ofServiceInterface(String objectClass) {
        for (PluginFamily f : values()) {
            if (f.serviceInterface.equals(objectClass)) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }

    /** {@return the major type string, e.g. "job_submit"} */
    public String major() {
        return major;
    }

    /** {@return whether plugin_type must carry a "/minor" part (typed plugins) or must not (SPANK)} */
    public boolean minorRequired() {
        return minorRequired;
    }

    /**
     * The framework property that limits one call of this family's plugins, in milliseconds (0: none):
     * {@code plugstack.spank.call.timeout.ms}, {@code plugstack.jobsubmit.call.timeout.ms},
     * {@code plugstack.clifilter.call.timeout.ms}. Java plugins and Lua scripts alike.
     *
     * @return the property's name
     */
    public String callTimeoutProperty() {
        return "plugstack." + major.replace("_", "") + ".call.timeout.ms";
    }

    /**
     * {@return its default: SPANK 8000 (below the bridge's own timeout= of 10 s), job_submit and cli_filter 2000 (the
     * Lua shims')}
     */
    public long defaultCallTimeoutMs() {
        return this == SPANK ? 8000 : 2000;
    }

    /** {@return the part of the version that must equal the host's release} */
    public SlurmVersion.Match versionMatch() {
        return versionMatch;
    }

    /**
     * The family whose major type is {@code major}.
     *
     * @param major the part of plugin_type before "/"
     * @return the family, or empty for another major type
     */
    public static Optional<PluginFamily> ofMajor(String major) {
        for (PluginFamily f : values()) {
            if (f.major.equals(major)) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }
}
