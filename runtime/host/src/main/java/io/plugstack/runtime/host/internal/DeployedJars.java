package io.plugstack.runtime.host.internal;

import java.io.IOException;
import java.net.URI;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;

import io.plugstack.runtime.host.catalog.DeployRejections.Rejection;

/**
 * The jars of the deploy folder judged as FileInstall and the framework would take them, so that
 * none is passed over in silence: those that cannot be bundles, those that duplicate a deployed
 * bundle, and those the framework did not install.
 */
final class DeployedJars {

    /** The reason listed for a jar that looks like a good bundle but that no bundle came from. */
    static final String NOT_INSTALLED = "FileInstall has not installed it: the framework refused it (FileInstall's log line"
            + " 'Failed to install artifact' says why), or FileInstall has not come to it yet";

    private final BundleContext context;
    private final Path dir;
    /** What each jar was when last read, by size and time: the folder is read at every listing. */
    private final Map<Path, Seen> seen = new ConcurrentHashMap<>();

    private record Seen(long size, FileTime modified, JarCheck.Result result) {
    }

    DeployedJars(BundleContext context, Path dir) {
        this.context = context;
        this.dir = dir;
    }

    /** The deploy folder. */
    Path dir() {
        return dir;
    }

    /** FileInstall's folder ({@code felix.fileinstall.dir}; FileInstall's own default "load" when unset), absolute. */
    static Path folderOf(BundleContext context) {
        String folder = context.getProperty("felix.fileinstall.dir");
        return Path.of(folder == null ? "load" : folder).toAbsolutePath().normalize();
    }

    /**
     * Why FileInstall must not install {@code jar}, or empty when it may. Two jars with the same
     * symbolic name and version would be one bundle (FileInstall updates the first with the second,
     * and deleting either uninstalls it): only the one deployed first is installed, the jar of the
     * bundle already installed or else the oldest.
     */
    Optional<String> problem(Path jar) {
        JarCheck.Result r = read(jar);
        return r.problem().isPresent() ? r.problem() : duplicate(jar);
    }

    /** Why {@code jar}, a good bundle, must not be installed: it duplicates one deployed before it. */
    Optional<String> duplicate(Path jar) {
        return read(jar).identity().flatMap(id -> duplicateOf(jar, id).map(first -> duplicateReason(first, id)));
    }

    /**
     * Why {@code source} must not be copied into the folder as {@code target}: it would duplicate a
     * bundle or jar deployed under another file name (copied over the same name it is an update).
     */
    Optional<String> duplicateAt(Path source, Path target) {
        return JarCheck.read(source).identity().flatMap(id -> duplicateOf(target, id).map(first -> duplicateReason(first, id)));
    }

    private static String duplicateReason(String first, JarCheck.Identity id) {
        return "duplicate of " + first + ": the same Bundle-SymbolicName " + id.symbolicName() + " and Bundle-Version " + id.version();
    }

    /** The jars no bundle was installed from that cannot or must not be installed, and why. */
    List<Rejection> rejected() {
        return notRunning(true);
    }

    /** The jars no bundle was installed from although nothing here finds fault with them. */
    List<Rejection> notInstalled() {
        return notRunning(false);
    }

    private List<Rejection> notRunning(boolean faulty) {
        Set<Path> installed = Stream.of(context.getBundles()).map(DeployedJars::fileOf).flatMap(Optional::stream)
                .collect(Collectors.toSet());
        List<Path> jars = jars();
        seen.keySet().retainAll(jars);
        List<Rejection> listed = new ArrayList<>();
        for (Path jar : jars) {
            Optional<String> problem = installed.contains(jar) ? null : problem(jar);
            if (problem != null && problem.isPresent() == faulty) {
                listed.add(new Rejection(jar, problem.orElse(NOT_INSTALLED)));
            }
        }
        return listed;
    }

    /** The file a bundle was installed from, if its location names one. */
    static Optional<Path> fileOf(Bundle bundle) {
        String location = bundle.getLocation();
        try {
            return Optional.of(Path.of(URI.create(location.startsWith("file:") ? location : "file:" + location)).normalize());
        } catch (IllegalArgumentException | FileSystemNotFoundException e) {
            return Optional.empty(); // not a file: the system bundle, an mvn: or reference: location
        }
    }

    /** The bundle or jar {@code jar} duplicates, if it is not the one to install. */
    private Optional<String> duplicateOf(Path jar, JarCheck.Identity id) {
        for (Bundle b : context.getBundles()) {
            if (id.of(b)) {
                Optional<Path> file = fileOf(b);
                if (file.filter(jar::equals).isPresent()) {
                    return Optional.empty();
                }
                // a bundle whose jar is gone is on its way out: FileInstall uninstalls it
                if (file.isEmpty() || Files.exists(file.get())) {
                    return Optional.of(file.map(Path::toString).orElse("bundle " + b.getBundleId() + " (" + b.getLocation() + ")"));
                }
            }
        }
        Path first = jars().stream().filter(j -> j.equals(jar) || read(j).identity().filter(id::equals).isPresent())
                .min(Comparator.comparing(DeployedJars::modified).thenComparing(Comparator.naturalOrder())).orElse(jar);
        return first.equals(jar) ? Optional.empty() : Optional.of(first.toString());
    }

    private JarCheck.Result read(Path jar) {
        try {
            BasicFileAttributes a = Files.readAttributes(jar, BasicFileAttributes.class);
            Seen s = seen.get(jar);
            if (s == null || s.size() != a.size() || !s.modified().equals(a.lastModifiedTime())) {
                s = new Seen(a.size(), a.lastModifiedTime(), JarCheck.read(jar));
                seen.put(jar, s);
            }
            return s.result();
        } catch (IOException e) {
            return JarCheck.read(jar);
        }
    }

    private static FileTime modified(Path jar) {
        try {
            return Files.getLastModifiedTime(jar);
        } catch (IOException e) {
            return FileTime.fromMillis(Long.MAX_VALUE);
        }
    }

    /** The folder's jars, in name order: what FileInstall watches (its filter takes *.jar, never *.part). */
    private List<Path> jars() {
        List<Path> jars = new ArrayList<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, "*.jar")) {
            s.forEach(p -> jars.add(p.toAbsolutePath().normalize()));
        } catch (IOException e) {
            // no folder (yet): no jars
        }
        jars.sort(Comparator.naturalOrder());
        return jars;
    }
}
