package io.plugstack.runtime.bench.internal;

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

import io.plugstack.runtime.jobsubmit.JobSubmitChain;
import io.plugstack.runtime.clifilter.CliFilterChains;
import io.plugstack.api.jobsubmit.Partition;
import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.runtime.host.catalog.PluginCatalog;
import io.plugstack.runtime.spank.SpankStacks;

/**
 * What every command needs: the SPANK stacks, the plugin catalog, the controller with its
 * job_submit chain, the commands' cli_filter chains, configuration and partitions, and the node's
 * slurmd and slurmstepd.
 *
 * @param jobEnvironment what every job's environment gets besides Slurm's variables (the command shims)
 */
record Cluster(SpankStacks stacks, SlurmVersion release, PluginCatalog catalog, Controller controller,
        JobSubmitChain jobSubmit, CliFilterChains cliFilters, Supplier<SlurmConfig> config, Supplier<List<Partition>> partitions,
        SlurmdDaemon slurmd, StepDaemon stepd, UnaryOperator<Map<String, String>> jobEnvironment) {
}
