package io.plugstack.api.plugin;

/**
 * The Slurm release series a plugin was written for, first to last, both included: the value of
 * {@link PluginHeaders#RELEASES} ("22.05-25.11", or one series "25.11"). Only major.minor count: a
 * series holds every micro release of it.
 *
 * @param first the first series (micro ignored)
 * @param last  the last series (micro ignored)
 */
public record ReleaseSeries(SlurmVersion first, SlurmVersion last) {

    /**
     * A range of series; the micro parts are dropped.
     *
     * @param first the first series
     * @param last  the last series, not before the first
     * @throws IllegalArgumentException when the series are named backwards
     */
    public ReleaseSeries {
        first = new SlurmVersion(first.major(), first.minor(), 0);
        last = new SlurmVersion(last.major(), last.minor(), 0);
        if (first.compareTo(last) > 0) {
            throw new IllegalArgumentException("\"" + text(first, last) + "\" names its series backwards (e.g. 22.05-25.11)");
        }
    }

    /**
     * Parses "major.minor" or "major.minor-major.minor".
     *
     * @param text the header's value
     * @return the range
     * @throws IllegalArgumentException naming the text and the expected form
     */
    public static ReleaseSeries parse(String text) {
        String[] ends = text == null ? new String[0] : text.trim().split("-", -1);
        if (ends.length < 1 || ends.length > 2) {
            throw malformed(text);
        }
        return new ReleaseSeries(series(ends[0], text), series(ends[ends.length - 1], text));
    }

    private static SlurmVersion series(String end, String text) {
        String[] parts = end.trim().split("\\.", -1);
        if (parts.length != 2) {
            throw malformed(text);
        }
        try {
            return new SlurmVersion(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]), 0);
        } catch (IllegalArgumentException e) {
            throw malformed(text);
        }
    }

    private static IllegalArgumentException malformed(String text) {
        return new IllegalArgumentException("\"" + text + "\" is not a release series range major.minor-major.minor (e.g. 22.05-25.11)");
    }

    /**
     * Whether {@code release} belongs to one of the series.
     *
     * @param release a Slurm release
     * @return true when its major.minor lies in the range
     */
    public boolean contains(SlurmVersion release) {
        SlurmVersion series = new SlurmVersion(release.major(), release.minor(), 0);
        return series.compareTo(first) >= 0 && series.compareTo(last) <= 0;
    }

    private static String text(SlurmVersion first, SlurmVersion last) {
        return first.series() + "-" + last.series();
    }

    /** {@return as the header writes it: "22.05-25.11"} */
    @Override
    public String toString() {
        return first.equals(last) ? first.series() : text(first, last);
    }
}
