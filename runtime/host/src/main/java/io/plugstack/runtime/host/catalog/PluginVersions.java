package io.plugstack.runtime.host.catalog;

import java.util.List;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The admin's control over which version of a plugin runs when several are deployed side by side
 * (same symbolic name, different Bundle-Version). A pin names the versions that may run; without
 * one the highest version that resolves and inits runs. Pins and the history of active versions
 * persist across restarts. Stacks already built keep the instances they loaded: an upgrade or a
 * rollback changes what new launches and submissions get, atomically.
 */
@ProviderType
public interface PluginVersions {

    /** Every deployed version of the plugins {@code plugin} names (all plugins when null or empty). */
    List<VersionRow> versions(String plugin);

    /** Pins {@code plugin} to {@code pin} ("1.2.3", "[1.2,1.3)", ">=1.2"). */
    Outcome pin(String plugin, String pin);

    /** Removes the pin: the highest version that resolves and inits runs. */
    Outcome unpin(String plugin);

    /**
     * Makes {@code version} (the highest deployed one when null) the running version, pinning it,
     * once it has resolved and its init() succeeded; otherwise the running version stays.
     */
    Outcome upgrade(String plugin, String version);

    /** Goes back to the version that ran before the current one (pinning it), if it still works. */
    Outcome rollback(String plugin);

    /**
     * Withdraws {@code version}: it runs for no job here, neither a new one nor one that carries it (that
     * job gets this node's own choice, with one log line), until {@link #unwithdraw}; persisted.
     */
    Outcome withdraw(String plugin, String version);

    /** Gives a withdrawn version back. */
    Outcome unwithdraw(String plugin, String version);

    /**
     * One deployed version of a plugin.
     *
     * @param state  "active", "available", "outside pin", "withdrawn", "init failed", "refused", "unresolved", "stopped"
     * @param pin    the admin's pin for the plugin, "" when none
     * @param inUse  stacks (job steps, commands, slurmd) holding an instance of this version now
     */
    record VersionRow(String symbolicName, String version, long bundleId, String type, String state,
            String pin, int inUse, String detail) {
        public boolean active() {
            return "active".equals(state);
        }
    }

    /** What a command did, in one or more lines for the shell. */
    record Outcome(boolean ok, String message) {
    }
}
