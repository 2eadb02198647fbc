package io.plugstack.runtime.host.internal;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.felix.fileinstall.ArtifactInstaller;
import org.osgi.service.component.annotations.Component;

import io.plugstack.runtime.host.catalog.DeployRejections;

/**
 * Claims the deploy-folder jars that are not bundles, which FileInstall would otherwise skip without
 * a word: each is logged once with the file and the reason, and listed until it is fixed or removed.
 * Valid bundles are not claimed and stay FileInstall's.
 */
@Component(service = {ArtifactInstaller.class, DeployRejections.class})
public final class DeployFolderGuard implements ArtifactInstaller, DeployRejections {

    private final Map<Path, Rejection> rejected = new ConcurrentHashMap<>();

    @Override
    public boolean canHandle(File artifact) {
        return artifact.getName().endsWith(".jar") && JarCheck.problem(artifact.toPath()).isPresent();
    }

    @Override
    public void install(File artifact) {
        Path file = artifact.toPath().toAbsolutePath().normalize();
        String reason = JarCheck.problem(file).orElse("not a bundle");
        rejected.put(file, new Rejection(file, reason));
        PluginCatalogComponent.LOG.error(file + ": " + reason + "; not deployed");
    }

    @Override
    public void update(File artifact) {
        install(artifact);
    }

    @Override
    public void uninstall(File artifact) {
        rejected.remove(artifact.toPath().toAbsolutePath().normalize());
    }

    @Override
    public List<Rejection> rejected() {
        return rejected.values().stream().sorted((a, b) -> a.file().compareTo(b.file())).toList();
    }

    @Override
    public Optional<Rejection> of(Path file) {
        return Optional.ofNullable(rejected.get(file.toAbsolutePath().normalize()));
    }
}
