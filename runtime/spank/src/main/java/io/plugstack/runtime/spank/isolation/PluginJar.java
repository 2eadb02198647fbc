package io.plugstack.runtime.spank.isolation;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLConnection;
import java.net.URLStreamHandler;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.ProtectionDomain;
import java.security.cert.Certificate;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.zip.ZipFile;

/**
 * The contents of a plugin jar, read once and kept in memory: the immutable input of every
 * {@link FreshClassSpace} opened for the plugin.
 *
 * <p>Reading is the expensive part of a run, so it happens once per jar (per bundle revision), while
 * the {@code Class} objects, which must not survive a run, are defined anew in every space. The
 * {@link JarFile} is closed before {@link #read} returns: no file handle is held between or during runs,
 * and resource URLs handed to the plugin read from this snapshot, not from the file (a {@code jar:} URL
 * would open the file again and the JDK's jar cache would keep it open).
 *
 * <p>Classes are defined with one {@link ProtectionDomain} per jar whose code source is the jar's
 * location, without signers and without a class loader (so sharing it across runs pins none). Entries of
 * a multi-release jar are seen as the running JVM's version sees them.
 */
public final class PluginJar {

    private static final String MANIFEST = "META-INF/MANIFEST.MF";
    static final String URL_PROTOCOL = "plugstack-entry";

    private final URL location;
    private final Map<String, byte[]> entries;
    private final Manifest manifest;
    private final ProtectionDomain protectionDomain;
    private final Set<String> classPackages;
    private final URLStreamHandler handler = new EntryHandler();

    private PluginJar(URL location, Map<String, byte[]> entries) throws IOException {
        this.location = Objects.requireNonNull(location, "location");
        this.entries = Map.copyOf(entries);
        byte[] mf = entries.get(MANIFEST);
        this.manifest = mf == null ? new Manifest() : new Manifest(new ByteArrayInputStream(mf));
        this.protectionDomain = new ProtectionDomain(new CodeSource(location, (Certificate[]) null), null);
        this.classPackages = classPackagesOf(this.entries.keySet());
    }

    /** Reads every file entry of {@code jar}, then closes it. */
    public static PluginJar read(Path jar) throws IOException {
        Map<String, byte[]> entries = new HashMap<>();
        try (JarFile file = new JarFile(jar.toFile(), true, ZipFile.OPEN_READ, JarFile.runtimeVersion())) {
            for (JarEntry e : (Iterable<JarEntry>) file.versionedStream()::iterator) {
                if (!e.isDirectory()) {
                    try (InputStream in = file.getInputStream(e)) {
                        entries.put(e.getName(), in.readAllBytes());
                    }
                }
            }
        }
        return new PluginJar(jar.toUri().toURL(), entries);
    }

    /**
     * A jar given as its entries ({@code "a/b/C.class"} → bytes; directories are not entries), e.g. read
     * from a bundle. The arrays are copied.
     */
    public static PluginJar of(URL location, Map<String, byte[]> entries) throws IOException {
        Map<String, byte[]> copy = new HashMap<>();
        entries.forEach((name, bytes) -> copy.put(name, bytes.clone()));
        return new PluginJar(location, copy);
    }

    /** Where the jar came from; the code source of the classes defined from it. */
    public URL location() {
        return location;
    }

    /** A copy of the jar's manifest (empty when it has none). */
    public Manifest manifest() {
        return new Manifest(manifest);
    }

    /** The file entries' names, e.g. {@code "OSGI-INF/x.xml"}. */
    public Set<String> entryNames() {
        return entries.keySet();
    }

    /** The Java packages that hold at least one class file of the jar (META-INF excluded). */
    public Set<String> classPackages() {
        return classPackages;
    }

    /** The entry's content, or null when the jar has no such file entry. */
    public InputStream open(String entry) {
        byte[] b = entries.get(entry);
        return b == null ? null : new ByteArrayInputStream(b);
    }

    /** A URL that reads the entry from this snapshot, or null when there is no such entry. */
    public URL entryUrl(String entry) {
        if (!entries.containsKey(entry)) {
            return null;
        }
        try {
            return new URL(URL_PROTOCOL, null, -1, location + "!/" + entry, handler);
        } catch (MalformedURLException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The bytes themselves, for defineClass only: never handed to plugin code. */
    byte[] bytes(String entry) {
        return entries.get(entry);
    }

    Manifest sharedManifest() {
        return manifest;
    }

    ProtectionDomain protectionDomain() {
        return protectionDomain;
    }

    @Override
    public String toString() {
        return "PluginJar[" + location + ", " + entries.size() + " entries]";
    }

    static String packageOfEntry(String entry) {
        int slash = entry.lastIndexOf('/');
        return slash < 0 ? "" : entry.substring(0, slash).replace('/', '.');
    }

    private static Set<String> classPackagesOf(Set<String> names) {
        Set<String> packages = new TreeSet<>();
        for (String name : names) {
            if (name.endsWith(".class") && !name.startsWith("META-INF/") && !name.endsWith("module-info.class")) {
                String pkg = packageOfEntry(name);
                if (isJavaPackageName(pkg)) {
                    packages.add(pkg);
                }
            }
        }
        return Set.copyOf(packages);
    }

    private static boolean isJavaPackageName(String pkg) {
        if (pkg.isEmpty()) {
            return true;
        }
        for (String part : pkg.split("\\.", -1)) {
            if (part.isEmpty() || !Character.isJavaIdentifierStart(part.charAt(0))
                    || !part.chars().allMatch(Character::isJavaIdentifierPart)) {
                return false;
            }
        }
        return true;
    }

    /** Serves {@code plugstack-entry:<location>!/<entry>} URLs from the snapshot; refers to no class loader. */
    private final class EntryHandler extends URLStreamHandler {
        @Override
        protected URLConnection openConnection(URL u) throws IOException {
            String entry = u.getFile().substring(location.toString().length() + 2);
            byte[] bytes = entries.get(entry);
            if (bytes == null) {
                throw new IOException("no entry " + entry + " in " + location);
            }
            return new URLConnection(u) {
                @Override
                public void connect() {
                    connected = true;
                }

                @Override
                public InputStream getInputStream() {
                    return new ByteArrayInputStream(bytes);
                }

                @Override
                public long getContentLengthLong() {
                    return bytes.length;
                }
            };
        }
    }
}
