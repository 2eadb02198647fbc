package io.plugstack.runtime.identity;

import java.util.Collection;
import java.util.Optional;
import java.util.function.Function;

import io.plugstack.api.plugin.PluginFamily;
import io.plugstack.api.plugin.PluginHeaders;
import io.plugstack.api.plugin.PluginIdentity;
import io.plugstack.api.plugin.SlurmVersion;

/**
 * Slurm's plugin loader checks (plugin.c: _verify_syms and the version mask, spec PLUG-2/PLUG-3),
 * applied to a bundle's manifest instead of a shared object's symbols.
 *
 * <p>A bundle is a plugin when it carries any Slurm-Plugin-* header or provides a plugin family's
 * service; a bundle that is neither (the framework's own bundles) is not judged at all. A plugin that
 * declares the release series it was written for (Slurm-Plugin-Releases, every shipped one) passes at
 * any release of them: the runtime's release ({@code plugstack.slurm.release}) is then the one setting.
 */
public final class PluginIdentityRule {

    private final SlurmVersion host;

    public PluginIdentityRule(SlurmVersion host) {
        this.host = host;
    }

    public SlurmVersion host() {
        return host;
    }

    /**
     * @param header          the bundle's raw manifest headers
     * @param providedServices the objectClass names of the bundle's osgi.service capabilities
     */
    public Verdict judge(Function<String, String> header, Collection<String> providedServices) {
        boolean hasHeader = header.apply(PluginHeaders.TYPE) != null || header.apply(PluginHeaders.NAME) != null
                || header.apply(PluginHeaders.VERSION) != null;
        Optional<PluginFamily> servedFamily = providedServices.stream()
                .map(PluginFamily::ofServiceInterface).flatMap(Optional::stream).findFirst();
        if (!hasHeader && servedFamily.isEmpty()) {
            return Verdict.NOT_A_PLUGIN;
        }
        PluginIdentity identity;
        try {
            identity = PluginIdentity.fromHeaders(header);
        } catch (IllegalArgumentException e) {
            return new Verdict.Refused(headerNamedIn(e.getMessage()), e.getMessage());
        }
        if (servedFamily.isPresent() && servedFamily.get() != identity.type().family()) {
            return new Verdict.Refused(PluginHeaders.TYPE, PluginHeaders.TYPE + " " + identity.type()
                    + " does not match the service the bundle provides (" + servedFamily.get().serviceInterface()
                    + "): expected " + servedFamily.get().major() + (servedFamily.get().minorRequired() ? "/<minor>" : ""));
        }
        return identity.incompatibilityWith(host)
                .<Verdict>map(reason -> new Verdict.Refused(PluginHeaders.VERSION, reason))
                .orElseGet(() -> new Verdict.Accepted(identity));
    }

    private static String headerNamedIn(String message) {
        for (String h : new String[] {PluginHeaders.TYPE, PluginHeaders.NAME, PluginHeaders.VERSION, PluginHeaders.RELEASES}) {
            if (message.startsWith(h)) {
                return h;
            }
        }
        return PluginHeaders.TYPE;
    }
}
