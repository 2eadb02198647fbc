package io.plugstack.runtime.host.internal;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.Constants;
import org.osgi.framework.startlevel.BundleStartLevel;
import org.osgi.framework.startlevel.FrameworkStartLevel;

/**
 * A deployed plugin never stays RESOLVED in silence (issue 29): FileInstall starts a jar once, and a start
 * that fails for a passing reason ("Unable to acquire global lock for resolve" while something else resolves)
 * is not tried again. Every {@link #SWEEP_MS} a bundle of the deploy folder that is meant to run (its
 * autostart setting is "started", so nobody stopped it on purpose) but has been RESOLVED for two sweeps in
 * a row is started again. A failure that will not pass by itself (its activator threw) is kept as the
 * reason {@code plugins} shows, and that revision is not tried again; a passing one is tried at the next sweep.
 */
final class DeployedStarts implements AutoCloseable {

    static final long SWEEP_MS = 1000;

    private final BundleContext context;
    private final Path dir;
    private final ScheduledExecutorService sweeper = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "plugstack-deployed-starts");
        t.setDaemon(true);
        return t;
    });
    /** Sweeps in a row a bundle was seen meant to run yet RESOLVED. */
    private final Map<Long, Integer> seen = new ConcurrentHashMap<>();
    /** Why a bundle's last start failed, by bundle id. */
    private final Map<Long, String> failures = new ConcurrentHashMap<>();
    /** The revision (its last-modified time) whose start failed for good, by bundle id. */
    private final Map<Long, Long> gaveUp = new ConcurrentHashMap<>();

    DeployedStarts(BundleContext context, Path dir) {
        this.context = context;
        this.dir = dir;
        sweeper.scheduleWithFixedDelay(this::sweep, SWEEP_MS, SWEEP_MS, TimeUnit.MILLISECONDS);
    }

    /** Why the bundle is not running although it is meant to, when a start of it failed. */
    Optional<String> failure(long bundleId) {
        return Optional.ofNullable(failures.get(bundleId));
    }

    void sweep() {
        try {
            Bundle[] bundles = context.getBundles();
            java.util.Set<Long> present = java.util.Arrays.stream(bundles).map(Bundle::getBundleId).collect(java.util.stream.Collectors.toSet());
            for (Map<Long, ?> m : List.of(seen, failures, gaveUp)) {
                m.keySet().retainAll(present); // uninstalled ones leave no entry behind
            }
            for (Bundle b : bundles) {
                long id = b.getBundleId();
                if (b.getState() == Bundle.ACTIVE || b.getState() == Bundle.UNINSTALLED) {
                    seen.remove(id);
                    failures.remove(id);
                    gaveUp.remove(id);
                    continue;
                }
                if (!meantToRun(b)) {
                    seen.remove(id);
                    continue;
                }
                if (seen.merge(id, 1, Integer::sum) >= 2 && !Long.valueOf(b.getLastModified()).equals(gaveUp.get(id))) {
                    start(b);
                }
            }
        } catch (RuntimeException e) {
            PluginCatalogComponent.LOG.error("deploy folder: checking that deployed plugins run failed: " + e);
        }
    }

    /** RESOLVED, from the deploy folder, not a fragment, its autostart "started", its start level reached. */
    private boolean meantToRun(Bundle b) {
        if (b.getState() != Bundle.RESOLVED || b.getHeaders("").get(Constants.FRAGMENT_HOST) != null) {
            return false;
        }
        Optional<Path> file = DeployedJars.fileOf(b);
        if (file.isEmpty() || !file.get().startsWith(dir)) {
            return false;
        }
        BundleStartLevel level = b.adapt(BundleStartLevel.class);
        FrameworkStartLevel framework = context.getBundle(0).adapt(FrameworkStartLevel.class);
        return level != null && level.isPersistentlyStarted() && (framework == null || level.getStartLevel() <= framework.getStartLevel());
    }

    private void start(Bundle b) {
        long id = b.getBundleId();
        try {
            b.start();
            seen.remove(id);
            failures.remove(id);
            PluginCatalogComponent.LOG.info(b.getLocation() + ": " + b.getSymbolicName() + " " + b.getVersion()
                    + " started again: it was deployed but not running (a start that failed, or was cut short)");
        } catch (BundleException e) {
            String why = "start failed: " + e.getMessage() + (e.getCause() != null ? ": " + e.getCause() : "");
            boolean passing = e.getType() == BundleException.STATECHANGE_ERROR || String.valueOf(e.getMessage()).contains("lock");
            if (!why.equals(failures.put(id, why))) {
                PluginCatalogComponent.LOG.error(b.getLocation() + ": " + b.getSymbolicName() + " " + b.getVersion() + ": " + why
                        + (passing ? "; trying again" : "; not tried again until the jar changes"));
            }
            if (!passing) {
                gaveUp.put(id, b.getLastModified());
            }
        } catch (IllegalStateException e) {
            seen.remove(id); // uninstalled meanwhile
        }
    }

    @Override
    public void close() {
        sweeper.shutdownNow();
    }
}
