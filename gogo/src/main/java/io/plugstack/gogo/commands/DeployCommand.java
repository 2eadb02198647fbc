package io.plugstack.gogo.commands;

import java.io.IOException;
import java.nio.file.Files;

import org.apache.felix.service.command.Descriptor;
import org.osgi.framework.Bundle;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.gogo.internal.Arguments;
import io.plugstack.gogo.internal.Commands;
import io.plugstack.runtime.host.catalog.PluginRecord;
import io.plugstack.runtime.host.catalog.PluginStatus;
import io.plugstack.runtime.host.deploy.DeployFolder;

/** {@code plugstack:deploy <path|mvn coordinates>}: puts a jar into the deploy folder and reports what became of it. */
@Component(service = DeployCommand.class, property = {Commands.SCOPE, Commands.FUNCTION + "deploy"})
public final class DeployCommand {

    private final DeployFolder folder;

    @Activate
    public DeployCommand(@Reference DeployFolder folder) {
        this.folder = folder;
    }

    @Descriptor("deploy a plugin jar through the deploy folder")
    public String deploy(@Descriptor("a jar path, or mvn:group/artifact/version, or group:artifact:version") Object... args) {
        return Commands.run("deploy", () -> deploy(Arguments.of("deploy", "deploy <jar path or mvn:g/a/v or g:a:v>", args, 1, 1).get(0)));
    }

    /** What a plugin that will not serve comes to: deploy fails for it, as docs/reference.md says. */
    static final java.util.Set<PluginStatus> NOT_RUNNING = java.util.EnumSet.of(PluginStatus.REFUSED, PluginStatus.UNRESOLVED,
            PluginStatus.INIT_FAILED, PluginStatus.FAILED);

    private String deploy(String source) throws IOException, InterruptedException {
        DeployFolder.Deployment d = folder.deploy(source);
        if (d.rejected().isPresent()) {
            throw Commands.fail("deploy", d.jar().getFileName() + ": " + d.rejected().get().reason()
                    + " (left in " + folder.dir() + " until removed)");
        }
        if (d.bundle().isEmpty()) {
            return "copied to " + d.jar() + "; not installed yet (is FileInstall running?)";
        }
        Bundle b = d.bundle().get();
        String what = b.getSymbolicName() + " " + b.getVersion() + " as bundle " + b.getBundleId();
        if (d.record().isPresent() && NOT_RUNNING.contains(d.record().get().status())) {
            // the jar stays (plugins lists it with the reason), but an admin's loop must see the command fail
            PluginRecord r = d.record().get();
            throw Commands.fail("deploy", what + ": " + r.status() + (r.detail().isEmpty() ? "" : ": " + r.detail())
                    + " (left in " + folder.dir() + " until removed)");
        }
        return d.record().map(r -> "deployed " + what + ": " + r.status() + (r.detail().isEmpty() ? "" : ": " + r.detail()))
                .orElse("deployed " + what + " (not a plugin bundle)")
                + (Files.exists(d.jar()) ? "" : " (jar already removed)");
    }
}
