package io.plugstack.gogo.commands;

import org.apache.felix.service.command.Descriptor;
import org.osgi.framework.Bundle;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.gogo.internal.Arguments;
import io.plugstack.gogo.internal.Commands;
import io.plugstack.gogo.internal.PluginArgument;
import io.plugstack.runtime.host.catalog.PluginCatalog;
import io.plugstack.runtime.host.deploy.DeployFolder;

/** {@code plugstack:undeploy <plugin>}: takes a deployed bundle's jar out of the deploy folder. */
@Component(service = UndeployCommand.class, property = {Commands.SCOPE, Commands.FUNCTION + "undeploy"})
public final class UndeployCommand {

    private final DeployFolder folder;
    private final PluginCatalog catalog;

    @Activate
    public UndeployCommand(@Reference DeployFolder folder, @Reference PluginCatalog catalog) {
        this.folder = folder;
        this.catalog = catalog;
    }

    @Descriptor("undeploy a bundle that was deployed through the deploy folder: undeploy renice@1.2.0, undeploy 42")
    public String undeploy(@Descriptor(PluginArgument.NAMES + " (one version: name@version when several are deployed)") Object... args) {
        return Commands.run("undeploy", () -> {
            String what = Arguments.of("undeploy", "undeploy <plugin or bundle id>", args, 1, 1).get(0).trim();
            // any bundle of the folder by id, plugin or not; a name must name one deployed version
            long id = what.chars().allMatch(Character::isDigit) && !what.isEmpty() ? Long.parseLong(what)
                    : PluginArgument.resolve("undeploy", catalog.plugins(), what).bundle().bundleId();
            DeployFolder.Undeployment u = folder.undeploy(id);
            Bundle bundle = u.bundle();
            return "undeployed " + bundle.getSymbolicName() + " " + bundle.getVersion() + " (bundle " + id + ", "
                    + u.jar().getFileName() + ")" + (u.uninstalled() ? "" : "; FileInstall has not uninstalled it yet");
        });
    }
}
