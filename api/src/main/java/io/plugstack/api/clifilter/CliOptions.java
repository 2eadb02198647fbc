package io.plugstack.api.clifilter;

import io.plugstack.api.slurm.SlurmCommand;
import io.plugstack.api.slurm.SlurmLog;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The command's options ({@code slurm_opt_t}) as cli_filter plugins reach them: by long option name,
 * with values as strings, through Slurm's own getters and setters (CLI-43). Implemented by the host.
 */
@ProviderType
public interface CliOptions {

    /** {@return which command is running} */
    SlurmCommand command();

    /**
     * The real uid of the user running the command ({@code getuid()} in srun, sbatch, salloc). A plugin
     * that touches the user's files does it as this user ({@link io.plugstack.api.user.OnBehalfOf}): the
     * host may run with more privilege than the user has.
     *
     * @return the uid
     */
    long uid();

    /** {@return the real gid of the user running the command ({@code getgid()})} */
    long gid();

    /**
     * The user running the command, in the command's working directory and with its environment when
     * the host knows them ({@link io.plugstack.api.user.OnBehalfOf#in}): a program the plugin starts with
     * {@link io.plugstack.api.user.OnBehalfOf#start} then runs as it would from a C plugin inside srun,
     * sbatch or salloc. The default knows only the ids.
     *
     * @return the command's user
     */
    default io.plugstack.api.user.OnBehalfOf user() {
        return io.plugstack.api.user.OnBehalfOf.user(uid(), gid());
    }

    /**
     * The option's value as its Slurm getter ({@code slurm_option_get}, src/common/slurm_opt.c) renders it,
     * set or not: {@code get("time")} after {@code -t 5} is "00:05:00", {@code --mem=0} reads "0?", an
     * unset ntasks-per-node "-2", an unset hold "unset", verbose the count of -v, uid and gid the ids the
     * command runs as, an option of another command "invalid-context". Empty where Slurm's getter answers
     * NULL (an unset --time, --mem, --job-name...) and for a name the host's option table does not have.
     * The same strings make {@link CliFilterJson#options}.
     *
     * @param longName the option's long name, without "--"
     * @return the getter's string, or empty
     */
    Optional<String> get(String longName);

    /**
     * Sets an option through Slurm's setter, as if given on the command line. Never throws: an unknown
     * name, an invalid value, or an option that belongs to the other pass (see {@link #earlyPass()})
     * answers false and changes nothing (CLI-43, CLI-25). An invalid value prints the setter's error
     * line on the command's stderr, as Slurm's setters do; an option Slurm has and the host cannot
     * apply is refused in one error line naming the option and the plugin, never dropped in silence.
     *
     * @param longName the option's long name, without "--"
     * @param value    the value as it would be written on the command line
     * @return true when the option was set
     */
    boolean set(String longName, String value);

    /**
     * Resets an option to its default.
     *
     * @param longName the option's long name, without "--"
     * @return false for an unknown name
     */
    boolean unset(String longName);

    /**
     * Whether the option was set (by defaults, environment, script or command line).
     *
     * @param longName the option's long name, without "--"
     * @return true when it is set
     */
    boolean isSet(String longName);

    /** {@return the long names of every set option} */
    Set<String> setOptions();

    /**
     * The command's positional arguments: the batch script path or the program first, then its
     * arguments (cli_filter/lua shows them 1-indexed).
     *
     * @return the positional arguments
     */
    List<String> argv();

    /**
     * SPANK options by plugin name, then option name, with the value {@code spank_option_get} reports: the
     * argument, "set" for a used option without argument, "unset" for an unused one without argument;
     * options with no value are absent.
     *
     * @return plugin name to option name to value
     */
    Map<String, Map<String, String>> spank();

    /** {@return the SPANK job control environment, "NAME=value" entries} */
    List<String> spankJobEnv();

    /**
     * The command's log, when the host runs the command itself: what a cli_filter logs there is what a C
     * or Lua cli_filter's error(), info(), verbose() and debug() print on the command's stderr
     * ("sbatch: error: lua: ...", CLI-45), shown as the command's log level is at that moment (sbatch
     * has taken its -v before its main pass; srun and salloc only after pre_submit). Empty when the host
     * collects the plugin's {@link System.Logger} lines itself.
     *
     * @return the command's log, or empty
     */
    default Optional<SlurmLog> log() {
        return Optional.empty();
    }

    /**
     * Whether this is sbatch/salloc/srun's early pass, in which only early-pass options can be set (the
     * {@code early} argument of setup_defaults, hidden in the options object for Lua, CLI-41).
     *
     * @return true in the early pass
     */
    boolean earlyPass();
}
