package io.plugstack.runtime.bench.controller;

import java.util.List;
import java.util.Map;

import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.runtime.spank.conf.PlugstackConf;

/**
 * What a client command sends slurmctld to create a job: its components (one, or a heterogeneous
 * job's, leader first) as sbatch/srun/salloc filled them, the command, the plugstack.conf its launch
 * read, and the job control environment its SPANK plugins built.
 */
public record SubmitRequest(List<JobDescriptor> components, String command, PlugstackConf.Result plugstack,
        Map<String, String> jobControlEnv) {

    public SubmitRequest {
        components = List.copyOf(components);
        jobControlEnv = Map.copyOf(jobControlEnv);
    }

    /**
     * slurmctld's answer: the jobs (leader first) when every component was accepted, else none and the
     * refusing rc; the plugins' user messages, "N: "-prefixed per component of a heterogeneous job (on a
     * refusal, those of the refused component).
     */
    public record Answer(List<Job> jobs, int rc, List<String> messages) {
        public boolean ok() {
            return rc == 0;
        }
    }
}
