package io.plugstack.api.plugin;

/**
 * A Slurm release number, major.minor.micro, as encoded in {@code SLURM_VERSION_NUMBER}
 * (one byte each: 25.11.2 = 0x190B02).
 *
 * @param major the major release, e.g. 25
 * @param minor the minor release, e.g. 11
 * @param micro the micro release, e.g. 2
 */
public record SlurmVersion(int major, int minor, int micro) implements Comparable<SlurmVersion> {

    /** Which components must be equal for a plugin to load (plugin.c's version masks). */
    public enum Match {
        /** mask 0xFFFF00: SPANK plugins (plugin_type exactly "spank"). */
        MAJOR_MINOR(0xFFFF00),
        /** mask 0xFFFFFF: every other plugin type. */
        MAJOR_MINOR_MICRO(0xFFFFFF);

        private final int mask;

        Match(int mask) {
            this.mask = mask;
        }

        /** {@return the mask applied to both version numbers before comparing them} */
        public int mask() {
            return mask;
        }
    }

    /**
     * A release.
     *
     * @param major 0..255
     * @param minor 0..255
     * @param micro 0..255
     * @throws IllegalArgumentException for a part outside 0..255
     */
    public SlurmVersion {
        if (major < 0 || major > 255 || minor < 0 || minor > 255 || micro < 0 || micro > 255) {
            throw new IllegalArgumentException("version parts must be 0..255: " + major + "." + minor + "." + micro);
        }
    }

    /**
     * Parses "major.minor.micro" (each a decimal number 0..255).
     *
     * @param text e.g. "25.11.0"
     * @return the release
     * @throws IllegalArgumentException naming the text and the expected form
     */
    public static SlurmVersion parse(String text) {
        String[] parts = text == null ? new String[0] : text.trim().split("\\.", -1);
        if (parts.length != 3) {
            throw new IllegalArgumentException("\"" + text + "\" is not major.minor.micro (e.g. 25.11.0)");
        }
        try {
            return new SlurmVersion(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]), Integer.parseInt(parts[2]));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("\"" + text + "\" is not major.minor.micro (e.g. 25.11.0)");
        }
    }

    private static final java.util.regex.Pattern VERSION_STRING =
            java.util.regex.Pattern.compile("(\\d{1,3})\\.(\\d{1,3})(?:\\.(\\d{1,3})(?:-\\S+)?| \\(unstable[^)]*\\))");

    /**
     * Reads a release as a running Slurm writes {@code SLURM_VERSION_STRING} (what S_SLURM_VERSION,
     * {@code slurmd -V} and job_submit/plugstack's hello carry): "22.05.8"; a pre-release
     * "23.11.0-0rc1" (slurm.m4 appends "-RELEASE" when META's Release is not 1) is 23.11.0; an
     * unstable build's "23.11 (unstable svn build 202305021230)" is 23.11.0.
     *
     * @param text the version string, nothing before or after it
     * @return the release, or empty when the text is none of those forms
     */
    public static java.util.Optional<SlurmVersion> ofVersionString(String text) {
        java.util.regex.Matcher m = text == null ? null : VERSION_STRING.matcher(text.strip());
        if (m == null || !m.matches()) {
            return java.util.Optional.empty();
        }
        int major = Integer.parseInt(m.group(1));
        int minor = Integer.parseInt(m.group(2));
        int micro = m.group(3) == null ? 0 : Integer.parseInt(m.group(3));
        return major > 255 || minor > 255 || micro > 255 ? java.util.Optional.empty()
                : java.util.Optional.of(new SlurmVersion(major, minor, micro));
    }

    /** The framework property naming the Slurm release the runtime plays (etc/plugstack.properties). */
    public static final String RELEASE_PROPERTY = "plugstack.slurm.release";

    /**
     * The release the runtime plays: {@link #RELEASE_PROPERTY} from the framework properties, else the
     * release this API was built for. The launcher has checked the property before anything reads it.
     *
     * @param properties the framework properties
     * @return the release played
     */
    public static SlurmVersion running(java.util.function.Function<String, String> properties) {
        String text = properties.apply(RELEASE_PROPERTY);
        return text == null || text.isBlank() ? builtFor() : parse(text);
    }

    /** {@return the release this API was built for} */
    public static SlurmVersion builtFor() {
        return parse(SlurmRelease.BUILT_FOR);
    }

    /** {@return {@code SLURM_VERSION_NUMBER}: major&lt;&lt;16 | minor&lt;&lt;8 | micro} */
    public int number() {
        return major << 16 | minor << 8 | micro;
    }

    /**
     * Whether a plugin built for {@code plugin} may load into a host of this release.
     *
     * @param plugin the plugin's plugin_version
     * @param match  the parts that must be equal, by the plugin's family
     * @return true when the masked numbers are equal
     */
    public boolean accepts(SlurmVersion plugin, Match match) {
        return (number() & match.mask()) == (plugin.number() & match.mask());
    }

    @Override
    public int compareTo(SlurmVersion o) {
        return Integer.compare(number(), o.number());
    }

    /** {@return the release series, major.minor with two digits ("24.05"), as Slurm names its releases} */
    public String series() {
        return String.format("%d.%02d", major, minor);
    }

    /** {@return slurm's own rendering in load messages: minor with two digits ("24.05.1")} */
    public String toSlurmString() {
        return String.format("%d.%02d.%d", major, minor, micro);
    }

    /** As Slurm shows a release everywhere (SLURM_VERSION_STRING): "22.05.8", never "22.5.8". */
    @Override
    public String toString() {
        return toSlurmString();
    }
}
