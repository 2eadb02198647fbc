package io.plugstack.runtime.spank.isolation;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;

import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * Reads a bundle's Declarative Services descriptors (the {@code Service-Component} header → XML files →
 * {@code <component>} elements) to find the class the long-lived instance is made from, so a fresh space
 * can make its own. Components are found wherever they sit in a document (DS allows them nested in any
 * root) with any {@code http://www.osgi.org/xmlns/scr/v1.x} namespace or none; their children are matched
 * by local name. DTDs are refused and no external entity is read.
 */
public final class DsDescriptors {

    public static final String SERVICE_COMPONENT = "Service-Component";
    private static final String SCR_NAMESPACE_PREFIX = "http://www.osgi.org/xmlns/scr/";

    private DsDescriptors() {
    }

    /** The components of every descriptor the jar's {@code Service-Component} header names. */
    public static List<DsComponent> components(PluginJar jar) throws IOException {
        String header = jar.manifest().getMainAttributes().getValue(SERVICE_COMPONENT);
        List<DsComponent> all = new ArrayList<>();
        for (String path : descriptorPaths(header, jar.entryNames())) {
            try (InputStream in = jar.open(path)) {
                all.addAll(parse(in));
            }
        }
        return all;
    }

    /**
     * The implementation class of the one enabled, non-factory component of {@code jar} that provides
     * {@code serviceInterface}; empty when none does.
     *
     * @throws IllegalStateException several components provide it with different classes
     */
    public static Optional<String> implementationOf(PluginJar jar, String serviceInterface) throws IOException {
        return implementationOf(components(jar), serviceInterface);
    }

    /** {@link #implementationOf(PluginJar, String)} over already parsed components. */
    public static Optional<String> implementationOf(List<DsComponent> components, String serviceInterface) {
        Set<String> classes = new TreeSet<>();
        for (DsComponent c : components) {
            if (c.providesService(serviceInterface)) {
                classes.add(c.implementationClass());
            }
        }
        if (classes.size() > 1) {
            throw new IllegalStateException("several components provide " + serviceInterface + ": " + classes);
        }
        return classes.stream().findFirst();
    }

    /**
     * The entries a {@code Service-Component} header names, in header order; the last segment of a path
     * may hold {@code *} wildcards, expanded against {@code entries} (matches sorted). Missing files are
     * left out, as DS only logs them.
     */
    public static List<String> descriptorPaths(String header, Set<String> entries) {
        List<String> found = new ArrayList<>();
        for (String raw : ManifestHeaders.paths(header)) {
            String path = raw.startsWith("/") ? raw.substring(1) : raw;
            int slash = path.lastIndexOf('/');
            String dir = path.substring(0, slash + 1);
            String last = path.substring(slash + 1);
            if (last.indexOf('*') < 0) {
                if (entries.contains(path) && !found.contains(path)) {
                    found.add(path);
                }
                continue;
            }
            Pattern glob = Pattern.compile(("\\Q" + last + "\\E").replace("*", "\\E[^/]*\\Q"));
            new TreeSet<>(entries).stream()
                    .filter(e -> e.startsWith(dir) && glob.matcher(e.substring(dir.length())).matches())
                    .filter(e -> !found.contains(e))
                    .forEach(found::add);
        }
        return found;
    }

    /** The components of one descriptor document. */
    public static List<DsComponent> parse(InputStream xml) throws IOException {
        Element root;
        try {
            root = newBuilder().parse(xml).getDocumentElement();
        } catch (SAXException | ParserConfigurationException e) {
            throw new IOException("malformed DS descriptor: " + e.getMessage(), e);
        }
        List<DsComponent> components = new ArrayList<>();
        try {
            collect(root, components);
        } catch (IllegalArgumentException e) {
            throw new IOException(e.getMessage(), e);
        }
        return components;
    }

    private static void collect(Element e, List<DsComponent> out) {
        if (isComponent(e)) {
            out.add(component(e));
            return;
        }
        for (Element child : children(e)) {
            collect(child, out);
        }
    }

    private static boolean isComponent(Element e) {
        String ns = e.getNamespaceURI();
        return "component".equals(e.getLocalName()) && (ns == null || ns.startsWith(SCR_NAMESPACE_PREFIX));
    }

    private static DsComponent component(Element e) {
        String implementation = null;
        List<String> provides = new ArrayList<>();
        int references = 0;
        for (Element child : children(e)) {
            switch (child.getLocalName()) {
                case "implementation" -> implementation = attribute(child, "class");
                case "reference" -> references++;
                case "service" -> children(child).stream()
                        .filter(p -> "provide".equals(p.getLocalName()))
                        .map(p -> attribute(p, "interface"))
                        .filter(i -> i != null)
                        .forEach(provides::add);
                default -> { }
            }
        }
        if (implementation == null) {
            throw new IllegalArgumentException("DS component " + attribute(e, "name") + " has no implementation class");
        }
        String name = attribute(e, "name");
        return new DsComponent(name == null ? implementation : name, implementation, provides,
                !"false".equals(attribute(e, "enabled")), attribute(e, "factory") != null, references);
    }

    private static String attribute(Element e, String name) {
        String v = e.getAttribute(name).trim();
        return v.isEmpty() ? null : v;
    }

    private static List<Element> children(Element e) {
        List<Element> out = new ArrayList<>();
        NodeList nodes = e.getChildNodes();
        for (int i = 0; i < nodes.getLength(); i++) {
            if (nodes.item(i).getNodeType() == Node.ELEMENT_NODE) {
                out.add((Element) nodes.item(i));
            }
        }
        return out;
    }

    private static DocumentBuilder newBuilder() throws ParserConfigurationException {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        f.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        f.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
        f.setXIncludeAware(false);
        f.setExpandEntityReferences(false);
        DocumentBuilder b = f.newDocumentBuilder();
        b.setErrorHandler(new DefaultHandler() {
            @Override
            public void error(SAXParseException e) throws SAXException {
                throw e;
            }
        });
        return b;
    }
}
