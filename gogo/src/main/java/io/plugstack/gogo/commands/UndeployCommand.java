package io.plugstack.gogo.commands;

import java.io.IOException;

import org.apache.felix.service.command.Descriptor;
import org.osgi.framework.Bundle;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.gogo.internal.Commands;
import io.plugstack.runtime.host.deploy.DeployFolder;

/** {@code plugstack:undeploy <id>}: takes a deployed bundle's jar out of the deploy folder. */
@Component(service = UndeployCommand.class, property = {Commands.SCOPE, Commands.FUNCTION + "undeploy"})
public final class UndeployCommand {

    private final DeployFolder folder;

    @Activate
    public UndeployCommand(@Reference DeployFolder folder) {
        this.folder = folder;
    }

    @Descriptor("undeploy a bundle that was deployed through the deploy folder")
    public String undeploy(@Descriptor("bundle id") long id) throws IOException, InterruptedException {
        DeployFolder.Undeployment u = folder.undeploy(id);
        Bundle bundle = u.bundle();
        return "undeployed " + bundle.getSymbolicName() + " " + bundle.getVersion() + " (bundle " + id + ", " + u.jar().getFileName() + ")"
                + (u.uninstalled() ? "" : "; FileInstall has not uninstalled it yet");
    }
}
