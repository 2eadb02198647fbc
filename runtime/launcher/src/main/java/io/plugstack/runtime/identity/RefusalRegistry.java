package io.plugstack.runtime.identity;

import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.WeakHashMap;
import java.util.function.Consumer;

import org.osgi.framework.Bundle;
import org.osgi.framework.wiring.BundleRevision;

import io.plugstack.runtime.spi.refusals.PluginRefusals;
import io.plugstack.runtime.spi.refusals.Refusal;

/**
 * Judges each bundle revision once and remembers the refusals of current revisions by bundle id.
 * Shared by the resolver hook (which enforces) and the shell (which explains).
 */
public final class RefusalRegistry implements PluginRefusals {

    private static final String SERVICE_NAMESPACE = "osgi.service";

    private final PluginIdentityRule rule;
    private final Consumer<String> log;
    private final Map<BundleRevision, Verdict> verdicts = new WeakHashMap<>();
    private final Map<Long, Refusal> refusals = new TreeMap<>();

    public RefusalRegistry(PluginIdentityRule rule, Consumer<String> log) {
        this.rule = rule;
        this.log = log;
    }

    /** The verdict on this revision, judged on first sight. */
    public synchronized Verdict verdict(BundleRevision revision) {
        Verdict v = verdicts.get(revision);
        if (v == null) {
            v = judge(revision);
            verdicts.put(revision, v);
            record(revision.getBundle(), v);
        }
        return v;
    }

    private Verdict judge(BundleRevision revision) {
        Bundle bundle = revision.getBundle();
        if (bundle.getBundleId() == 0) {
            return Verdict.NOT_A_PLUGIN;
        }
        var headers = bundle.getHeaders("");
        var services = revision.getDeclaredCapabilities(SERVICE_NAMESPACE).stream()
                .flatMap(c -> objectClasses(c.getAttributes().get("objectClass")))
                .toList();
        return rule.judge(name -> headers.get(name), services);
    }

    private static java.util.stream.Stream<String> objectClasses(Object attr) {
        if (attr instanceof java.util.Collection<?> c) {
            return c.stream().map(String::valueOf);
        }
        return attr == null ? java.util.stream.Stream.empty() : java.util.stream.Stream.of(String.valueOf(attr));
    }

    private void record(Bundle bundle, Verdict v) {
        if (v instanceof Verdict.Refused r) {
            Refusal refusal = new Refusal(bundle.getBundleId(), bundle.getSymbolicName(), r.header(), r.reason());
            if (!refusal.equals(refusals.put(bundle.getBundleId(), refusal))) {
                log.accept("refused plugin " + refusal.line());
            }
        } else {
            refusals.remove(bundle.getBundleId());
        }
    }

    /** Forget an uninstalled bundle. */
    public synchronized void forget(long bundleId) {
        refusals.remove(bundleId);
    }

    @Override
    public synchronized Optional<Refusal> refusal(long bundleId) {
        return Optional.ofNullable(refusals.get(bundleId));
    }

    @Override
    public synchronized Map<Long, Refusal> all() {
        return Map.copyOf(refusals);
    }

    @Override
    public String slurmRelease() {
        return rule.host().toString();
    }

}
