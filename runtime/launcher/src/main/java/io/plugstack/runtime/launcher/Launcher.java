package io.plugstack.runtime.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.ServiceLoader;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleEvent;
import org.osgi.framework.BundleException;
import org.osgi.framework.Constants;
import org.osgi.framework.FrameworkEvent;
import org.osgi.framework.hooks.resolver.ResolverHookFactory;
import org.osgi.framework.hooks.weaving.WeavingHook;
import org.osgi.framework.launch.Framework;
import org.osgi.framework.launch.FrameworkFactory;

import io.plugstack.api.plugin.RuntimeHome;
import io.plugstack.runtime.containment.ExitCallWeaver;
import io.plugstack.runtime.identity.PluginIdentityResolverHook;
import io.plugstack.runtime.identity.Verdict;
import io.plugstack.runtime.identity.PluginIdentityRule;
import io.plugstack.runtime.identity.RefusalRegistry;
import io.plugstack.runtime.launcher.bootfeatures.BundleRepository;
import io.plugstack.runtime.launcher.bootfeatures.FeatureFiles;
import io.plugstack.runtime.spi.features.BootFeaturesStarted;
import io.plugstack.runtime.spi.features.FeatureDefinition;
import io.plugstack.runtime.spi.features.FeatureRepository;
import io.plugstack.runtime.spi.refusals.PluginRefusals;

/**
 * Embeds Apache Felix: installs the bundles of the boot features ({@code plugstack.features.boot},
 * files of {@code features/} whose bundle ids resolve to jars of the {@code system/} repository) and
 * starts them in start-order; FileInstall owns {@code deploy/}. The plugin identity resolver hook is
 * registered before the first bundle can resolve. Features installed at run time are the
 * in-framework installer's business (bundle io.plugstack.runtime.featureinstaller), through the
 * {@link FeatureRepository} registered here.
 */
public final class Launcher {

    private final RuntimeSettings settings;
    private Framework framework;
    private RefusalRegistry refusals;
    private HomeLock homeLock;

    public Launcher(RuntimeSettings settings) {
        this.settings = settings;
        // plugins log through System.Logger (JUL): one line per message, as Slurm's daemons write them
        System.getProperties().putIfAbsent("java.util.logging.SimpleFormatter.format", "%5$s%6$s%n");
    }

    /**
     * Takes the home for this runtime (see {@link HomeLock}) unless it already has it: before anything
     * touches the home, a home another runtime runs on fails with {@link HomeInUseException} naming
     * that runtime's PID. {@link #start} calls it; the plain main calls it first so the refusal reaches
     * the console, before a node daemon's output goes to its log file.
     */
    public synchronized void lockHome() throws IOException {
        if (homeLock == null) {
            homeLock = HomeLock.acquire(settings.home(), settings.dataDir());
        }
    }

    /**
     * Boots the framework; returns once every boot bundle has been started. A home another runtime
     * holds is refused first ({@link HomeInUseException}). A boot feature that cannot be read fails
     * here, before any framework exists, with an IllegalArgumentException naming its file and entry.
     */
    public Framework start() throws BundleException, IOException {
        lockHome();
        try {
            return boot();
        } catch (IOException | BundleException | RuntimeException e) {
            if (framework == null) { // nothing ran: the home is free again
                unlockHome();
            }
            throw e;
        }
    }

    private Framework boot() throws BundleException, IOException {
        Files.createDirectories(settings.deployDir());
        FeatureFiles features = new FeatureFiles(settings.featuresDir(), new BundleRepository(settings.repositories()),
                settings.bootFeatures());
        // the boot features are read while the framework initialises (the cores do both at once); a feature that
        // cannot be read still fails the start before any bundle is installed
        FutureTask<List<FeatureDefinition.Bundle>> reading = new FutureTask<>(features::bootBundles);
        new Thread(reading, "plugstack-boot-features").start();
        FrameworkFactory factory = ServiceLoader.load(FrameworkFactory.class).findFirst()
                .orElseThrow(() -> new IllegalStateException("no OSGi framework on the class path"));
        framework = factory.newFramework(frameworkConfig());
        framework.init();
        List<FeatureDefinition.Bundle> boot = bootBundles(reading);
        BundleContext system = framework.getBundleContext();
        refusals = new RefusalRegistry(new PluginIdentityRule(settings.slurmRelease()), Launcher::log);
        system.registerService(ResolverHookFactory.class, new PluginIdentityResolverHook(refusals), null);
        // before any bundle is installed: no plugin class is ever defined with its exit calls intact
        system.registerService(WeavingHook.class, new ExitCallWeaver(r -> refusals.verdict(r) != Verdict.NOT_A_PLUGIN, Launcher::log), null);
        system.registerService(PluginRefusals.class, refusals, null);
        system.addBundleListener(e -> {
            if (e.getType() == BundleEvent.UNINSTALLED) {
                refusals.forget(e.getBundle().getBundleId());
            }
        });
        system.registerService(FeatureRepository.class, features, null);
        List<Bundle> installed = new ArrayList<>();
        for (FeatureDefinition.Bundle b : boot) {
            installed.add(system.installBundle(b.location()));
        }
        // no context class loader while bundles start: JLine (the console) then finds its terminal providers in
        // its own bundle, not on the launcher's class path where it looks first (ServiceLoader falls back to the
        // system class loader, the launcher's, as before)
        Thread self = Thread.currentThread();
        ClassLoader tccl = self.getContextClassLoader();
        self.setContextClassLoader(null);
        try {
            framework.start();
            List<Thread> concurrent = new ArrayList<>();
            for (int i = 0; i < installed.size(); i++) {
                Bundle b = installed.get(i);
                if (settings.nodeDaemon() && BENCH_ONLY_VALUE.equals(b.getHeaders("").get(BENCH_ONLY))) {
                    log("node daemon: " + b.getSymbolicName() + " is not started: a node daemon serves no bench (no bench socket, controller, jobs or their threads)");
                    continue;
                }
                if (settings.nodeDaemon() && boot.get(i).console()) {
                    log("node daemon: " + b.getSymbolicName() + " is not started: a node daemon has no console (plugstack --admin reaches its shell)");
                    continue;
                }
                if (boot.get(i).startConcurrently()) {
                    Thread t = new Thread(() -> startQuietly(b), "plugstack-start-" + b.getSymbolicName());
                    t.setContextClassLoader(null);
                    t.start();
                    concurrent.add(t);
                } else {
                    startQuietly(b);
                }
            }
            system.registerService(BootFeaturesStarted.class, new BootFeaturesStarted(), null);
            for (Thread t : concurrent) {
                joinUninterruptibly(t); // start() returns once every boot bundle has been started, as before
            }
        } finally {
            self.setContextClassLoader(tccl);
        }
        return framework;
    }

    /** The boot bundles read beside the framework's init; a feature that cannot be read discards that framework. */
    private List<FeatureDefinition.Bundle> bootBundles(FutureTask<List<FeatureDefinition.Bundle>> reading) {
        try {
            return reading.get();
        } catch (ExecutionException | InterruptedException e) {
            try {
                framework.stop();
                framework.waitForStop(10_000);
            } catch (BundleException | InterruptedException ignored) {
                // it never started a bundle: nothing is lost
            }
            framework = null;
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while reading the boot features", e);
            }
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    private static void joinUninterruptibly(Thread t) {
        boolean interrupted = false;
        while (t.isAlive()) {
            try {
                t.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The manifest header of the job-launch bench's bundles: a node daemon (root, reachable by every local
     * user) leaves them installed and never started, so no user can run jobs in it or take over a real job's
     * files through a simulated one.
     */
    static final String BENCH_ONLY = "Plugstack-Bench-Only";
    static final String BENCH_ONLY_VALUE = "true";

    /** Bundles that cannot start (a refused plugin, say) do not stop the runtime. */
    private static void startQuietly(Bundle b) {
        if (b.getHeaders("").get(Constants.FRAGMENT_HOST) != null) {
            return;
        }
        try {
            b.start();
        } catch (BundleException e) {
            log("bundle " + b.getSymbolicName() + " [" + b.getBundleId() + "] not started: " + e.getMessage());
        }
    }

    /** The launcher's SPI packages, one class each: exported by the system bundle, outside any bundle's class space. */
    private static final List<Class<?>> SPI_PACKAGES = List.of(io.plugstack.runtime.spi.bench.CommandProtocol.class,
            io.plugstack.runtime.spi.durable.DurableFile.class, io.plugstack.runtime.spi.features.FeatureRepository.class,
            PluginRefusals.class, io.plugstack.runtime.spi.containment.ProcessExits.class, io.plugstack.runtime.spi.log.RuntimeLog.class);

    private Map<String, String> frameworkConfig() throws IOException {
        Map<String, String> c = new HashMap<>(settings.all());
        c.put(Constants.FRAMEWORK_STORAGE, settings.storageDir().toString());
        c.put(Constants.FRAMEWORK_STORAGE_CLEAN, Constants.FRAMEWORK_STORAGE_CLEAN_ONFIRSTINIT);
        String version = ";version=" + spiVersion();
        c.put(Constants.FRAMEWORK_SYSTEMPACKAGES_EXTRA, SPI_PACKAGES.stream().map(p -> p.getPackageName() + version)
                .collect(java.util.stream.Collectors.joining(",")));
        c.put(RuntimeSettings.SLURM_RELEASE, settings.slurmRelease().toString());
        c.put(RuntimeSettings.DEPLOY_DIR, settings.deployDir().toString());
        c.put("felix.fileinstall.dir", settings.deployDir().toString());
        c.putIfAbsent(RuntimeSettings.POLL, RuntimeSettings.DEFAULT_POLL);
        c.putIfAbsent("felix.fileinstall.noInitialDelay", "true");
        c.putIfAbsent("felix.fileinstall.bundles.new.start", "true");
        // only whole files: deploy writes "<name>.jar.part" and renames it, FileInstall never sees half a jar
        c.putIfAbsent("felix.fileinstall.filter", ".*\\.(jar|cfg|config)$");
        c.putIfAbsent("felix.fileinstall.log.level", "2");
        // the admin's .cfg file is the truth: FileInstall must not write ConfigAdmin changes back into it
        c.putIfAbsent("felix.fileinstall.enableConfigSave", "false");
        c.putIfAbsent(RuntimeHome.PROPERTY, settings.home().toString());
        // a delayed component, once created, lives until its bundle stops: the bench's slurmctld and slurmd hold
        // jobs, which SCR's default (dispose when the last user lets go) dropped at boot and could drop later
        c.putIfAbsent("ds.delayed.keepInstances", "true");
        // the console (Gogo's JLine shell) reads etc/gosh_profile of the home: prompt, banner, completion
        c.putIfAbsent("gosh.home", settings.home().toString());
        // JLine handles the terminal's signals (Ctrl-C goes to the foreground command, not the JVM) through sun.misc.Signal
        c.putIfAbsent(Constants.FRAMEWORK_BOOTDELEGATION, "sun.misc");
        return c;
    }

    private static String spiVersion() throws IOException {
        Properties p = new Properties();
        try (InputStream in = Launcher.class.getResourceAsStream("build.properties")) {
            if (in != null) {
                p.load(in);
            }
        }
        return p.getProperty("spi.version", "0.0.0");
    }

    public Framework framework() {
        return framework;
    }

    public PluginRefusals refusals() {
        return refusals;
    }

    /** Stops the framework, waits for it, and lets another runtime have the home. */
    public void stop() {
        if (framework != null) {
            try {
                framework.stop();
                if (framework.waitForStop(30_000).getType() == FrameworkEvent.WAIT_TIMEDOUT) {
                    return; // still running: the home stays ours
                }
            } catch (BundleException | InterruptedException e) {
                if (e instanceof InterruptedException) {
                    Thread.currentThread().interrupt();
                }
                throw new IllegalStateException("framework did not stop cleanly", e);
            }
        }
        unlockHome();
    }

    private synchronized void unlockHome() {
        if (homeLock != null) {
            try {
                homeLock.close();
            } catch (IOException e) {
                log("releasing the lock of " + settings.home() + ": " + e.getMessage());
            }
            homeLock = null;
        }
    }

    static void log(String message) {
        System.err.println("plugstack: " + message);
    }

}
