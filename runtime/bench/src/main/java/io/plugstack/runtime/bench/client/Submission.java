package io.plugstack.runtime.bench.client;

import io.plugstack.runtime.bench.controller.AllocationEnvironment;
import io.plugstack.runtime.bench.controller.Job;
import io.plugstack.runtime.bench.controller.SubmitRequest;
import io.plugstack.api.user.UnixUsers;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.plugstack.api.jobsubmit.JobDescField;
import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.slurm.SlurmErrno;
import io.plugstack.runtime.bench.options.SubmitOption;

/**
 * A job request from a client command to the controller: the job_desc the command builds from its
 * options, the job_submit chain, the partition check, and the messages the command prints (JS-3:
 * the plugins' message on success at info level, on failure each line as an error followed by the
 * command's own failure line).
 */
final class Submission {
    private Submission() {
    }

    /** The request the command sends, from its option set and what it runs. */
    static JobDescriptor descriptor(ClientSession s, List<String> argv, String defaultName) {
        return descriptor(s, s.jobOptions, argv, defaultName);
    }

    /** One request per component of a heterogeneous job (het_job_offset set), or the one request. */
    static List<JobDescriptor> descriptors(ClientSession s, List<String> argv, String defaultName) {
        List<JobDescriptor> out = new java.util.ArrayList<>();
        for (int offset = 0; offset < s.componentOptions.size(); offset++) {
            JobDescriptor d = descriptor(s, s.componentOptions.get(offset), argv, defaultName);
            if (s.componentOptions.size() > 1) {
                d.setNumber(JobDescField.HET_JOB_OFFSET, offset);
            }
            out.add(d);
        }
        return out;
    }

    private static JobDescriptor descriptor(ClientSession s, io.plugstack.runtime.bench.options.JobOptions options,
            List<String> argv, String defaultName) {
        JobDescriptor d = new JobDescriptor();
        options.applyTo(d);
        d.setNumber(JobDescField.USER_ID, options.uid());
        d.setNumber(JobDescField.GROUP_ID, options.gid());
        d.setString(JobDescField.USER_NAME, UnixUsers.byUid(options.uid()).map(UnixUsers.Entry::name).orElse(null));
        if (d.name() == null) {
            d.setName(defaultName);
        }
        // the job's directory: -D (relative to here, as the commands take it), else where the command runs
        d.setWorkDir(d.workDir() == null ? s.io.workdir().toString() : s.io.workdir().resolve(d.workDir()).toString());
        d.setList(JobDescField.ARGV, argv);
        ClientDefaults.fill(d, options, ClientDefaults.host(thisHost()));
        return d;
    }

    /** sbatch: the batch script and the environment --export gives the job (default ALL). */
    static void batchScript(JobDescriptor d, ClientSession s, String script, Map<String, String> env) {
        if (d.script() == null) {
            d.setScript(script);
        }
        String export = s.jobOptions.value(SubmitOption.EXPORT).orElse("ALL");
        d.setList(JobDescField.ENVIRONMENT, Export.environment(export, env));
        ClientDefaults.batch(d);
    }

    /**
     * Submits; the job, or empty after printing the failure (the command then exits 1).
     *
     * @param failure the command's failure line: "Batch job submission failed", ...
     */
    static Optional<Job> submit(Cluster c, ClientSession s, JobDescriptor d, String failure) {
        return submitAll(c, s, List.of(d), failure).map(jobs -> jobs.get(0));
    }

    /**
     * Sends every component to the controller (one job, or a heterogeneous job's components) with the
     * job control environment the command's plugins built, and prints what the controller answered as
     * Slurm's commands do: the plugins' messages (as errors when refused, then "failure: strerror").
     */
    static Optional<List<Job>> submitAll(Cluster c, ClientSession s, List<JobDescriptor> ds, String failure) {
        SubmitRequest.Answer a = c.controller().submit(new SubmitRequest(ds, s.command.slurmName(), s.conf, s.spank.jobControlEnv()));
        if (!a.ok()) {
            a.messages().forEach(s.log::error);
            s.log.error(failure + ": " + SlurmErrno.strerror(a.rc()));
            return Optional.empty();
        }
        a.messages().forEach(s.log::info);
        return Optional.of(a.jobs());
    }

    /** What the job's allocation variables are made of: the job as the controller has it, where the command ran. */
    static AllocationEnvironment.Facts allocationFacts(Cluster c, ClientSession s, Job job) {
        return new AllocationEnvironment.Facts(c.controller().info(job.id).orElseThrow(), c.controller().nodeName(),
                c.controller().config().clusterName(), s.io.workdir().toString(), thisHost());
    }

    /** This machine's name, what SLURM_SUBMIT_HOST says. */
    private static String thisHost() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.net.UnknownHostException e) {
            return "localhost";
        }
    }

    static Path scriptPath(ClientSession s) {
        return s.io.workdir().resolve(s.line().command.get(0));
    }
}
