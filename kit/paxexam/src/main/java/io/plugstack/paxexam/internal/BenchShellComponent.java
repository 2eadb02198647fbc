package io.plugstack.paxexam.internal;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.api.plugin.RuntimeHome;
import io.plugstack.paxexam.BenchShell;
import io.plugstack.runtime.bench.api.Bench;
import io.plugstack.runtime.bench.api.BenchCommand;
import io.plugstack.runtime.bench.api.CommandIO;

/**
 * {@link BenchShell} inside the runtime: a command line goes through the bench's command table
 * ({@link BenchCommand}, what the command socket behind a home's bin/srun dispatches with) with the
 * streams, environment and user the console gives a command it runs ({@code CommandIO} of the runtime's
 * own user, the JVM's environment, both streams into one transcript).
 */
@Component(service = BenchShell.class)
public final class BenchShellComponent implements BenchShell {

    private final Bench bench;
    private final BundleContext context;
    private final Path home;

    /**
     * Activated by SCR once the bench is there.
     *
     * @param bench   the bench whose command table runs the command lines
     * @param context this bundle's context: the runtime's home is read from its framework properties, and
     *                the bench's configuration from the bench's service properties
     */
    @Activate
    public BenchShellComponent(@Reference Bench bench, BundleContext context) {
        this.bench = bench;
        this.context = context;
        this.home = RuntimeHome.of(context::getProperty).root().toAbsolutePath();
    }

    @Override
    public Result run(String commandLine) {
        List<String> words = CommandWords.split(commandLine);
        if (words.isEmpty()) {
            throw new IllegalArgumentException("an empty command line");
        }
        BenchCommand command = BenchCommand.of(words.get(0)).orElseThrow(() -> new IllegalArgumentException("\"" + words.get(0)
                + "\" is not a command of the bench (" + String.join(", ", commandNames()) + "): " + commandLine));
        ByteArrayOutputStream transcript = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(transcript, true, StandardCharsets.UTF_8);
        int code = command.run(bench, words.subList(1, words.size()), new CommandIO(out, out, environment(), home));
        out.flush();
        synchronized (out) { // task output is copied by other threads, which PrintStream's lock orders with this read
            return new Result(code, transcript.toString(StandardCharsets.UTF_8));
        }
    }

    /**
     * The console's environment (the JVM's), without Slurm's and SPANK's own variables: a build that runs
     * inside a real Slurm job (SLURM_JOB_ID, ...) must not make the bench's srun run as a step of that job.
     */
    static Map<String, String> environment() {
        Map<String, String> env = new java.util.HashMap<>(System.getenv());
        env.keySet().removeIf(k -> k.startsWith("SLURM_") || k.startsWith("SPANK_"));
        return env;
    }

    private static List<String> commandNames() {
        return java.util.Arrays.stream(BenchCommand.values()).map(BenchCommand::command).toList();
    }

    @Override
    public Job awaitJob(long jobId) {
        return awaitJob(jobId, JOB_TIMEOUT);
    }

    @Override
    public Job awaitJob(long jobId, Duration timeout) {
        long end = System.nanoTime() + timeout.toNanos();
        while (true) {
            Result shown = run("scontrol show job " + jobId);
            if (shown.exitCode() != 0) {
                throw new AssertionError("scontrol show job " + jobId + " failed (exit code " + shown.exitCode() + "): "
                        + shown.output());
            }
            Job job = Job.of(jobId, shown.output());
            if (!job.state().equals("PENDING") && !job.state().equals("RUNNING")) {
                return job;
            }
            if (System.nanoTime() > end) {
                throw new AssertionError("job " + jobId + " still " + job.state() + " after " + timeout.toMillis() + " ms: "
                        + shown.output());
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting for job " + jobId, e);
            }
        }
    }

    @Override
    public Path workdir() {
        return home;
    }

    @Override
    public void plugstackConf(String... lines) {
        SiteFiles.writePlugstackConf(home, List.of(lines));
    }

    @Override
    public void slurmConf(String... lines) {
        SiteFiles.awaitBench(context, SiteFiles.writeSlurmConf(home, List.of(lines)), JOB_TIMEOUT.toMillis());
    }
}
