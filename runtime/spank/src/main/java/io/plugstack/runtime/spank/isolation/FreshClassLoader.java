package io.plugstack.runtime.spank.isolation;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.Collections;
import java.util.Enumeration;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.Manifest;

/**
 * The loader of one run: child-first for the plugin's private packages, whose classes and resources it
 * takes from the {@link PluginJar} snapshot only (never from the parent, even when the parent could
 * load them: a class of a private package missing from the jar is a {@link ClassNotFoundException},
 * not a silent mix of fresh and shared classes in one package); every other request goes to the parent.
 */
final class FreshClassLoader extends ClassLoader {

    static {
        registerAsParallelCapable();
    }

    private final PluginJar jar;
    private final Set<String> privatePackages;
    private final ClassLoader parent;

    FreshClassLoader(String name, PluginJar jar, Set<String> privatePackages, ClassLoader parent) {
        super(name, parent);
        this.jar = jar;
        this.privatePackages = privatePackages;
        this.parent = parent;
    }

    @Override
    public String toString() {
        return getName() + "[" + jar.location() + "]";
    }

    boolean isPrivateClass(String className) {
        int dot = className.lastIndexOf('.');
        return privatePackages.contains(dot < 0 ? "" : className.substring(0, dot));
    }

    private boolean isPrivateResource(String name) {
        return privatePackages.contains(PluginJar.packageOfEntry(name));
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (!isPrivateClass(name)) {
            return parent.loadClass(name);
        }
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                c = findClass(name);
            }
            if (resolve) {
                resolveClass(c);
            }
            return c;
        }
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        if (!isPrivateClass(name)) {
            throw new ClassNotFoundException(name);
        }
        byte[] bytes = jar.bytes(name.replace('.', '/') + ".class");
        if (bytes == null) {
            throw new ClassNotFoundException(name + " is in a private package of " + jar.location()
                    + " but not in the jar");
        }
        int dot = name.lastIndexOf('.');
        if (dot > 0) {
            definePackageOnce(name.substring(0, dot));
        }
        return defineClass(name, bytes, 0, bytes.length, jar.protectionDomain());
    }

    /** Like URLClassLoader: the package carries the manifest's specification/implementation headers. */
    private void definePackageOnce(String pkg) {
        if (getDefinedPackage(pkg) != null) {
            return;
        }
        Manifest mf = jar.sharedManifest();
        Attributes main = mf.getMainAttributes();
        Attributes own = mf.getAttributes(pkg.replace('.', '/') + "/");
        try {
            definePackage(pkg,
                    attr(own, main, Attributes.Name.SPECIFICATION_TITLE),
                    attr(own, main, Attributes.Name.SPECIFICATION_VERSION),
                    attr(own, main, Attributes.Name.SPECIFICATION_VENDOR),
                    attr(own, main, Attributes.Name.IMPLEMENTATION_TITLE),
                    attr(own, main, Attributes.Name.IMPLEMENTATION_VERSION),
                    attr(own, main, Attributes.Name.IMPLEMENTATION_VENDOR),
                    null);
        } catch (IllegalArgumentException definedMeanwhile) {
            // another thread defined it first: same attributes
        }
    }

    private static String attr(Attributes own, Attributes main, Attributes.Name name) {
        String v = own == null ? null : own.getValue(name);
        return v != null ? v : main.getValue(name);
    }

    @Override
    public URL getResource(String name) {
        return isPrivateResource(name) ? jar.entryUrl(name) : parent.getResource(name);
    }

    @Override
    public Enumeration<URL> getResources(String name) throws IOException {
        if (!isPrivateResource(name)) {
            return parent.getResources(name);
        }
        URL url = jar.entryUrl(name);
        return url == null ? Collections.emptyEnumeration() : Collections.enumeration(Set.of(url));
    }

    @Override
    public InputStream getResourceAsStream(String name) {
        if (isPrivateResource(name)) {
            return jar.open(name);
        }
        return parent.getResourceAsStream(name);
    }

    @Override
    protected URL findResource(String name) {
        return isPrivateResource(name) ? jar.entryUrl(name) : null;
    }

    @Override
    protected Enumeration<URL> findResources(String name) {
        URL url = findResource(name);
        return url == null ? Collections.emptyEnumeration() : Collections.enumeration(Set.of(url));
    }
}
