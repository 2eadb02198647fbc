package io.plugstack.api.plugin;

/**
 * The Slurm release this API was built for: the equivalent of {@code SLURM_VERSION_NUMBER} in the
 * headers a C plugin compiles against. A plugin compiled against this API carries it in its
 * {@code Slurm-Plugin-Version} header (see {@link SlurmPlugin}).
 * Generated from the {@code slurm.release} property of the parent pom.
 */
public final class SlurmRelease {
    /** major.minor.micro of the emulated Slurm release. */
    public static final String BUILT_FOR = "${slurm.release}";
    /** The release series every shipped plugin declares in Slurm-Plugin-Releases (slurm.releases). */
    public static final String SHIPPED_SERIES = "${slurm.releases}";

    private SlurmRelease() {
    }
}
