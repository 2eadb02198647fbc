package io.plugstack.api.plugin;

import java.nio.file.Path;
import java.util.function.Function;

/**
 * The runtime's home and its layout, the one place they are named: {@code etc/} holds what an admin
 * writes (plugstack.conf, plugstack.properties, the Lua scripts, as Slurm's conf directory does),
 * {@code data/} what the runtime keeps across restarts (state files, sockets, the job shims).
 * Components find the home in the framework property {@value #PROPERTY}, which the launcher sets.
 *
 * @param root the home directory
 */
public record RuntimeHome(Path root) {

    /** The framework property naming the home. */
    public static final String PROPERTY = "plugstack.home";

    /**
     * The home named by {@code properties}.
     *
     * @param properties the framework properties (e.g. {@code bundleContext::getProperty})
     * @return the home; the working directory if the property is unset
     */
    public static RuntimeHome of(Function<String, String> properties) {
        String home = properties.apply(PROPERTY);
        return new RuntimeHome(Path.of(home != null ? home : "."));
    }

    /** {@return what an admin configures: Slurm's conf directory} */
    public Path etc() {
        return root.resolve("etc");
    }

    /** {@return what the runtime keeps across restarts} */
    public Path data() {
        return root.resolve("data");
    }
}
