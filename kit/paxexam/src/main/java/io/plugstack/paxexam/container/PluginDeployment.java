package io.plugstack.paxexam.container;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

import org.ops4j.pax.exam.TestContainerException;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.wiring.FrameworkWiring;

import io.plugstack.runtime.spi.durable.DurableFile;
import io.plugstack.runtime.spi.refusals.PluginRefusals;
import io.plugstack.runtime.spi.refusals.Refusal;

/**
 * The author's plugin deployed as an admin deploys one: copied into the home's deploy/ folder aside and
 * renamed in, so FileInstall installs and starts it and the runtime's identity check applies. The test
 * starts once the bundle is ACTIVE; a plugin the runtime refuses, or that cannot resolve, fails the test
 * class at once with the reason, never by a timeout.
 */
final class PluginDeployment {

    private final BundleContext system;
    private final PluginRefusals refusals;
    private final long timeoutMillis;

    PluginDeployment(BundleContext system, PluginRefusals refusals, long timeoutMillis) {
        this.system = system;
        this.refusals = refusals;
        this.timeoutMillis = timeoutMillis;
    }

    /** Deploys {@code jar} into {@code deployDir}; its bundle, ACTIVE. */
    Bundle deploy(Path jar, Path deployDir) throws IOException {
        Path target = deployDir.resolve(jar.getFileName().toString());
        // whole or not at all, through a temporary name FileInstall's filter (*.jar) does not take
        DurableFile.replace(target, Files.readAllBytes(jar));
        long end = System.nanoTime() + timeoutMillis * 1_000_000;
        Bundle bundle = null;
        long installedSince = 0;
        while (true) {
            if (bundle == null) {
                bundle = installedFrom(target).orElse(null);
            }
            if (bundle != null) {
                if (bundle.getState() == Bundle.ACTIVE) {
                    return bundle;
                }
                failIfRefused(bundle, jar);
                // FileInstall resolves and starts it now: asking the resolver meanwhile took the framework's global
                // resolve lock from FileInstall's start, which then failed ("Unable to acquire global lock for resolve")
                if (bundle.getState() != Bundle.INSTALLED) {
                    installedSince = 0;
                } else if (installedSince == 0) {
                    installedSince = System.nanoTime();
                } else if (System.nanoTime() - installedSince > SETTLE_NANOS) {
                    failIfUnresolvable(bundle, jar);
                }
            }
            if (System.nanoTime() > end) {
                throw new TestContainerException(notActive(bundle, jar, target));
            }
            pause();
        }
    }

    /** How long a deployed bundle stays INSTALLED, FileInstall done with it, before the resolver is asked why. */
    private static final long SETTLE_NANOS = 2_000_000_000L;

    /** A plugin the runtime refused (its identity) never starts: fail at once with the refusal (no resolver asked). */
    private void failIfRefused(Bundle bundle, Path jar) {
        Optional<Refusal> refused = refusals.refusal(bundle.getBundleId());
        if (refused.isPresent()) {
            throw new TestContainerException("the runtime refused the plugin " + jar.getFileName() + ": " + refused.get().line());
        }
    }

    /** A bundle still INSTALLED once FileInstall is done with it cannot resolve, and never will by waiting: the resolver's reason. */
    private void failIfUnresolvable(Bundle bundle, Path jar) {
        if (bundle.getState() != Bundle.INSTALLED) {
            return;
        }
        if (system.getBundle(0).adapt(FrameworkWiring.class).resolveBundles(Set.of(bundle))) {
            return;
        }
        failIfRefused(bundle, jar);
        try {
            bundle.start(); // the framework's own words for what is missing
        } catch (BundleException e) {
            throw new TestContainerException("the plugin " + jar.getFileName() + " cannot resolve: " + e.getMessage(), e);
        }
    }

    private String notActive(Bundle bundle, Path jar, Path target) {
        if (bundle == null) {
            return "FileInstall did not install " + target + " within " + timeoutMillis + " ms";
        }
        String state = state(bundle.getState()); // as it was: starting it below, for the reason, may change it
        String why = "";
        try {
            bundle.start();
        } catch (BundleException | IllegalStateException e) {
            why = ": " + e.getMessage();
        }
        return "the plugin " + jar.getFileName() + " (" + bundle.getSymbolicName() + " [" + bundle.getBundleId() + "]) is not"
                + " ACTIVE " + timeoutMillis + " ms after its deploy (state " + state + ")" + why;
    }

    private Optional<Bundle> installedFrom(Path target) {
        Path wanted = target.toAbsolutePath().normalize();
        return Stream.of(system.getBundles()).filter(b -> wanted.equals(pathOf(b.getLocation()))).findFirst();
    }

    /** A bundle location as a path: FileInstall writes file: URIs. */
    private static Path pathOf(String location) {
        try {
            return location.startsWith("file:") ? Path.of(URI.create(location)).normalize() : null;
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static String state(int state) {
        return switch (state) {
            case Bundle.INSTALLED -> "INSTALLED";
            case Bundle.RESOLVED -> "RESOLVED";
            case Bundle.STARTING -> "STARTING";
            case Bundle.STOPPING -> "STOPPING";
            case Bundle.ACTIVE -> "ACTIVE";
            default -> "UNINSTALLED";
        };
    }

    private static void pause() {
        try {
            Thread.sleep(10);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TestContainerException("interrupted while deploying the plugin", e);
        }
    }
}
