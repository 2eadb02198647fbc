package io.plugstack.itest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.api.user.OnBehalfOf;

/**
 * A home's bin/srun, bin/sbatch, ... from a Unix shell: the distribution's runtime runs as a process
 * (root, as in CI), and its commands are run as a test user with {@code runuser -u}: the job is that
 * user's in job_submit (user_id, submit_uid), squeue and the tasks, in the user's directory; the user
 * cannot cancel root's job nor run a step in it; a client that goes away cancels its srun's job; with
 * no runtime, bin/srun says so in one line. The user is created when missing and removed only if this
 * test created it; the runtime and every client are stopped by their own process handles.
 */
@Timeout(value = 300, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class UnixShellCommandsIT {

    private static final String USER = "plugstack-alice";
    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    /** job_submit.lua: a per-user policy that shows what it was given for anyone but root. */
    private static final String POLICY = "function slurm_job_submit(job_desc, part_list, submit_uid)\n"
            + "  if job_desc.user_id ~= 0 then\n"
            + "    slurm.log_user(string.format('policy: user_id=%d submit_uid=%d', job_desc.user_id, submit_uid))\n"
            + "  end\n  return slurm.SUCCESS\nend\n"
            + "function slurm_job_modify(job_desc, job_rec, part_list, modify_uid) return slurm.SUCCESS end\n";
    /** cli_filter.lua: shows the environment the command's user gave, for anyone but root. */
    private static final String CLI_FILTER = "function slurm_cli_setup_defaults(options, early) return slurm.SUCCESS end\n"
            + "function slurm_cli_post_submit(offset, jobid, stepid) return slurm.SUCCESS end\n"
            + "function slurm_cli_pre_submit(options, offset)\n"
            + "  if os.getenv('PROJECT') then\n"
            + "    slurm.log_info('env: HOME=%s PROJECT=%s json_env=%s', os.getenv('HOME'), os.getenv('PROJECT'),\n"
            + "      tostring(slurm.json_env():find('\"PROJECT\":\"p1\"', 1, true) ~= nil))\n"
            + "  end\n  return slurm.SUCCESS\nend\n";

    @TempDir
    static Path dir;
    private static Path home;
    private static Path work;
    private static Process runtime;
    private static boolean createdUser;
    private static String uid;

    @BeforeAll
    static void bootAsRootWithAUser() throws Exception {
        assumeTrue(OnBehalfOf.thisProcess().uid() == 0, "running commands as another user needs root (CI is root)");
        if (exec(List.of("id", "-u", USER)).code != 0) {
            Result added = exec(List.of("useradd", "--no-create-home", "--shell", "/bin/sh", USER));
            assertThat(added.code).as(added.err).isZero();
            createdUser = true;
        }
        uid = exec(List.of("id", "-u", USER)).out.strip();
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x")); // the user reaches bin/ and the socket
        home = home(dir.resolve("home"));
        Files.createDirectories(home.resolve("deploy"));
        Files.writeString(home.resolve("etc/job_submit.lua"), POLICY);
        Files.writeString(home.resolve("etc/cli_filter.lua"), CLI_FILTER);
        Files.writeString(home.resolve("deploy/plugstack.slurm.cfg"), "JobSubmitPlugins=lua\nCliFilterPlugins=lua\n");
        work = Files.createDirectories(dir.resolve("alice"));
        exec(List.of("chown", USER, work.toString()));
        runtime = new ProcessBuilder(JAVA, "-Dgosh.args=--nointeractive", "-jar", home.resolve("plugstack.jar").toString(),
                "--home", home.toString()).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectErrorStream(true).redirectOutput(dir.resolve("runtime.out").toFile()).start();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (!(Files.exists(home.resolve("data/bench.sock")) && command("root", "squeue").code == 0)) {
            if (!runtime.isAlive() || System.nanoTime() > end) {
                throw new AssertionError("the runtime did not come up:\n" + Files.readString(dir.resolve("runtime.out")));
            }
            Thread.sleep(200);
        }
    }

    @AfterAll
    static void stopAndRemoveWhatThisTestMade() throws Exception {
        if (runtime != null) {
            runtime.destroy(); // SIGTERM to that PID; SIGKILL to the same PID if it does not stop
            if (!runtime.waitFor(30, TimeUnit.SECONDS)) {
                runtime.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            }
        }
        if (createdUser) {
            exec(List.of("userdel", USER));
        }
    }

    @Test
    void srunFromAUnixShellRunsAsTheCallingUserInTheirDirectoryAndJobSubmitSeesThem() throws Exception {
        Result r = command(USER, "srun", "sh", "-c", "id -u; pwd");
        assertThat(r.code).as(r.err).isZero();
        assertThat(r.out).isEqualTo(uid + "\n" + work + "\n");
        assertThat(r.err).contains("srun: policy: user_id=" + uid + " submit_uid=" + uid);
    }

    @Test
    void cliFilterFromAUnixShellSeesTheCallingUsersEnvironment() throws Exception {
        Result r = command(USER, List.of("HOME=" + work, "PROJECT=p1"), "srun", "true");
        assertThat(r.code).as(r.err).isZero();
        assertThat(r.err).contains("srun: lua: env: HOME=" + work + " PROJECT=p1 json_env=true");
    }

    @Test
    void sbatchFromAUnixShellRunsAsTheUserWhoOwnsTheOutputAndSqueueNamesThem() throws Exception {
        Files.writeString(work.resolve("job.sh"), "#!/bin/sh\nid -u\npwd\n");
        Result r = command(USER, "sbatch", "job.sh");
        assertThat(r.code).as(r.err).isZero();
        assertThat(r.err).contains("sbatch: policy: user_id=" + uid + " submit_uid=" + uid);
        long job = jobId(r.out);
        String line = awaitJob(job, "COMPLETED");
        assertThat(line.split("\\s+")[3]).as(line).isEqualTo(USER);
        Path out = work.resolve("slurm-" + job + ".out");
        assertThat(Files.readString(out)).isEqualTo(uid + "\n" + work + "\n");
        assertThat(Files.getOwner(out, LinkOption.NOFOLLOW_LINKS).getName()).isEqualTo(USER);
    }

    @Test
    void aUserCanNeitherCancelRootsJobNorRunAStepInIt() throws Exception {
        Path script = Files.writeString(dir.resolve("long.sh"), "#!/bin/sh\nsleep 120\n");
        long job = jobId(command("root", "sbatch", "-o", dir.resolve("long.out").toString(), script.toString()).out);
        awaitJob(job, "RUNNING");

        Result cancel = command(USER, "scancel", String.valueOf(job));
        assertThat(cancel.code).isEqualTo(1);
        assertThat(cancel.err).isEqualTo("scancel: error: Kill job error on job id " + job + ": Access/permission denied\n");
        Result step = command(USER, List.of("SLURM_JOB_ID=" + job), "srun", "id", "-u");
        assertThat(step.code).isEqualTo(1);
        assertThat(step.out).isEmpty();
        assertThat(step.err).contains("srun: error: Unable to create step for job " + job + ": Access/permission denied");
        assertThat(squeueLine(job)).contains(" RUNNING ");

        assertThat(command("root", "scancel", String.valueOf(job)).code).isZero();
        awaitJob(job, "CANCELLED");
    }

    @Test
    void anSrunWhoseClientIsKilledHasItsJobCancelled() throws Exception {
        Process client = start("root", List.of(), "srun", "-J", "gone", "sleep", "120");
        try {
            long job = awaitNamed("gone", "RUNNING");
            client.destroy(); // SIGTERM to the client's JVM: its connection closes
            assertThat(client.waitFor(30, TimeUnit.SECONDS)).isTrue();
            awaitJob(job, "CANCELLED");
        } finally {
            client.destroyForcibly();
        }
    }

    @Test
    void ctrlCOnSrunFromAUnixShellShowsItsTasksThenASecondWithinOneSecondCancelsTheJob() throws Exception {
        PlugstackRuntime.requireSigintNotIgnored();
        Path err = dir.resolve("interrupted.err");
        Process client = new ProcessBuilder(home.resolve("bin/srun").toString(), "-J", "interrupted", "sleep", "120")
                .directory(dir.toFile()).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectError(err.toFile()).start();
        try {
            long job = awaitNamed("interrupted", "RUNNING");
            interrupt(client);
            PlugstackRuntime.await(() -> said(err).contains("srun: interrupt (one more within 1 sec to abort)")
                    && said(err).contains("task 0: running"), "srun's status after one Ctrl-C");
            Thread.sleep(1500);
            assertThat(squeueLine(job)).as("one press cancels nothing").contains("RUNNING");
            interrupt(client);
            interrupt(client);
            awaitJob(job, "CANCELLED");
            assertThat(client.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(said(err)).contains("srun: sending Ctrl-C to StepId=" + job + ".0");
        } finally {
            client.destroyForcibly();
        }
    }

    /** On a drained node srun says why and waits, queued, as a real 22.05's does; the node resumed, its job runs. */
    @Test
    void srunOnADrainedNodeIsQueuedUntilTheNodeIsResumed() throws Exception {
        Path err = dir.resolve("drained.err");
        assertThat(command("root", "scontrol", "update", "nodename=node1", "state=drain", "reason=maintenance").code).isZero();
        Process client = new ProcessBuilder(home.resolve("bin/srun").toString(), "-J", "queued", "echo", "ran")
                .directory(dir.toFile()).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectError(err.toFile()).start();
        try {
            long job = awaitNamed("queued", "PENDING");
            PlugstackRuntime.await(() -> said(err).contains("srun: job " + job + " queued and waiting for resources"), "srun queued");
            assertThat(said(err)).startsWith("srun: Required node not available (down, drained or reserved)\n");
            assertThat(squeueLine(job)).isEqualTo(job + " queued PENDING root ");
            assertThat(command("root", "squeue", "-h", "-j", String.valueOf(job), "-o", "%R").out)
                    .isEqualTo("(ReqNodeNotAvail, UnavailableNodes:node1)\n");
            assertThat(command("root", "scontrol", "update", "nodename=node1", "state=resume").code).isZero();
            assertThat(client.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(client.exitValue()).isZero();
            assertThat(new String(client.getInputStream().readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("ran\n");
            assertThat(said(err)).endsWith("srun: job " + job + " has been allocated resources\n");
        } finally {
            client.destroyForcibly();
            command("root", "scontrol", "update", "nodename=node1", "state=resume");
        }
    }

    /** Ctrl-C on an srun waiting for a drained node cancels its job: srun says it was revoked and exits 1. */
    @Test
    void ctrlCOnAQueuedSrunCancelsItsJob() throws Exception {
        PlugstackRuntime.requireSigintNotIgnored();
        Path err = dir.resolve("revoked.err");
        assertThat(command("root", "scontrol", "update", "nodename=node1", "state=drain", "reason=maintenance").code).isZero();
        Process client = new ProcessBuilder(home.resolve("bin/srun").toString(), "-J", "revoked", "true")
                .directory(dir.toFile()).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectError(err.toFile()).start();
        try {
            long job = awaitNamed("revoked", "PENDING");
            PlugstackRuntime.await(() -> said(err).contains("queued and waiting for resources"), "srun queued");
            interrupt(client);
            awaitJob(job, "CANCELLED");
            assertThat(client.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(client.exitValue()).isEqualTo(1);
            assertThat(said(err)).endsWith("srun: Job allocation " + job + " has been revoked\n");
        } finally {
            client.destroyForcibly();
            command("root", "scontrol", "update", "nodename=node1", "state=resume");
        }
    }

    /** SIGINT to the client, as the terminal sends it on Ctrl-C (bin/srun execs the client's JVM). */
    private static void interrupt(Process client) throws Exception {
        assertThat(new ProcessBuilder("kill", "-INT", Long.toString(client.pid())).start().waitFor()).isZero();
    }

    private static String said(Path file) {
        try {
            return Files.readString(file);
        } catch (java.io.IOException e) {
            return "";
        }
    }

    @Test
    void srunWithNoRuntimeRunningSaysSoInOneLine() throws Exception {
        Path idle = home(dir.resolve("idle"));
        Result r = run(List.of(idle.resolve("bin/srun").toString(), "true"), dir);
        assertThat(r.code).isEqualTo(1);
        assertThat(r.out).isEmpty();
        assertThat(r.err).matches("srun: error: no Plugstack runtime is running on the home " + Pattern.quote(idle.toString())
                + " \\(cannot connect to " + Pattern.quote(idle.resolve("data/bench.sock").toString()) + ": [^\n]+\\)\n");
    }

    /** A home made from the distribution: its repository, features and settings, the launcher and bin/ (links kept). */
    private static Path home(Path home) throws Exception {
        Path dist = PlugstackRuntime.dist();
        for (String sub : new String[] {"system", "features", "etc", "lib"}) {
            PlugstackRuntime.copyTree(dist.resolve(sub), home.resolve(sub));
        }
        Files.copy(dist.resolve("plugstack.jar"), home.resolve("plugstack.jar"));
        Files.createDirectories(home.resolve("bin"));
        try (Stream<Path> bin = Files.list(dist.resolve("bin"))) {
            for (Path p : (Iterable<Path>) bin::iterator) {
                Files.copy(p, home.resolve("bin").resolve(p.getFileName()), StandardCopyOption.COPY_ATTRIBUTES, LinkOption.NOFOLLOW_LINKS);
            }
        }
        return home;
    }

    private static long jobId(String sbatchOut) {
        Matcher m = Pattern.compile("Submitted batch job (\\d+)").matcher(sbatchOut);
        assertThat(m.find()).as(sbatchOut).isTrue();
        return Long.parseLong(m.group(1));
    }

    /** squeue's letters for what these tests read: id, name, state, user (a blank after each, so " RUNNING " matches). */
    private static final String SQUEUE_FORMAT = "%i %j %T %u ";

    private static String squeueLine(long job) throws Exception {
        return command("root", "squeue", "-t", "all", "-h", "-o", SQUEUE_FORMAT).out.lines().filter(l -> l.startsWith(job + " "))
                .findFirst().orElse("");
    }

    /** Waits (bounded) until the job's squeue line shows {@code state}; the line. */
    private static String awaitJob(long job, String state) throws Exception {
        String[] line = {""};
        PlugstackRuntime.await(() -> {
            try {
                line[0] = squeueLine(job);
            } catch (Exception e) {
                return false;
            }
            return line[0].contains(" " + state + " ");
        }, "job " + job + " " + state + " in squeue");
        return line[0];
    }

    /** Waits (bounded) until a job named {@code name} is in {@code state}; its id. */
    private static long awaitNamed(String name, String state) throws Exception {
        long[] id = {0};
        PlugstackRuntime.await(() -> {
            try {
                command("root", "squeue", "-t", "all", "-h", "-o", SQUEUE_FORMAT).out.lines().map(l -> l.split("\\s+"))
                        .filter(c -> c.length > 3 && c[1].equals(name) && c[2].equals(state))
                        .findFirst().ifPresent(c -> id[0] = Long.parseLong(c[0]));
            } catch (Exception e) {
                return false;
            }
            return id[0] != 0;
        }, "a job named " + name + " " + state + " in squeue");
        return id[0];
    }

    private static Result command(String user, String... args) throws Exception {
        return command(user, List.of(), args);
    }

    /** {@code <home>/bin/<args[0]> args...} as {@code user} (runuser), with extra environment, in that user's directory. */
    private static Result command(String user, List<String> env, String... args) throws Exception {
        Process p = start(user, env, args);
        return finish(p);
    }

    private static Process start(String user, List<String> env, String... args) throws Exception {
        List<String> argv = new ArrayList<>(List.of("runuser", "-u", user, "--", "env"));
        argv.addAll(env);
        argv.add(home.resolve("bin").resolve(args[0]).toString());
        argv.addAll(List.of(args).subList(1, args.length));
        return new ProcessBuilder(argv).directory((user.equals("root") ? dir : work).toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
    }

    private static Result run(List<String> argv, Path cwd) throws Exception {
        return finish(new ProcessBuilder(argv).directory(cwd.toFile()).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .start());
    }

    private static Result exec(List<String> argv) throws Exception {
        return run(argv, Path.of("/"));
    }

    /** Waits (bounded: one minute) for a client; its exit code and output. */
    private static Result finish(Process p) throws Exception {
        java.util.concurrent.CompletableFuture<byte[]> err = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return p.getErrorStream().readAllBytes();
            } catch (java.io.IOException e) {
                return new byte[0];
            }
        });
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("a client took more than a minute: " + p.info().commandLine().orElse(""));
        }
        return new Result(p.exitValue(), out, new String(err.get(10, TimeUnit.SECONDS), StandardCharsets.UTF_8));
    }

    private record Result(int code, String out, String err) {
    }
}
