package io.plugstack.itest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;

/** The deploy folder, owned by Felix FileInstall: drop, replace and delete a jar. */
class HotDeployIT extends BootedRuntime {


    @Test
    void shippedPluginIsLiveAtBoot() throws Exception {
        Bundle demo = runtime.bundle("io.plugstack.spank.demo").orElseThrow();
        assertThat(demo.getState()).isEqualTo(Bundle.ACTIVE);
        assertThat(runtime.pluginServices(demo)).hasSize(1);
    }

    @Test
    void deletingDeployedJarUninstallsPlugin() throws Exception {
        Bundle b = runtime.deploy(fixtures.plugin("itest.deleted", "good").build());
        PlugstackRuntime.await(() -> b.getState() == Bundle.ACTIVE, "the plugin to start");
        Files.delete(runtime.deployDir().resolve("itest.deleted-1.0.0.jar"));
        PlugstackRuntime.await(() -> b.getState() == Bundle.UNINSTALLED, "FileInstall to uninstall the plugin");
        assertThat(runtime.bundle("itest.deleted")).isEmpty();
    }

    @Test
    void replacingDeployedJarUpdatesPlugin() throws Exception {
        Path v1 = fixtures.plugin("itest.replaced", "good").bundleVersion("1.0.0").build();
        Bundle b = runtime.deploy(v1);
        PlugstackRuntime.await(() -> b.getState() == Bundle.ACTIVE, "version 1 to start");
        Path v2 = fixtures.plugin("itest.replaced", "good").bundleVersion("1.1.0").build();
        Path part = runtime.deployDir().resolve("next.part");
        Files.copy(v2, part);
        Files.move(part, runtime.deployDir().resolve(v1.getFileName().toString()), StandardCopyOption.ATOMIC_MOVE,
                StandardCopyOption.REPLACE_EXISTING);
        PlugstackRuntime.await(() -> "1.1.0".equals(b.getVersion().toString()) && b.getState() == Bundle.ACTIVE,
                "FileInstall to update the bundle in place");
    }

    @Test
    void pluginWhoseInitFailsIsLoadedButNotUsed() throws Exception {
        Bundle b = runtime.deploy(fixtures.plugin("itest.failinit", "failinit").build());
        PlugstackRuntime.await(() -> {
            try {
                return runtime.shell().run("plugstack:plugin " + b.getBundleId()).contains("INIT_FAILED");
            } catch (Exception e) {
                return false;
            }
        }, "the catalog to report the failed init");
        assertThat(runtime.shell().run("plugstack:plugin " + b.getBundleId()))
                .contains("status           INIT_FAILED: init() returned -1: Plugin init() callback failed");
    }

    /**
     * Issue 29: a deployed plugin left RESOLVED although meant to run (FileInstall's start failed or was cut
     * short: here, a transient stop that nobody undoes) is started again within a few sweeps.
     */
    @Test
    void aDeployedPluginMeantToRunThatStoppedIsStartedAgain() throws Exception {
        Bundle b = runtime.deploy(fixtures.plugin("itest.restarted", "good").build());
        PlugstackRuntime.await(() -> b.getState() == Bundle.ACTIVE, "the plugin to start");

        b.stop(Bundle.STOP_TRANSIENT); // its autostart setting stays "started", as after a failed start
        PlugstackRuntime.await(() -> b.getState() == Bundle.ACTIVE, "the plugin to be started again");
    }

    /** An admin's stop is a choice, not a failure: the plugin stays stopped. */
    @Test
    void aPluginAnAdminStoppedStaysStopped() throws Exception {
        Bundle b = runtime.deploy(fixtures.plugin("itest.adminstopped", "good").build());
        PlugstackRuntime.await(() -> b.getState() == Bundle.ACTIVE, "the plugin to start");

        runtime.shell().run("felix:stop " + b.getBundleId());
        Thread.sleep(3 * 1000 + 500); // three sweeps
        assertThat(b.getState()).isEqualTo(Bundle.RESOLVED);
        runtime.shell().run("felix:start " + b.getBundleId());
    }

    @Test
    void corruptJarInDeployFolderIsRejectedNamingTheFile() throws Exception {
        Path bad = runtime.deployDir().resolve("corrupt.jar");
        Files.writeString(bad, "this is not a zip file");
        PlugstackRuntime.await(() -> runtime.plugins().contains("rejected " + bad + ": not a readable jar"),
                "the corrupt jar to be listed as rejected");
        assertThat(runtime.bundle("io.plugstack.spank.demo").orElseThrow().getState()).isEqualTo(Bundle.ACTIVE);
        Files.delete(bad);
        PlugstackRuntime.await(() -> !runtime.plugins().contains("corrupt.jar"), "the rejection to go with the file");
    }

    @Test
    void jarWithoutBundleSymbolicNameIsRejected() throws Exception {
        Path plain = runtime.deployDir().resolve("plain-library.jar");
        java.util.jar.Manifest m = new java.util.jar.Manifest();
        m.getMainAttributes().put(java.util.jar.Attributes.Name.MANIFEST_VERSION, "1.0");
        try (var out = new java.util.jar.JarOutputStream(Files.newOutputStream(plain), m)) {
            out.putNextEntry(new java.util.zip.ZipEntry("README"));
        }
        PlugstackRuntime.await(() -> runtime.plugins().contains(
                "rejected " + plain + ": not a bundle: META-INF/MANIFEST.MF has no Bundle-SymbolicName"),
                "the plain jar to be listed as rejected");
        Files.delete(plain);
    }
}
