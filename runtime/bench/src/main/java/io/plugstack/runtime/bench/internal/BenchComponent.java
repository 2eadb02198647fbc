package io.plugstack.runtime.bench.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.api.plugin.SlurmRelease;
import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.runtime.bench.api.Bench;
import io.plugstack.runtime.bench.api.CommandIO;
import io.plugstack.runtime.bench.api.JobView;
import io.plugstack.runtime.bench.api.NodeView;
import io.plugstack.runtime.spank.SpankStacks;

/**
 * The bench: one simulated node ({@code plugstack.bench.node}, default "node1") with its slurmd,
 * and the client commands. slurmd starts with the first command (so the shipped plugins are up by
 * then), and persists until {@link #restartSlurmd()} or the runtime stops.
 */
@Component(service = Bench.class)
public final class BenchComponent implements Bench {

    private final Cluster cluster;
    private final ExecutorService background = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "batch-job");
        t.setDaemon(true);
        return t;
    });
    private final CommandServer server;
    private boolean slurmdUp;

    @Activate
    public BenchComponent(BundleContext context, @Reference SpankStacks stacks) {
        String release = context.getProperty("plugstack.slurm.release");
        String node = context.getProperty("plugstack.bench.node");
        SlurmVersion v = SlurmVersion.parse(release != null ? release : SlurmRelease.BUILT_FOR);
        Controller controller = new Controller(node != null ? node : "node1");
        this.server = startServer(context.getProperty("plugstack.home"));
        UnaryOperator<Map<String, String>> jobEnv = server == null ? env -> Map.of() : server::jobEnvironment;
        this.cluster = new Cluster(stacks, v, controller, new SlurmdDaemon(stacks, v, controller, System.err),
                new StepDaemon(stacks, v, controller.nodeName(), jobEnv), jobEnv);
    }

    /** The socket jobs use to run srun/sbatch/... themselves; without it, jobs just cannot. */
    private CommandServer startServer(String home) {
        if (home == null) {
            return null;
        }
        try {
            return CommandServer.start(Path.of(home, "data"), this);
        } catch (IOException | RuntimeException e) {
            System.err.println("plugstack: error: jobs will not be able to run Slurm commands: " + e.getMessage());
            return null;
        }
    }

    @Deactivate
    synchronized void deactivate() {
        background.shutdownNow();
        if (server != null) {
            try {
                server.close();
            } catch (IOException e) {
                System.err.println("plugstack: error: closing the bench socket: " + e.getMessage());
            }
        }
        if (slurmdUp) {
            cluster.slurmd().stop();
        }
    }

    private synchronized Cluster up() {
        if (!slurmdUp) {
            cluster.slurmd().start();
            slurmdUp = true;
        }
        return cluster;
    }

    @Override
    public int srun(List<String> args, CommandIO io) {
        return Srun.run(up(), args, io);
    }

    @Override
    public int sbatch(List<String> args, CommandIO io) {
        return Sbatch.run(up(), args, io, background);
    }

    @Override
    public int salloc(List<String> args, CommandIO io) {
        return Salloc.run(up(), args, io);
    }

    @Override
    public int scrontab(List<String> args, CommandIO io) {
        return Scrontab.run(up(), args, io);
    }

    @Override
    public List<JobView> jobs() {
        return cluster.controller().views();
    }

    @Override
    public NodeView node() {
        return cluster.controller().node();
    }

    @Override
    public synchronized void restartSlurmd() {
        if (slurmdUp) {
            cluster.slurmd().restart();
        } else {
            up();
        }
    }

    @Override
    public void resumeNode() {
        cluster.controller().resume();
    }

    @Override
    public boolean awaitIdle(long millis) throws InterruptedException {
        return cluster.controller().awaitIdle(millis);
    }
}
