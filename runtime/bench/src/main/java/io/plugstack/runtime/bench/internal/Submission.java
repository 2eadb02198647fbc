package io.plugstack.runtime.bench.internal;

import io.plugstack.runtime.jobsubmit.JobSubmitChain;
import io.plugstack.api.user.UnixUsers;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.plugstack.api.jobsubmit.JobDescField;
import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.jobsubmit.Partition;
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
        if (d.workDir() == null) {
            d.setWorkDir(s.io.workdir().toString());
        }
        d.setList(JobDescField.ARGV, argv);
        return d;
    }

    /** sbatch: the batch script and the environment --export gives the job (default ALL). */
    static void batchScript(JobDescriptor d, ClientSession s, String script, Map<String, String> env) {
        if (d.script() == null) {
            d.setScript(script);
        }
        String export = s.jobOptions.value(SubmitOption.EXPORT).orElse("ALL");
        d.setList(JobDescField.ENVIRONMENT, Export.environment(export, env));
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
     * Submits every component: the chain runs once per component (JS-6); if any is refused none
     * is created. A heterogeneous job's messages are prefixed with the component ("1: ..."), and
     * its components become jobs under the leader's id.
     */
    static Optional<List<Job>> submitAll(Cluster c, ClientSession s, List<JobDescriptor> ds, String failure) {
        boolean het = ds.size() > 1;
        List<String> messages = new java.util.ArrayList<>();
        for (int offset = 0; offset < ds.size(); offset++) {
            JobDescriptor d = ds.get(offset);
            String prefix = het ? offset + ": " : "";
            int rules = CreateRequestRules.apply(d, d.userId());
            JobSubmitChain.Result r = rules != 0 ? new JobSubmitChain.Result(rules, Optional.empty(), "slurmctld")
                    : c.jobSubmit().submit(d, d.userId());
            int rc = r.ok() ? partitionCheck(c, d) : r.rc();
            if (rc != 0) {
                r.message().ifPresent(m -> m.lines().forEach(l -> s.log.error(prefix + l)));
                s.log.error(failure + ": " + SlurmErrno.strerror(rc));
                return Optional.empty();
            }
            r.message().ifPresent(m -> m.lines().forEach(l -> messages.add(prefix + l)));
        }
        messages.forEach(s.log::info);
        List<Job> jobs = new java.util.ArrayList<>();
        for (int offset = 0; offset < ds.size(); offset++) {
            Job j = c.controller().allocate(ds.get(offset), s.command.slurmName(), s.conf);
            if (het) {
                j.hetJobId = jobs.isEmpty() ? j.id : jobs.get(0).id;
                j.hetOffset = offset;
            }
            jobs.add(j);
        }
        return Optional.of(jobs);
    }

    /** The partition the job runs in: the first existing of its list, or the default one (Slurm's _get_part_ptr_list). */
    private static int partitionCheck(Cluster c, JobDescriptor d) {
        List<Partition> parts = c.partitions().get();
        if (d.partition() == null) {
            Optional<Partition> def = parts.stream().filter(Partition::isDefault).findFirst();
            if (def.isEmpty()) {
                return SlurmErrno.ESLURM_DEFAULT_PARTITION_NOT_SET.code();
            }
            d.setPartition(def.get().name());
            return 0;
        }
        for (String name : d.partition().split(",")) {
            if (parts.stream().anyMatch(p -> p.name().equals(name.trim()))) {
                return 0;
            }
        }
        return SlurmErrno.ESLURM_INVALID_PARTITION_NAME.code();
    }

    static Path scriptPath(ClientSession s) {
        return s.io.workdir().resolve(s.line.command.get(0));
    }
}
