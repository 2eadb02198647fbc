package io.plugstack.runtime.jobsubmit.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

import io.plugstack.api.jobsubmit.JobDescField;
import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.jobsubmit.JobRecord;
import io.plugstack.api.jobsubmit.JobSubmitPlugin;
import io.plugstack.api.jobsubmit.UserMessage;
import io.plugstack.api.plugin.PluginFamily;
import io.plugstack.api.slurm.NoVal;
import io.plugstack.api.slurm.SlurmErrno;
import io.plugstack.runtime.host.catalog.PluginCallGuard;
import io.plugstack.runtime.host.catalog.PluginCatalog;
import io.plugstack.runtime.host.catalog.PluginPin;
import io.plugstack.runtime.jobsubmit.JobSubmitChain;
import io.plugstack.runtime.jobsubmit.JobSubmitChain.Result;
import io.plugstack.api.slurm.SlurmLog;

/**
 * The chain's machinery ({@link JobSubmitChain} says the rules): resolves the list's plugins once
 * per list and catalog generation (the hot path), then calls them in order.
 */
public final class Chain {

    private final PluginCatalog catalog;
    private final SlurmLog log;
    /** The chain as last resolved, kept while the list and the catalog stay the same (the hot path). */
    private volatile Resolved resolved;

    private record Resolved(String list, long generation, List<PluginCatalog.ReadyPlugin> plugins) {
    }

    public Chain(PluginCatalog catalog, SlurmLog log) {
        this.catalog = catalog;
        this.log = log;
    }

    /** This chain with its list read from {@code list} at each call (JobSubmitPlugins=). */
    public JobSubmitChain configured(Supplier<String> list) {
        return new JobSubmitChain() {
            @Override
            public Result submit(JobDescriptor desc, long submitUid) {
                return Chain.this.submit(list.get(), desc, submitUid);
            }

            @Override
            public Result modify(JobDescriptor desc, JobRecord current, long uid) {
                return Chain.this.modify(list.get(), desc, current, uid);
            }

            @Override
            public List<PluginPin> configured() {
                return PluginPin.configured(PluginFamily.JOB_SUBMIT, list.get());
            }
        };
    }

    private interface Call {
        int on(JobSubmitPlugin plugin, UserMessage message);
    }

    Result submit(String list, JobDescriptor desc, long submitUid) {
        desc.setSiteFactor(NoVal.NO_VAL); // only a plugin may set it (JS-2)
        markDefaults(desc);
        return run(list, "job_submit", (p, m) -> p.jobSubmit(desc, submitUid, m));
    }

    /** bitflags USE_DEFAULT_ACCT/PART/QOS/WCKEY (slurm.h SLURM_BIT(25..28)). */
    static final long USE_DEFAULT_ACCT = 1L << 25;
    static final long USE_DEFAULT_PART = 1L << 26;
    static final long USE_DEFAULT_QOS = 1L << 27;
    static final long USE_DEFAULT_WCKEY = 1L << 28;

    /**
     * slurmctld marks what the request left to its defaults before the plugins see it, so that it can
     * tell a plugin's choice from a default (a real 22.05.8's job_submit.lua reads bitflags 0x1E000000
     * for "sbatch script.sh", 0x10000000 with -A -p -q).
     */
    private static void markDefaults(JobDescriptor desc) {
        long flags = desc.getNumber(JobDescField.BITFLAGS);
        flags |= desc.account() == null ? USE_DEFAULT_ACCT : 0;
        flags |= desc.partition() == null ? USE_DEFAULT_PART : 0;
        flags |= desc.qos() == null ? USE_DEFAULT_QOS : 0;
        flags |= desc.getString(JobDescField.WCKEY) == null ? USE_DEFAULT_WCKEY : 0;
        desc.setNumber(JobDescField.BITFLAGS, flags);
    }

    Result modify(String list, JobDescriptor desc, JobRecord current, long uid) {
        // scontrol update sends no user_id (only -u does); job_modify sees the job's owner there (real
        // 22.05.8: root updating uid 1001's job shows user_id 1001, user_name that user's)
        if (desc.userId() == NoVal.NO_VAL && current != null) {
            desc.setNumber(JobDescField.USER_ID, current.userId());
        }
        return run(list, "job_modify", (p, m) -> p.jobModify(desc, current, uid, m));
    }

    private Result run(String list, String hook, Call call) {
        UserMessage message = new UserMessage();
        long generation = catalog.generation();
        Resolved cached = resolved;
        List<PluginCatalog.ReadyPlugin> plugins;
        if (cached != null && generation >= 0 && cached.generation() == generation && cached.list().equals(list)) {
            plugins = cached.plugins();
        } else {
            plugins = new ArrayList<>();
            List<PluginPin> entries;
            try {
                entries = PluginPin.configured(PluginFamily.JOB_SUBMIT, list);
            } catch (IllegalArgumentException e) {
                log.error("JobSubmitPlugins=" + list + ": " + e.getMessage());
                return new Result(SlurmErrno.ESLURM_PLUGIN_NOT_LOADED.code(), Optional.of("JobSubmitPlugins: " + e.getMessage()), "");
            }
            for (PluginPin entry : entries) {
                // the version chosen may go (undeploy, upgrade) before its service is taken: then choose again
                PluginCatalog.Selection r = catalog.selectAndTake(PluginFamily.JOB_SUBMIT, entry, Map.of(), s -> s, s -> s.plugin().isPresent());
                if (r.plugin().isEmpty()) {
                    // slurmctld would not have started (JS-1); the bench refuses the job and says why
                    log.error("cannot create job_submit context for " + entry + ": " + r.why() + " (see plugstack:versions)");
                    return new Result(SlurmErrno.ESLURM_PLUGIN_NOT_LOADED.code(), Optional.of(entry.reference() + " is not loaded"), entry.reference());
                }
                plugins.add(r.plugin().get());
            }
            resolved = new Resolved(list, generation, List.copyOf(plugins));
        }
        for (PluginCatalog.ReadyPlugin r : plugins) {
            String type = r.record().type();
            PluginCallGuard.Outcome<Integer> o = catalog.calls().call(PluginFamily.JOB_SUBMIT,
                    PluginCallGuard.plugin(r.record().symbolicName(), r.record().bundleVersion()), hook, () -> call.on((JobSubmitPlugin) r.plugin(), message));
            if (!o.ok()) {
                // a bug (threw) or a hang (overran the limit): this request is rejected, naming the plugin; others go on
                log.error(type + ": " + hook + "() " + o.failure());
                String why = o.thrown() != null ? "internal error: " + o.thrown() : o.failure();
                return new Result(SlurmErrno.SLURM_ERROR.code(), Optional.of(type + ": " + why), type);
            }
            int rc = o.value();
            if (rc != 0) {
                if (SlurmErrno.of(rc).isEmpty()) {
                    log.error(type + ": " + hook + "() returned unknown error code " + rc);
                }
                return new Result(rc, message.printed(), type);
            }
        }
        return new Result(0, message.printed(), "");
    }
}
