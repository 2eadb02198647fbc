package io.plugstack.runtime.spank;

import java.util.Map;

import io.plugstack.runtime.spank.options.OptionForwarding;

/**
 * The job control environment (spank_job_control_setenv, SPANK-50) as it travels with a job: what a
 * nested srun imports, what the job's processes see, what Prolog/Epilog see.
 */
public final class JobControlEnvironment {
    private JobControlEnvironment() {
    }

    /** srun's init_spank_env: every {@code SLURM_SPANK_<name>=<value>} of the process becomes entry {@code <name>}. */
    public static Map<String, String> imported(Map<String, String> processEnv) {
        return OptionForwarding.importJobControlEnvironment(processEnv);
    }

    /** As the job's processes see it: {@code SLURM_SPANK_<name>=<value>}. */
    public static Map<String, String> forJob(Map<String, String> jobControlEnv) {
        return OptionForwarding.jobEnvironment(jobControlEnv);
    }

    /** As Prolog/Epilog and the job_script stack see it: {@code SPANK_} before every entry not already so named. */
    public static Map<String, String> forPrologEpilog(Map<String, String> jobControlEnv) {
        return OptionForwarding.prologEnvironment(jobControlEnv);
    }
}
