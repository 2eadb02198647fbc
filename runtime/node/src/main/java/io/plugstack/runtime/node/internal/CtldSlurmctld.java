package io.plugstack.runtime.node.internal;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import io.plugstack.api.jobsubmit.JobRecord;
import io.plugstack.api.jobsubmit.Partition;
import io.plugstack.api.jobsubmit.Slurmctld;

/**
 * The real slurmctld, as job_submit plugins look it up while the node daemon serves its job_submit shim:
 * the partitions are the part_list of the request being served (Slurm gives a script only the
 * partitions the submitting user may use, keyed by name, without their order: they are sorted by name),
 * the job is job_modify's job_rec. Outside a request (a plugin's own thread) the last request's
 * partitions answer. Registered with a high service ranking, so plugins bind it rather than the bench's.
 */
final class CtldSlurmctld implements Slurmctld {

    /** What one JOB_CALL brought. */
    record Request(List<Partition> partitions, JobRecord current, String clusterName) {
        Request {
            partitions = partitions.stream().sorted(Comparator.comparing(Partition::name)).toList();
        }
    }

    private final ThreadLocal<Request> serving = new ThreadLocal<>();

    /** The request served on this thread: what the catalog's call guard carries into a plugin call's thread. */
    ThreadLocal<Request> serving() {
        return serving;
    }
    private volatile Request last = new Request(List.of(), null, "");

    /** Runs {@code work} with {@code request} as what plugins see. */
    <T> T during(Request request, java.util.function.Supplier<T> work) {
        serving.set(request);
        last = request;
        try {
            return work.get();
        } finally {
            serving.remove();
        }
    }

    private Request now() {
        Request r = serving.get();
        return r != null ? r : last;
    }

    @Override
    public List<Partition> partitions() {
        return now().partitions();
    }

    @Override
    public Optional<Partition> partition(String name) {
        return partitions().stream().filter(p -> p.name().equals(name)).findFirst();
    }

    /** Only job_modify's own job: job_submit/lua gives a script no job list here. */
    @Override
    public Optional<JobRecord> job(long jobId) {
        JobRecord current = now().current();
        return current != null && current.jobId() == jobId ? Optional.of(current) : Optional.empty();
    }

    @Override
    public String clusterName() {
        String name = now().clusterName();
        return name == null ? "" : name;
    }

    /** Another job cannot be changed from job_submit/lua: false, as for a job that does not exist. */
    @Override
    public boolean setDependency(long jobId, String dependency) {
        return false;
    }
}
