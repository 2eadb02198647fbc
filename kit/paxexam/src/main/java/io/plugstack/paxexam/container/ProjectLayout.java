package io.plugstack.paxexam.container;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javax.xml.parsers.DocumentBuilderFactory;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Where an author's build puts what an in-container test needs: the unpacked distribution (system property
 * {@value #DISTRIBUTION}) and the plugin bundle the package phase made (system property
 * {@value #PLUGIN_BUNDLE}, by default {@code target/<artifactId>-<version>.jar} of the project failsafe runs in).
 * Each is checked here, in the test JVM, before any runtime starts, with a message saying what to do.
 */
public final class ProjectLayout {

    /** The system property naming the unpacked distribution. */
    public static final String DISTRIBUTION = "plugstack.distribution";
    /** The system property naming the plugin bundle under test. */
    public static final String PLUGIN_BUNDLE = "plugstack.plugin.bundle";

    /** What an author's pom needs for the distribution: said whenever it is missing. */
    static final String POM_HINT = "add to the project's pom: the test dependency io.plugstack:io.plugstack.features"
            + " (type zip, classifier distribution), maven-dependency-plugin's unpack-dependencies of it (includeClassifiers"
            + " distribution) into ${project.build.directory} in phase pre-integration-test, and in maven-failsafe-plugin's"
            + " systemPropertyVariables <" + DISTRIBUTION + ">${project.build.directory}/plugstack</" + DISTRIBUTION + ">";

    /** The parts a distribution has that a runtime home is made of (the launcher's own check, HomeLayout). */
    private static final List<String> PARTS = List.of("etc/plugstack.properties", "features/", "system/");

    private ProjectLayout() {
    }

    /**
     * The distribution system property {@value #DISTRIBUTION} names, checked.
     *
     * @return the distribution's directory, absolute
     * @throws IllegalStateException saying what the pom needs if the property is unset or names no distribution
     */
    public static Path distribution() {
        String value = System.getProperty(DISTRIBUTION);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException(DISTRIBUTION + " is not set: the in-container tests boot the unpacked Plugstack"
                    + " distribution it names; " + POM_HINT);
        }
        return checkDistribution(Path.of(value));
    }

    /**
     * {@code dir} if it is an unpacked distribution.
     *
     * @param dir the directory to check
     * @return {@code dir}, absolute and normalized
     * @throws IllegalStateException naming the parts {@code dir} lacks and what the pom needs
     */
    public static Path checkDistribution(Path dir) {
        Path d = dir.toAbsolutePath().normalize();
        List<String> missing = new ArrayList<>();
        for (String part : PARTS) {
            Path p = d.resolve(part);
            if (part.endsWith("/") ? !Files.isDirectory(p) : !Files.isRegularFile(p)) {
                missing.add(part);
            }
        }
        if (!missing.isEmpty()) {
            throw new IllegalStateException(DISTRIBUTION + "=" + d + " is not an unpacked Plugstack distribution: it has no "
                    + String.join(", ", missing) + " (" + (Files.isDirectory(d) ? "" : "the directory does not exist; ")
                    + POM_HINT + ")");
        }
        return d;
    }

    /**
     * The plugin bundle: system property {@value #PLUGIN_BUNDLE}, else {@code target/<artifactId>-<version>.jar}
     * of the project in {@code basedir} (failsafe's; the working directory otherwise).
     *
     * @return the plugin's jar, absolute
     * @throws IllegalStateException if the jar does not exist or the project's pom cannot name it
     */
    public static Path pluginBundle() {
        String value = System.getProperty(PLUGIN_BUNDLE);
        if (value != null && !value.isBlank()) {
            return checkPluginBundle(Path.of(value), PLUGIN_BUNDLE + "=" + value);
        }
        Path basedir = Path.of(System.getProperty("basedir", "")).toAbsolutePath();
        Path jar = defaultPluginBundle(basedir);
        return checkPluginBundle(jar, "the project's bundle (" + PLUGIN_BUNDLE + " is not set)");
    }

    /**
     * {@code jar} if it is there; else an error naming it ({@code what}) and the phase that makes it.
     *
     * @param jar  the plugin's jar
     * @param what where {@code jar} came from, as the error names it (e.g. the system property and its value)
     * @return {@code jar}, absolute and normalized
     * @throws IllegalStateException if {@code jar} is not a file
     */
    public static Path checkPluginBundle(Path jar, String what) {
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(what + ": " + jar.toAbsolutePath() + " does not exist: run the package phase first"
                    + " (mvn verify runs it before the integration tests), or name the plugin's jar with -D" + PLUGIN_BUNDLE + "=...");
        }
        return jar.toAbsolutePath().normalize();
    }

    /** {@code target/<artifactId>-<version>.jar} of the pom in {@code basedir} (its version, or its parent's). */
    static Path defaultPluginBundle(Path basedir) {
        Path pom = basedir.resolve("pom.xml");
        if (!Files.isRegularFile(pom)) {
            throw new IllegalStateException(PLUGIN_BUNDLE + " is not set and " + basedir + " has no pom.xml to find the"
                    + " project's bundle by: set -D" + PLUGIN_BUNDLE + "=<the plugin's jar>");
        }
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            Document doc = f.newDocumentBuilder().parse(pom.toFile());
            Element project = doc.getDocumentElement();
            String artifactId = child(project, "artifactId");
            String version = child(project, "version");
            if (version == null) {
                Element parent = childElement(project, "parent");
                version = parent == null ? null : child(parent, "version");
            }
            if (artifactId == null || version == null || version.contains("${")) {
                throw new IllegalStateException(pom + ": no literal artifactId and version to name the project's bundle by:"
                        + " set -D" + PLUGIN_BUNDLE + "=<the plugin's jar>");
            }
            return basedir.resolve("target").resolve(artifactId + "-" + version + ".jar");
        } catch (IllegalStateException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("cannot read " + pom + " to find the project's bundle: " + e.getMessage()
                    + " (set -D" + PLUGIN_BUNDLE + "=<the plugin's jar>)", e);
        }
    }

    private static String child(Element parent, String name) {
        Element e = childElement(parent, name);
        return e == null ? null : e.getTextContent().trim();
    }

    private static Element childElement(Element parent, String name) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && name.equals(e.getLocalName() != null ? e.getLocalName() : e.getTagName())) {
                return e;
            }
        }
        return null;
    }
}
