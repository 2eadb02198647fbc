package io.plugstack.runtime.featureinstaller.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.wiring.FrameworkWiring;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.runtime.ServiceComponentRuntime;

import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.api.plugin.RuntimeHome;
import io.plugstack.runtime.featureinstaller.FeatureService;
import io.plugstack.runtime.featureinstaller.FeatureStatus;
import io.plugstack.runtime.featureinstaller.Uninstalled;
import io.plugstack.runtime.spi.features.FeatureDefinition;
import io.plugstack.runtime.spi.features.FeatureRepository;

/**
 * Installs and uninstalls features at run time and replays the installed ones at every start (the
 * framework cache and ConfigAdmin start empty each time). The boot features' bundles are the
 * launcher's; their configurations are pushed here, once ConfigAdmin is there.
 */
@Component(service = FeatureService.class, immediate = true)
public final class FeatureInstaller implements FeatureService {

    /** The runtime's own lines, as a Slurm daemon's foreground log. */
    private static final SlurmLog LOG = SlurmLog.lines("plugstack", io.plugstack.runtime.spi.log.RuntimeLog.stream(), 0);

    private final BundleContext context;
    private final FeatureRepository repository;
    private final Configurations configurations;
    private final StateFile state;
    private final ConfigFiles files;
    private final ConfigurationUndo undoConfiguration;
    private final ConfigurationsInForce inForce;
    private final List<InstalledFeature> installed = new ArrayList<>();

    @Activate
    public FeatureInstaller(BundleContext context, @Reference FeatureRepository repository, @Reference ConfigurationAdmin admin,
            @Reference ServiceComponentRuntime scr) throws IOException {
        this.context = context;
        this.inForce = new ConfigurationsInForce(scr);
        this.repository = repository;
        this.configurations = new Configurations(admin);
        this.files = new ConfigFiles(Optional.ofNullable(context.getProperty("felix.fileinstall.dir")).map(Path::of));
        this.undoConfiguration = new ConfigurationUndo(configurations, files);
        this.state = new StateFile(RuntimeHome.of(context::getProperty).data().resolve("features.state"));
        for (String boot : repository.boot()) {
            pushConfigurations(repository.read(boot));
        }
        for (InstalledFeature f : state.read()) {
            installed.add(f);
            replay(f.definition(), f);
        }
    }

    private void replay(FeatureDefinition feature, InstalledFeature remembered) {
        try {
            run(feature, remembered);
        } catch (RuntimeException e) {
            LOG.error("feature " + feature.name() + " not restored: " + e.getMessage());
        }
    }

    /**
     * A boot feature's configurations only: its bundles are the launcher's, which starts them across all
     * boot features in start-order once this component is up. Starting them here, feature by feature,
     * started the console (start-order 100) before the next features' plugins, so the first commands
     * typed found plugins UNRESOLVED.
     */
    private void pushConfigurations(FeatureDefinition feature) {
        try {
            new Installation(context, configurations).configurations(feature, null);
        } catch (RuntimeException e) {
            LOG.error("feature " + feature.name() + ": configurations not applied: " + e.getMessage());
        }
    }

    /** Installs bundles and configurations, all or nothing; returns the previous values of the PIDs it set. */
    private List<InstalledFeature.Previous> run(FeatureDefinition feature, InstalledFeature remembered) {
        Installation installation = new Installation(context, configurations);
        try {
            installation.bundles(feature);
            return installation.configurations(feature, remembered);
        } catch (RuntimeException e) {
            List<String> problems = installation.rollback();
            refresh(installation.installedBundles());
            throw new IllegalArgumentException(e.getMessage() + "; nothing installed"
                    + (problems.isEmpty() ? "" : " (rollback problems: " + String.join("; ", problems) + ")"), e);
        }
    }

    @Override
    public synchronized FeatureStatus install(String nameOrPath) {
        FeatureDefinition feature = repository.read(nameOrPath);
        if (repository.boot().contains(feature.name())) {
            throw new IllegalArgumentException("feature " + feature.name() + " is a boot feature (plugstack.features.boot): always installed");
        }
        if (find(feature.name()).isPresent()) {
            throw new IllegalArgumentException("feature " + feature.name() + " is already installed (feature:uninstall it first)");
        }
        InstalledFeature f = new InstalledFeature(feature, run(feature, null));
        installed.add(f);
        for (FeatureDefinition.Configuration c : feature.configurations()) {
            awaitInForce(feature.name(), c.pid(), f.previousOf(c.pid()).map(InstalledFeature.Previous::values).orElse(null));
        }
        try {
            state.write(installed);
        } catch (IOException e) {
            installed.remove(f);
            undo(f);
            throw new IllegalStateException("feature " + feature.name() + " not installed: cannot write " + state.path() + ": " + e, e);
        }
        return FeatureStatuses.of(context, feature, FeatureStatus.Kind.INSTALLED, this::disagreement);
    }

    @Override
    public synchronized Uninstalled uninstall(String name) {
        if (repository.boot().contains(name)) {
            throw new IllegalArgumentException("feature " + name + " is a boot feature (plugstack.features.boot): it cannot be uninstalled");
        }
        InstalledFeature f = find(name).orElseThrow(() -> new IllegalArgumentException("feature " + name + " is not installed (installed: "
                + String.join(", ", installed.stream().map(InstalledFeature::name).toList()) + ")"));
        installed.remove(f);
        Uninstalled result = undo(f);
        for (FeatureDefinition.Configuration c : f.definition().configurations()) {
            awaitInForce(name, c.pid(), c.values());
        }
        try {
            state.write(installed);
        } catch (IOException e) {
            throw new IllegalStateException("feature " + name + " uninstalled but " + state.path() + " not written: " + e, e);
        }
        return result;
    }

    /**
     * Returns once the components {@code pid} configures hold its values now (a command typed next is
     * served with them); one log line if they did not within the limit.
     */
    private void awaitInForce(String feature, String pid, Map<String, Object> before) {
        try {
            if (!inForce.await(pid, before, configurations.current(pid))) {
                LOG.error("feature " + feature + ": the components configured by " + pid + " did not take its values within "
                        + ConfigurationsInForce.LIMIT_MS + " ms (plugstack:plugins says why)");
            }
        } catch (IOException e) {
            LOG.error("feature " + feature + ": cannot read configuration " + pid + ": " + e.getMessage());
        }
    }

    /** Takes a feature out: configurations back as they were, then the bundles no remaining feature names. */
    private Uninstalled undo(InstalledFeature f) {
        List<String> deleted = new ArrayList<>();
        List<String> restored = new ArrayList<>();
        List<String> keptConfigurations = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        List<FeatureDefinition.Configuration> configs = f.definition().configurations();
        for (int i = configs.size() - 1; i >= 0; i--) {
            String pid = configs.get(i).pid();
            InstalledFeature.Previous previous = f.previousOf(pid).orElse(new InstalledFeature.Previous(pid, null));
            ConfigurationUndo.Outcome o;
            try {
                o = undoConfiguration.undo(pid, configs.get(i).values(), previous.values());
            } catch (IOException e) {
                throw new IllegalStateException("feature " + f.name() + ": configuration " + pid + " not restored: " + e.getMessage(), e);
            }
            (o.kind() == ConfigurationUndo.Kind.DELETED ? deleted : o.kind() == ConfigurationUndo.Kind.KEPT ? keptConfigurations : restored)
                    .add(pid);
            notes.addAll(o.notes());
        }
        Set<String> needed = neededByOthers();
        List<String> removed = new ArrayList<>();
        List<String> kept = new ArrayList<>();
        List<Bundle> uninstalled = new ArrayList<>();
        List<FeatureDefinition.Bundle> bundles = f.definition().startOrder();
        for (int i = bundles.size() - 1; i >= 0; i--) {
            FeatureDefinition.Bundle b = bundles.get(i);
            Bundle bundle = context.getBundle(b.location());
            if (needed.contains(b.location())) {
                kept.add(b.id());
            } else if (bundle != null) {
                try {
                    bundle.uninstall();
                } catch (BundleException e) {
                    throw new IllegalStateException("feature " + f.name() + ": bundle " + b.id() + " not uninstalled: " + e.getMessage(), e);
                }
                uninstalled.add(bundle);
                removed.add(b.id());
            }
        }
        refresh(uninstalled);
        return new Uninstalled(f.name(), removed, kept, deleted, restored, keptConfigurations, notes);
    }

    /** Locations of the bundles the boot features and the other installed features name. */
    private Set<String> neededByOthers() {
        Set<String> needed = new HashSet<>();
        for (String boot : repository.boot()) {
            repository.read(boot).bundles().forEach(b -> needed.add(b.location()));
        }
        installed.forEach(f -> f.definition().bundles().forEach(b -> needed.add(b.location())));
        return needed;
    }

    /** Lets the framework drop the wiring of removed bundles, and waits for it. */
    private void refresh(List<Bundle> bundles) {
        if (bundles.isEmpty()) {
            return;
        }
        CountDownLatch done = new CountDownLatch(1);
        context.getBundle(0).adapt(FrameworkWiring.class).refreshBundles(bundles, e -> done.countDown());
        try {
            done.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private Optional<InstalledFeature> find(String name) {
        return installed.stream().filter(f -> f.name().equals(name)).findFirst();
    }

    @Override
    public synchronized List<FeatureStatus> features() {
        List<FeatureStatus> all = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (String boot : repository.boot()) {
            all.add(FeatureStatuses.read(context, repository, boot, FeatureStatus.Kind.BOOT, this::disagreement));
            seen.add(boot);
        }
        for (InstalledFeature f : installed) {
            all.add(FeatureStatuses.of(context, f.definition(), FeatureStatus.Kind.INSTALLED, this::disagreement));
            seen.add(f.name());
        }
        for (String name : repository.available()) {
            if (seen.add(name)) {
                all.add(FeatureStatuses.read(context, repository, name, FeatureStatus.Kind.AVAILABLE, pid -> Optional.empty()));
            }
        }
        return all;
    }

    /** How {@code pid}'s configuration disagrees with its deploy/*.cfg file, for the PIDs installed features set. */
    private Optional<String> disagreement(String pid) {
        try {
            return files.disagreement(pid, configurations.current(pid));
        } catch (IOException e) {
            return Optional.of("cannot compare with its deploy/*.cfg file: " + e.getMessage());
        }
    }
}
