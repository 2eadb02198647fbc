package io.plugstack.runtime.spank.isolation;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;

import fixture.plugin.FixturePlugin;

/** Builds the test plugin jar (a bundle) from the compiled fixture.plugin classes. */
final class FixtureJar {

    static final String PLUGIN = FixturePlugin.class.getName();
    static final String GREETING_ENTRY = "fixture/plugin/greeting.txt";
    static final String JAR_GREETING = "hello from the plugin jar";
    static final String IMPORTS = "io.plugstack.api.spank;version=\"[0.1,1)\",io.plugstack.api.plugin;version=\"[0.1,1)\"";

    static final String SPANK_COMPONENT = """
            <?xml version="1.0" encoding="UTF-8"?>
            <scr:component xmlns:scr="http://www.osgi.org/xmlns/scr/v1.3.0" name="fixture.plugin.FixturePlugin">
              <service>
                <provide interface="io.plugstack.api.spank.SpankPlugin"/>
              </service>
              <implementation class="fixture.plugin.FixturePlugin"/>
            </scr:component>
            """;
    static final String OTHER_COMPONENT = """
            <?xml version="1.0" encoding="UTF-8"?>
            <scr:component xmlns:scr="http://www.osgi.org/xmlns/scr/v1.4.0" name="fixture.plugin.Other">
              <service><provide interface="java.lang.Runnable"/></service>
              <implementation class="fixture.plugin.Other"/>
            </scr:component>
            """;

    private FixtureJar() {
    }

    static Manifest manifest() {
        Manifest mf = new Manifest();
        Attributes a = mf.getMainAttributes();
        a.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        a.putValue("Bundle-ManifestVersion", "2");
        a.putValue("Bundle-SymbolicName", "fixture.plugin");
        a.putValue("Bundle-Version", "1.0.0");
        a.putValue("Import-Package", IMPORTS);
        a.putValue("Private-Package", "fixture.plugin");
        a.putValue("Service-Component", "OSGI-INF/*.xml");
        a.putValue("Implementation-Version", "7.7");
        return mf;
    }

    /** The default fixture: plugin classes (without NotInJar), greeting, two DS descriptors. */
    static Path build(Path dir) throws IOException {
        Map<String, byte[]> entries = new LinkedHashMap<>(classes());
        entries.put(GREETING_ENTRY, (JAR_GREETING + "\n").getBytes(StandardCharsets.UTF_8));
        entries.put("OSGI-INF/fixture.plugin.FixturePlugin.xml", SPANK_COMPONENT.getBytes(StandardCharsets.UTF_8));
        entries.put("OSGI-INF/fixture.plugin.Other.xml", OTHER_COMPONENT.getBytes(StandardCharsets.UTF_8));
        return write(dir.resolve("fixture-plugin.jar"), manifest(), entries);
    }

    /** The compiled fixture.plugin classes except NotInJar, as jar entries. */
    static Map<String, byte[]> classes() throws IOException {
        Path root;
        try {
            root = Path.of(FixturePlugin.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IOException(e);
        }
        Map<String, byte[]> entries = new LinkedHashMap<>();
        try (Stream<Path> files = Files.list(root.resolve("fixture/plugin"))) {
            for (Path f : (Iterable<Path>) files.sorted()::iterator) {
                String name = f.getFileName().toString();
                if (name.endsWith(".class") && !name.startsWith("NotInJar")) {
                    entries.put("fixture/plugin/" + name, Files.readAllBytes(f));
                }
            }
        }
        return entries;
    }

    static Path write(Path jar, Manifest mf, Map<String, byte[]> entries) throws IOException {
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, mf)) {
            for (Map.Entry<String, byte[]> e : entries.entrySet()) {
                j.putNextEntry(new JarEntry(e.getKey()));
                j.write(e.getValue());
                j.closeEntry();
            }
        }
        return jar;
    }
}
