package io.plugstack.runtime.host.internal;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import java.util.Set;
import java.util.function.BooleanSupplier;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.runtime.spi.refusals.PluginRefusals;
import io.plugstack.runtime.host.catalog.DeployRejections;
import io.plugstack.runtime.host.catalog.PluginCatalog;
import io.plugstack.runtime.host.catalog.PluginRecord;
import io.plugstack.runtime.host.catalog.PluginStatus;
import io.plugstack.runtime.host.deploy.DeployFolder;
import io.plugstack.runtime.spi.features.MavenCoordinates;

/**
 * The deploy folder of this runtime ({@code felix.fileinstall.dir}); Maven coordinates resolve in
 * {@code plugstack.maven.repo} (default ~/.m2/repository). Present only when FileInstall has a folder.
 * Started with the runtime: it removes the unfinished copies a killed deploy left.
 */
@Component(service = DeployFolder.class, immediate = true)
public final class DeployFolderComponent implements DeployFolder {

    private static final long WAIT_MS = 10_000;
    /** Final as soon as seen. Any other status is final only once it has lasted {@link #STEADY_MS}:
     *  FileInstall installs, then starts, then SCR registers the service, each a moment apart. */
    private static final Set<PluginStatus> FINAL = Set.of(PluginStatus.READY, PluginStatus.AVAILABLE, PluginStatus.REFUSED,
            PluginStatus.INIT_FAILED, PluginStatus.FAILED);
    private static final long STEADY_MS = 1_000;

    private final BundleContext context;
    private final PluginCatalog catalog;
    private final DeployRejections rejections;
    private final Path dir;
    private final Path mavenRepo;
    private final DeployedJars jars;
    private final RefusedTwins twins;

    @Activate
    public DeployFolderComponent(BundleContext context, @Reference PluginCatalog catalog, @Reference DeployRejections rejections,
            @Reference PluginRefusals refusals) {
        this.context = context;
        this.catalog = catalog;
        this.rejections = rejections;
        String folder = context.getProperty("felix.fileinstall.dir");
        if (folder == null) {
            throw new IllegalStateException("felix.fileinstall.dir is not set: no deploy folder");
        }
        this.dir = Path.of(folder).toAbsolutePath().normalize();
        String repo = context.getProperty("plugstack.maven.repo");
        this.mavenRepo = repo != null ? Path.of(repo) : Path.of(System.getProperty("user.home"), ".m2", "repository");
        this.jars = new DeployedJars(context, dir);
        this.twins = new RefusedTwins(context, refusals);
        removeUnfinishedCopies(context.getBundle().getLastModified());
    }

    /**
     * A deploy killed mid-copy leaves its "&lt;name&gt;.part" (FileInstall ignores it) for good. At the
     * start no deploy of this runtime is under way: a part last written before this bundle was
     * installed (at every start, the bundle cache starting empty) belongs to no copy of this runtime.
     */
    private void removeUnfinishedCopies(long startedMillis) {
        try (DirectoryStream<Path> parts = Files.newDirectoryStream(dir, "*.part")) {
            for (Path part : parts) {
                if (Files.isRegularFile(part) && Files.getLastModifiedTime(part).toMillis() < startedMillis) {
                    Files.delete(part);
                    PluginCatalogComponent.LOG.info(part + ": removed, the unfinished copy of a deploy that was cut short");
                }
            }
        } catch (NoSuchFileException e) {
            // no folder yet, no parts (deploy creates it)
        } catch (IOException e) {
            PluginCatalogComponent.LOG.error(dir + ": cannot remove unfinished copies (*.part): " + e);
        }
    }

    @Override
    public Path dir() {
        return dir;
    }

    @Override
    public Deployment deploy(String source) throws IOException, InterruptedException {
        Path jar = resolve(source);
        if (!Files.isRegularFile(jar)) {
            throw new IllegalArgumentException("deploy: " + jar + ": no such file");
        }
        Path target = dir.resolve(jar.getFileName().toString());
        // a refused jar with its identity is set aside first (its bundle uninstalled), so this one can take its place
        Optional<Bundle> refusedTwin = twins.refusedTwinOf(jar, target, dir);
        if (refusedTwin.isPresent()) {
            twins.setAside(refusedTwin.get(), target);
            awaitUninstalled(refusedTwin.get());
        }
        // refused before the copy: in the folder it would be one more jar to list, and nothing to run
        jars.duplicateAt(jar, target).ifPresent(why -> {
            throw new IllegalArgumentException("deploy: " + jar.getFileName() + ": " + why + "; nothing changed");
        });
        long before = System.currentTimeMillis();
        Files.createDirectories(dir);
        Path part = dir.resolve(jar.getFileName() + ".part");
        Files.copy(jar, part, StandardCopyOption.REPLACE_EXISTING);
        Files.move(part, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        Optional<Bundle> bundle = awaitInstalled(target, before - 1000, () -> rejections.of(target).isPresent());
        Optional<DeployRejections.Rejection> rejected = rejections.of(target);
        Optional<PluginRecord> record = rejected.isPresent() || bundle.isEmpty() ? Optional.empty()
                : awaitSettled(bundle.get().getBundleId());
        return new Deployment(target, bundle, rejected, record);
    }

    @Override
    public Undeployment undeploy(long bundleId) throws IOException, InterruptedException {
        Bundle bundle = context.getBundle(bundleId);
        if (bundle == null) {
            throw new IllegalArgumentException("undeploy: no bundle " + bundleId);
        }
        Path jar = jarOf(bundle).orElseThrow(() -> new IllegalArgumentException("undeploy: bundle " + bundleId + " ("
                + bundle.getSymbolicName() + ") was not deployed from " + dir + "; it is part of the runtime"));
        Files.deleteIfExists(jar);
        return new Undeployment(bundle, jar, awaitUninstalled(bundle));
    }

    /** The jar in this folder that a bundle was installed from, if it came from here. */
    private Optional<Path> jarOf(Bundle bundle) {
        return DeployedJars.fileOf(bundle).filter(p -> p.startsWith(dir));
    }

    private Path resolve(String source) {
        Optional<MavenCoordinates> gav;
        try {
            gav = MavenCoordinates.parseIfCoordinates(source);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("deploy: " + e.getMessage());
        }
        if (gav.isEmpty()) {
            return Path.of(source).toAbsolutePath().normalize();
        }
        Path jar = mavenRepo.resolve(gav.get().relativePath());
        if (!Files.isRegularFile(jar)) {
            throw new IllegalArgumentException("deploy: " + source + " is not in the local Maven repository (" + jar
                    + "); fetch it first, e.g. mvn dependency:get -Dartifact=" + gav.get());
        }
        return jar;
    }

    /** The bundle FileInstall installed or updated from {@code jar} since {@code since} (ms); empty when the wait runs out or {@code giveUp} says it never will be. */
    private Optional<Bundle> awaitInstalled(Path jar, long since, BooleanSupplier giveUp) throws InterruptedException {
        long end = System.currentTimeMillis() + WAIT_MS;
        while (System.currentTimeMillis() < end && !giveUp.getAsBoolean()) {
            for (Bundle b : context.getBundles()) {
                if (jarOf(b).filter(jar::equals).isPresent() && b.getLastModified() >= since) {
                    return Optional.of(b);
                }
            }
            Thread.sleep(10);
        }
        return Optional.empty();
    }

    /** The plugin's record once it is no longer in transition (or after the wait runs out). */
    private Optional<PluginRecord> awaitSettled(long bundleId) throws InterruptedException {
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

    /** Whether the bundle is UNINSTALLED within the wait: its state counts, Felix drops it from its id lookup earlier. */
    private static boolean awaitUninstalled(Bundle bundle) throws InterruptedException {
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
