package io.plugstack.gogo.internal;

import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;

import io.plugstack.runtime.host.catalog.PluginCatalog;
import io.plugstack.runtime.host.catalog.PluginRecord;
import io.plugstack.runtime.host.catalog.PluginStatus;

/** Waiting for FileInstall to act on the deploy folder, for the commands that report the outcome. */
public final class Deployments {

    private static final long WAIT_MS = 10_000;
    /** Final as soon as seen. Any other status is final only once it has lasted {@link #STEADY_MS}:
     *  FileInstall installs, then starts, then SCR registers the service, each a moment apart. */
    private static final Set<PluginStatus> FINAL = Set.of(PluginStatus.READY, PluginStatus.AVAILABLE, PluginStatus.REFUSED, PluginStatus.INIT_FAILED);
    private static final long STEADY_MS = 1_000;

    private Deployments() {
    }

    /** The deploy folder of this runtime, from the framework properties the launcher set. */
    public static DeployFolder folder(BundleContext context) {
        String dir = context.getProperty("felix.fileinstall.dir");
        if (dir == null) {
            throw new IllegalStateException("felix.fileinstall.dir is not set: no deploy folder");
        }
        String repo = context.getProperty("plugstack.maven.repo");
        Path maven = repo != null ? Path.of(repo) : Path.of(System.getProperty("user.home"), ".m2", "repository");
        return new DeployFolder(Path.of(dir).toAbsolutePath().normalize(), maven);
    }

    /**
     * The bundle FileInstall installed or updated from {@code jar} since {@code since} (ms); empty
     * when the wait runs out or {@code giveUp} says it never will be.
     */
    public static Optional<Bundle> awaitInstalled(BundleContext context, DeployFolder folder, Path jar, long since,
            java.util.function.BooleanSupplier giveUp) throws InterruptedException {
        long end = System.currentTimeMillis() + WAIT_MS;
        while (System.currentTimeMillis() < end && !giveUp.getAsBoolean()) {
            for (Bundle b : context.getBundles()) {
                if (folder.jarOf(b).filter(jar::equals).isPresent() && b.getLastModified() >= since) {
                    return Optional.of(b);
                }
            }
            Thread.sleep(10);
        }
        return Optional.empty();
    }

    /** The plugin's record once it is no longer in transition (or after the wait runs out). */
    public static Optional<PluginRecord> awaitSettled(PluginCatalog catalog, long bundleId) throws InterruptedException {
        long end = System.currentTimeMillis() + WAIT_MS;
        Optional<PluginRecord> r = catalog.plugin(bundleId);
        PluginStatus last = null;
        long since = System.currentTimeMillis();
        while (System.currentTimeMillis() < end && r.isPresent() && !FINAL.contains(r.get().status())) {
            if (r.get().status() != last) {
                last = r.get().status();
                since = System.currentTimeMillis();
            } else if (System.currentTimeMillis() - since >= STEADY_MS) {
                break;
            }
            Thread.sleep(10);
            r = catalog.plugin(bundleId);
        }
        return r;
    }

    /**
     * Whether the bundle is UNINSTALLED within the wait. Its state is what counts: Felix drops the
     * bundle from its id lookup before the uninstall has finished.
     */
    public static boolean awaitUninstalled(Bundle bundle) throws InterruptedException {
        long end = System.currentTimeMillis() + WAIT_MS;
        while (System.currentTimeMillis() < end) {
            if (bundle.getState() == Bundle.UNINSTALLED) {
                return true;
            }
            Thread.sleep(10);
        }
        return false;
    }
}
