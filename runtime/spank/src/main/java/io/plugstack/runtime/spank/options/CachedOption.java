package io.plugstack.runtime.spank.options;

import io.plugstack.api.spank.SpankOption;

/**
 * One entry of a stack's option cache ({@code struct spank_plugin_opt}): the plugin's option, the
 * plugin that provided it, its internal getopt value and what the user did with it. Read-only outside
 * this package; the cache and the processors change it.
 */
public final class CachedOption {

    private final PluginRef plugin;
    private final SpankOption option;
    private final int optval;
    private boolean disabled;
    private boolean found;
    private boolean set;
    private boolean setByEnv;
    private String optarg;

    CachedOption(PluginRef plugin, SpankOption option, int optval, boolean disabled) {
        this.plugin = plugin;
        this.option = option;
        this.optval = optval;
        this.disabled = disabled;
    }

    /** The plugin that provided (or, for a getopt lookup, asked for) the option. */
    public PluginRef plugin() {
        return plugin;
    }

    /** The option as the plugin gave it. */
    public SpankOption option() {
        return option;
    }

    /** {@code option().name()}. */
    public String name() {
        return option.name();
    }

    /** The unique internal getopt value (0xfff, 0x1000, ... in cache order; SPANK-30). */
    public int optval() {
        return optval;
    }

    /** Cached but hidden from help and the command line (duplicate or conflicting name). */
    public boolean disabled() {
        return disabled;
    }

    /** The user gave the option (or getopt found it in the environment); it will be forwarded. */
    public boolean found() {
        return found;
    }

    /** The option was processed through its callback path (command line, env form, remote apply). */
    public boolean set() {
        return set;
    }

    /** The submit-side env form supplied the option (SPANK-35). */
    public boolean setByEnv() {
        return setByEnv;
    }

    /** The remembered argument; null when none was given or has_arg is NONE. */
    public String optarg() {
        return optarg;
    }

    void disable() {
        disabled = true;
    }

    void markSetByEnv() {
        setByEnv = true;
    }

    /** What a getopt environment lookup found (SPANK-43): no callback, {@code set} stays false. */
    void foundInEnvironment(String value) {
        optarg = value;
        found = true;
    }

    /**
     * {@code _do_option_cb}: runs the plugin's callback (if any) with {@code arg}; on success remembers
     * the argument when the option takes one and marks the option found and set. A callback that throws
     * counts as a failure (rc -1), the way a C callback reports one by returning non-zero. The callback
     * gets the stack's handle from {@code runner}, as this option's plugin.
     *
     * @return the callback's rc; 0 on success (or without callback)
     */
    int apply(String arg, boolean remote, OptionCallbackRunner runner) {
        if (option.callback() != null) {
            int rc;
            try {
                rc = runner.run(plugin, spank -> option.callback().handle(spank, option.val(), arg, remote));
            } catch (RuntimeException | Error e) { // a plugin error (System.exit refused, a StackOverflowError): the option fails
                rc = -1;
            }
            if (rc != 0) {
                return rc;
            }
        }
        if (option.hasArg() != SpankOption.Arg.NONE) {
            optarg = arg;
        }
        found = true;
        set = true;
        return 0;
    }

    @Override
    public String toString() {
        return name() + ":" + plugin.name() + (disabled ? " (disabled)" : "") + (found ? " found" : "")
                + (optarg != null ? "=" + optarg : "");
    }
}
