package io.plugstack.itest.realslurm;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A real single-node Slurm cluster (Debian's packages, installed when missing) isolated in one test
 * directory, driven by the project's own {@code runtime/bridge/real-slurm/cluster.sh}: its own munged, ports,
 * state, logs and PIDs, listening on 127.0.0.1 only. Anything that goes wrong throws an
 * {@link AssertionError} carrying the script's or the command's output: a test on real Slurm fails, it
 * never skips.
 *
 * <pre>
 * try (RealSlurm slurm = RealSlurm.start(dir)) {
 *     Result r = slurm.run(Duration.ofSeconds(30), "srun", "hostname");
 * }
 * </pre>
 */
public final class RealSlurm implements AutoCloseable {

    /** The ordinary user {@link #runAs} is meant for; created on first use when missing. */
    public static final String TEST_USER = "plugstackit";
    /** The cluster's one node (slurm.conf's NodeName; its NodeHostname is the machine's short hostname). */
    public static final String NODE = "localhost";
    public static final int DEFAULT_SLURMCTLD_PORT = 16817;
    public static final int DEFAULT_SLURMD_PORT = 16818;

    private static final Duration SCRIPT_TIMEOUT = Duration.ofMinutes(3);
    private static final Duration INSTALL_TIMEOUT = Duration.ofMinutes(15);
    private static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(20);
    private static final Set<String> ENDED = Set.of("COMPLETED", "FAILED", "CANCELLED", "TIMEOUT", "NODE_FAIL", "PREEMPTED",
            "BOOT_FAIL", "DEADLINE", "OUT_OF_MEMORY");
    private static final Pattern JOB_STATE = Pattern.compile("(?:^|\\s)JobState=(\\S+)");

    private static final Object INSTALL_LOCK = new Object();
    private static Result installed; // the one `cluster.sh install` of this JVM
    private static final List<RealSlurm> OPEN = new ArrayList<>();

    static {
        // a test that forgets close() must not leave daemons behind the JVM
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            List<RealSlurm> open;
            synchronized (OPEN) {
                open = new ArrayList<>(OPEN);
            }
            open.forEach(RealSlurm::stopQuietly);
            SlurmUnderTest.unmountAll(); // after the clusters: cluster.sh stop runs inside a root
        }, "real-slurm stop"));
    }

    /** What a command did: exit code (-1 when it was killed after its timeout), stdout, stderr. */
    public record Result(List<String> command, int exitCode, String stdout, String stderr, boolean timedOut) {

        public boolean ok() {
            return !timedOut && exitCode == 0;
        }

        /** This result when the command exited 0, else an AssertionError with everything it printed. */
        public Result assertOk() {
            if (!ok()) {
                throw new AssertionError("real-slurm: command failed: " + this);
            }
            return this;
        }

        @Override
        public String toString() {
            return String.join(" ", command) + (timedOut ? " (killed after its timeout)" : " (exit " + exitCode + ")")
                    + "\n--- stdout:\n" + stdout + "--- stderr:\n" + stderr;
        }
    }

    private final Path dir;
    private final SlurmUnderTest under;
    private final int slurmctldPort;
    private final int slurmdPort;
    /** cluster.sh's knobs beyond the ports (JOB_SUBMIT_PLUGINS, CLI_FILTER_PLUGINS), for every start. */
    private final Map<String, String> knobs;
    private boolean closed;
    /** The recorded PIDs as of the last start or restart: stop's fallback when the test directory is gone. */
    private volatile Map<String, Long> remembered = Map.of();

    private RealSlurm(SlurmUnderTest under, Path dir, int slurmctldPort, int slurmdPort, Map<String, String> knobs) {
        this.under = under;
        this.dir = dir;
        this.slurmctldPort = slurmctldPort;
        this.slurmdPort = slurmdPort;
        this.knobs = Map.copyOf(knobs);
    }

    /** Starts a cluster in {@code dir} (a fresh directory) on the default ports 16817/16818. */
    public static RealSlurm start(Path dir) {
        return start(dir, DEFAULT_SLURMCTLD_PORT, DEFAULT_SLURMD_PORT);
    }

    /** Starts a cluster in {@code dir} on the given ports (a second cluster next to another one). */
    public static RealSlurm start(Path dir, int slurmctldPort, int slurmdPort) {
        return start(SlurmUnderTest.DEBIAN_12, dir, slurmctldPort, slurmdPort, Map.of());
    }

    /**
     * A cluster in {@code dir} with cluster.sh's other knobs ({@code JOB_SUBMIT_PLUGINS=lua},
     * {@code CLI_FILTER_PLUGINS=lua}) and files written into its etc/ beside slurm.conf first (by name:
     * job_submit.lua, cli_filter.lua, plugstack.conf), where Slurm looks for them.
     */
    public static RealSlurm start(Path dir, Map<String, String> knobs, Map<String, String> etcFiles, int slurmctldPort, int slurmdPort) {
        return start(SlurmUnderTest.DEBIAN_12, dir, knobs, etcFiles, slurmctldPort, slurmdPort);
    }

    /** The same on {@code under}'s Slurm. */
    public static RealSlurm start(SlurmUnderTest under, Path dir, Map<String, String> knobs, Map<String, String> etcFiles, int slurmctldPort,
            int slurmdPort) {
        try {
            Path etc = dir.toAbsolutePath().normalize().resolve("etc");
            Files.createDirectories(etc);
            for (Map.Entry<String, String> f : etcFiles.entrySet()) {
                Files.writeString(etc.resolve(f.getKey()), f.getValue());
                Files.setPosixFilePermissions(etc.resolve(f.getKey()), java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
            }
        } catch (IOException e) {
            throw new AssertionError("real-slurm: cannot write the files of " + dir + "/etc: " + e, e);
        }
        return start(under, dir, slurmctldPort, slurmdPort, knobs);
    }

    private static RealSlurm start(SlurmUnderTest under, Path dir, int slurmctldPort, int slurmdPort, Map<String, String> knobs) {
        if (under.root() == null) {
            install();
        }
        under.prepare();
        Map<String, String> all = new LinkedHashMap<>(knobs);
        all.putAll(under.clusterEnv());
        Path abs = dir.toAbsolutePath().normalize();
        RealSlurm slurm = new RealSlurm(under, abs, slurmctldPort, slurmdPort, all);
        Result started = script(SCRIPT_TIMEOUT, slurm.portEnv(), "start", abs.toString());
        if (!started.ok()) {
            script(SCRIPT_TIMEOUT, slurm.portEnv(), "stop", abs.toString()); // whatever did start
            throw new AssertionError("real-slurm: the cluster in " + abs + " did not start: " + started);
        }
        System.out.print(started.stdout());
        synchronized (OPEN) {
            OPEN.add(slurm);
        }
        slurm.remembered = slurm.pids();
        // jobs of root and of the test user run here (batch output files, srun's working directory):
        // 1777, as /tmp
        Result work = exec(List.of("install", "-d", "-m", "1777", slurm.workDir().toString()), Map.of(), CLIENT_TIMEOUT);
        if (!work.ok()) {
            slurm.close();
            throw new AssertionError("real-slurm: cannot make " + slurm.workDir() + ": " + work);
        }
        return slurm;
    }

    /**
     * A cluster in {@code dir} whose Slurm plugstack.conf is {@code plugstackConf} (a node daemon's
     * bridge line, say): start the node daemon first, as slurmd opens its slurmd-context session when
     * it starts; stop them in the reverse order ({@link #closeThen}).
     */
    public static RealSlurm start(Path dir, String plugstackConf, int slurmctldPort, int slurmdPort) {
        return start(SlurmUnderTest.DEBIAN_12, dir, plugstackConf, slurmctldPort, slurmdPort);
    }

    /** The same on {@code under}'s Slurm (this machine's, or Debian 13's in its root). */
    public static RealSlurm start(SlurmUnderTest under, Path dir, String plugstackConf, int slurmctldPort, int slurmdPort) {
        try {
            Files.createDirectories(plugstackConfIn(dir).getParent());
            Files.writeString(plugstackConfIn(dir), plugstackConf);
        } catch (IOException e) {
            throw new AssertionError("real-slurm: cannot write " + plugstackConfIn(dir) + ": " + e, e);
        }
        return start(under, dir, slurmctldPort, slurmdPort, Map.of());
    }

    /** Stops this cluster, then {@code after} (the node daemon its bridge talks to); either may be null. */
    public static void closeThen(RealSlurm slurm, AutoCloseable after) throws Exception {
        try {
            if (slurm != null) {
                slurm.close();
            }
        } finally {
            if (after != null) {
                after.close();
            }
        }
    }

    /** Where a test writes Slurm's plugstack.conf BEFORE {@link #start}: start keeps it (else makes it empty). */
    public static Path plugstackConfIn(Path dir) {
        return dir.toAbsolutePath().normalize().resolve("etc/plugstack.conf");
    }

    /** Runs {@code cluster.sh install} once per JVM; its failure is thrown again on every later call. */
    private static void install() {
        synchronized (INSTALL_LOCK) {
            if (installed == null) {
                installed = script(INSTALL_TIMEOUT, Map.of(), "install");
            }
            if (!installed.ok()) {
                throw new AssertionError("real-slurm: Debian's Slurm packages are missing and could not be installed: " + installed);
            }
        }
    }

    public Path dir() {
        return dir;
    }

    /** The Slurm this cluster runs. */
    public SlurmUnderTest under() {
        return under;
    }

    public Path conf() {
        return dir.resolve("etc/slurm.conf");
    }

    public Path plugstackConf() {
        return dir.resolve("etc/plugstack.conf");
    }

    /** The working directory of {@link #run} and {@link #runAs} (mode 1777): sbatch's output files land here. */
    public Path workDir() {
        return dir.resolve("work");
    }

    public Path logDir() {
        return dir.resolve("log");
    }

    /** slurmd's log as it is now (tests compare what it gained since a mark). */
    public String slurmdLog() {
        try {
            return Files.readString(logDir().resolve("slurmd.log"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public int slurmctldPort() {
        return slurmctldPort;
    }

    public int slurmdPort() {
        return slurmdPort;
    }

    /** The PIDs cluster.sh recorded, by daemon: munged, slurmctld, slurmd (the ones running now). */
    public Map<String, Long> pids() {
        Map<String, Long> pids = new LinkedHashMap<>();
        // slurmd, or slurmd-<node> for each node of a cluster of several
        List<String> names = new ArrayList<>(List.of("munged", "slurmctld", "slurmd"));
        nodes().forEach(n -> names.add("slurmd-" + n));
        for (String name : names) {
            Path f = dir.resolve("run/" + name + ".pid");
            try {
                if (Files.exists(f)) {
                    pids.put(name, Long.parseLong(Files.readString(f).strip()));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return pids;
    }

    /** True while {@code pid} runs; a zombie (exited, not yet reaped by PID 1) counts as stopped. */
    public static boolean running(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
                if (line.startsWith("State:")) {
                    String st = line.substring(6).strip();
                    return !st.startsWith("Z") && !st.startsWith("X");
                }
            }
            return false;
        } catch (IOException e) {
            return false; // no such process
        }
    }

    /** Runs a Slurm client command (srun, sbatch, scontrol, squeue, ...) as root against this cluster. */
    public Result run(Duration timeout, String... argv) {
        return client(List.of(argv), Map.of(), timeout);
    }

    /**
     * Runs a client command as {@code user} (real and effective uid and gid, its groups), with its HOME,
     * USER and LOGNAME. The user is created (useradd) when missing.
     */
    public Result runAs(String user, Duration timeout, String... argv) {
        ensureUser(user);
        String gid = exec(List.of("id", "-g", user), Map.of(), CLIENT_TIMEOUT).assertOk().stdout().strip();
        String home = exec(List.of("getent", "passwd", user), Map.of(), CLIENT_TIMEOUT).assertOk().stdout().strip().split(":")[5];
        List<String> cmd = new ArrayList<>(List.of("setpriv", "--reuid=" + user, "--regid=" + gid, "--init-groups", "--"));
        cmd.addAll(List.of(argv));
        return client(cmd, Map.of("HOME", home, "USER", user, "LOGNAME", user), timeout);
    }

    /** Whether {@code user} exists here. */
    public static boolean userExists(String user) {
        return exec(List.of("id", "-u", user), Map.of(), CLIENT_TIMEOUT).ok();
    }

    /** Creates the system user {@code user} (no home, no login shell) unless it exists: a daemon's own user. */
    public static void ensureSystemUser(String user) {
        if (exec(List.of("id", "-u", user), Map.of(), CLIENT_TIMEOUT).ok()) {
            return;
        }
        Result added = exec(List.of("useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", user), Map.of(), CLIENT_TIMEOUT);
        if (!exec(List.of("id", "-u", user), Map.of(), CLIENT_TIMEOUT).ok()) {
            throw new AssertionError("real-slurm: cannot create the system user " + user + ": " + added);
        }
    }

    /** Creates {@code user} (with a home, shell bash) unless it exists. */
    public static void ensureUser(String user) {
        if (exec(List.of("id", "-u", user), Map.of(), CLIENT_TIMEOUT).ok()) {
            return;
        }
        Result added = exec(List.of("useradd", "--create-home", "--shell", "/bin/bash", user), Map.of(), CLIENT_TIMEOUT);
        // another JVM may have created it meanwhile: what counts is that it exists now
        if (!exec(List.of("id", "-u", user), Map.of(), CLIENT_TIMEOUT).ok()) {
            throw new AssertionError("real-slurm: cannot create the test user " + user + ": " + added);
        }
    }

    /** The job's state as {@code scontrol show job} says it (PENDING, RUNNING, COMPLETING, COMPLETED, ...). */
    public String jobState(long jobId) {
        Result r = run(CLIENT_TIMEOUT, "scontrol", "-o", "show", "job", Long.toString(jobId));
        Matcher m = JOB_STATE.matcher(r.stdout());
        if (!r.ok() || !m.find()) {
            throw new AssertionError("real-slurm: no state for job " + jobId + ": " + r);
        }
        return m.group(1);
    }

    /**
     * Polls the job until it has ended (COMPLETED, FAILED, CANCELLED, TIMEOUT, NODE_FAIL, ...; not while
     * COMPLETING) and returns how long that took, in milliseconds; throws after {@code timeout}.
     */
    public long waitForJobEnd(long jobId, Duration timeout) {
        long t0 = System.nanoTime();
        long deadline = t0 + timeout.toNanos();
        String state;
        do {
            state = jobState(jobId);
            if (ENDED.contains(state)) {
                return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
            }
            sleep(100);
        } while (System.nanoTime() < deadline);
        throw new AssertionError("real-slurm: job " + jobId + " has not ended after " + timeout + " (state " + state + "): "
                + run(CLIENT_TIMEOUT, "scontrol", "show", "job", Long.toString(jobId)));
    }

    /** The node's state as sinfo prints it: idle, allocated, mixed, drained, down, ... ("*": slurmd not responding). */
    public String nodeState() {
        return run(CLIENT_TIMEOUT, "sinfo", "-h", "-N", "-n", NODE, "-o", "%T").assertOk().stdout().strip();
    }

    /** Cancels every job of root's ({@code scancel -u root}): a probe's jobs, once their submission has been seen. */
    public void cancelRootsJobs() {
        run(CLIENT_TIMEOUT, "scancel", "-u", "root");
    }

    /** Resumes a drained or down node and waits (up to 30 s) until it is idle. */
    public void resumeNode() {
        if (!nodeState().equals("idle")) {
            Result r = run(CLIENT_TIMEOUT, "scontrol", "update", "nodename=" + NODE, "state=resume");
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            String state;
            while (!(state = nodeState()).equals("idle")) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("real-slurm: the node is " + state + " 30 s after resuming it: " + r);
                }
                sleep(100);
            }
        }
    }

    /** Restarts slurmd only (it reads plugstack.conf at its start) and waits until its node is idle again. */
    public void restartSlurmd() {
        Result r = script(SCRIPT_TIMEOUT, portEnv(), "restart-slurmd", dir.toString());
        Map<String, Long> now = new LinkedHashMap<>(remembered);
        now.putAll(pids());
        remembered = now;
        if (!r.ok()) {
            throw new AssertionError("real-slurm: restarting slurmd in " + dir + " failed: " + r);
        }
    }

    /** Cancels the cluster's jobs and stops exactly its recorded daemons. Safe to call twice. */
    @Override
    public void close() {
        synchronized (OPEN) {
            OPEN.remove(this);
        }
        if (closed) {
            return;
        }
        closed = true;
        Result r = script(SCRIPT_TIMEOUT, portEnv(), "stop", dir.toString());
        System.out.print(r.stdout());
        List<String> left = stopRemembered();
        if (!r.ok() || !left.isEmpty()) {
            throw new AssertionError("real-slurm: stopping the cluster in " + dir + " failed" + (left.isEmpty() ? "" : " (still running: " + left + ")")
                    + ": " + r);
        }
    }

    private void stopQuietly() {
        if (Files.isDirectory(dir.resolve("run"))) {
            script(SCRIPT_TIMEOUT, portEnv(), "stop", dir.toString());
        }
        stopRemembered();
    }

    /**
     * The fallback when cluster.sh could not stop a daemon or its PID files are gone (a test directory
     * deleted before close): SIGTERM, then SIGKILL after 30 s, each PID this fixture saw recorded, only
     * while it still runs a command line naming this cluster's directory. Returns what still runs.
     */
    private List<String> stopRemembered() {
        List<String> left = new ArrayList<>();
        for (Map.Entry<String, Long> daemon : remembered.entrySet()) {
            long pid = daemon.getValue();
            if (!running(pid) || !commandLine(pid).contains(dir + "/")) {
                continue;
            }
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy);
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (running(pid) && System.nanoTime() < deadline) {
                sleep(100);
            }
            if (running(pid)) {
                ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
                sleep(500);
            }
            if (running(pid)) {
                left.add(daemon.getKey() + " " + pid);
            }
        }
        return left;
    }

    /** {@code pid}'s command line, words joined by spaces; empty when it is gone or not readable. */
    static String commandLine(long pid) {
        try {
            return new String(Files.readAllBytes(Path.of("/proc/" + pid + "/cmdline")), StandardCharsets.UTF_8).replace('\0', ' ');
        } catch (IOException e) {
            return "";
        }
    }

    private Map<String, String> portEnv() {
        Map<String, String> env = new LinkedHashMap<>(knobs);
        env.put("SLURMCTLD_PORT", Integer.toString(slurmctldPort));
        env.put("SLURMD_PORT", Integer.toString(slurmdPort));
        return env;
    }

    /** A command against this cluster: SLURM_CONF set, in {@link #workDir()}. */
    /**
     * A submit host's client commands: a slurm.conf that differs from the daemons' only in
     * PlugStackConfig= (their own plugstack.conf, {@code plugstackConf}), as on a login node whose
     * Plugstack runtime is not the compute node's. Written into {@code etc/<name>/}.
     */
    public SubmitHost submitHost(String name, String plugstackConf) {
        try {
            Path etc = Files.createDirectories(conf().resolveSibling(name));
            Files.writeString(etc.resolve("plugstack.conf"), plugstackConf);
            String daemons = Files.readString(conf());
            Files.writeString(etc.resolve("slurm.conf"), daemons.replaceAll("(?m)^PlugStackConfig=.*$",
                    "PlugStackConfig=" + java.util.regex.Matcher.quoteReplacement(etc.resolve("plugstack.conf").toString())));
            for (Path p : List.of(etc, etc.resolve("plugstack.conf"), etc.resolve("slurm.conf"))) {
                Files.setPosixFilePermissions(p, java.nio.file.attribute.PosixFilePermissions.fromString(Files.isDirectory(p) ? "rwxr-xr-x" : "rw-r--r--"));
            }
            return (timeout, argv) -> client(List.of(argv), Map.of("SLURM_CONF", etc.resolve("slurm.conf").toString()), timeout);
        } catch (IOException e) {
            throw new AssertionError("real-slurm: cannot write the submit host " + name + "'s slurm.conf: " + e, e);
        }
    }

    /** The client commands of a submit host ({@link #submitHost}). */
    @FunctionalInterface
    public interface SubmitHost {
        /** Runs a client command there, as root. */
        Result run(Duration timeout, String... argv);
    }

    private Result client(List<String> argv, Map<String, String> env, Duration timeout) {
        return on(nodes().isEmpty() ? null : nodes().get(0), argv, env, timeout);
    }

    /** The nodes of a cluster of several (cluster.sh's NODES), the login node first; empty for one node on loopback. */
    public List<String> nodes() {
        String nodes = knobs.get("NODES");
        return nodes == null ? List.of() : List.of(nodes.strip().split("\\s+"));
    }

    /** Runs a command as root on {@code node} of a cluster of several (in its namespaces), against this cluster. */
    public Result runOn(String node, Duration timeout, String... argv) {
        return on(node, List.of(argv), Map.of(), timeout);
    }

    private Result on(String node, List<String> argv, Map<String, String> env, Duration timeout) {
        Map<String, String> all = new LinkedHashMap<>(env);
        all.putIfAbsent("SLURM_CONF", conf().toString());
        List<String> cmd = argv;
        if (node != null) { // the node's network, UTS and mount namespaces: cluster.sh on DIR NODE
            cmd = harnessCommand("cluster.sh", List.of("on", dir.toString(), node));
            cmd.addAll(argv);
        }
        return exec(under.command(cmd, workDir()), all, timeout, workDir());
    }

    /** Runs {@code argv} as this JVM's user, without the SLURM_ variables of its environment. */
    static Result exec(List<String> argv, Map<String, String> env, Duration timeout) {
        return exec(argv, env, timeout, null);
    }

    /** Runs {@code argv} with stdout and stderr into files (no pipe a stray child could hold open). */
    private static Result exec(List<String> argv, Map<String, String> env, Duration timeout, Path cwd) {
        Path out = null;
        Path err = null;
        try {
            out = Files.createTempFile("real-slurm", ".out");
            err = Files.createTempFile("real-slurm", ".err");
            ProcessBuilder pb = new ProcessBuilder(argv).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                    .redirectOutput(out.toFile()).redirectError(err.toFile());
            if (cwd != null && Files.isDirectory(cwd)) {
                pb.directory(cwd.toFile());
            }
            // nothing of a Slurm job the JVM may itself run in leaks into this cluster's commands
            pb.environment().keySet().removeIf(k -> k.startsWith("SLURM_"));
            pb.environment().putAll(env);
            Process p = pb.start();
            boolean done = p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (!done) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                p.waitFor(10, TimeUnit.SECONDS);
            }
            return new Result(List.copyOf(argv), done ? p.exitValue() : -1, Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8), !done);
        } catch (IOException e) {
            return new Result(List.copyOf(argv), -1, "", "cannot run: " + e + "\n", false);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("real-slurm: interrupted while running " + argv, e);
        } finally {
            deleteQuietly(out);
            deleteQuietly(err);
        }
    }

    /** A script of the real-Slurm harness (runtime/bridge/real-slurm): cluster.sh, debian-root.sh. */
    static Path harness(String name) {
        String location = System.getProperty("plugstack.realslurm");
        Path script = location != null ? Path.of(location, name) : Path.of("../runtime/bridge/real-slurm", name);
        if (!Files.isRegularFile(script)) {
            throw new AssertionError("real-slurm: no harness script at " + script.toAbsolutePath()
                    + " (failsafe sets -Dplugstack.realslurm=${project.basedir}/../runtime/bridge/real-slurm)");
        }
        return script.toAbsolutePath();
    }

    private static Result script(Duration timeout, Map<String, String> env, String... args) {
        return runHarness("cluster.sh", timeout, env, args);
    }

    /** Runs the harness script {@code name} (cluster.sh, debian-root.sh) with {@code args}. */
    static Result runHarness(String name, Duration timeout, Map<String, String> env, String... args) {
        return exec(harnessCommand(name, List.of(args)), env, timeout);
    }

    /** {@code bash <harness script> args...}, a list the caller may extend. */
    private static List<String> harnessCommand(String name, List<String> args) {
        List<String> argv = new ArrayList<>(List.of("bash", harness(name).toString()));
        argv.addAll(args);
        return argv;
    }

    private static void deleteQuietly(Path p) {
        if (p != null) {
            try {
                Files.deleteIfExists(p);
            } catch (IOException ignored) {
                // a temporary file: nothing to do
            }
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("real-slurm: interrupted", e);
        }
    }

    @Override
    public String toString() {
        return "real Slurm in " + dir + " (slurmctld 127.0.0.1:" + slurmctldPort + ", slurmd 127.0.0.1:" + slurmdPort + ")";
    }
}
