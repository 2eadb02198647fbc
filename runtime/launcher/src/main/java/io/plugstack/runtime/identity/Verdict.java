package io.plugstack.runtime.identity;

import io.plugstack.api.plugin.PluginIdentity;

/** What {@link PluginIdentityRule} decided about one bundle revision. */
public sealed interface Verdict {

    /** Not a Slurm plugin (no Slurm-Plugin-* header, no plugin service): left alone. */
    record NotAPlugin() implements Verdict {
    }

    /** A plugin whose identity matches the runtime's release. */
    record Accepted(PluginIdentity identity) implements Verdict {
    }

    /** A plugin the resolver must refuse; {@code reason} names the header and the expected value. */
    record Refused(String header, String reason) implements Verdict {
    }

    Verdict NOT_A_PLUGIN = new NotAPlugin();
}
