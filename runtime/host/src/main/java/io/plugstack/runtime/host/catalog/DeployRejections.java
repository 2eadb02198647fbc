package io.plugstack.runtime.host.catalog;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The jars in the deploy folder that no bundle came from, and why: FileInstall would pass over
 * them in silence. With the catalog's plugins this accounts for every jar in the folder.
 */
@ProviderType
public interface DeployRejections {

    /**
     * The jars that cannot or must not be installed: not bundles at all (corrupt or half copied, no
     * manifest or Bundle-SymbolicName), an invalid Bundle-Version, a duplicate of a deployed bundle.
     */
    List<Rejection> rejected();

    /** The jars nothing here finds fault with that are not installed: the framework refused them, or FileInstall has not come to them yet. */
    List<Rejection> notInstalled();

    /** Why this file cannot or must not be installed, if it cannot. */
    Optional<Rejection> of(Path file);

    /** A file and why it is not deployed. */
    record Rejection(Path file, String reason) {
    }
}
