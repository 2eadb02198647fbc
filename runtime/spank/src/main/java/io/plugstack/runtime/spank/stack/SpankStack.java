package io.plugstack.runtime.spank.stack;

import io.plugstack.runtime.spank.CallResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.plugstack.api.plugin.ReleaseBehaviour;
import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.api.slurm.SlurmErrno;
import io.plugstack.api.spank.SpankCallback;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.spank.SpankError;
import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.api.plugin.PluginFamily;
import io.plugstack.runtime.host.catalog.PluginCallGuard;
import io.plugstack.runtime.host.catalog.PluginPin;
import io.plugstack.runtime.spank.JobPluginVersions;
import io.plugstack.runtime.spank.conf.StackEntry;

/**
 * A SPANK stack for one context: the one place that owns its plugins' life cycle and calls them,
 * as spank.c does — plugins in file order for every callback (exit included, SPANK-19), a required
 * plugin's non-zero result stops the callback (SPANK-20), an optional one's is ignored.
 */
public final class SpankStack implements AutoCloseable {

    private final SpankContext context;
    private final List<StackPlugin> plugins;
    private final List<AutoCloseable> releases;
    private final PluginCallGuard calls;
    private final SlurmLog log;

    private SpankStack(SpankContext context, List<StackPlugin> plugins, List<AutoCloseable> releases, PluginCallGuard calls, SlurmLog log) {
        this.calls = calls;
        this.context = context;
        this.plugins = List.copyOf(plugins);
        this.releases = releases;
        this.log = log;
    }

    /**
     * A stack, or why it could not be created (the command then fails: SPANK-2, SPANK-11); with the
     * version of every plugin it loaded, by symbolic name.
     */
    public record Build(SpankStack stack, String failure, Map<String, String> versions) {
        public boolean ok() {
            return stack != null;
        }
    }

    /**
     * Loads the plugins of {@code entries} for {@code context}: a required plugin that cannot be
     * loaded fails the stack, an optional one is skipped; plugins with no callback for this context
     * are dropped (SPANK-16).
     */
    public static Build build(SpankContext context, List<StackEntry> entries, PluginResolver resolver,
            JobPluginVersions job, OptionHooks options, SlurmLog log) {
        List<StackPlugin> kept = new ArrayList<>();
        Map<String, String> versions = new LinkedHashMap<>();
        List<AutoCloseable> releases = new ArrayList<>();
        for (StackEntry e : entries) {
            PluginResolver.Resolution r = resolver.resolve(e.plugin(), context, job);
            String failure = r.error();
            Set<SpankCallback> implemented = Set.of();
            if (failure == null) {
                releases.add(r.loaded().release());
                implemented = SpankCallback.implementedBy(r.loaded().plugin().getClass());
                if (implemented.isEmpty()) {
                    log.error("spank: \"" + e.plugin() + "\" exports 0 symbols");
                    failure = SlurmErrno.strerror(SlurmErrno.ESLURM_PLUGIN_INCOMPLETE.code());
                }
            } else {
                log.error("spank: " + e.plugin() + ": " + failure);
            }
            if (failure != null) {
                String where = "spank: " + e.file() + ":" + e.line() + ": ";
                if (e.required()) {
                    log.error(where + "Failed to load plugin " + e.plugin() + ". Aborting.");
                    closeAll(releases, log);
                    return new Build(null, "Failed to load plugin " + e.plugin() + " (" + e.file() + ":" + e.line() + "): " + failure, Map.of());
                }
                // Slurm writes no space after the line number here (and logs it at error level until 26.05)
                log.error("spank: " + e.file() + ":" + e.line() + ":Failed to load optional plugin " + e.plugin() + ". Ignored.");
                continue;
            }
            PluginResolver.Loaded l = r.loaded();
            versions.put(l.label(), l.version());
            String named = PluginPin.parse(e.plugin()).reference(); // it resolved: its pin, if any, parsed
            if (!keptInContext(context, implemented)) {
                log.debug2("spank: " + named + ": no callbacks in this context");
                continue;
            }
            StackPlugin p = new StackPlugin(e.required(), l.name(), l.label(), named, l.version(), l.plugin(), e.args(), implemented);
            options.addPlugin(p, context == SpankContext.ALLOCATOR ? List.of() : l.plugin().options());
            kept.add(p);
        }
        return new Build(new SpankStack(context, kept, releases, resolver.calls(), log), null, versions);
    }

    /** SPANK-16: slurmd keeps init/slurmd_exit plugins, job_script keeps prolog/epilog plugins. */
    static boolean keptInContext(SpankContext context, Set<SpankCallback> implemented) {
        return switch (context) {
            case SLURMD -> implemented.contains(SpankCallback.INIT) || implemented.contains(SpankCallback.SLURMD_EXIT);
            case JOB_SCRIPT -> implemented.contains(SpankCallback.JOB_PROLOG) || implemented.contains(SpankCallback.JOB_EPILOG);
            default -> true;
        };
    }

    public SpankContext context() {
        return context;
    }

    public List<StackPlugin> plugins() {
        return plugins;
    }

    /** Whether any plugin of the stack defines {@code callback} (slurmd asks this of job_prolog/epilog). */
    public boolean defines(SpankCallback callback) {
        return plugins.stream().anyMatch(p -> p.defines(callback));
    }

    /** Calls {@code callback} on every plugin that defines it, in stack order. */
    public CallResult call(SpankCallback callback, SpankHandle handle) {
        for (StackPlugin p : plugins) {
            if (!p.defines(callback)) {
                continue;
            }
            handle.enter(p, callback);
            int rc;
            try {
                // within SPANK's time limit; a throw or an overrun is that plugin failing this callback (spank.8's table)
                PluginCallGuard.Outcome<Integer> o = calls.call(PluginFamily.SPANK, PluginCallGuard.plugin(p.label(), p.version()), callback.shortName(),
                        () -> callback.invoke(p.plugin(), handle, p.args()));
                if (!o.ok()) {
                    log.error("spank: " + p.named() + ": " + callback.shortName() + "() " + o.failure());
                }
                rc = o.ok() ? o.value() : SlurmErrno.SLURM_ERROR.code();
            } finally {
                handle.leave();
            }
            log.debug2("spank: " + p.named() + ": " + callback.shortName() + " = " + rc);
            if (rc != 0 && p.required()) {
                log.error("spank: required plugin " + p.named() + ": " + callback.shortName() + "() failed with rc=" + rc);
                SlurmVersion release = handle.release();
                // the failure mode symbol exists from 25.05 on: before, the init's own rc is the stack's
                Optional<SpankError> mode = callback == SpankCallback.INIT && ReleaseBehaviour.SPANK_INIT_FAILURE_MODE.at(release)
                        ? p.plugin().initFailureMode() : Optional.empty();
                int result = mode.map(SpankError::code).orElse(rc);
                return new CallResult(result, Optional.of(p.named()), mode, failsCaller(context, result, release));
            }
        }
        return CallResult.OK;
    }

    /**
     * Whether the caller of a stack that returned {@code rc} (non-zero) fails: before 25.05 sbatch,
     * salloc (allocator) and slurmstepd (remote) tested {@code < 0}, so a positive rc let them go on.
     */
    static boolean failsCaller(SpankContext context, int rc, SlurmVersion release) {
        boolean testsBelowZero = (context == SpankContext.ALLOCATOR || context == SpankContext.REMOTE)
                && !ReleaseBehaviour.SPANK_CALLERS_FAIL_ON_ANY_NONZERO.at(release);
        return testsBelowZero ? rc < 0 : rc != 0;
    }

    /** Drops the stack: job_script plugins' class spaces go with it. */
    @Override
    public void close() {
        closeAll(releases, log);
    }

    private static void closeAll(List<AutoCloseable> releases, SlurmLog log) {
        for (AutoCloseable c : releases) {
            try {
                c.close();
            } catch (Exception e) {
                log.error("spank: releasing a plugin failed: " + e);
            }
        }
        releases.clear();
    }
}
