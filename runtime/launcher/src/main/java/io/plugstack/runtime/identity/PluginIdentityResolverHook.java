package io.plugstack.runtime.identity;

import java.util.Collection;

import org.osgi.framework.hooks.resolver.ResolverHook;
import org.osgi.framework.hooks.resolver.ResolverHookFactory;
import org.osgi.framework.wiring.BundleCapability;
import org.osgi.framework.wiring.BundleRequirement;
import org.osgi.framework.wiring.BundleRevision;

/**
 * Makes the OSGi resolver itself refuse a plugin whose identity fails {@link PluginIdentityRule}:
 * the bundle stays INSTALLED and none of its code runs.
 *
 * <p>It refuses by emptying the candidates of the refused revision's requirements in
 * {@code filterMatches}, never through {@code filterResolvable}: in Felix 7.0.5 removing a revision
 * there makes the resolver drop the capabilities of already-resolved bundles too, so every later
 * plugin would fail to resolve while the refused one stays installed (osgi-stack.md §5.1).
 */
public final class PluginIdentityResolverHook implements ResolverHookFactory {

    private final RefusalRegistry registry;

    public PluginIdentityResolverHook(RefusalRegistry registry) {
        this.registry = registry;
    }

    @Override
    public ResolverHook begin(Collection<BundleRevision> triggers) {
        return new ResolverHook() {
            @Override
            public void filterResolvable(Collection<BundleRevision> candidates) {
                // judge (and log) early, but never remove a candidate here: see the class comment
                candidates.forEach(registry::verdict);
            }

            @Override
            public void filterSingletonCollisions(BundleCapability singleton, Collection<BundleCapability> collisions) {
            }

            @Override
            public void filterMatches(BundleRequirement requirement, Collection<BundleCapability> candidates) {
                if (registry.verdict(requirement.getRevision()) instanceof Verdict.Refused) {
                    candidates.clear();
                }
            }

            @Override
            public void end() {
            }
        };
    }
}
