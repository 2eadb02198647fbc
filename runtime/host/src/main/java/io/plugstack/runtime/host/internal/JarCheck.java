package io.plugstack.runtime.host.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/** Whether a file can be a bundle at all, before the framework is asked to install it. */
final class JarCheck {
    private JarCheck() {
    }

    /** Why {@code jar} cannot be a bundle, or empty when it can. */
    static Optional<String> problem(Path jar) {
        try (JarFile f = new JarFile(jar.toFile())) {
            Manifest m = f.getManifest();
            if (m == null) {
                return Optional.of("not a bundle: it has no META-INF/MANIFEST.MF");
            }
            String bsn = m.getMainAttributes().getValue("Bundle-SymbolicName");
            if (bsn == null || bsn.isBlank()) {
                return Optional.of("not a bundle: META-INF/MANIFEST.MF has no Bundle-SymbolicName");
            }
            return Optional.empty();
        } catch (IOException | SecurityException e) {
            return Optional.of("not a readable jar: " + e.getMessage());
        }
    }
}
