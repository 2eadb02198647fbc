package io.plugstack.itest.realslurm;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.plugstack.itest.realslurm.RealSlurm.Result;

/**
 * Which real Slurm a real-Slurm test runs: this machine's (Debian 12, Slurm 22.05), or Debian 13's
 * Slurm 24.11 or Debian testing's (forky) Slurm 26.05, each in a Debian root of its own (debootstrap from
 * Debian's archive, made once per machine and reused: runtime/bridge/real-slurm/debian-root.sh). The root sees this machine's /tmp (the tests'
 * directories, the node daemon's sockets, the callback logs) and the bridge's source at the same paths,
 * so every path a test writes means the same inside and outside it; the bridge and the C test plugins
 * are built inside it, against its own Slurm's headers. The node daemon runs on this machine and serves
 * both: the bridge says which release calls it.
 */
public record SlurmUnderTest(String name, String series, Path root, String suite, Path bridgeDir, boolean sourceServed) {

    /** This machine's Debian 12 Slurm 22.05, installed by cluster.sh. */
    public static final SlurmUnderTest DEBIAN_12 = new SlurmUnderTest("Debian 12 (Slurm 22.05)", "22.05", null, null,
            Path.of(System.getProperty("plugstack.bridge", "../runtime/bridge/target/c")).toAbsolutePath().normalize(), true);
    /** Debian 13's Slurm 24.11, in a root of its own. */
    public static final SlurmUnderTest DEBIAN_13 = new SlurmUnderTest("Debian 13 (Slurm 24.11)", "24.11",
            Path.of(System.getProperty("plugstack.debian13.root", "/var/tmp/plugstack-debian13")), "trixie",
            bridgeSource().resolve("target/c-debian13"), true);
    /**
     * Debian testing's (forky) Slurm 26.05, in a root of its own. Debian's archive lists its source package
     * but serves neither it nor its upstream tarball (404, 2026-11-28), so job_submit/plugstack, which is
     * built against the configured source, is not built for it.
     */
    public static final SlurmUnderTest DEBIAN_FORKY = new SlurmUnderTest("Debian testing 'forky' (Slurm 26.05)", "26.05",
            Path.of(System.getProperty("plugstack.forky.root", "/var/tmp/plugstack-forky")), "forky",
            bridgeSource().resolve("target/c-forky"), false);

    private static final String DEBIAN_ROOT = "debian-root.sh";
    private static final Duration MAKE = Duration.ofMinutes(15);
    private static final Duration STEP = Duration.ofMinutes(2);
    /**
     * What the root needs beside Slurm's daemons: Slurm's headers and a compiler for the bridge, lua-socket
     * for the shims; munge's headers and dpkg-dev for fetching and configuring Slurm's source (job_submit/plugstack).
     */
    private static final List<String> PACKAGES = List.of("slurmd", "slurmctld", "slurm-client", "munge", "libslurm-dev", "gcc", "make",
            "libc6-dev", "lua-socket", "libmunge-dev", "dpkg-dev");
    private static final Object LOCK = new Object();
    private static final List<Path> MOUNTED = new java.util.concurrent.CopyOnWriteArrayList<>();
    private static final java.util.Set<String> READY = new java.util.HashSet<>();

    /** The runtime/bridge directory of this build (its Makefile and C sources). */
    static Path bridgeSource() {
        return RealSlurm.harness("cluster.sh").getParent().getParent();
    }

    /**
     * The root made (or reused), mounted with this machine's /tmp and the bridge's source at their own
     * paths, the test user there with this machine's uid, and the bridge and C test plugins built against
     * its Slurm. Once per JVM; the mounts go when the JVM exits.
     */
    void prepare() {
        if (root == null) {
            return;
        }
        synchronized (LOCK) {
            if (READY.contains(suite)) {
                return;
            }
            List<String> make = new ArrayList<>(List.of("make", root.toString(), suite));
            make.addAll(PACKAGES);
            Result made = RealSlurm.runHarness(DEBIAN_ROOT, MAKE, Map.of(), make.toArray(String[]::new));
            if (!made.ok()) {
                throw new AssertionError("real-slurm: cannot make the " + name + " root in " + root + ": " + made);
            }
            System.out.print(made.stdout());
            // /home: a job's user has the same home inside and out, where cli_filter.lua hooks act as that user
            Result mounted = rootScript("mount", root.toString(), "/tmp", "/home", bridgeSource().toString());
            if (!mounted.ok()) {
                throw new AssertionError("real-slurm: debian-root.sh cannot mount the " + name + " root: " + mounted);
            }
            MOUNTED.add(root); // unmounted by RealSlurm's shutdown hook, once its clusters are stopped
            RealSlurm.ensureUser(RealSlurm.TEST_USER);
            sameUserInside(RealSlurm.TEST_USER);
            // job_submit/plugstack against the root's Slurm source (fetched and configured once, beside the 22.05 one)
            List<String> targets = new ArrayList<>(List.of("chroot", root.toString(), "make", "-s", "-C", bridgeSource().toString(), "so",
                    "test-plugins"));
            if (sourceServed) {
                targets.addAll(List.of("job-submit-installed", "SLURM_SRC_CACHE=" + bridgeDir.resolveSibling("slurm-src-" + suite)));
            }
            targets.add("OUT=" + bridgeDir);
            Result built = RealSlurm.exec(targets, Map.of(), MAKE);
            if (!built.ok()) {
                throw new AssertionError("real-slurm: cannot build the bridge against " + name + "'s headers: " + built);
            }
            READY.add(suite);
        }
    }

    /** {@code argv} as it runs against this Slurm: in the root (in {@code cwd} there), or here. */
    List<String> command(List<String> argv, Path cwd) {
        if (root == null) {
            return argv;
        }
        List<String> in = new ArrayList<>(List.of("chroot", root.toString(), "/bin/sh", "-c", "cd \"$0\" && exec \"$@\"",
                cwd == null ? "/" : cwd.toString()));
        in.addAll(argv);
        return in;
    }

    /** cluster.sh's environment for this Slurm: SLURM_ROOT makes it run itself inside the root. */
    Map<String, String> clusterEnv() {
        return root == null ? Map.of() : Map.of("SLURM_ROOT", root.toString());
    }

    /** The release as its slurmd says ({@code slurmd -V}): 22.05.8, 24.11.5. */
    public String release() {
        Result v = RealSlurm.exec(command(List.of("slurmd", "-V"), null), Map.of(), STEP).assertOk();
        return v.stdout().strip().replaceFirst("^slurm(-wlm)? ", "");
    }

    /**
     * What a node daemon on this Slurm's node finds itself at its start (the release {@code slurmd -V}
     * says, the Lua its job_submit/lua links), as settings for a daemon that runs on this machine instead:
     * empty for this machine's own Slurm, which the daemon finds by itself.
     */
    public Map<String, String> daemonSettings() {
        if (root == null) {
            return Map.of();
        }
        prepare(); // asked before any cluster starts: a node daemon starts first
        String ldd = RealSlurm.exec(command(List.of("ldd", "/usr/lib/x86_64-linux-gnu/slurm-wlm/job_submit_lua.so"), null), Map.of(), STEP)
                .assertOk().stdout();
        java.util.regex.Matcher lua = java.util.regex.Pattern.compile("liblua(5\\.\\d)").matcher(ldd);
        if (!lua.find()) {
            throw new AssertionError("real-slurm: which Lua does " + name + "'s job_submit/lua link? " + ldd);
        }
        return Map.of("plugstack.slurm.release", release(), "plugstack.lua.version", lua.group(1));
    }

    private void sameUserInside(String user) {
        String uid = RealSlurm.exec(List.of("id", "-u", user), Map.of(), STEP).assertOk().stdout().strip();
        String gid = RealSlurm.exec(List.of("id", "-g", user), Map.of(), STEP).assertOk().stdout().strip();
        if (RealSlurm.exec(command(List.of("id", "-u", user), null), Map.of(), STEP).stdout().strip().equals(uid)) {
            return;
        }
        RealSlurm.exec(command(List.of("groupadd", "-o", "-g", gid, user), null), Map.of(), STEP);
        RealSlurm.exec(command(List.of("useradd", "-o", "-u", uid, "-g", gid, "-m", "-s", "/bin/bash", user), null), Map.of(), STEP).assertOk();
    }

    private static Result rootScript(String... args) {
        return RealSlurm.runHarness(DEBIAN_ROOT, STEP, Map.of(), args);
    }

    /** Undoes the mounts of every root this JVM mounted: at its exit, after the clusters in them stopped. */
    static void unmountAll() {
        MOUNTED.forEach(r -> rootScript("umount", r.toString()));
        MOUNTED.clear();
    }

    /** The Slurm a test class runs: {@link OnDebian} names the suite whose root it runs in, else this machine's. */
    public static SlurmUnderTest of(Class<?> testClass) {
        for (Class<?> c = testClass; c != null; c = c.getSuperclass()) {
            OnDebian on = c.getAnnotation(OnDebian.class);
            if (on != null) {
                return ofSuite(on.value());
            }
        }
        return DEBIAN_12;
    }

    /** The root of Debian suite {@code suite} ("trixie", "forky"). */
    public static SlurmUnderTest ofSuite(String suite) {
        for (SlurmUnderTest u : List.of(DEBIAN_13, DEBIAN_FORKY)) {
            if (u.suite.equals(suite)) {
                return u;
            }
        }
        throw new IllegalArgumentException("no Slurm of Debian suite " + suite + " is known to the tests (trixie, forky)");
    }

    @Override
    public String toString() {
        return name;
    }
}
