package io.plugstack.runtime.host.internal;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

import org.osgi.framework.Bundle;
import org.osgi.framework.Version;

/** Whether a file can be a bundle at all, and which, before the framework is asked to install it. */
final class JarCheck {
    private JarCheck() {
    }

    /** What FileInstall and the framework tell bundles apart by. */
    record Identity(String symbolicName, Version version) {
        boolean of(Bundle b) {
            return symbolicName.equals(b.getSymbolicName()) && version.equals(b.getVersion());
        }
    }

    /** A jar's identity, or why it cannot be a bundle: exactly one of the two is present. */
    record Result(Optional<Identity> identity, Optional<String> problem) {
        static Result problem(String why) {
            return new Result(Optional.empty(), Optional.of(why));
        }
    }

    /** Which bundle {@code jar} is, or why it cannot be one. */
    static Result read(Path jar) {
        try (JarFile f = new JarFile(jar.toFile())) {
            Manifest m = f.getManifest();
            if (m == null) {
                return Result.problem("not a bundle: it has no META-INF/MANIFEST.MF");
            }
            Attributes main = m.getMainAttributes();
            String bsn = main.getValue("Bundle-SymbolicName");
            if (bsn == null || bsn.split(";")[0].isBlank()) {
                return Result.problem("not a bundle: META-INF/MANIFEST.MF has no Bundle-SymbolicName");
            }
            String version = main.getValue("Bundle-Version");
            try {
                // what FileInstall parses before it installs: an invalid one fails there, in its log only
                Version v = version == null ? Version.emptyVersion : Version.parseVersion(version);
                return new Result(Optional.of(new Identity(bsn.split(";")[0].trim(), v)), Optional.empty());
            } catch (IllegalArgumentException e) {
                return Result.problem("META-INF/MANIFEST.MF has an invalid Bundle-Version \"" + version + "\": " + e.getMessage());
            }
        } catch (IOException | SecurityException e) {
            // a copy still being written reads exactly like one cut short
            return Result.problem("not a readable jar: " + e.getMessage() + " (a copy still in progress, or cut short)");
        }
    }

    /**
     * The bundles the jars of {@code folder} are (FileInstall's deploy folder); a jar that is not a
     * readable bundle (half copied, say) is none, and an unreadable folder holds none.
     */
    static List<Identity> identities(Optional<Path> folder) {
        List<Identity> found = new ArrayList<>();
        if (folder.isEmpty() || !Files.isDirectory(folder.get())) {
            return found;
        }
        try (DirectoryStream<Path> jars = Files.newDirectoryStream(folder.get(), "*.jar")) {
            for (Path jar : jars) {
                read(jar).identity().ifPresent(found::add);
            }
        } catch (IOException e) {
            // an unreadable folder: none of its jars can be known
        }
        return found;
    }
}
