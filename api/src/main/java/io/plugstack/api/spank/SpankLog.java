package io.plugstack.api.spank;

import java.util.Locale;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The logging functions Slurm exports to SPANK plugins (SPANK-H-19). The host adds Slurm's prefixes:
 * "error: " for {@link #error(String)}, none for {@link #spankLog(String)}. The formatting overloads use
 * {@link String#format} (Java's format syntax, not C's printf).
 */
@ProviderType
public interface SpankLog {

    /** slurm_info. */
    void info(String message);

    /** slurm_error: error level, printed with "error: ". */
    void error(String message);

    /** slurm_verbose. */
    void verbose(String message);

    /** slurm_debug. */
    void debug(String message);

    /** slurm_debug2. */
    void debug2(String message);

    /** slurm_debug3. */
    void debug3(String message);

    /** slurm_spank_log: error level without the "error: " prefix, the way to talk to the srun/sbatch user. */
    void spankLog(String message);

    default void info(String format, Object... args) {
        info(String.format(Locale.ROOT, format, args));
    }

    default void error(String format, Object... args) {
        error(String.format(Locale.ROOT, format, args));
    }

    default void verbose(String format, Object... args) {
        verbose(String.format(Locale.ROOT, format, args));
    }

    default void debug(String format, Object... args) {
        debug(String.format(Locale.ROOT, format, args));
    }

    default void debug2(String format, Object... args) {
        debug2(String.format(Locale.ROOT, format, args));
    }

    default void debug3(String format, Object... args) {
        debug3(String.format(Locale.ROOT, format, args));
    }

    default void spankLog(String format, Object... args) {
        spankLog(String.format(Locale.ROOT, format, args));
    }
}
