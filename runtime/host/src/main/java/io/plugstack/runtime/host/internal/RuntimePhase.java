package io.plugstack.runtime.host.internal;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Version;

/**
 * Whether the runtime is coming up, running or stopping, for the rollback history: only a version
 * chosen while it runs is a switch. At a start the bundle cache is empty and the versions of a
 * plugin register one by one in install order (1.0.0, then 2.0.0), so for a moment the lower one
 * "runs"; at a stop they go one by one (2.0.0 first, and 1.0.0 "runs"). Neither is a switch: what
 * ran before the stop is coming back, or going away.
 */
final class RuntimePhase {

    /** Started last of the boot bundles; until it is ACTIVE the launcher and the feature installer still bring bundles up. */
    private static final String FILEINSTALL = "org.apache.felix.fileinstall";

    private final BundleContext context;
    private final Optional<Path> deployFolder;
    /** "bsn@version" of what was deployed when the host started (bundles installed, jars in the deploy folder), until it registers. */
    private final Set<String> comingBack = ConcurrentHashMap.newKeySet();
    private volatile boolean launched;
    private volatile boolean closing;

    RuntimePhase(BundleContext context) {
        this.context = context;
        this.deployFolder = Optional.ofNullable(context.getProperty("felix.fileinstall.dir")).map(Path::of);
        for (Bundle b : context.getBundles()) {
            comingBack.add(key(b.getSymbolicName(), b.getVersion()));
        }
        // FileInstall installs these only after the host started: they are coming back as well
        JarCheck.identities(deployFolder).forEach(id -> comingBack.add(key(id.symbolicName(), id.version())));
    }

    /** FileInstall's folder (felix.fileinstall.dir), if the runtime has one. */
    Optional<Path> deployFolder() {
        return deployFolder;
    }

    /**
     * Whether version {@code v} of {@code bsn} registering now is the start bringing back what was
     * deployed (as opposed to a deploy while the runtime runs). Each deployed version comes back once.
     */
    boolean cameBack(String bsn, Version v) {
        boolean deployedAtStart = comingBack.remove(key(bsn, v));
        return deployedAtStart || !launched();
    }

    /** Whether every version of {@code bsn} deployed at the start has registered again (one that never does keeps it false). */
    boolean allBack(String bsn) {
        String prefix = bsn + "@";
        return comingBack.stream().noneMatch(k -> k.startsWith(prefix));
    }

    /** Whether the runtime (or this host) is stopping: the plugins going now are not undeployed. */
    boolean stopping() {
        if (closing) {
            return true;
        }
        try {
            return context.getBundle(0).getState() == Bundle.STOPPING;
        } catch (IllegalStateException e) {
            return true; // this host's context is gone: it is stopping
        }
    }

    /** This host stops (its catalog is deactivated): what goes from now on is not a switch. */
    void close() {
        closing = true;
    }

    private boolean launched() {
        if (!launched) {
            launched = Arrays.stream(context.getBundles()).filter(b -> FILEINSTALL.equals(b.getSymbolicName()))
                    .allMatch(b -> b.getState() == Bundle.ACTIVE);
        }
        return launched;
    }

    private static String key(String symbolicName, Version version) {
        return symbolicName + "@" + version;
    }
}
