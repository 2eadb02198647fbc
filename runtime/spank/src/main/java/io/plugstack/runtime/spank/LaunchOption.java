package io.plugstack.runtime.spank;

import java.util.Objects;

/**
 * One entry of the job-launch options list ({@code struct job_option_info}): srun sends one per found
 * plugin option (SPANK-37a).
 *
 * @param type   the entry type; plugin options are {@link #SPANK_TYPE}, other types are skipped
 * @param option {@code <option>:<plugin_name>}
 * @param optarg the argument, null when there is none
 */
public record LaunchOption(int type, String option, String optarg) {

    /** {@code OPT_TYPE_SPANK}. */
    public static final int SPANK_TYPE = 0x4400;

    public LaunchOption {
        Objects.requireNonNull(option, "option");
    }

    /** A plugin-option entry. */
    public static LaunchOption spank(String option, String optarg) {
        return new LaunchOption(SPANK_TYPE, option, optarg);
    }
}
