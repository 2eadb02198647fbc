package io.plugstack.itest;

import java.util.List;

/**
 * --begin values, the same for the bench (JobLaunchIT) and a real Slurm 22.05 (RealSlurmClusterIT), so the
 * bench's parse_time cannot drift from Slurm's: the accepted ones submit (held, `--parsable` prints the id
 * alone), the refused ones fail with Slurm's line.
 */
public final class BeginTimes {

    private BeginTimes() {
    }

    public static final List<String> ACCEPTED = List.of("now+1hour", "now+90", "tomorrow", "16:00", "noon", "teatime", "tomorrow 10:00",
            "2030-01-01T10:00", "12/24");
    public static final List<String> REFUSED = List.of("now+1h", "25:00", "soon", "13:00pm");
    /** What sbatch prints for a refused one. */
    public static final String REFUSAL = "sbatch: error: Invalid --begin specification";
}
