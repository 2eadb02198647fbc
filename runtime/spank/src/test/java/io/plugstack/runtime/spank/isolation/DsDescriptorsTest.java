package io.plugstack.runtime.spank.isolation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.api.spank.SpankPlugin;

class DsDescriptorsTest {

    private static final String SPANK = SpankPlugin.class.getName();

    private static List<DsComponent> parse(String xml) throws IOException {
        return DsDescriptors.parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void componentClassIsFoundFromDsDescriptor(@TempDir Path dir) throws IOException {
        PluginJar jar = PluginJar.read(FixtureJar.build(dir));

        assertEquals(2, DsDescriptors.components(jar).size(), "both descriptors of OSGI-INF/*.xml are read");
        assertEquals(Optional.of(FixtureJar.PLUGIN), DsDescriptors.implementationOf(jar, SPANK));
        assertEquals(Optional.of("fixture.plugin.Other"), DsDescriptors.implementationOf(jar, Runnable.class.getName()));
    }

    @Test
    void bndGeneratedDescriptorIsParsed() throws IOException {
        // As bnd writes it for the demo bundle (io.plugstack.spank.demo): children without namespace.
        List<DsComponent> components = parse("""
                <?xml version="1.0" encoding="UTF-8"?>
                <scr:component xmlns:scr="http://www.osgi.org/xmlns/scr/v1.3.0" name="io.plugstack.spank.demo.DemoPlugin">
                  <service>
                    <provide interface="io.plugstack.api.spank.SpankPlugin"/>
                  </service>
                  <implementation class="io.plugstack.spank.demo.DemoPlugin"/>
                </scr:component>
                """);
        assertEquals(List.of(new DsComponent("io.plugstack.spank.demo.DemoPlugin", "io.plugstack.spank.demo.DemoPlugin",
                List.of(SPANK), true, false, 0)), components);
    }

    @Test
    void componentsNestedInAnyRootAndWithoutNameAreFound() throws IOException {
        List<DsComponent> components = parse("""
                <components xmlns:scr="http://www.osgi.org/xmlns/scr/v1.1.0">
                  <scr:component>
                    <implementation class="a.A"/>
                    <service><provide interface="x.Y"/><provide interface="io.plugstack.api.spank.SpankPlugin"/></service>
                    <reference name="log" interface="org.osgi.service.log.LoggerFactory"/>
                  </scr:component>
                  <other xmlns="urn:not-scr"><component><implementation class="not.A"/></component></other>
                </components>
                """);
        assertEquals(List.of(new DsComponent("a.A", "a.A", List.of("x.Y", SPANK), true, false, 1)), components);
    }

    @Test
    void disabledAndFactoryComponentsDoNotProvideTheService() throws IOException {
        List<DsComponent> components = parse("""
                <root xmlns:scr="http://www.osgi.org/xmlns/scr/v1.4.0">
                  <scr:component name="off" enabled="false">
                    <implementation class="a.Off"/><service><provide interface="io.plugstack.api.spank.SpankPlugin"/></service>
                  </scr:component>
                  <scr:component name="fac" factory="f">
                    <implementation class="a.Fac"/><service><provide interface="io.plugstack.api.spank.SpankPlugin"/></service>
                  </scr:component>
                  <scr:component name="on">
                    <implementation class="a.On"/><service><provide interface="io.plugstack.api.spank.SpankPlugin"/></service>
                  </scr:component>
                </root>
                """);
        assertEquals(3, components.size());
        assertEquals(Optional.of("a.On"), DsDescriptors.implementationOf(components, SPANK));
    }

    @Test
    void twoComponentsProvidingTheServiceAreAmbiguous() {
        List<DsComponent> two = List.of(new DsComponent("a", "a.A", List.of(SPANK), true, false, 0),
                new DsComponent("b", "b.B", List.of(SPANK), true, false, 0));
        assertThrows(IllegalStateException.class, () -> DsDescriptors.implementationOf(two, SPANK));
        assertEquals(Optional.empty(), DsDescriptors.implementationOf(two, "no.Such"));
    }

    @Test
    void serviceComponentHeaderPathsAndWildcardsAreExpanded() {
        Set<String> entries = Set.of("OSGI-INF/b.xml", "OSGI-INF/a.xml", "OSGI-INF/sub/c.xml", "OSGI-INF/a.txt", "x/comp.xml");
        assertEquals(List.of("x/comp.xml", "OSGI-INF/a.xml", "OSGI-INF/b.xml"),
                DsDescriptors.descriptorPaths("/x/comp.xml, OSGI-INF/*.xml, OSGI-INF/missing.xml", entries));
        assertEquals(List.of(), DsDescriptors.descriptorPaths(null, entries));
    }

    @Test
    void doctypeAndExternalEntitiesAreRefused() {
        assertThrows(IOException.class, () -> parse("""
                <?xml version="1.0"?>
                <!DOCTYPE c [<!ENTITY x SYSTEM "file:///etc/passwd">]>
                <component><implementation class="&x;"/></component>
                """));
    }

    @Test
    void componentWithoutImplementationIsMalformed() {
        assertThrows(IOException.class, () -> parse("<component name=\"n\"/>"));
    }
}
