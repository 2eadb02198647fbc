package io.plugstack.runtime.clifilter.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.plugstack.api.clifilter.CliFilterPlugin;
import io.plugstack.api.clifilter.CliOptions;
import io.plugstack.api.plugin.PluginFamily;
import io.plugstack.runtime.host.catalog.PluginCallGuard;
import io.plugstack.runtime.host.catalog.PluginCatalog;
import io.plugstack.runtime.clifilter.CliFilterCaller;
import io.plugstack.runtime.clifilter.CliFilterChain;
import io.plugstack.runtime.host.catalog.PluginPin;
import io.plugstack.runtime.host.catalog.PluginRecord;
import io.plugstack.api.slurm.SlurmLog;

/** The chain's machinery ({@link CliFilterChain} says the rules): the command's plugin instances, in list order. */
public final class Chain implements CliFilterChain {

    /** One plugin of the chain: its instance, the list entry naming it, how the call guard knows it. */
    private record Member(PluginCatalog.Instance instance, String type, String plugin) {
    }

    /** A version chosen for an entry and its instance, empty when it could not be had. */
    private record Taken(PluginCatalog.Selection selection, Optional<PluginCatalog.Instance> instance) {
    }

    private final List<Member> members;
    private final PluginCallGuard calls;
    private final SlurmLog log;

    private Chain(List<Member> members, PluginCallGuard calls, SlurmLog log) {
        this.members = members;
        this.calls = calls;
        this.log = log;
    }

    /**
     * Loads the configured plugins; empty (after logging Slurm's messages) when one cannot be,
     * which is fatal for the command (CLI-1).
     */
    public static Optional<CliFilterChain> open(PluginCatalog catalog, String list, SlurmLog log) {
        List<Member> members = new ArrayList<>();
        List<PluginPin> entries;
        try {
            entries = PluginPin.configured(PluginFamily.CLI_FILTER, list);
        } catch (IllegalArgumentException e) {
            log.error("CliFilterPlugins=" + list + ": " + e.getMessage());
            log.error("failed to initialize cli_filter plugin");
            return Optional.empty();
        }
        for (PluginPin entry : entries) {
            // the version chosen may go (undeploy, upgrade) before its instance is taken: then choose again
            Taken t = catalog.selectAndTake(PluginFamily.CLI_FILTER, entry, Map.of(),
                    s -> new Taken(s, s.plugin().flatMap(catalog::instance)), x -> x.instance().isPresent());
            if (t.instance().isEmpty()) {
                String why = t.selection().why();
                log.error("cannot create cli_filter context for " + entry + (why.isEmpty() ? "" : ": " + why));
                log.error("failed to initialize cli_filter plugin");
                members.forEach(m -> m.instance().close());
                return Optional.empty();
            }
            PluginRecord record = t.selection().plugin().get().record();
            members.add(new Member(t.instance().get(), entry.reference(), PluginCallGuard.plugin(record.symbolicName(), record.bundleVersion())));
        }
        return Optional.of(new Chain(members, catalog.calls(), log));
    }

    private interface Hook {
        int call(CliFilterPlugin plugin);
    }

    /** {@code m}'s {@code name} hook, within cli_filter's time limit; a failure (threw, overran) is logged and is rc -1. */
    private int call(Member m, String name, Hook hook) {
        CliFilterPlugin plugin = (CliFilterPlugin) m.instance().plugin();
        PluginCallGuard.Outcome<Integer> o = calls.call(PluginFamily.CLI_FILTER, m.plugin(), name, () -> hook.call(plugin));
        if (!o.ok()) {
            log.error(m.type() + ": " + name + "() " + o.failure());
            return -1;
        }
        return o.value();
    }

    private int inOrder(String name, java.util.function.Consumer<Member> before, Hook hook) {
        for (Member m : members) {
            before.accept(m);
            int rc = call(m, name, hook);
            if (rc != 0) {
                return rc;
            }
        }
        return 0;
    }

    @Override
    public int setupDefaults(CliOptions options, boolean early) {
        return inOrder("setup_defaults", m -> announce(options, m), p -> p.setupDefaults(options, early));
    }

    @Override
    public int preSubmit(CliOptions options, int offset) {
        return inOrder("pre_submit", m -> announce(options, m), p -> p.preSubmit(options, offset));
    }

    /** Tells an option set that names its writers which plugin writes next. */
    private static void announce(CliOptions options, Member m) {
        if (options instanceof CliFilterCaller c) {
            c.callingPlugin(m.type());
        }
    }

    @Override
    public void postSubmit(int offset, long jobId, long stepId) {
        for (Member m : members) {
            call(m, "post_submit", p -> {
                p.postSubmit(offset, jobId, stepId);
                return 0;
            });
        }
    }

    @Override
    public void close() {
        members.forEach(m -> m.instance().close());
    }
}
