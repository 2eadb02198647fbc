package io.plugstack.paxexam.container;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.ops4j.pax.exam.Constants;
import org.ops4j.pax.exam.ExamSystem;
import org.ops4j.pax.exam.TestAddress;
import org.ops4j.pax.exam.TestContainer;
import org.ops4j.pax.exam.TestContainerException;
import org.ops4j.pax.exam.options.FrameworkPropertyOption;
import org.ops4j.pax.exam.options.FrameworkStartLevelOption;
import org.ops4j.pax.exam.options.ProvisionOption;
import org.ops4j.pax.exam.options.SystemPropertyOption;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.FrameworkEvent;
import org.osgi.framework.launch.Framework;
import org.osgi.framework.startlevel.BundleStartLevel;
import org.osgi.framework.startlevel.FrameworkStartLevel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.plugstack.paxexam.internal.SiteFiles;
import io.plugstack.runtime.launcher.Launcher;
import io.plugstack.runtime.launcher.RuntimeSettings;

/**
 * A Pax Exam test container that is the real Plugstack runtime: a fresh home copied from the unpacked
 * distribution, booted in the test JVM by our launcher (the plugin identity resolver hook, the exit-call
 * weaver, the feature repository on the system bundle, the boot features), the author's plugin deployed
 * into its deploy/ folder, then what Pax Exam's native container installs (its own bundles, JUnit, this
 * kit's bundle, the probe) installed the same way into that framework. Pax Exam's native container would
 * boot a bare Felix instead, without any of the launcher's hooks.
 */
final class PlugstackTestContainer implements TestContainer {

    private static final Logger LOG = LoggerFactory.getLogger(PlugstackTestContainer.class);
    /**
     * The console's JLine (java.util.logging "org.jline") warns at every boot that the test JVM has no terminal;
     * the runtime runs without its console here (gosh.args=--nointeractive), so only its errors are shown.
     */
    private static final java.util.logging.Logger JLINE = java.util.logging.Logger.getLogger("org.jline");

    static {
        JLINE.setLevel(java.util.logging.Level.SEVERE);
    }
    /** How long the plugin may take to become ACTIVE, the bench to take slurm.conf, the start level to be reached. */
    static final long READY_TIMEOUT_MS = 30_000;
    private static final String LOCAL_REPOSITORY = io.plugstack.paxexam.PlugstackExam.LOCAL_REPOSITORY;

    private final ExamSystem system;
    private final Deque<Long> installed = new ArrayDeque<>();
    private Path home;
    private Launcher launcher;
    private Framework framework;
    private Long probeId;

    PlugstackTestContainer(ExamSystem system) {
        this.system = system;
    }

    @Override
    public synchronized TestContainer start() {
        long t0 = System.nanoTime();
        try {
            home = FreshHome.copy(required(PlugstackOptions.Distribution.class).dir(), system.getTempFolder().toPath());
            SiteFiles.SlurmConf slurmConf = writeSiteFiles();
            setSystemProperties();
            launcher = new Launcher(RuntimeSettings.load(home, runtimeSettings()));
            framework = launcher.start();
            BundleContext context = framework.getBundleContext();
            if (slurmConf != null) { // the tests run with it, never before FileInstall has handed it over
                SiteFiles.awaitBench(context, slurmConf, READY_TIMEOUT_MS);
            }
            Path plugin = required(PlugstackOptions.PluginBundle.class).jar();
            new PluginDeployment(context, launcher.refusals(), READY_TIMEOUT_MS).deploy(plugin, home.resolve("deploy"));
            installAndStart(context);
            LOG.info("Plugstack runtime on {} ready in {} ms (Pax Exam's bundles from {})", home, (System.nanoTime() - t0) / 1_000_000,
                    System.getProperty(LOCAL_REPOSITORY, "pax-url's default repositories"));
            return this;
        } catch (IOException | BundleException | RuntimeException e) {
            stopQuietly();
            throw e instanceof TestContainerException t ? t
                    : new TestContainerException("the Plugstack runtime did not start: " + e.getMessage(), e);
        }
    }

    private <T extends org.ops4j.pax.exam.Option> T required(Class<T> type) {
        T option = system.getSingleOption(type);
        if (option == null) {
            throw new TestContainerException("no " + type.getSimpleName() + " among the options: the @Configuration method"
                    + " must return io.plugstack.paxexam.PlugstackExam.configuration(...)");
        }
        return option;
    }

    /** The options' plugstack.conf and slurm.conf, written into the home before it boots; slurm.conf's parameters. */
    private SiteFiles.SlurmConf writeSiteFiles() {
        PlugstackOptions.PlugstackConf conf = system.getSingleOption(PlugstackOptions.PlugstackConf.class);
        if (conf != null) {
            SiteFiles.writePlugstackConf(home, conf.lines());
        }
        PlugstackOptions.SlurmConf slurm = system.getSingleOption(PlugstackOptions.SlurmConf.class);
        return slurm == null ? null : SiteFiles.writeSlurmConf(home, slurm.lines());
    }

    /** As NativeTestContainer: Pax Exam's system properties into this JVM, and pax-url's handlers (mvn:, link:) for installs. */
    private void setSystemProperties() {
        for (SystemPropertyOption o : system.getOptions(SystemPropertyOption.class)) {
            System.setProperty(o.getKey(), o.getValue());
        }
        String handlers = System.getProperty("java.protocol.handler.pkgs", "");
        if (!List.of(handlers.split("\\|")).contains("org.ops4j.pax.url")) {
            System.setProperty("java.protocol.handler.pkgs", handlers.isEmpty() ? "org.ops4j.pax.url" : handlers + "|org.ops4j.pax.url");
        }
    }

    /** The launcher's overrides: no console on stdin, the options' runtime settings and framework properties. */
    private Properties runtimeSettings() {
        Properties p = new Properties();
        p.setProperty("gosh.args", "--nointeractive");
        for (FrameworkPropertyOption o : system.getOptions(FrameworkPropertyOption.class)) {
            p.setProperty(o.getKey(), String.valueOf(o.getValue()));
        }
        for (PlugstackOptions.RuntimeSetting s : system.getOptions(PlugstackOptions.RuntimeSetting.class)) {
            p.setProperty(s.key(), s.value());
        }
        return p;
    }

    /** NativeTestContainer's provisioning: every bundle option installed at its start level, then the start level raised. */
    private void installAndStart(BundleContext context) throws BundleException {
        List<Bundle> bundles = new ArrayList<>();
        for (ProvisionOption<?> option : system.getOptions(ProvisionOption.class)) {
            Bundle b = install(context, option.getURL());
            bundles.add(b);
            Integer level = option.getStartLevel();
            b.adapt(BundleStartLevel.class).setStartLevel(level == null ? Constants.START_LEVEL_DEFAULT_PROVISION : level);
            if (option.shouldStart() && b.getHeaders("").get(org.osgi.framework.Constants.FRAGMENT_HOST) == null) {
                b.start();
            }
        }
        FrameworkStartLevelOption levelOption = system.getSingleOption(FrameworkStartLevelOption.class);
        raiseStartLevel(levelOption == null ? Constants.START_LEVEL_TEST_BUNDLE : levelOption.getStartLevel());
        for (Bundle b : bundles) {
            if (b.getState() == Bundle.INSTALLED) {
                throw new TestContainerException("bundle " + b.getLocation() + " did not resolve in the Plugstack runtime");
            }
        }
    }

    /** Installs a provisioned bundle; one that cannot be read says which repository it was looked up in. */
    private static Bundle install(BundleContext context, String url) {
        try {
            return context.installBundle(url);
        } catch (BundleException e) {
            Throwable root = e;
            while (root.getCause() != null) {
                root = root.getCause();
            }
            throw new TestContainerException("cannot install " + url + " into the Plugstack runtime: " + root.getMessage()
                    + (url.startsWith("mvn:") || url.startsWith("link:") ? " (looked up in the Maven repository "
                    + System.getProperty(LOCAL_REPOSITORY, "of pax-url's defaults") + ", without the network: the kit's"
                    + " dependencies put Pax Exam's bundles there when Maven resolves the project; " + LOCAL_REPOSITORY
                    + " must name the repository the build uses, which PlugstackExam.configuration() takes from"
                    + " maven.repo.local or failsafe's localRepository)" : ""), e);
        }
    }

    private void raiseStartLevel(int level) {
        FrameworkStartLevel fsl = framework.adapt(FrameworkStartLevel.class);
        if (fsl.getStartLevel() >= level) {
            return;
        }
        CountDownLatch reached = new CountDownLatch(1);
        framework.getBundleContext().addFrameworkListener(e -> {
            if (e.getType() == FrameworkEvent.STARTLEVEL_CHANGED && fsl.getStartLevel() >= level) {
                reached.countDown();
            }
        });
        fsl.setStartLevel(level);
        try {
            if (!reached.await(READY_TIMEOUT_MS, TimeUnit.MILLISECONDS) && fsl.getStartLevel() < level) {
                throw new TestContainerException("start level " + level + " not reached within " + READY_TIMEOUT_MS + " ms");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TestContainerException(e);
        }
    }

    @Override
    public synchronized long install(String location, InputStream stream) {
        try {
            Bundle b = framework.getBundleContext().installBundle(location, stream);
            installed.push(b.getBundleId());
            b.adapt(BundleStartLevel.class).setStartLevel(Constants.START_LEVEL_TEST_BUNDLE);
            b.start();
            return b.getBundleId();
        } catch (BundleException e) {
            throw new TestContainerException("cannot install " + location + " in the Plugstack runtime: " + e.getMessage(), e);
        }
    }

    @Override
    public synchronized long install(InputStream stream) {
        return install("local", stream);
    }

    @Override
    public synchronized long installProbe(InputStream stream) {
        probeId = install(stream);
        installed.pop();
        return probeId;
    }

    @Override
    public synchronized void uninstallProbe() {
        try {
            framework.getBundleContext().getBundle(probeId).uninstall();
            probeId = null;
        } catch (BundleException e) {
            throw new TestContainerException(e);
        }
    }

    @Override
    public void call(TestAddress address) {
        ProbeCalls.call(framework.getBundleContext(), address, serviceTimeout());
    }

    /** Pax Exam's own bound on service lookups (pax.exam.service.timeout). */
    private static long serviceTimeout() {
        try {
            return Long.parseLong(System.getProperty(Constants.EXAM_SERVICE_TIMEOUT_KEY, Constants.EXAM_SERVICE_TIMEOUT_DEFAULT));
        } catch (NumberFormatException e) {
            return Long.parseLong(Constants.EXAM_SERVICE_TIMEOUT_DEFAULT);
        }
    }

    @Override
    public synchronized TestContainer stop() {
        stopQuietly();
        return this;
    }

    /** Stops the runtime (the launcher waits for the framework and frees the home) and removes the home. */
    private void stopQuietly() {
        if (launcher != null) {
            try {
                launcher.stop();
            } catch (RuntimeException e) {
                LOG.warn("the Plugstack runtime on {} did not stop cleanly: {}", home, e.getMessage());
            }
            launcher = null;
            framework = null;
        }
        if (home != null) {
            try {
                FreshHome.delete(home);
            } catch (IOException | UncheckedIOException e) {
                LOG.warn("cannot remove {}: {}", home, e.getMessage());
            }
            home = null;
        }
    }

    @Override
    public String toString() {
        return "Plugstack";
    }
}
