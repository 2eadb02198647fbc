package io.plugstack.runtime.bench.internal;

import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.runtime.spank.SpankStacks;

/** What every command needs: the stacks, the controller, slurmd and slurmstepd of the simulated node. */
record Cluster(SpankStacks stacks, SlurmVersion release, Controller controller,
        SlurmdDaemon slurmd, StepDaemon stepd, java.util.function.UnaryOperator<java.util.Map<String, String>> jobEnvironment) {
}
