package io.plugstack.runtime.host.catalog;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Files in the deploy folder that are not bundles at all (a corrupt jar, a jar with no manifest or
 * no Bundle-SymbolicName). FileInstall would pass over them in silence; the host names each one.
 */
@ProviderType
public interface DeployRejections {

    /** Every rejected file currently in the deploy folder. */
    List<Rejection> rejected();

    /** The rejection of this file, if it is rejected. */
    Optional<Rejection> of(Path file);

    /** A file and why it cannot be deployed. */
    record Rejection(Path file, String reason) {
    }
}
