package io.plugstack.runtime.bench.controller;

/**
 * The one node as slurmctld describes it to sinfo and scontrol show node.
 *
 * @param allocCpus   CPUs its running jobs hold
 * @param drainTime   when it was drained (epoch seconds), 0 when it is not
 * @param slurmdStart when its slurmd last started, 0 before the first command started it
 */
public record NodeInfo(String name, int cpus, long allocCpus, boolean drained, String reason, long drainTime,
        int slurmdStarts, long slurmdStart) {

    /** IDLE, MIXED or ALLOCATED by its CPUs in use. */
    public String baseState() {
        return allocCpus <= 0 ? "IDLE" : allocCpus < cpus ? "MIXED" : "ALLOCATED";
    }

    /** scontrol's State=: IDLE, ALLOCATED+DRAIN, ... */
    public String state() {
        return baseState() + (drained ? "+DRAIN" : "");
    }

    /** sinfo's %T: idle, mixed, allocated, drained (nothing runs) or draining. */
    public String longState() {
        return drained ? (allocCpus > 0 ? "draining" : "drained") : baseState().toLowerCase();
    }

    /** sinfo's %t: idle, mix, alloc, drain, drng. */
    public String compactState() {
        return switch (longState()) {
            case "mixed" -> "mix";
            case "allocated" -> "alloc";
            case "drained" -> "drain";
            case "draining" -> "drng";
            default -> "idle";
        };
    }
}
