package io.plugstack.runtime.spank;

import java.util.List;
import java.util.Map;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A submitting command's SPANK options (spank_option_register'ed by the plugins' init), as the command
 * processes them between init and init_post_opt: the command line parser asks what is known, the
 * environment's options come before the command line's (SPANK-34), and what was found travels with
 * the job (SPANK-37).
 */
@ProviderType
public interface SessionOptions {

    /** Whether {@code name} is a plugin option of this stack. */
    boolean knows(String name);

    /** The option's has_arg (0 none, 1 required, 2 optional), as getopt_long's table has it. */
    int hasArg(String name);

    /** Processes the options given as SLURM_SPANK_* style variables of {@code env}; false when one was refused. */
    boolean processEnvironment(Map<String, String> env);

    /** Processes one option of the command line; false when the plugin refused it (the command ends). */
    boolean processCommandLine(String name, String arg);

    /** The options found, as the launch request carries them to slurmstepd. */
    List<LaunchOption> launchOptions();

    /** The options found, as variables of the job's environment. */
    Map<String, String> environmentExports();

    /** The options found, as entries of the job control environment. */
    Map<String, String> jobControlExports();

    /** The "Options provided by plugins" part of --help, wrapped at {@code columns}. */
    String help(int columns);

    /** An enabled plugin option as spank_option_register gives it to Slurm: {@code optval} identifies it. */
    record Registered(String name, String arginfo, String usage, int hasArg, int optval) {
    }

    /** The enabled plugin options, in registration order (what a bridge registers with the real Slurm). */
    List<Registered> registered();

    /** An enabled option and the plugin that registered it (its bundle's symbolic name). */
    record Provided(String plugin, Registered option) {
    }

    /** {@link #registered()} with each option's plugin: what --help lists, for the shell's plugin view. */
    List<Provided> provided();

    /**
     * The option {@code optval} was given (Slurm called the bridge's option callback): its plugin's
     * callback runs with {@code optarg} and {@code remote}; its rc, or -1 for an unknown optval.
     */
    int process(int optval, String optarg, boolean remote);
}
