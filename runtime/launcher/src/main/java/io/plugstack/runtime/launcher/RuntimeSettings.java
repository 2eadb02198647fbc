package io.plugstack.runtime.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import io.plugstack.api.plugin.ReleaseBehaviour;
import io.plugstack.api.plugin.RuntimeHome;
import io.plugstack.api.plugin.SlurmRelease;
import io.plugstack.api.plugin.SlurmVersion;

/**
 * The runtime's settings: {@code <home>/etc/plugstack.properties}, overridden by {@code -D} system
 * properties. Every key the launcher reads is named here, with its default.
 */
public final class RuntimeSettings {

    /** The Slurm release whose plugin ABI the runtime emulates (major.minor.micro). */
    public static final String SLURM_RELEASE = "plugstack.slurm.release";
    /** The hot-deploy folder watched by FileInstall. */
    public static final String DEPLOY_DIR = "plugstack.deploy.dir";
    /** Where the framework keeps its cache; wiped at every start (deploy/ is the source of truth). */
    public static final String STORAGE_DIR = "plugstack.storage.dir";
    /** FileInstall's scan interval in ms. Deploy latency is 1-2 polls (a file must be stable for two scans). */
    public static final String POLL = "felix.fileinstall.poll";
    static final String DEFAULT_POLL = "50";
    /** The features installed at every start, comma-separated names of files in {@code features/}. */
    public static final String BOOT_FEATURES = "plugstack.features.boot";
    /** An extra Maven-layout repository feature bundle ids may resolve against (after {@code system/}). */
    public static final String MAVEN_REPO = "plugstack.maven.repo";

    /** The runtime's log file (set by the launcher): what {@code log:display} and {@code log:tail} read. */
    public static final String LOG_FILE = "plugstack.log.file";
    /** The node daemon's socket directory ({@code --node --socket-dir}): set, the runtime is a node daemon. */
    public static final String NODE_SOCKET_DIR = "plugstack.node.socket_dir";

    private final Path home;
    private final Map<String, String> values;

    private RuntimeSettings(Path home, Map<String, String> values) {
        this.home = home;
        this.values = values;
    }

    /**
     * Whether this runtime is a node daemon for a real Slurm ({@code --node}): then it serves no bench,
     * since every local user can reach a root daemon's sockets (issue 25).
     */
    public boolean nodeDaemon() {
        String dir = values.get(NODE_SOCKET_DIR);
        return dir != null && !dir.isBlank();
    }

    /** Settings of the runtime whose home is {@code home}. */
    public static RuntimeSettings load(Path home, Properties overrides) {
        Map<String, String> v = new HashMap<>();
        Path file = new RuntimeHome(home).etc().resolve("plugstack.properties");
        if (Files.isRegularFile(file)) {
            Properties p = new Properties();
            try (InputStream in = Files.newInputStream(file)) {
                p.load(in);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + file, e);
            }
            p.stringPropertyNames().forEach(k -> v.put(k, p.getProperty(k).trim()));
        }
        overrides.stringPropertyNames().stream()
                .filter(k -> k.startsWith("plugstack.") || k.startsWith("felix.") || k.startsWith("gosh.")
                        || k.startsWith("org.osgi.") || k.startsWith("ds.") || k.startsWith("obr."))
                .forEach(k -> v.put(k, overrides.getProperty(k)));
        RuntimeSettings s = new RuntimeSettings(home.toAbsolutePath().normalize(), v);
        // the root role finds the node's Slurm once; its child roles get what it plays with their settings
        if (s.nodeDaemon() && overrides.getProperty(RoleSeed.PROPERTY) == null) {
            s.playInstalled(InstalledSlurm.find());
        }
        s.slurmRelease(); // fail fast on a malformed or unsupported release
        return s;
    }

    /** The setting for the Lua version a runtime plays (bundles/lua's LuaVersion.SETTING). */
    static final String LUA_VERSION = "plugstack.lua.version";
    private String played = "";

    /**
     * A node daemon plays the Slurm installed on its node, and the Lua its job_submit/lua links, unless its
     * settings say otherwise; a setting that contradicts the node's Slurm stays, and {@link #played} says so.
     */
    void playInstalled(InstalledSlurm installed) {
        StringBuilder said = new StringBuilder();
        installed.release().filter(r -> ReleaseBehaviour.supported(SlurmVersion.parse(r))).ifPresentOrElse(r -> {
            String set = values.putIfAbsent(SLURM_RELEASE, r);
            said.append(set == null ? "plays Slurm " + r + ", this node's (" + installed.releaseFrom() + ")"
                    : set.equals(r) ? "plays Slurm " + r : "error: plays Slurm " + set + " as " + SLURM_RELEASE + " says, but this node's is "
                            + r + " (" + installed.releaseFrom() + "): remove the setting to play it");
        }, () -> said.append(installed.release().map(r -> "this node's Slurm " + r + " (" + installed.releaseFrom()
                + ") is not a release Plugstack can play; ").orElse("no Slurm program found on this node; ")
                + "plays Slurm " + values.getOrDefault(SLURM_RELEASE, SlurmRelease.BUILT_FOR)));
        installed.lua().ifPresent(l -> {
            String set = values.putIfAbsent(LUA_VERSION, l);
            said.append(set == null ? " with Lua " + l + ", as " + installed.luaFrom() + " links"
                    : set.equals(l) ? " with Lua " + l : "; error: plays Lua " + set + " as " + LUA_VERSION + " says, but " + installed.luaFrom()
                            + " links Lua " + l + ": remove the setting to play it");
        });
        played = said.toString();
    }

    /** What {@link #playInstalled} found and chose, for the log's first lines; "" when not a node daemon. */
    public String played() {
        return played;
    }

    public Path home() {
        return home;
    }

    /** The release the runtime plays: one of the supported series (ReleaseBehaviour), else start is refused. */
    public SlurmVersion slurmRelease() {
        return ReleaseBehaviour.playable(SLURM_RELEASE, values.getOrDefault(SLURM_RELEASE, SlurmRelease.BUILT_FOR));
    }

    public Path deployDir() {
        return path(DEPLOY_DIR, "deploy");
    }

    public Path storageDir() {
        return path(STORAGE_DIR, "data/framework");
    }

    /** The bundle repository (Maven layout) the shipped features resolve against. */
    public Path systemDir() {
        return home.resolve("system");
    }

    /** The feature files ({@code *.json}, OSGi Feature format). */
    public Path featuresDir() {
        return home.resolve("features");
    }

    /** Where the runtime keeps state that must survive a restart (the framework cache below it does not). */
    public Path dataDir() {
        return new RuntimeHome(home).data();
    }

    /** The repositories feature bundle ids resolve against, in order: {@code system/}, then {@code plugstack.maven.repo}. */
    public List<Path> repositories() {
        String extra = values.get(MAVEN_REPO);
        return extra == null || extra.isBlank() ? List.of(systemDir()) : List.of(systemDir(), home.resolve(extra).normalize());
    }

    /** {@code plugstack.features.boot}, in order. */
    public List<String> bootFeatures() {
        return Arrays.stream(values.getOrDefault(BOOT_FEATURES, "").split(",")).map(String::trim).filter(n -> !n.isEmpty())
                .distinct().toList();
    }

    private Path path(String key, String def) {
        String v = values.get(key);
        return v == null ? home.resolve(def) : home.resolve(v).toAbsolutePath().normalize();
    }

    /** Every setting, to be handed to the framework as its configuration. */
    public Map<String, String> all() {
        return Map.copyOf(values);
    }

    public String get(String key, String def) {
        return values.getOrDefault(key, def);
    }
}
