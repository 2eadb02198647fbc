package io.plugstack.runtime.bench.node;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.runtime.bench.controller.Job;

/**
 * The jobs this node runs, as slurmd keeps its steps in its spool directory: a record per job, written
 * when the job first reaches the node and removed once its epilog has run, with the process group of
 * every task it started. What a runtime that died leaves here is what the next start cleans up
 * ({@link LeftoverJobs}); while it runs, the groups are what ending a job kills (Slurm's proctrack:
 * processes a task left behind do not outlive their job).
 */
public final class NodeJobs {

    private static final String TASK = "task.";
    private static final String ENV = "env.";

    private final Path spool;
    private final SlurmLog log;
    private final Map<Long, List<TaskProcesses.Group>> tasks = new HashMap<>();
    /** The jobs whose prolog runs now, and how many steps of each run now. */
    private final Set<Long> prologs = new java.util.HashSet<>();
    private final Map<Long, Integer> steps = new HashMap<>();
    /** Jobs ended on this node, the latest {@link #ENDED_KEPT}: a task of one that starts late is refused. */
    private final Set<Long> ended = new LinkedHashSet<>();
    private static final int ENDED_KEPT = 10_000;

    private NodeJobs(Path spool, SlurmLog log) {
        this.spool = spool;
        this.log = log;
    }

    /** Records kept in memory only (a bench with no home). */
    public static NodeJobs inMemory() {
        return new NodeJobs(null, SlurmLog.QUIET);
    }

    /** Records kept in {@code spool} (the home's data/slurmd/jobs). */
    public static NodeJobs spool(Path spool, SlurmLog log) {
        return new NodeJobs(spool, log);
    }

    /**
     * A prolog or step of {@code job} begins on the node; the job is recorded the first time, before any
     * of its processes starts. False when the job has ended here meanwhile: as slurmd refuses a step of a
     * completing job, nothing of it starts (its epilog may have run). A true is followed by
     * {@link #prologDone} or {@link #stepDone}.
     */
    public synchronized boolean begin(Job job, boolean prolog) {
        if (ended.contains(job.id)) {
            return false;
        }
        if (prolog) {
            prologs.add(job.id);
        } else {
            steps.merge(job.id, 1, Integer::sum);
        }
        if (!tasks.containsKey(job.id)) {
            tasks.put(job.id, new ArrayList<>());
            writeRecord(job);
        }
        return true;
    }

    /** The job's prolog has returned. */
    public synchronized void prologDone(long jobId) {
        prologs.remove(jobId);
        notifyAll();
    }

    /** A step of the job is over (its callbacks all returned). */
    public synchronized void stepDone(long jobId) {
        steps.computeIfPresent(jobId, (id, n) -> n == 1 ? null : n - 1);
        notifyAll();
    }

    /**
     * Waits until the (ended) job's prolog, if one runs, has returned, at most {@code millis}: slurmd runs
     * a job's epilog after its prolog, never beside it. False when it still runs then.
     */
    public synchronized boolean awaitProlog(long jobId, long millis) throws InterruptedException {
        return await(() -> prologs.contains(jobId), millis);
    }

    /** The same for the job's steps: until every one of them has returned from its callbacks. */
    public synchronized boolean awaitSteps(long jobId, long millis) throws InterruptedException {
        return await(() -> steps.containsKey(jobId), millis);
    }

    private boolean await(java.util.function.BooleanSupplier busy, long millis) throws InterruptedException {
        long end = System.currentTimeMillis() + millis;
        for (long left = millis; busy.getAsBoolean(); left = end - System.currentTimeMillis()) {
            if (left <= 0) {
                return false;
            }
            wait(left);
        }
        return true;
    }

    private void writeRecord(Job job) {
        if (spool == null) {
            return;
        }
        Properties p = new Properties();
        p.setProperty("job_id", Long.toString(job.id));
        p.setProperty("uid", Long.toString(job.uid));
        p.setProperty("gid", Long.toString(job.gid));
        p.setProperty("name", job.name());
        p.setProperty("boot_id", bootId());
        job.jobControlEnv.forEach((k, v) -> p.setProperty(ENV + k, v));
        try {
            Files.createDirectories(spool);
            Path aside = spool.resolve("job" + job.id + ".new");
            try (OutputStream out = Files.newOutputStream(aside)) {
                p.store(out, "slurmd: a job running on this node");
            }
            Files.move(aside, record(job.id), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            log.error("cannot record job " + job.id + " in " + spool + " (a restart will not clean up after it): " + e.getMessage());
        }
    }

    /**
     * A task of {@code job} started as the leader of its process group {@code g}. False when the job has
     * ended meanwhile (cancelled): the caller kills the task, which no one would end otherwise.
     */
    public synchronized boolean taskStarted(Job job, TaskProcesses.Group g) {
        if (ended.contains(job.id)) {
            return false;
        }
        tasks.computeIfAbsent(job.id, id -> new ArrayList<>()).add(g);
        if (spool != null && Files.exists(record(job.id))) {
            try {
                Files.writeString(record(job.id), TASK + g.leader() + "=" + g.startTicks() + "\n", StandardCharsets.ISO_8859_1,
                        StandardOpenOption.APPEND);
            } catch (IOException e) {
                log.error("cannot record a task of job " + job.id + ": " + e.getMessage());
            }
        }
        return true;
    }

    /**
     * The job ends on this node: no task of it starts any more, and every process its tasks left
     * running is killed (SIGKILL). Returns how many were, or -1 if the job was ended already (whoever
     * ends a job first runs its epilog). The record stays until {@link #forget}.
     */
    public int endTasks(long jobId) {
        List<TaskProcesses.Group> groups;
        synchronized (this) {
            if (!ended.add(jobId)) {
                return -1;
            }
            if (ended.size() > ENDED_KEPT) {
                ended.remove(ended.iterator().next());
            }
            groups = List.copyOf(tasks.getOrDefault(jobId, List.of()));
        }
        return groups.stream().mapToInt(TaskProcesses::kill).sum();
    }

    /** The jobs this node runs now: reached the node and not yet being ended, lowest id first. */
    public synchronized List<Long> running() {
        return tasks.keySet().stream().filter(id -> !ended.contains(id)).sorted().toList();
    }

    /** The job's epilog has run: its record goes. */
    public synchronized void forget(long jobId) {
        tasks.remove(jobId); // "ended" stays: a task that starts late is still refused
        if (spool != null) {
            try {
                Files.deleteIfExists(record(jobId));
            } catch (IOException e) {
                log.error("cannot remove " + record(jobId) + ": " + e.getMessage());
            }
        }
    }

    /** A job a runtime before this one recorded and did not end. */
    public record Leftover(Path file, long jobId, long uid, long gid, String name, Map<String, String> jobControlEnv,
            List<TaskProcesses.Group> tasks, boolean sameBoot) {
    }

    /** The records found in the spool (those of a runtime that stopped without ending its jobs); unreadable ones are named. */
    public List<Leftover> leftovers() {
        List<Leftover> out = new ArrayList<>();
        if (spool == null || !Files.isDirectory(spool)) {
            return out;
        }
        String boot = bootId();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(spool, "job*")) {
            for (Path f : files) {
                if (f.getFileName().toString().endsWith(".new")) {
                    Files.deleteIfExists(f); // written aside when the runtime died: its job had not started
                    continue;
                }
                try {
                    out.add(read(f, boot));
                } catch (IOException | RuntimeException e) {
                    log.error(f + ": not a job record this node can read (" + e.getMessage() + "); removed");
                    Files.deleteIfExists(f);
                }
            }
        } catch (IOException e) {
            log.error("cannot read the jobs left in " + spool + ": " + e.getMessage());
        }
        out.sort((a, b) -> Long.compare(a.jobId(), b.jobId()));
        return out;
    }

    private static Leftover read(Path f, String boot) throws IOException {
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(f)) {
            p.load(in);
        }
        Map<String, String> env = new LinkedHashMap<>();
        List<TaskProcesses.Group> groups = new ArrayList<>();
        for (String k : p.stringPropertyNames()) {
            if (k.startsWith(ENV)) {
                env.put(k.substring(ENV.length()), p.getProperty(k));
            } else if (k.startsWith(TASK)) {
                groups.add(new TaskProcesses.Group(Long.parseLong(k.substring(TASK.length())), Long.parseLong(p.getProperty(k).trim())));
            }
        }
        return new Leftover(f, Long.parseLong(p.getProperty("job_id")), Long.parseLong(p.getProperty("uid")),
                Long.parseLong(p.getProperty("gid")), p.getProperty("name", "?"), env, groups, boot.equals(p.getProperty("boot_id")));
    }

    private Path record(long jobId) {
        return spool.resolve("job" + jobId);
    }

    /** This boot of the machine: after a reboot no process of a record is alive, and its pids mean nothing. */
    private static String bootId() {
        try {
            return Files.readString(Path.of("/proc/sys/kernel/random/boot_id")).trim();
        } catch (IOException e) {
            return "unknown";
        }
    }
}
