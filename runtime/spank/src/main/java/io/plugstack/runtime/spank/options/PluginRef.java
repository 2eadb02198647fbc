package io.plugstack.runtime.spank.options;

import java.util.Objects;

/**
 * The two names Slurm uses for one loaded SPANK plugin (SPANK-15).
 *
 * @param name  the plugin's {@code plugin_name} (the SPANK_PLUGIN identifier): used in option
 *              environment names, in forwarded {@code <option>:<plugin>} entries, for lookups by plugin
 *              and in the "too long" and "conflicting option" messages
 * @param label the basename of the plugin's path, used in the duplicate-option message
 */
public record PluginRef(String name, String label) {

    public PluginRef {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(label, "label");
    }
}
