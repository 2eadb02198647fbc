package io.plugstack.runtime.host.catalog;

/** Where a plugin bundle stands, in Slurm's terms (loaded, refused, init failed...). */
public enum PluginStatus {
    /** The resolver refused it (identity/version): INSTALLED, none of its code ran. */
    REFUSED,
    /** Installed but not resolved for another reason (a missing import, say). */
    UNRESOLVED,
    /** Resolved but not active (stopped, starting or stopping). */
    STOPPED,
    /** Active but it registers no plugin service (a plugin bundle with nothing to call). */
    NO_SERVICE,
    /** Resolved, its service registered, not loaded: another version of it runs, or its pin excludes it. */
    AVAILABLE,
    /** Its init() failed: unloaded from every stack, never called (ESLURM_PLUGIN_INIT_FAILED). */
    INIT_FAILED,
    /** It overran its time limit repeatedly: unused (the next lower version runs) until redeployed. */
    FAILED,
    /** init() succeeded: the stacks use it. */
    READY
}
