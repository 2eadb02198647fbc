package io.plugstack.runtime.bench.client;

import java.util.Map;
import java.util.function.UnaryOperator;

import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.runtime.bench.controller.Controller;
import io.plugstack.runtime.bench.node.Node;
import io.plugstack.runtime.clifilter.CliFilterChains;
import io.plugstack.runtime.spank.SpankStacks;

/**
 * What the client commands reach: the SPANK stacks and cli_filter chains they load, the controller
 * they submit to, and the node their steps run on (srun and salloc wait for them).
 *
 * @param jobEnvironment what every job's environment gets besides Slurm's variables (the command shims)
 * @param foreground     the jobs srun and salloc hold while they run, cancelled when their terminal goes away
 */
public record Cluster(SpankStacks stacks, SlurmVersion release, CliFilterChains cliFilters, Controller controller, Node node,
        UnaryOperator<Map<String, String>> jobEnvironment, Foreground foreground) {
}
