package io.plugstack.runtime.bench.node;

import io.plugstack.runtime.bench.controller.Controller;
import io.plugstack.runtime.spank.SpankStacks;

/**
 * The simulated node: its slurmd (slurmd stack, prolog and epilog), slurmstepd (steps), the jobs it
 * runs (slurmd's spool), and the controller it reports job and node states to.
 */
public record Node(SpankStacks stacks, Controller controller, SlurmdDaemon slurmd, StepDaemon stepd, NodeJobs jobs) {
}
