package io.plugstack.gogo.commands;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import org.apache.felix.service.command.Descriptor;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.gogo.internal.Commands;
import io.plugstack.gogo.internal.DeployFolder;
import io.plugstack.gogo.internal.Deployments;
import io.plugstack.runtime.host.catalog.DeployRejections;
import io.plugstack.runtime.host.catalog.PluginCatalog;
import io.plugstack.runtime.host.catalog.PluginRecord;

/** {@code plugstack:deploy <path|mvn coordinates>}: puts a jar into the deploy folder and reports what became of it. */
@Component(service = DeployCommand.class, property = {Commands.SCOPE, Commands.FUNCTION + "deploy"})
public final class DeployCommand {

    private final BundleContext context;
    private final PluginCatalog catalog;
    private final DeployRejections rejections;
    private final DeployFolder folder;

    @Activate
    public DeployCommand(BundleContext context, @Reference PluginCatalog catalog, @Reference DeployRejections rejections) {
        this.context = context;
        this.catalog = catalog;
        this.rejections = rejections;
        this.folder = Deployments.folder(context);
    }

    @Descriptor("deploy a plugin jar through the deploy folder")
    public String deploy(@Descriptor("a jar path, or mvn:group/artifact/version, or group:artifact:version") String source)
            throws IOException, InterruptedException {
        long before = System.currentTimeMillis();
        Path jar = folder.deploy(source);
        Optional<Bundle> bundle = Deployments.awaitInstalled(context, folder, jar, before - 1000,
                () -> rejections.of(jar).isPresent());
        Optional<DeployRejections.Rejection> rejected = rejections.of(jar);
        if (rejected.isPresent()) {
            throw new IllegalArgumentException("deploy: " + jar.getFileName() + ": " + rejected.get().reason()
                    + " (left in " + folder.dir() + " until removed)");
        }
        if (bundle.isEmpty()) {
            return "copied to " + jar + "; not installed yet (is FileInstall running?)";
        }
        Optional<PluginRecord> record = Deployments.awaitSettled(catalog, bundle.get().getBundleId());
        String what = bundle.get().getSymbolicName() + " " + bundle.get().getVersion() + " as bundle " + bundle.get().getBundleId();
        return record.map(r -> "deployed " + what + ": " + r.status() + (r.detail().isEmpty() ? "" : ": " + r.detail()))
                .orElse("deployed " + what + " (not a plugin bundle)")
                + (Files.exists(jar) ? "" : " (jar already removed)");
    }
}
