package io.plugstack.gogo.internal;

import io.plugstack.runtime.host.catalog.PluginCatalog;
import io.plugstack.runtime.host.catalog.PluginVersions.Outcome;

/**
 * What the version commands (versions, pin, unpin, upgrade, rollback, withdraw, unwithdraw) share, Karaf's support class
 * per command family: how a plugin is named, and how an outcome is reported.
 */
public final class VersionCommands {

    private VersionCommands() {
    }

    /** The one plugin argument of {@code command}, resolved as every command resolves plugin names. */
    public static PluginArgument plugin(String command, String usage, PluginCatalog catalog, Object[] args) {
        return PluginArgument.resolve(command, catalog.plugins(), Arguments.of(command, usage, args, 1, 1).get(0));
    }

    /** A plugin's symbolic name and what follows it: {@code <plugin> <value>} or {@code <plugin>@<value>}. */
    public record PluginAnd(String symbolicName, String value) {
    }

    /**
     * The plugin and value of {@code pin}, {@code withdraw} and {@code unwithdraw}: two arguments, or one
     * {@code plugin@value} ({@code what} names the value when it is missing: "no pin given").
     */
    public static PluginAnd pluginAnd(String command, String usage, String what, PluginCatalog catalog, Object[] args) {
        Arguments a = Arguments.of(command, usage, args, 1, 2);
        String plugin = a.get(0);
        String value = a.get(1);
        if (value == null) {
            int at = plugin.lastIndexOf('@');
            if (at <= 0) {
                throw a.fail("no " + what + " given");
            }
            value = plugin.substring(at + 1);
            plugin = plugin.substring(0, at);
        }
        return new PluginAnd(PluginArgument.resolve(command, catalog.plugins(), plugin).symbolicName(), value);
    }

    /** The outcome's message, or the command's refusal (non-zero). */
    public static String shown(String command, Outcome o) {
        if (!o.ok()) {
            throw Commands.fail(command, o.message());
        }
        return o.message();
    }
}
