package io.plugstack.benchmarks;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.List;
import java.util.Optional;

import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.jobsubmit.JobSubmitPlugin;
import io.plugstack.api.plugin.PluginFamily;
import io.plugstack.runtime.host.catalog.PluginCatalog;
import io.plugstack.runtime.host.catalog.PluginRecord;
import io.plugstack.runtime.host.catalog.PluginStatus;
import io.plugstack.api.slurm.SlurmLog;

/**
 * The runtime's own {@code io.plugstack.runtime.bench.internal.JobSubmitChain}, unchanged, from the
 * runtime.bench jar on the class path. It is package-private inside its bundle and has no public entry
 * point; on a plain class path its package is in the same unnamed module as this class, so a private
 * method-handle lookup reaches its constructor, {@code submit} and {@code Result.rc} without editing it.
 * Its catalog here is {@link FixedCatalog}: the ready plugins as a fixed list. The runtime's catalog
 * (PluginCatalogComponent) builds that list on each call from its ServiceTracker and the bundles'
 * headers, and the chain asks it once per plugin per submission: that part is not measured.
 */
final class RealJobSubmitChain {

    static final String CLASS = "io.plugstack.runtime.bench.internal.JobSubmitChain";

    private static final MethodHandle NEW;
    private static final MethodHandle SUBMIT;
    private static final MethodHandle RC;
    private static final Throwable UNAVAILABLE;

    static {
        MethodHandle newChain = null;
        MethodHandle submit = null;
        MethodHandle rc = null;
        Throwable unavailable = null;
        try {
            Class<?> chain = Class.forName(CLASS);
            Class<?> result = Class.forName(CLASS + "$Result");
            MethodHandles.Lookup l = MethodHandles.privateLookupIn(chain, MethodHandles.lookup());
            newChain = l.findConstructor(chain, MethodType.methodType(void.class, PluginCatalog.class, SlurmLog.class))
                    .asType(MethodType.methodType(Object.class, PluginCatalog.class, SlurmLog.class));
            submit = l.findVirtual(chain, "submit", MethodType.methodType(result, String.class, JobDescriptor.class, long.class))
                    .asType(MethodType.methodType(Object.class, Object.class, String.class, JobDescriptor.class, long.class));
            rc = MethodHandles.privateLookupIn(result, MethodHandles.lookup())
                    .findVirtual(result, "rc", MethodType.methodType(int.class))
                    .asType(MethodType.methodType(int.class, Object.class));
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            unavailable = e;
        }
        NEW = newChain;
        SUBMIT = submit;
        RC = rc;
        UNAVAILABLE = unavailable;
    }

    private final Object chain;

    private RealJobSubmitChain(Object chain) {
        this.chain = chain;
    }

    /** Why the real class cannot be called (e.g. it was renamed or its signatures changed), if so. */
    static Optional<String> unavailable() {
        return Optional.ofNullable(UNAVAILABLE).map(Throwable::toString);
    }

    static RealJobSubmitChain over(List<JobSubmitPlugin> plugins, List<String> types, SlurmLog log) {
        if (UNAVAILABLE != null) {
            throw new IllegalStateException("cannot call " + CLASS, UNAVAILABLE);
        }
        try {
            return new RealJobSubmitChain((Object) NEW.invokeExact((PluginCatalog) new FixedCatalog(plugins, types), log));
        } catch (Throwable e) {
            throw new IllegalStateException("cannot build " + CLASS, e);
        }
    }

    /** JobSubmitChain.submit(list, desc, submitUid).rc(). */
    int submit(String list, JobDescriptor desc, long submitUid) {
        try {
            return (int) RC.invokeExact((Object) SUBMIT.invokeExact(chain, list, desc, submitUid));
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /** The ready job_submit plugins, one bundle each, as a fixed list. */
    private static final class FixedCatalog implements PluginCatalog {
        private final List<ReadyPlugin> ready;
        private final List<PluginRecord> records;

        FixedCatalog(List<JobSubmitPlugin> plugins, List<String> types) {
            List<ReadyPlugin> r = new java.util.ArrayList<>();
            for (int i = 0; i < plugins.size(); i++) {
                String type = "job_submit/" + types.get(i);
                PluginRecord rec = new PluginRecord(10 + i, "io.plugstack.job_submit." + types.get(i), "0.1.0", "ACTIVE",
                        "plugins/io.plugstack.job_submit." + types.get(i) + "-0.1.0.jar", type, types.get(i), "25.11",
                        PluginStatus.READY, "", List.of("JobSubmitPlugin"));
                r.add(new ReadyPlugin(rec, plugins.get(i)));
            }
            this.ready = List.copyOf(r);
            this.records = r.stream().map(ReadyPlugin::record).toList();
        }

        @Override
        public List<PluginRecord> plugins() {
            return records;
        }

        @Override
        public Optional<PluginRecord> plugin(long bundleId) {
            return records.stream().filter(r -> r.bundleId() == bundleId).findFirst();
        }

        @Override
        public List<PluginRecord> byType(String type) {
            return records.stream().filter(r -> type.equals(r.type())).toList();
        }

        @Override
        public List<ReadyPlugin> ready(PluginFamily family) {
            return family == PluginFamily.JOB_SUBMIT ? ready : List.of();
        }

        @Override
        public Optional<Instance> instance(ReadyPlugin plugin) {
            return Optional.empty();
        }

        @Override
        public long generation() {
            return 0; // the plugin set never changes here, as between deploys in the runtime
        }

        @Override
        public String slurmRelease() {
            return "25.11";
        }
    }
}
