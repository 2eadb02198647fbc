package io.plugstack.runtime.host.internal;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.felix.fileinstall.ArtifactTransformer;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleEvent;
import org.osgi.framework.BundleListener;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.runtime.host.catalog.DeployRejections;
import io.plugstack.runtime.spi.refusals.PluginRefusals;

/**
 * Stands between FileInstall and the deploy-folder jars it must not install: those that are not
 * bundles (corrupt, half copied, no manifest or Bundle-SymbolicName, an invalid Bundle-Version) and
 * duplicates of a deployed bundle. Each is logged once with the file and the reason, and listed.
 * <p>
 * FileInstall gives such a jar to this transformer, which returns nothing: FileInstall then installs
 * nothing and keeps no record of the file, so the next change to it (the rest of a copy, a fixed
 * jar) comes back as a new file and is judged again. A duplicate changes when another jar goes
 * instead: when the bundle it duplicates is uninstalled or updated, its time is set to now, the one
 * change that makes FileInstall look at a file again.
 */
@Component(service = {ArtifactTransformer.class, DeployRejections.class})
public final class DeployFolderGuard implements ArtifactTransformer, DeployRejections {

    private final BundleContext context;
    private final DeployedJars jars;
    private final RefusedTwins twins;
    /** Jars kept from FileInstall, and the reason logged for each. */
    private final Map<Path, String> kept = new ConcurrentHashMap<>();
    /** Those of them kept as duplicates: they change when another jar goes, not when they do. */
    private final Set<Path> duplicates = ConcurrentHashMap.newKeySet();
    private final BundleListener deployedChanged = this::deployedChanged;

    @Activate
    public DeployFolderGuard(BundleContext context, @Reference PluginRefusals refusals) {
        this.context = context;
        this.jars = new DeployedJars(context, DeployedJars.folderOf(context));
        this.twins = new RefusedTwins(context, refusals);
        context.addBundleListener(deployedChanged);
    }

    @Deactivate
    void deactivate() {
        context.removeBundleListener(deployedChanged);
    }

    @Override
    public boolean canHandle(File artifact) {
        Path file = artifact.toPath().toAbsolutePath().normalize();
        if (!artifact.getName().endsWith(".jar") || !Files.isRegularFile(file)) {
            return false;
        }
        if (jars.problem(file).isPresent()) {
            return true;
        }
        kept.remove(file);
        duplicates.remove(file);
        return false;
    }

    @Override
    public File transform(File artifact, File tmpDir) {
        Path file = artifact.toPath().toAbsolutePath().normalize();
        kept.keySet().removeIf(f -> !Files.exists(f)); // a file deleted and dropped again is logged again
        duplicates.retainAll(kept.keySet());
        jars.problem(file).ifPresent(reason -> {
            if (!reason.equals(kept.put(file, reason))) {
                PluginCatalogComponent.LOG.error(file + ": " + reason + "; not deployed");
            }
        });
        if (jars.duplicate(file).isPresent()) {
            duplicates.add(file);
            setAsideRefusedTwin(file); // its bundle goes, and deployedChanged hands this jar back to FileInstall
        } else {
            duplicates.remove(file);
        }
        return null; // nothing to install, nothing for FileInstall to remember
    }

    private void setAsideRefusedTwin(Path file) {
        twins.refusedTwinOf(file, file, jars.dir()).ifPresent(refused -> {
            try {
                twins.setAside(refused, file);
            } catch (IOException e) {
                PluginCatalogComponent.LOG.error(file + ": duplicates refused bundle " + refused.getBundleId() + ", whose jar cannot be set aside ("
                        + e + "); remove that jar to deploy this one");
            }
        });
    }

    /** A deployed bundle went or changed: a duplicate of it may now be the one to install. */
    private void deployedChanged(BundleEvent e) {
        if (e.getType() != BundleEvent.UNINSTALLED && e.getType() != BundleEvent.UPDATED) {
            return;
        }
        for (Path file : List.copyOf(duplicates)) {
            if (!Files.isRegularFile(file) || jars.duplicate(file).isEmpty()) {
                duplicates.remove(file);
                kept.remove(file);
                if (Files.isRegularFile(file)) {
                    handBack(file);
                }
            }
        }
    }

    /** FileInstall looks at a file again only once its size or time changed (to the millisecond). */
    private static void handBack(Path file) {
        try {
            long before = Files.getLastModifiedTime(file).toMillis();
            Files.setLastModifiedTime(file, FileTime.fromMillis(Math.max(System.currentTimeMillis(), before + 1)));
            PluginCatalogComponent.LOG.info(file + ": no longer a duplicate; deploying it");
        } catch (IOException e) {
            PluginCatalogComponent.LOG.error(file + ": no longer a duplicate, but it cannot be touched for FileInstall to"
                    + " deploy it (" + e + "); touch it to deploy it");
        }
    }

    @Override
    public List<Rejection> rejected() {
        return jars.rejected();
    }

    @Override
    public List<Rejection> notInstalled() {
        return jars.notInstalled();
    }

    @Override
    public Optional<Rejection> of(Path file) {
        Path p = file.toAbsolutePath().normalize();
        return jars.problem(p).map(reason -> new Rejection(p, reason));
    }
}
