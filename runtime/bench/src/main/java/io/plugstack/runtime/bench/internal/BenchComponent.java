package io.plugstack.runtime.bench.internal;

import io.plugstack.runtime.bench.controller.Controller;
import io.plugstack.runtime.bench.controller.NodeConfig;
import io.plugstack.runtime.bench.controller.PartitionDefinition;
import io.plugstack.runtime.bench.controller.ReservationDefinition;
import io.plugstack.runtime.bench.controller.SlurmConfig;
import io.plugstack.runtime.bench.controller.JobIds;
import io.plugstack.runtime.bench.node.JobEnd;
import io.plugstack.runtime.bench.node.LeftoverJobs;
import io.plugstack.runtime.bench.node.Node;
import io.plugstack.runtime.bench.node.NodeJobs;
import io.plugstack.runtime.bench.node.SlurmdDaemon;
import io.plugstack.runtime.bench.node.StepDaemon;
import io.plugstack.runtime.bench.client.Srun;
import io.plugstack.runtime.bench.client.Sbatch;
import io.plugstack.runtime.bench.client.Salloc;
import io.plugstack.runtime.bench.client.Scrontab;
import io.plugstack.runtime.bench.client.Scancel;
import io.plugstack.runtime.bench.client.Scontrol;
import io.plugstack.runtime.bench.client.Sinfo;
import io.plugstack.runtime.bench.client.Squeue;
import io.plugstack.runtime.bench.client.Cluster;
import io.plugstack.runtime.bench.client.Foreground;
import io.plugstack.runtime.jobsubmit.JobSubmitChain;
import io.plugstack.runtime.clifilter.CliFilterChains;
import io.plugstack.api.slurm.SlurmLog;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;

import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleEvent;
import org.osgi.framework.Constants;
import org.osgi.framework.SynchronousBundleListener;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;

import io.plugstack.api.jobsubmit.JobRecord;
import io.plugstack.api.jobsubmit.Partition;
import io.plugstack.api.jobsubmit.Slurmctld;
import io.plugstack.api.slurm.ClientCommands;
import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.runtime.bench.api.Bench;
import io.plugstack.runtime.bench.api.CommandIO;
import io.plugstack.runtime.bench.api.NodeView;
import io.plugstack.runtime.spank.SpankStacks;

/**
 * The bench: a simulated slurmctld (jobs, partitions; it drives the job_submit host's chain and is
 * the Slurmctld service job_submit plugins look things up in) and one node ({@code
 * plugstack.bench.node}, default "node1") with its slurmd, plus the client commands, which drive the
 * cli_filter host's chains. Configured by "plugstack.slurm" (ClusterName, MinJobAge; the hosts read
 * JobSubmitPlugins and CliFilterPlugins from it) and "plugstack.partition" factory configurations,
 * both changeable at run time. slurmd starts with the first command.
 */
@Component(service = {Bench.class, Slurmctld.class, ClientCommands.class}, configurationPid = "plugstack.slurm")
public final class BenchComponent implements Bench, Slurmctld, ClientCommands {

    /** The runtime's own lines, in its log as a Slurm daemon's. */
    static final SlurmLog LOG = SlurmLog.lines("plugstack", io.plugstack.runtime.spi.log.RuntimeLog.stream(), 0);

    private final Cluster cluster;
    private final ExecutorService background = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "batch-job");
        t.setDaemon(true);
        return t;
    });
    private final CommandServer server;
    private final List<PartitionDefinition> partitions = new CopyOnWriteArrayList<>();
    private final List<ReservationDefinition> reservations = new CopyOnWriteArrayList<>();
    private volatile SlurmConfig config;
    private final LeftoverJobs leftovers;
    private boolean slurmdUp;
    private final BundleContext context;
    /** The framework begins to stop: jobs end now, before any plugin bundle stops under their epilogs. */
    private final SynchronousBundleListener frameworkStopping = e -> {
        if (e.getType() == BundleEvent.STOPPING && e.getBundle().getBundleId() == Constants.SYSTEM_BUNDLE_ID) {
            endJobs();
        }
    };

    @Activate
    public BenchComponent(BundleContext context, Map<String, Object> properties, @Reference SpankStacks stacks,
            @Reference JobSubmitChain jobSubmit, @Reference CliFilterChains cliFilters, @Reference NodeSpool spool) {
        this.config = SlurmConfig.of(properties);
        SlurmVersion v = SlurmVersion.running(context::getProperty);
        Path data = spool.data();
        NodeJobs nodeJobs = spool.jobs();
        this.leftovers = spool.leftovers();
        // slurmctld's state save directory: ids go on above every id it handed out, and above any job the node still knows
        JobIds ids = data == null ? JobIds.inMemory()
                : JobIds.persisted(data.resolve("slurmctld"), leftovers.highestJobId(), SlurmLog.lines("slurmctld", io.plugstack.runtime.spi.log.RuntimeLog.stream(), 0));
        Controller controller = new Controller(NodeConfig.name(context), NodeConfig.cpus(context), jobSubmit, this::partitions, ids);
        controller.configure(config);
        controller.reservations(() -> reservations.stream().map(ReservationDefinition::reservation).toList());
        this.server = data == null ? null : startServer(data);
        UnaryOperator<Map<String, String>> jobEnv = server == null ? env -> Map.of() : server::jobEnvironment;
        Node n = new Node(stacks, controller, new SlurmdDaemon(stacks, v, controller, io.plugstack.runtime.spi.log.RuntimeLog.stream()),
                new StepDaemon(stacks, v, controller.nodeName(), jobEnv, nodeJobs), nodeJobs);
        this.cluster = new Cluster(stacks, v, cliFilters, controller, n, jobEnv, new Foreground());
        this.context = context;
        context.addBundleListener(frameworkStopping);
    }

    @Modified
    void modified(Map<String, Object> properties) {
        this.config = SlurmConfig.of(properties);
        cluster.controller().configure(config);
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void addPartition(PartitionDefinition p) {
        partitions.add(p);
    }

    void removePartition(PartitionDefinition p) {
        partitions.remove(p);
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void addReservation(ReservationDefinition r) {
        reservations.add(r);
    }

    void removeReservation(ReservationDefinition r) {
        reservations.remove(r);
    }

    /** The socket jobs use to run srun/sbatch/... themselves; without it, jobs just cannot. */
    private CommandServer startServer(Path data) {
        try {
            return CommandServer.start(data, this);
        } catch (IOException | RuntimeException e) {
            LOG.error("jobs will not be able to run Slurm commands: " + e.getMessage());
            return null;
        }
    }

    @Deactivate
    synchronized void deactivate() {
        context.removeBundleListener(frameworkStopping);
        endJobs();
        background.shutdownNow();
        if (server != null) {
            try {
                server.close();
            } catch (IOException e) {
                LOG.error("closing the bench socket: " + e.getMessage());
            }
        }
        if (slurmdUp) {
            cluster.node().slurmd().stop();
        }
    }

    /**
     * The runtime stops (or the bench goes): every job on the node ends as one a crash left would at
     * the next start (processes killed, epilog, NODE_FAIL), and the batch jobs' threads get a bounded
     * time to finish their steps' callbacks: nothing is left for a next start that may never come.
     */
    private synchronized void endJobs() {
        if (!slurmdUp || background.isShutdown()) {
            return;
        }
        cluster.controller().stop();
        JobEnd.endAll(cluster.node(), cluster.node().slurmd().log());
        background.shutdown();
        try {
            if (!background.awaitTermination(10, TimeUnit.SECONDS)) {
                LOG.error("batch jobs still busy 10 s after the stop ended them; interrupted");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private synchronized Cluster up() {
        if (!slurmdUp) {
            cluster.node().slurmd().start();
            slurmdUp = true;
            leftovers.end(cluster.node(), cluster.node().slurmd().log()); // before any new job runs
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
    public int scancel(List<String> args, CommandIO io) {
        return Scancel.run(cluster, args, io, background);
    }

    @Override
    public int squeue(List<String> args, CommandIO io) {
        return Squeue.run(cluster.controller(), args, io);
    }

    @Override
    public int sinfo(List<String> args, CommandIO io) {
        return Sinfo.run(cluster.controller(), args, io);
    }

    @Override
    public int scontrol(List<String> args, CommandIO io) {
        return Scontrol.run(cluster, args, io, this::restartSlurmd);
    }

    @Override
    public void hangUp(CommandIO io) {
        cluster.foreground().hangUp(cluster, io, background);
    }

    /** The job shims' PATH and socket, for a site script's io.popen (the socket serves the script's user). */
    @Override
    public Map<String, String> environment(Map<String, String> inherited) {
        return server == null ? Map.of() : server.jobEnvironment(inherited);
    }

    @Override
    public NodeView node() {
        return cluster.controller().node();
    }

    /** scontrol restart slurmd: slurmd_exit, then a new slurmd stack (init) from the current plugstack.conf. */
    private synchronized void restartSlurmd() {
        if (slurmdUp) {
            cluster.node().slurmd().restart();
        } else {
            up();
        }
    }

    @Override
    public boolean awaitIdle(long millis) throws InterruptedException {
        return cluster.controller().awaitIdle(millis);
    }

    // Slurmctld: what job_submit plugins look up

    @Override
    public List<Partition> partitions() {
        if (partitions.isEmpty()) {
            return List.of(PartitionDefinition.DEBUG_DEFAULT); // not re-parsed per submission
        }
        return PartitionDefinition.oneDefault(partitions.stream()
                .sorted(Comparator.comparingInt(PartitionDefinition::order).thenComparing(p -> p.partition().name()))
                .map(PartitionDefinition::partition).toList());
    }

    @Override
    public Optional<Partition> partition(String name) {
        return partitions().stream().filter(p -> p.name().equals(name)).findFirst();
    }

    @Override
    public Optional<JobRecord> job(long jobId) {
        return cluster.controller().record(jobId);
    }

    @Override
    public List<JobRecord> jobs() {
        return cluster.controller().records();
    }

    @Override
    public List<io.plugstack.api.jobsubmit.Reservation> reservations() {
        return cluster.controller().reservations();
    }

    @Override
    public String clusterName() {
        return config.clusterName();
    }

    @Override
    public boolean setDependency(long jobId, String dependency) {
        return cluster.controller().setDependency(jobId, dependency);
    }
}
