package io.plugstack.api.plugin;

import java.util.Optional;

/**
 * The plugin families Plugstack hosts: the major part of {@code plugin_type}. A family also says
 * how strictly a plugin's {@code plugin_version} must match the host's release (spec PLUG-3).
 */
public enum PluginFamily {
    /** SPANK: plugin_type is exactly "spank"; major.minor must match, micro is ignored. */
    SPANK("spank", false, SlurmVersion.Match.MAJOR_MINOR),
    /** job_submit/&lt;minor&gt; in slurmctld; major.minor.micro must match. */
    JOB_SUBMIT("job_submit", true, SlurmVersion.Match.MAJOR_MINOR_MICRO),
    /** cli_filter/&lt;minor&gt; in srun, sbatch, salloc; major.minor.micro must match. */
    CLI_FILTER("cli_filter", true, SlurmVersion.Match.MAJOR_MINOR_MICRO);

    private final String major;
    private final boolean minorRequired;
    private final SlurmVersion.Match versionMatch;

    PluginFamily(String major, boolean minorRequired, SlurmVersion.Match versionMatch) {
        this.major = major;
        this.minorRequired = minorRequired;
        this.versionMatch = versionMatch;
    }

    /** The major type string, e.g. "job_submit". */
    public String major() {
        return major;
    }

    /** Whether plugin_type must carry a "/minor" part (typed plugins) or must not (SPANK). */
    public boolean minorRequired() {
        return minorRequired;
    }

    /** The part of the version that must equal the host's release. */
    public SlurmVersion.Match versionMatch() {
        return versionMatch;
    }

    /** The family whose major type is {@code major}, if any. */
    public static Optional<PluginFamily> ofMajor(String major) {
        for (PluginFamily f : values()) {
            if (f.major.equals(major)) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }
}
