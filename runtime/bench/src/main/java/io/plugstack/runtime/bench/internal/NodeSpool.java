package io.plugstack.runtime.bench.internal;

import java.nio.file.Path;

import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

import io.plugstack.api.plugin.RuntimeHome;
import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.runtime.bench.node.LeftoverJobs;
import io.plugstack.runtime.bench.node.NodeJobs;

/**
 * slurmd's spool of the jobs the bench's node runs (data/slurmd/jobs). Immediate, unlike the bench
 * itself (which comes up with the shell, once the boot features are in): what a killed runtime's jobs
 * left running is killed as soon as the runtime starts, not at the first command. Their epilogs wait
 * for slurmd ({@link BenchComponent}).
 */
@Component(service = NodeSpool.class, immediate = true)
public final class NodeSpool {

    private final NodeJobs jobs;
    private final LeftoverJobs leftovers;
    private final Path data;

    @Activate
    public NodeSpool(BundleContext context) {
        this.data = context.getProperty(RuntimeHome.PROPERTY) == null ? null : RuntimeHome.of(context::getProperty).data();
        this.jobs = data == null ? NodeJobs.inMemory()
                : NodeJobs.spool(data.resolve("slurmd").resolve("jobs"), SlurmLog.lines("slurmd", io.plugstack.runtime.spi.log.RuntimeLog.stream(), 0));
        this.leftovers = LeftoverJobs.killProcesses(jobs);
    }

    NodeJobs jobs() {
        return jobs;
    }

    LeftoverJobs leftovers() {
        return leftovers;
    }

    /** The home's data/ folder; null for a bench without a home. */
    Path data() {
        return data;
    }
}
