package io.plugstack.gogo.commands;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.apache.felix.service.command.Descriptor;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

import io.plugstack.gogo.internal.Commands;
import io.plugstack.gogo.internal.DeployFolder;
import io.plugstack.gogo.internal.Deployments;

/** {@code plugstack:undeploy <id>}: takes a deployed bundle's jar out of the deploy folder. */
@Component(service = UndeployCommand.class, property = {Commands.SCOPE, Commands.FUNCTION + "undeploy"})
public final class UndeployCommand {

    private final BundleContext context;
    private final DeployFolder folder;

    @Activate
    public UndeployCommand(BundleContext context) {
        this.context = context;
        this.folder = Deployments.folder(context);
    }

    @Descriptor("undeploy a bundle that was deployed through the deploy folder")
    public String undeploy(@Descriptor("bundle id") long id) throws IOException, InterruptedException {
        Bundle bundle = context.getBundle(id);
        if (bundle == null) {
            throw new IllegalArgumentException("undeploy: no bundle " + id);
        }
        Path jar = folder.jarOf(bundle).orElseThrow(() -> new IllegalArgumentException("undeploy: bundle " + id + " ("
                + bundle.getSymbolicName() + ") was not deployed from " + folder.dir() + "; it is part of the runtime"));
        Files.deleteIfExists(jar);
        boolean gone = Deployments.awaitUninstalled(bundle);
        return "undeployed " + bundle.getSymbolicName() + " " + bundle.getVersion() + " (bundle " + id + ", " + jar.getFileName() + ")"
                + (gone ? "" : "; FileInstall has not uninstalled it yet");
    }
}
