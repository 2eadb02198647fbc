package io.plugstack.itest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;

/**
 * The deploy folder drops nothing in silence (issue 15, item 4): every jar in deploy/ either runs or
 * is listed by plugstack:plugins with the reason it does not, written there the way an admin would.
 */
class DeployFolderIT extends BootedRuntime {

    /** Ten of the tests' FileInstall polls (50 ms): long enough for FileInstall to act on what it sees. */
    private static final long PAUSE_MS = 500;

    @Test
    void aJarCopiedInTwoPartsWithAPauseIsInstalledOnceWhole() throws Exception {
        byte[] jar = Files.readAllBytes(fixtures.plugin("itest.slowcopy", "good").build());
        Path target = runtime.deployDir().resolve("itest.slowcopy-1.0.0.jar");
        try (OutputStream out = Files.newOutputStream(target)) {
            out.write(jar, 0, jar.length / 2);
            out.flush();
            // while half of it is there, the half is what is listed
            PlugstackRuntime.await(() -> runtime.plugins().contains("rejected " + target + ": not a readable jar"),
                    "the half-written jar to be listed");
            Thread.sleep(PAUSE_MS);
            out.write(jar, jar.length / 2, jar.length - jar.length / 2);
        }
        PlugstackRuntime.await(() -> active(target), "the whole jar to be installed and started");
        assertThat(runtime.plugins()).doesNotContain(target.toString());
    }

    @Test
    void aSecondJarOfTheSameNameAndVersionIsListedAsADuplicateAndLeavesThePluginAlone() throws Exception {
        Path original = deployOriginal("itest.dup.listed");
        Bundle plugin = runtime.bundleAt(original.toUri().toString()).orElseThrow();
        Path duplicate = dropDuplicate("itest.dup.listed");

        assertThat(runtime.plugins()).contains("rejected " + duplicate + ": duplicate of " + original
                + ": the same Bundle-SymbolicName itest.dup.listed and Bundle-Version 1.0.0");
        assertThat(plugin.getHeaders().get("Implementation-Version")).as("the running plugin is the original").isEqualTo("original");
    }

    @Test
    void deletingTheDuplicateLeavesThePluginRunning() throws Exception {
        Path original = deployOriginal("itest.dup.gone");
        Bundle plugin = runtime.bundleAt(original.toUri().toString()).orElseThrow();
        Path duplicate = dropDuplicate("itest.dup.gone");

        Files.delete(duplicate);
        PlugstackRuntime.await(() -> !runtime.plugins().contains(duplicate.toString()), "the duplicate to leave the list");
        Thread.sleep(PAUSE_MS);
        assertThat(plugin.getState()).as("the plugin whose jar stays").isEqualTo(Bundle.ACTIVE);
    }

    @Test
    void deletingTheInstalledJarInstallsItsDuplicate() throws Exception {
        Path original = deployOriginal("itest.dup.takeover");
        Path duplicate = dropDuplicate("itest.dup.takeover");

        long deleted = System.nanoTime();
        Files.delete(original);
        PlugstackRuntime.await(() -> active(duplicate), "the duplicate to be installed in its place");
        System.out.printf("DeployFolderIT: the duplicate ran %d ms after the original's jar was deleted%n",
                (System.nanoTime() - deleted) / 1_000_000);
        assertThat(runtime.bundleAt(duplicate.toUri().toString()).orElseThrow().getHeaders().get("Implementation-Version"))
                .isEqualTo("copy");
        assertThat(runtime.plugins()).doesNotContain(duplicate.toString());
    }

    /** Issue 29: a plugin rebuilt for the runtime's release, same name and version, replaces the jar the resolver refused. */
    @Test
    void aRefusedJarIsSetAsideForARebuildOfTheSameNameAndVersionDroppedBesideIt() throws Exception {
        Path refused = refusedOriginal("itest.twin.dropped");
        Path rebuilt = runtime.drop(fixtures.plugin("itest.twin.dropped", "good").header("Implementation-Version", "rebuilt").build(),
                "itest.twin.dropped-rebuilt.jar");

        PlugstackRuntime.await(() -> active(rebuilt), "the rebuilt jar to run in place of the refused one");
        assertThat(refused).doesNotExist();
        assertThat(refused.resolveSibling(refused.getFileName() + ".refused")).as("the refused jar, kept for the admin").exists();
        assertThat(runtime.plugins()).doesNotContain("duplicate of");
    }

    @Test
    void theDeployCommandReplacesARefusedJarOfTheSameNameAndVersion() throws Exception {
        Path refused = refusedOriginal("itest.twin.command");
        Path rebuilt = fixtures.plugin("itest.twin.command", "good").header("Implementation-Version", "rebuilt").build();
        Path renamed = Files.copy(rebuilt, rebuilt.resolveSibling("itest.twin.command-rebuilt.jar"), StandardCopyOption.REPLACE_EXISTING);

        assertThat(runtime.shell().run("plugstack:deploy " + renamed)).matches("deployed itest.twin.command 1.0.0 as bundle \\d+: READY");
        assertThat(refused.resolveSibling(refused.getFileName() + ".refused")).exists();
        assertThat(runtime.bundle("itest.twin.command").orElseThrow().getHeaders().get("Implementation-Version")).isEqualTo("rebuilt");
    }

    /** {@code bsn} 1.0.0 built for another Slurm release, in the folder under its usual name and refused by the resolver. */
    private static Path refusedOriginal(String bsn) throws Exception {
        Bundle b = runtime.deploy(fixtures.plugin(bsn, "good").header("Slurm-Plugin-Version", "26.05.0").build());
        PlugstackRuntime.await(() -> runtime.plugins().contains("Slurm-Plugin-Version 26.05.0 does not match"), "the resolver to refuse it");
        assertThat(b.getState()).isEqualTo(Bundle.INSTALLED);
        return runtime.deployDir().resolve(bsn + "-1.0.0.jar");
    }

    @Test
    void aJarWithAnInvalidBundleVersionIsListedNamingTheFileAndTheHeader() throws Exception {
        Path built = fixtures.plugin("itest.badversion", "good").build();
        Path target = runtime.drop(FixturePlugins.withHeader(built, "bad-version.jar", "Bundle-Version", "1.0.0-beta"),
                "itest.badversion.jar");
        PlugstackRuntime.await(() -> runtime.plugins().contains("rejected " + target
                + ": META-INF/MANIFEST.MF has an invalid Bundle-Version \"1.0.0-beta\""), "the jar to be listed as rejected");
        assertThat(runtime.bundle("itest.badversion")).isEmpty();
    }

    @Test
    void aJarTheFrameworkWillNotInstallIsListedAsNotInstalled() throws Exception {
        Path built = fixtures.plugin("itest.manifest3", "good").build();
        Path target = runtime.drop(FixturePlugins.withHeader(built, "manifest3.jar", "Bundle-ManifestVersion", "3"),
                "itest.manifest3.jar");
        PlugstackRuntime.await(() -> runtime.plugins().contains("not installed " + target + ": "), "the jar to be listed");
        assertThat(runtime.bundle("itest.manifest3")).isEmpty();
    }

    @Test
    void anUnfinishedCopyLeftByAKilledDeployIsRemovedAtTheStart() throws Exception {
        byte[] jar = Files.readAllBytes(fixtures.plugin("itest.killed", "good").build());
        Path stray = runtime.deployDir().resolve("itest.killed-1.0.0.jar.part");
        try (OutputStream out = Files.newOutputStream(stray)) {
            out.write(jar, 0, jar.length / 2); // where a kill mid-copy leaves plugstack:deploy
        }
        runtime.close();
        runtime = PlugstackRuntime.boot(dir);
        PlugstackRuntime.await(() -> !Files.exists(stray), "the unfinished copy to be removed");
    }

    private static boolean active(Path jar) {
        return runtime.bundleAt(jar.toUri().toString()).filter(b -> b.getState() == Bundle.ACTIVE).isPresent();
    }

    /** {@code bsn} 1.0.0 deployed from its usual file and started; its Implementation-Version says "original". */
    private static Path deployOriginal(String bsn) throws Exception {
        Bundle b = runtime.deploy(fixtures.plugin(bsn, "good").header("Implementation-Version", "original").build());
        PlugstackRuntime.await(() -> b.getState() == Bundle.ACTIVE, "the original to start");
        return runtime.deployDir().resolve(bsn + "-1.0.0.jar");
    }

    /**
     * Another build of {@code bsn} 1.0.0 ("copy") dropped under another file name; returns once
     * FileInstall has had time to act on it, whatever it did: kept it out, or put it in place of the
     * original (the listing alone says nothing of that: it is worked out from the folder).
     */
    private static Path dropDuplicate(String bsn) throws Exception {
        Bundle original = runtime.bundle(bsn).orElseThrow();
        Path copy = runtime.drop(fixtures.plugin(bsn, "good").header("Implementation-Version", "copy").build(), bsn + "-copy.jar");
        PlugstackRuntime.await(() -> runtime.plugins().contains(copy.toString())
                || "copy".equals(original.getHeaders().get("Implementation-Version")), "the copy to be seen");
        Thread.sleep(PAUSE_MS);
        return copy;
    }
}
