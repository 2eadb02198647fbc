package io.plugstack.runtime.host.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;

import io.plugstack.runtime.spi.refusals.PluginRefusals;
import io.plugstack.runtime.spi.refusals.Refusal;

/**
 * A refused jar never blocks its own replacement (issue 29): a plugin rebuilt for the runtime's release
 * with the same Bundle-SymbolicName and Bundle-Version would otherwise be a duplicate of the jar the
 * resolver refused, and OSGi installs one bundle per name and version. The refused jar is set aside as
 * {@code <name>.refused} (FileInstall ignores it, so its bundle is uninstalled) and the new jar takes its
 * place; the admin keeps both files and the log says what happened.
 */
final class RefusedTwins {

    static final String SUFFIX = ".refused";

    private final BundleContext context;
    private final PluginRefusals refusals;

    RefusedTwins(BundleContext context, PluginRefusals refusals) {
        this.context = context;
        this.refusals = refusals;
    }

    /**
     * The bundle with {@code jar}'s identity that the resolver refused, installed from another file of
     * {@code folder} than {@code target}, when {@code jar} holds other bytes (a copy of the same jar is still
     * a duplicate).
     */
    Optional<Bundle> refusedTwinOf(Path jar, Path target, Path folder) {
        Optional<JarCheck.Identity> id = JarCheck.read(jar).identity();
        if (id.isEmpty()) {
            return Optional.empty();
        }
        for (Bundle b : context.getBundles()) {
            Optional<Path> file = DeployedJars.fileOf(b);
            if (id.get().of(b) && file.isPresent() && file.get().startsWith(folder) && !file.get().equals(target)
                    && Files.isRegularFile(file.get()) && refusals.refusal(b.getBundleId()).isPresent() && differ(jar, file.get())) {
                return Optional.of(b);
            }
        }
        return Optional.empty();
    }

    /** Renames the refused bundle's jar to {@code <name>.refused} ({@code .refused.N} when taken) and says so. */
    Path setAside(Bundle refused, Path replacement) throws IOException {
        Path jar = DeployedJars.fileOf(refused).orElseThrow();
        Path aside = jar.resolveSibling(jar.getFileName() + SUFFIX);
        for (int n = 1; Files.exists(aside); n++) {
            aside = jar.resolveSibling(jar.getFileName() + SUFFIX + "." + n);
        }
        Files.move(jar, aside, StandardCopyOption.ATOMIC_MOVE);
        String why = refusals.refusal(refused.getBundleId()).map(Refusal::reason).orElse("refused");
        PluginCatalogComponent.LOG.info(jar + ": refused (" + why + "); set aside as " + aside.getFileName() + " for " + replacement
                + ", which has the same Bundle-SymbolicName and Bundle-Version");
        return aside;
    }

    private static boolean differ(Path a, Path b) {
        try {
            return Files.mismatch(a, b) != -1;
        } catch (IOException e) {
            return false; // cannot tell: leave it a duplicate, as before
        }
    }
}
