package io.plugstack.runtime.bench.controller;

import java.util.List;

import io.plugstack.api.jobsubmit.JobDescField;
import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.slurm.NoVal;
import io.plugstack.api.slurm.SlurmErrno;

/**
 * Whether a request fits the bench's one node, as slurmctld's node selection decides it: a job that
 * asks for more CPUs or nodes than there are is refused at submission
 * (ESLURM_REQUESTED_NODE_CONFIG_UNAVAILABLE, "Requested node configuration is not available"), never
 * allocated; a step that asks for more CPUs than the node has is refused at step creation
 * (ESLURM_TOO_MANY_REQUESTED_CPUS). Nothing is over-subscribed (OverSubscribe=NO, Slurm's default).
 * Named nodes (-w/--nodelist, -x/--exclude) are checked as _job_create does: a name that is not a
 * node is ESLURM_INVALID_NODE_NAME; excluding the one node leaves nothing to select from.
 */
final class NodeFit {

    private NodeFit() {
    }

    /** 0, or the error a job request {@code d} is refused with on a node of {@code nodeCpus}. */
    static int allocation(JobDescriptor d, int nodeCpus) {
        long nodes = number(d, JobDescField.MIN_NODES, 1);
        if (nodes > 1 || cpusAsked(d) > nodeCpus) {
            return SlurmErrno.ESLURM_REQUESTED_NODE_CONFIG_UNAVAILABLE.code();
        }
        return 0;
    }

    /** 0, or the error a request naming nodes (req_nodes, exc_nodes) is refused with on a cluster of the one node {@code node}. */
    static int nodeNames(JobDescriptor d, String node) {
        List<String> required = names(d.getString(JobDescField.REQ_NODES));
        List<String> excluded = names(d.getString(JobDescField.EXC_NODES));
        if (java.util.stream.Stream.concat(required.stream(), excluded.stream()).anyMatch(n -> !n.equals(node))) {
            return SlurmErrno.ESLURM_INVALID_NODE_NAME.code(); // node_name2bitmap fails
        }
        if (excluded.contains(node)) {
            // with -w the same node too, _job_create finds the lists overlapping; else no node is left to select
            return required.contains(node) ? SlurmErrno.ESLURM_INVALID_NODE_NAME.code()
                    : SlurmErrno.ESLURM_REQUESTED_NODE_CONFIG_UNAVAILABLE.code();
        }
        return 0;
    }

    private static List<String> names(String list) {
        return list == null || list.isBlank() ? List.of()
                : java.util.Arrays.stream(list.split(",")).map(String::trim).filter(n -> !n.isEmpty()).toList();
    }

    /** The CPUs a job asks for on its node: --mincpus, or -n x -c (each 1 when not given). */
    static long cpusAsked(JobDescriptor d) {
        return Math.max(number(d, JobDescField.MIN_CPUS, 1),
                cpus(number(d, JobDescField.NUM_TASKS, 1), number(d, JobDescField.CPUS_PER_TASK, 1)));
    }

    /** 0, or the error a step of {@code ntasks} x {@code cpusPerTask} is refused with. */
    static int step(long ntasks, long cpusPerTask, int nodeCpus) {
        return cpus(ntasks, cpusPerTask) > nodeCpus ? SlurmErrno.ESLURM_TOO_MANY_REQUESTED_CPUS.code() : 0;
    }

    /** The CPUs asked for, saturating rather than overflowing (a request of 2^32 tasks must not wrap to a small one). */
    private static long cpus(long ntasks, long cpusPerTask) {
        return ntasks > Long.MAX_VALUE / cpusPerTask ? Long.MAX_VALUE : ntasks * cpusPerTask;
    }

    private static long number(JobDescriptor d, JobDescField f, long unset) {
        long v = d.getNumber(f);
        boolean isUnset = v == NoVal.NO_VAL || v == NoVal.NO_VAL16 || v == 0;
        return isUnset ? unset : v;
    }
}
