package io.plugstack.runtime.spank.isolation;

import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A class space for one job_script run (job_prolog or job_epilog): the plugin's private packages are
 * defined afresh from its {@link PluginJar}, so no static or instance state survives from one run to the
 * next or leaks from the long-lived (slurmd/remote) instance of the same plugin (SPANK-17, SPANK-10);
 * every other class, the API included, comes from {@code parent}, the loader the bundle is wired to, so
 * an instance made here is assignable to the host's API types.
 *
 * <pre>{@code
 * PluginJar jar = PluginJar.read(path);                    // once per jar / bundle revision
 * Set<String> own = PrivatePackages.of(jar);                // once too
 * String cls = DsDescriptors.implementationOf(jar, SpankPlugin.class.getName()).orElseThrow();
 * try (FreshClassSpace space = FreshClassSpace.open(jar, own, parent)) {   // every run
 *     SpankPlugin plugin = space.newInstance(cls, SpankPlugin.class);
 *     rc = plugin.jobProlog(spank, args);
 * }
 * }</pre>
 *
 * <p>Closing drops the space's reference to its loader; the loader and its classes are collected once the
 * caller has dropped the instances too and the plugin has left nothing behind that reaches them (a thread
 * still running, a ThreadLocal on a pooled thread, a JVM-wide registry: see the package notes).
 * Not thread-safe to close while another thread is instantiating.
 */
public final class FreshClassSpace implements AutoCloseable {

    private static final AtomicLong SPACES = new AtomicLong();

    private final PluginJar jar;
    private FreshClassLoader loader;

    private FreshClassSpace(PluginJar jar, FreshClassLoader loader) {
        this.jar = jar;
        this.loader = loader;
    }

    /**
     * Opens a space that defines the classes of {@code privatePackages} from {@code jar} and delegates
     * everything else to {@code parent}. Cheap: nothing is read or defined until a class is asked for.
     */
    public static FreshClassSpace open(PluginJar jar, Set<String> privatePackages, ClassLoader parent) {
        Objects.requireNonNull(jar, "jar");
        Objects.requireNonNull(parent, "parent");
        Set<String> own = Set.copyOf(privatePackages);
        for (String pkg : own) {
            if (pkg.equals("java") || pkg.startsWith("java.")) {
                throw new IllegalArgumentException("java.* cannot be private to a plugin: " + pkg);
            }
        }
        String name = "fresh-space-" + SPACES.incrementAndGet();
        return new FreshClassSpace(jar, new FreshClassLoader(name, jar, own, parent));
    }

    /** Loads {@code className} in this space: defined from the jar if private, else the parent's class. */
    public Class<?> loadClass(String className) throws ClassNotFoundException {
        return live().loadClass(className);
    }

    /**
     * Defines {@code className} from the jar and makes an instance with its public no-arg constructor, as
     * {@code type}. The class must belong to a private package (an instance of a class shared with the
     * parent would share its state) and be assignable to {@code type} as the parent sees it.
     *
     * @throws IllegalArgumentException the class is not one of the plugin's private classes
     * @throws ClassCastException the class does not implement {@code type} (a plugin that packs its own
     *         copy of the API lands here: its interface is not the host's)
     */
    public <T> T newInstance(String className, Class<T> type) throws ReflectiveOperationException {
        FreshClassLoader l = live();
        if (!l.isPrivateClass(className)) {
            throw new IllegalArgumentException(className + " is not in a private package of " + jar.location()
                    + ": its instance would share state with the long-lived one");
        }
        Class<?> c = l.loadClass(className);
        if (!type.isAssignableFrom(c)) {
            throw new ClassCastException(c.getName() + " from " + jar.location() + " is not a " + type.getName()
                    + " of " + type.getClassLoader() + " (does the plugin pack its own copy of the API?)");
        }
        return type.cast(c.getConstructor().newInstance());
    }

    /** This run's loader (until {@link #close}), e.g. as the thread context class loader during the call. */
    public ClassLoader classLoader() {
        return live();
    }

    public boolean isClosed() {
        return loader == null;
    }

    /** Drops the loader. Idempotent; the jar file itself was closed when the {@link PluginJar} was read. */
    @Override
    public void close() {
        loader = null;
    }

    private FreshClassLoader live() {
        FreshClassLoader l = loader;
        if (l == null) {
            throw new IllegalStateException("class space of " + jar.location() + " is closed");
        }
        return l;
    }

    @Override
    public String toString() {
        FreshClassLoader l = loader;
        return "FreshClassSpace[" + (l == null ? "closed" : l.getName()) + ", " + jar.location() + "]";
    }
}
