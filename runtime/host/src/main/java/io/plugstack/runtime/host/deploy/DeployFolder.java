package io.plugstack.runtime.host.deploy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

import org.osgi.annotation.versioning.ProviderType;
import org.osgi.framework.Bundle;

import io.plugstack.runtime.host.catalog.DeployRejections;
import io.plugstack.runtime.host.catalog.PluginRecord;

/**
 * The hot-deploy folder FileInstall watches. Nothing installs bundles behind its back: jars go into
 * the folder and come out of it, so the folder stays the one truth about what is deployed, and this
 * service waits for FileInstall and the catalog to act and says what became of them.
 */
@ProviderType
public interface DeployFolder {

    /** The folder. */
    Path dir();

    /** What a deploy came to: the jar in the folder, and the bundle, refusal and plugin record if any came of it. */
    record Deployment(Path jar, Optional<Bundle> bundle, Optional<DeployRejections.Rejection> rejected,
            Optional<PluginRecord> record) {
    }

    /** What an undeploy came to: the bundle, its jar (removed), and whether FileInstall uninstalled it in time. */
    record Undeployment(Bundle bundle, Path jar, boolean uninstalled) {
    }

    /**
     * Copies a jar into the folder (written as "&lt;name&gt;.part", then renamed, so FileInstall never
     * sees half a file) and waits until FileInstall installed it and the catalog settled, or refused it.
     *
     * @param source a path to a jar, or Maven coordinates of a jar in the runtime's Maven repository
     * @throws IllegalArgumentException when the source is not there, naming it
     */
    Deployment deploy(String source) throws IOException, InterruptedException;

    /**
     * Removes the jar bundle {@code bundleId} was deployed from and waits for FileInstall to uninstall it.
     *
     * @throws IllegalArgumentException when there is no such bundle, or it was not deployed from this folder
     */
    Undeployment undeploy(long bundleId) throws IOException, InterruptedException;
}
