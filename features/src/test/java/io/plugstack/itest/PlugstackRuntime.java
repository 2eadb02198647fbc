package io.plugstack.itest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import java.util.Properties;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;

import io.plugstack.runtime.launcher.Launcher;
import io.plugstack.runtime.launcher.RuntimeSettings;
import io.plugstack.runtime.spi.refusals.Refusal;

/**
 * The assembled distribution (features/target/plugstack) copied into a fresh home and booted in
 * this JVM through the real launcher: real Felix, SCR, FileInstall, Gogo and our bundles.
 */
public final class PlugstackRuntime implements AutoCloseable {

    static final long TIMEOUT_MS = 15_000;
    static final String SPANK_PLUGIN = "io.plugstack.api.spank.SpankPlugin";

    private final Path home;
    private final Launcher launcher;
    private final BundleContext context;

    private PlugstackRuntime(Path home, Launcher launcher) {
        this.home = home;
        this.launcher = launcher;
        this.context = launcher.framework().getBundleContext();
    }

    static Path dist() {
        return Path.of(System.getProperty("plugstack.dist", "target/plugstack"));
    }

    /** A fresh home with the distribution's repository, features and settings, booted. */
    static PlugstackRuntime boot(Path dir) throws Exception {
        return boot(dir, new Properties());
    }

    /** The same with settings overridden ({@code plugstack.features.boot}, say), as {@code -D} would. */
    static PlugstackRuntime boot(Path dir, Properties settings) throws Exception {
        Path home = dir.resolve("home");
        if (!Files.exists(home)) {
            for (String sub : new String[] {"system", "features", "etc"}) {
                copyTree(dist().resolve(sub), home.resolve(sub));
            }
        }
        return start(home, settings);
    }

    /** Boots an existing home again: what a restart of the product does. */
    static PlugstackRuntime start(Path home, Properties settings) throws Exception {
        Properties overrides = new Properties();
        overrides.putAll(settings);
        overrides.setProperty("gosh.args", "--nointeractive");
        overrides.setProperty("felix.fileinstall.poll", "50");
        Launcher launcher = new Launcher(RuntimeSettings.load(home, overrides));
        launcher.start();
        return new PlugstackRuntime(home, launcher);
    }

    /** Copies a tree as a site copies a distribution: modes kept (Files.copy keeps them on Linux), files already there replaced. */
    public static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    Path home() {
        return home;
    }

    /** Replaces etc/plugstack.conf the way an admin should: write aside, rename over. */
    void plugstackConf(String... lines) throws IOException {
        Path conf = home.resolve("etc/plugstack.conf");
        Path part = home.resolve("etc/plugstack.conf.new");
        Files.writeString(part, String.join("\n", lines) + "\n");
        Files.move(part, conf, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    /** slurm.conf's parameters as ConfigAdmin configuration "plugstack.slurm", dropped into deploy/ as an admin would. */
    void slurmConf(String... lines) throws IOException {
        Path part = home.resolve("slurm.cfg.part");
        Files.writeString(part, String.join("\n", lines) + "\n");
        Files.move(part, deployDir().resolve("plugstack.slurm.cfg"), StandardCopyOption.ATOMIC_MOVE,
                StandardCopyOption.REPLACE_EXISTING);
    }

    Path deployDir() {
        return home.resolve("deploy");
    }

    BundleContext context() {
        return context;
    }

    /** A shell session in the home, as a user who started the runtime there: relative paths (slurm-N.out) land in it. */
    Shell shell() throws Exception {
        Shell shell = new Shell(context);
        shell.cd(home);
        return shell;
    }

    /** What plugstack:plugins says now (for await conditions, which cannot throw). */
    String plugins() {
        try {
            return shell().run("plugstack:plugins");
        } catch (Exception e) {
            throw new IllegalStateException("plugstack:plugins failed", e);
        }
    }

    /** Drops a jar into deploy/ as {@code name} the safe way (copy aside, rename in); returns where it is. */
    Path drop(Path jar, String name) throws IOException {
        Path part = deployDir().resolve(name + ".part");
        Files.copy(jar, part, StandardCopyOption.REPLACE_EXISTING);
        return Files.move(part, deployDir().resolve(name), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    /** Drops a jar into deploy/ the safe way (copy aside, rename in) and waits for FileInstall to install it. */
    Bundle deploy(Path jar) throws Exception {
        Path target = drop(jar, jar.getFileName().toString());
        String location = target.toUri().toString();
        await(() -> bundleAt(location).isPresent(), "FileInstall to install " + target);
        return bundleAt(location).orElseThrow();
    }

    Optional<Bundle> bundleAt(String location) {
        Path wanted = pathOf(location);
        return Stream.of(context.getBundles()).filter(b -> wanted.equals(pathOf(b.getLocation()))).findFirst();
    }

    /** A bundle location as a path: FileInstall writes file: URIs, the launcher too. */
    private static Path pathOf(String location) {
        try {
            return location.startsWith("file:") ? Path.of(java.net.URI.create(location)).normalize() : Path.of(location).normalize();
        } catch (RuntimeException e) {
            return Path.of("/nonexistent");
        }
    }

    Optional<Bundle> bundle(String symbolicName) {
        return Stream.of(context.getBundles()).filter(b -> symbolicName.equals(b.getSymbolicName())).findFirst();
    }

    /** The plugin services (any family) a bundle has registered. */
    ServiceReference<?>[] pluginServices(Bundle bundle) throws InvalidSyntaxException {
        ServiceReference<?>[] refs = context.getAllServiceReferences(SPANK_PLUGIN, "(service.bundleid=" + bundle.getBundleId() + ")");
        return refs == null ? new ServiceReference<?>[0] : refs;
    }

    Optional<Refusal> refusal(Bundle bundle) {
        return launcher.refusals().refusal(bundle.getBundleId());
    }

    /**
     * Fails, saying why, when this JVM ignores SIGINT: a process started from a non-interactive shell's
     * {@code &} (or nohup'd that way) inherits SIG_IGN for SIGINT, the processes the Ctrl-C tests start
     * inherit it too, and a JVM that starts with SIGINT ignored cannot catch it.
     */
    static void requireSigintNotIgnored() throws IOException {
        String sigIgn = Files.readAllLines(Path.of("/proc/self/status")).stream().filter(l -> l.startsWith("SigIgn:"))
                .map(l -> l.substring("SigIgn:".length()).trim()).findFirst().orElse("0");
        if ((Long.parseUnsignedLong(sigIgn, 16) & (1L << 1)) != 0) {
            throw new AssertionError("this test JVM ignores SIGINT (SigIgn " + sigIgn + ", inherited from the shell that started "
                    + "the build, e.g. a background '&' without job control): the Ctrl-C tests cannot run; start the build "
                    + "from a shell that does not ignore SIGINT");
        }
    }

    /** Whether process {@code pid} is gone, or goes within 10 s (a kill is asynchronous). */
    static boolean processEnds(long pid) throws InterruptedException {
        for (int i = 0; i < 200 && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false); i++) {
            Thread.sleep(50);
        }
        return ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true);
    }

    static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long end = System.currentTimeMillis() + TIMEOUT_MS;
        while (!condition.getAsBoolean()) {
            if (System.currentTimeMillis() > end) {
                throw new AssertionError("timed out after " + TIMEOUT_MS + " ms waiting for " + what);
            }
            Thread.sleep(10);
        }
    }

    @Override
    public void close() {
        launcher.stop();
    }
}
