package io.plugstack.runtime.spank.isolation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.net.URL;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.jar.Manifest;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PrivatePackagesTest {

    private static final byte[] NO_BYTES = {};

    private static PluginJar jar(Manifest mf, String... entries) throws IOException {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        mf.write(out);
        Map<String, byte[]> map = new java.util.HashMap<>();
        map.put("META-INF/MANIFEST.MF", out.toByteArray());
        for (String e : entries) {
            map.put(e, NO_BYTES);
        }
        return PluginJar.of(new URL("file:/plugins/p.jar"), map);
    }

    private static Manifest manifest(String header, String value) {
        Manifest mf = new Manifest();
        mf.getMainAttributes().putValue("Manifest-Version", "1.0");
        mf.getMainAttributes().putValue(header, value);
        return mf;
    }

    @Test
    void privatePackagesAreTheJarsClassPackagesMinusImports() throws IOException {
        PluginJar jar = jar(manifest("Import-Package", "com.shared;version=\"[1,2)\",io.plugstack.api.spank"),
                "com/own/A.class", "com/own/impl/B.class", "com/shared/S.class", "com/own/res.txt", "Root.class",
                "META-INF/versions/11/com/mr/X.class", "OSGI-OPT/src/x/Y.class", "module-info.class", "META-INF/x.txt");

        assertEquals(Set.of("", "com.own", "com.own.impl", "com.shared"), jar.classPackages());
        assertEquals(Set.of("", "com.own", "com.own.impl"), PrivatePackages.of(jar));
    }

    @Test
    void fixtureBundleHasOnlyItsOwnPackagePrivate(@TempDir Path dir) throws IOException {
        PluginJar jar = PluginJar.read(FixtureJar.build(dir));
        assertEquals(Set.of("fixture.plugin"), PrivatePackages.of(jar));
        assertEquals(PrivatePackages.declared(jar.manifest()), PrivatePackages.of(jar), "agrees with Private-Package");
    }

    @Test
    void importPackageHeaderWithQuotedRangesAndSharedClausesIsParsed() {
        Manifest mf = manifest("Import-Package",
                "a.b;version=\"[1.0,2)\";resolution:=optional, c.d;e.f;version=\"1.2\",g;x=\"q;u,o\\\"te\"");
        assertEquals(Set.of("a.b", "c.d", "e.f", "g"), PrivatePackages.importedPackages(mf));
        assertEquals(Set.of(), PrivatePackages.importedPackages(new Manifest()));
    }

    @Test
    void embeddedBundleClassPathIsRefused() throws IOException {
        PluginJar jar = jar(manifest("Bundle-ClassPath", ".,lib/dep.jar"), "a/A.class", "lib/dep.jar");
        assertThrows(IllegalArgumentException.class, () -> PrivatePackages.of(jar));
        assertEquals(Set.of("a"), PrivatePackages.of(jar(manifest("Bundle-ClassPath", "."), "a/A.class")));
    }
}
