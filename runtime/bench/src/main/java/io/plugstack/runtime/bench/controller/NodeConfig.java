package io.plugstack.runtime.bench.controller;

import java.util.function.Function;

import org.osgi.framework.BundleContext;

import io.plugstack.api.slurm.SlurmLog;

/**
 * The bench's one node as the runtime configures it (slurm.conf's NodeName line): its name
 * {@code plugstack.bench.node} (default node1) and its CPUs {@code plugstack.bench.cpus} (default this
 * machine's). The controller and reservations read the same values.
 */
public final class NodeConfig {

    private NodeConfig() {
    }

    public static String name(BundleContext context) {
        String node = context.getProperty("plugstack.bench.node");
        return node != null ? node : "node1";
    }

    public static int cpus(BundleContext context) {
        return cpus(context::getProperty, SlurmLog.lines("plugstack", io.plugstack.runtime.spi.log.RuntimeLog.stream(), 0));
    }

    /** A bad value is one line naming it, and the node has this machine's CPUs. */
    static int cpus(Function<String, String> properties, SlurmLog log) {
        String cpus = properties.apply("plugstack.bench.cpus");
        if (cpus != null) {
            try {
                int n = Integer.parseInt(cpus.trim());
                if (n > 0) {
                    return n;
                }
            } catch (NumberFormatException e) {
                // named below
            }
            log.error("plugstack.bench.cpus=" + cpus + " is not a positive whole number; the node has this machine's "
                    + Runtime.getRuntime().availableProcessors() + " CPUs");
        }
        return Runtime.getRuntime().availableProcessors();
    }
}
