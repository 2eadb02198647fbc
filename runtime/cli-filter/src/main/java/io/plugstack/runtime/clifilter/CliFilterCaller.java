package io.plugstack.runtime.clifilter;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * An option set that names the plugin whose hook is running in the lines it logs: a value a
 * cli_filter writes that the command cannot take is refused in one line naming the option and the
 * plugin. The chain tells it before each plugin's hook.
 */
@ConsumerType
public interface CliFilterCaller {

    /** The plugin_type ("cli_filter/lua") of the plugin whose hook runs next. */
    void callingPlugin(String pluginType);
}
