package io.plugstack.runtime.host.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.Version;

import io.plugstack.runtime.host.catalog.PluginPin;
import io.plugstack.runtime.host.catalog.PluginRecord;
import io.plugstack.runtime.host.catalog.PluginStatus;

class VersionStateAtStartTest {

    @TempDir
    Path dir;

    private final Path file = Path.of("data/plugin-versions.properties");

    private static Set<Version> versions(String... v) {
        return Set.of(java.util.Arrays.stream(v).map(Version::parseVersion).toArray(Version[]::new));
    }

    @Test
    void aPinThatAdmitsADeployedVersionIsLeftAsItIs() {
        assertThat(VersionStateAtStart.check("p", PluginPin.range("[1.0,2.0)"), List.of("1.0.0", "1.5.0"), versions("1.5.0", "3.0.0"), file))
                .isEmpty();
    }

    @Test
    void aPinWhoseVersionRanHereAndIsGoneGoesBackToTheNewestVersionOfTheHistoryStillDeployed() {
        Optional<VersionStateAtStart.Verdict> v = VersionStateAtStart.check("p", PluginPin.range("2.0.0"),
                List.of("1.0.0", "1.5.0", "2.0.0"), versions("1.0.0", "1.5.0", "3.0.0"), file);

        assertThat(v).get().extracting(VersionStateAtStart.Verdict::back).isEqualTo(Optional.of(Version.parseVersion("1.5.0")));
        assertThat(v.get().line()).isEqualTo("pin of p (2.0.0, data/plugin-versions.properties) admits no deployed version"
                + " (deployed: 1.0.0, 1.5.0, 3.0.0); pinned back to 1.5.0, the last version that ran here");
    }

    @Test
    void aPinSetAheadOfItsDeployStaysAndSaysSo() {
        Optional<VersionStateAtStart.Verdict> v = VersionStateAtStart.check("p", PluginPin.range("2.0.0"), List.of("1.0.0"),
                versions("1.0.0"), file);

        assertThat(v).get().extracting(VersionStateAtStart.Verdict::back).isEqualTo(Optional.empty());
        assertThat(v.get().line()).contains("admits no deployed version (deployed: 1.0.0); the pin stays");
    }

    @Test
    void aPinThatRanHereStaysWhenNoneOfItsHistoryIsDeployed() {
        // 3.0.0 never ran here: taking it would be an upgrade nobody asked for
        assertThat(VersionStateAtStart.check("p", PluginPin.range("2.0.0"), List.of("1.0.0", "2.0.0"), versions("3.0.0"), file))
                .get().extracting(VersionStateAtStart.Verdict::back).isEqualTo(Optional.empty());
    }

    @Test
    void nothingDeployedAtAllIsNotThePinsBusiness() {
        assertThat(VersionStateAtStart.check("p", PluginPin.range("2.0.0"), List.of("2.0.0"), Set.of(), file)).isEmpty();
    }

    @Test
    void deployedVersionsAreTheInstalledBundlesAndTheReadableJarsOfTheDeployFolder() throws Exception {
        jar("p-2.0.0.jar", "p;singleton:=true", "2.0.0");
        jar("q-1.0.0.jar", "q", "1.0.0");
        Files.write(dir.resolve("p-3.0.0.jar"), new byte[] {'P', 'K', 3, 4}); // a copy a crash cut short
        Files.write(dir.resolve("p-4.0.0.jar.part"), new byte[0]);
        List<PluginRecord> installed = List.of(record("p", "1.0.0"), record("q", "1.1.0"));

        assertThat(VersionStateAtStart.deployed("p", installed, Optional.of(dir))).containsExactly(Version.parseVersion("1.0.0"),
                Version.parseVersion("2.0.0"));
        assertThat(VersionStateAtStart.deployed("p", installed, Optional.empty())).containsExactly(Version.parseVersion("1.0.0"));
    }

    private void jar(String name, String bsn, String version) throws Exception {
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().putValue("Bundle-SymbolicName", bsn);
        m.getMainAttributes().putValue("Bundle-Version", version);
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(dir.resolve(name)), m)) {
            out.flush();
        }
    }

    private static PluginRecord record(String bsn, String version) {
        return new PluginRecord(1, bsn, version, "ACTIVE", "file:/x", "spank", bsn, "25.11.0", PluginStatus.READY, "", List.of());
    }
}
