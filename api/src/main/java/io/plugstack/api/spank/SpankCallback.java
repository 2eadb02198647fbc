package io.plugstack.api.spank;

import java.lang.reflect.Method;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The 13 symbols the SPANK loader looks up, in Slurm's order (SPANK-H-1): the same list answers
 * {@link #symbolSupported(String)}. Each row says how a host finds and calls the symbol on a
 * {@link SpankPlugin}, where Slurm calls it (SPANK-17) and which API calls it permits, so a host can
 * drive a stack from this enum alone.
 */
public enum SpankCallback {
    /**
     * {@code slurm_spank_init}, {@link SpankPlugin#spankInit}: just after the plugins are loaded, before option
     * processing. Contexts: local (srun), remote (slurmstepd), allocator (sbatch, salloc, scrontab), slurmd.
     * Returns 0 for success; what a required plugin's non-zero does is that method's {@code @return}.
     */
    INIT("slurm_spank_init", "init", "spankInit", SpankPlugin::spankInit,
            EnumSet.of(Allows.OPTION_REGISTER),
            SpankContext.LOCAL, SpankContext.REMOTE, SpankContext.ALLOCATOR, SpankContext.SLURMD),
    /** An {@code int} variable, not a function [since 25.05]: see {@link SpankPlugin#initFailureMode()}. */
    INIT_FAILURE_MODE("slurm_spank_init_failure_mode", "init_failure_mode", "initFailureMode", null,
            EnumSet.noneOf(Allows.class)),
    /**
     * {@code slurm_spank_job_prolog}, {@link SpankPlugin#jobProlog}: at the same time as the job prolog, in its
     * own helper process. Contexts: job_script. Returns 0 for success; what a required plugin's non-zero does is
     * that method's {@code @return}.
     */
    JOB_PROLOG("slurm_spank_job_prolog", "job_prolog", "jobProlog", SpankPlugin::jobProlog,
            EnumSet.of(Allows.OPTION_GETOPT), SpankContext.JOB_SCRIPT),
    /**
     * {@code slurm_spank_init_post_opt}, {@link SpankPlugin#initPostOpt}: after the user's options were processed.
     * Contexts: local (srun), remote (slurmstepd), allocator (sbatch, salloc). Returns 0 for success; what a
     * required plugin's non-zero does is that method's {@code @return}.
     */
    INIT_POST_OPT("slurm_spank_init_post_opt", "init_post_opt", "initPostOpt", SpankPlugin::initPostOpt,
            EnumSet.noneOf(Allows.class), SpankContext.LOCAL, SpankContext.REMOTE, SpankContext.ALLOCATOR),
    /**
     * {@code slurm_spank_local_user_init}, {@link SpankPlugin#localUserInit}: once job and step ids exist, before
     * tasks are launched. Contexts: local (srun). Returns 0 for success; what a required plugin's non-zero does is
     * that method's {@code @return}.
     */
    LOCAL_USER_INIT("slurm_spank_local_user_init", "local_user_init", "localUserInit", SpankPlugin::localUserInit,
            EnumSet.of(Allows.OPTION_GETOPT), SpankContext.LOCAL),
    /**
     * {@code slurm_spank_user_init}, {@link SpankPlugin#userInit}: after privileges are temporarily dropped.
     * Contexts: remote (slurmstepd). Returns 0 for success; what a required plugin's non-zero does is that
     * method's {@code @return}.
     */
    USER_INIT("slurm_spank_user_init", "user_init", "userInit", SpankPlugin::userInit,
            EnumSet.of(Allows.OPTION_GETOPT), SpankContext.REMOTE),
    /**
     * {@code slurm_spank_task_init_privileged}, {@link SpankPlugin#taskInitPrivileged}: per task, just after fork,
     * still privileged. Contexts: remote (slurmstepd). Returns 0 for success; what a required plugin's non-zero
     * does is that method's {@code @return}.
     */
    TASK_INIT_PRIVILEGED("slurm_spank_task_init_privileged", "task_init_privileged", "taskInitPrivileged",
            SpankPlugin::taskInitPrivileged,
            EnumSet.of(Allows.OPTION_GETOPT, Allows.PREPEND_TASK_ARGV, Allows.SET_TASK_NICENESS),
            SpankContext.REMOTE),
    /**
     * {@code slurm_spank_task_init}, {@link SpankPlugin#taskInit}: per task, just before execve, as the user.
     * Contexts: remote (slurmstepd). Returns 0 for success; what a required plugin's non-zero does is that
     * method's {@code @return}.
     */
    TASK_INIT("slurm_spank_task_init", "task_init", "taskInit", SpankPlugin::taskInit,
            EnumSet.of(Allows.OPTION_GETOPT, Allows.PREPEND_TASK_ARGV, Allows.SET_TASK_NICENESS), SpankContext.REMOTE),
    /**
     * {@code slurm_spank_task_post_fork}, {@link SpankPlugin#taskPostFork}: per task, in the parent after fork.
     * Contexts: remote (slurmstepd). Returns 0 for success; what a required plugin's non-zero does is that
     * method's {@code @return}.
     */
    TASK_POST_FORK("slurm_spank_task_post_fork", "task_post_fork", "taskPostFork", SpankPlugin::taskPostFork,
            EnumSet.of(Allows.SET_TASK_NICENESS), SpankContext.REMOTE),
    /**
     * {@code slurm_spank_task_exit}, {@link SpankPlugin#taskExit}: per task, as its exit status is collected.
     * Contexts: remote (slurmstepd). Returns 0 for success; what a required plugin's non-zero does is that
     * method's {@code @return}.
     */
    TASK_EXIT("slurm_spank_task_exit", "task_exit", "taskExit", SpankPlugin::taskExit,
            EnumSet.of(Allows.OPTION_GETOPT), SpankContext.REMOTE),
    /**
     * {@code slurm_spank_job_epilog}, {@link SpankPlugin#jobEpilog}: at the same time as the job epilog, in its
     * own helper process. Contexts: job_script. Returns 0 for success; what a required plugin's non-zero does is
     * that method's {@code @return}.
     */
    JOB_EPILOG("slurm_spank_job_epilog", "job_epilog", "jobEpilog", SpankPlugin::jobEpilog,
            EnumSet.of(Allows.OPTION_GETOPT), SpankContext.JOB_SCRIPT),
    /**
     * {@code slurm_spank_slurmd_exit}, {@link SpankPlugin#slurmdExit}: when slurmd shuts down. Contexts: slurmd.
     * Returns 0 for success; what a required plugin's non-zero does is that method's {@code @return}.
     */
    SLURMD_EXIT("slurm_spank_slurmd_exit", "slurmd_exit", "slurmdExit", SpankPlugin::slurmdExit,
            EnumSet.noneOf(Allows.class), SpankContext.SLURMD),
    /**
     * {@code slurm_spank_exit}, {@link SpankPlugin#exit}: the stack's last call, before the process exits.
     * Contexts: local (srun), remote (slurmstepd), allocator (sbatch, salloc, scrontab). Returns 0 for success;
     * what a required plugin's non-zero does is that method's {@code @return}.
     */
    EXIT("slurm_spank_exit", "exit", "exit", SpankPlugin::exit,
            EnumSet.noneOf(Allows.class), SpankContext.LOCAL, SpankContext.REMOTE, SpankContext.ALLOCATOR);

    /** Whether the symbol is code or data. */
    public enum Kind {
        /** {@code int fn(spank_t, int ac, char **av)}. */
        FUNCTION,
        /** A variable the loader reads ({@code slurm_spank_init_failure_mode}). */
        DATA
    }

    /** API calls that are valid only inside certain callbacks. */
    public enum Allows {
        /** {@code spank_option_register}: only during init, else ESPANK_BAD_ARG (SPANK-H-11). */
        OPTION_REGISTER,
        /** {@code spank_option_getopt}: elsewhere ESPANK_NOT_AVAIL (SPANK-40). */
        OPTION_GETOPT,
        /** {@code spank_prepend_task_argv}: elsewhere ESPANK_NOT_TASK (SPANK-H-17). */
        PREPEND_TASK_ARGV,
        /** {@link Spank#setTaskNiceness(int)} (Plugstack's own): elsewhere ESPANK_NOT_TASK. */
        SET_TASK_NICENESS
    }

    /** How the host calls one function callback. */
    @FunctionalInterface
    private interface Invoker {
        int call(SpankPlugin plugin, Spank spank, List<String> args);
    }

    private final String symbol;
    private final String shortName;
    private final String javaName;
    private final Invoker invoker;
    private final Set<Allows> allows;
    private final Set<SpankContext> contexts;

    SpankCallback(String symbol, String shortName, String javaName, Invoker invoker, Set<Allows> allows,
                  SpankContext... contexts) {
        this.symbol = symbol;
        this.shortName = shortName;
        this.javaName = javaName;
        this.invoker = invoker;
        this.allows = Collections.unmodifiableSet(allows);
        EnumSet<SpankContext> set = EnumSet.noneOf(SpankContext.class);
        Collections.addAll(set, contexts);
        this.contexts = Collections.unmodifiableSet(set);
    }

    /** {@return the C symbol, e.g. "slurm_spank_task_init"} */
    public String symbol() {
        return symbol;
    }

    /**
     * {@return the name used in stack messages, e.g. "task_init" in "... task_init() failed with rc=..." (SPANK-21)}
     */
    public String shortName() {
        return shortName;
    }

    /** {@return the {@link SpankPlugin} method that stands for this symbol} */
    public String javaName() {
        return javaName;
    }

    /** {@return whether the symbol is a function (a callback) or data (a variable the loader reads)} */
    public Kind kind() {
        return invoker == null ? Kind.DATA : Kind.FUNCTION;
    }

    /** {@return the contexts in which Slurm calls this callback (empty for the data symbol)} */
    public Set<SpankContext> contexts() {
        return contexts;
    }

    /**
     * Whether {@code call} is valid while this callback runs.
     *
     * @param call an API call that is valid only in some callbacks
     * @return true when the call is valid here
     */
    public boolean allows(Allows call) {
        return allows.contains(call);
    }

    /**
     * Whether a plugin class "exports" this symbol: it (or a superclass) overrides the
     * {@link SpankPlugin} default method, as a C plugin exports a symbol by defining it.
     *
     * @param type the plugin's class
     * @return true when the class overrides the method (or, for the data symbol, {@code initFailureMode})
     */
    public boolean isImplementedBy(Class<? extends SpankPlugin> type) {
        try {
            Method m = kind() == Kind.DATA ? type.getMethod(javaName) : type.getMethod(javaName, Spank.class, List.class);
            return m.getDeclaringClass() != SpankPlugin.class;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    /**
     * Every symbol {@code type} exports.
     *
     * @param type the plugin's class
     * @return the symbols; empty means Slurm's {@code exports 0 symbols} load failure (SPANK-12)
     */
    public static Set<SpankCallback> implementedBy(Class<? extends SpankPlugin> type) {
        EnumSet<SpankCallback> found = EnumSet.noneOf(SpankCallback.class);
        for (SpankCallback c : values()) {
            if (c.isImplementedBy(type)) {
                found.add(c);
            }
        }
        return found;
    }

    /**
     * Calls this callback on {@code plugin}.
     *
     * @param plugin the plugin to call
     * @param spank  the handle for the call
     * @param args the words after the plugin path on its plugstack.conf line
     * @return the callback's rc (0 = success)
     * @throws UnsupportedOperationException for the data symbol, which is read, not called
     */
    public int invoke(SpankPlugin plugin, Spank spank, List<String> args) {
        if (invoker == null) {
            throw new UnsupportedOperationException(symbol + " is a variable, not a function; read "
                    + "SpankPlugin.initFailureMode()");
        }
        return invoker.call(plugin, spank, args);
    }

    /**
     * The callback whose C symbol is {@code symbol}.
     *
     * @param symbol a C symbol name, e.g. "slurm_spank_init"
     * @return the callback, or empty for a name that is not one of the 13
     */
    public static Optional<SpankCallback> ofSymbol(String symbol) {
        for (SpankCallback c : values()) {
            if (c.symbol.equals(symbol)) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }

    /**
     * {@code spank_symbol_supported}.
     *
     * @param name a symbol name, may be null
     * @return 1 for one of the 13 symbols, 0 for any other name, -1 for null
     */
    public static int symbolSupported(String name) {
        if (name == null) {
            return -1;
        }
        return ofSymbol(name).isPresent() ? 1 : 0;
    }
}
