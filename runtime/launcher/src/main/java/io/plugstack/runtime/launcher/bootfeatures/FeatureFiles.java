package io.plugstack.runtime.launcher.bootfeatures;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.apache.felix.feature.impl.FeatureServiceImpl;
import org.osgi.service.feature.Feature;
import org.osgi.service.feature.FeatureBundle;
import org.osgi.service.feature.FeatureConfiguration;

import io.plugstack.runtime.spi.features.FeatureDefinition;
import io.plugstack.runtime.spi.features.FeatureRepository;

/**
 * Reads {@code <home>/features/*.json} in the OSGi Feature format (Feature Service 1.0) with Apache
 * Felix's implementation, and resolves bundle ids against the bundle repository. It runs on the
 * launcher's class path, so the JSON provider is found the plain Java way, never through an OSGi
 * ServiceLoader mediator.
 */
public final class FeatureFiles implements FeatureRepository {

    static final String SUFFIX = ".json";

    private final Path dir;
    private final BundleRepository repository;
    private final List<String> boot;

    public FeatureFiles(Path dir, BundleRepository repository, List<String> boot) {
        this.dir = dir;
        this.repository = repository;
        this.boot = List.copyOf(boot);
    }

    public Path dir() {
        return dir;
    }

    @Override
    public List<String> available() {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(SUFFIX))
                    .map(n -> n.substring(0, n.length() - SUFFIX.length())).sorted().toList();
        } catch (IOException e) {
            throw new IllegalStateException("cannot list " + dir + ": " + e.getMessage(), e);
        }
    }

    @Override
    public List<String> boot() {
        return boot;
    }

    /** A name is a file of the features folder; anything with a slash or ending in .json is a path. */
    Path fileOf(String nameOrPath) {
        if (nameOrPath.contains("/") || nameOrPath.endsWith(SUFFIX)) {
            return Path.of(nameOrPath).toAbsolutePath().normalize();
        }
        return dir.resolve(nameOrPath + SUFFIX);
    }

    /**
     * The bundles of every boot feature, each once (the first feature naming it places it), in start
     * order across features: ascending start-order, then boot order and listed order.
     */
    public List<FeatureDefinition.Bundle> bootBundles() {
        Map<String, FeatureDefinition.Bundle> byLocation = new LinkedHashMap<>();
        for (String name : boot) {
            read(name).bundles().forEach(b -> byLocation.putIfAbsent(b.location(), b));
        }
        return byLocation.values().stream().sorted(Comparator.comparingInt(FeatureDefinition.Bundle::startOrder)).toList();
    }

    @Override
    public FeatureDefinition read(String nameOrPath) {
        Path file = fileOf(nameOrPath);
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(file + ": no such feature file" + (nameOrPath.contains("/") ? ""
                    : " (available: " + String.join(", ", available()) + ")"));
        }
        Feature feature = parse(file);
        String name = file.getFileName().toString().replaceFirst("\\.json$", "");
        List<FeatureDefinition.Bundle> bundles = new ArrayList<>();
        List<FeatureBundle> listed = feature.getBundles();
        for (int i = 0; i < listed.size(); i++) {
            FeatureBundle b = listed.get(i);
            String where = file + ": bundles[" + i + "] \"" + b.getID() + "\": ";
            try {
                bundles.add(new FeatureDefinition.Bundle(b.getID().toString(), repository.resolve(b.getID().toString()),
                        startOrder(b.getMetadata()), flag(b.getMetadata(), "start-concurrently"), flag(b.getMetadata(), "console")));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(where + e.getMessage(), e);
            }
        }
        List<FeatureDefinition.Configuration> configurations = new ArrayList<>();
        for (Map.Entry<String, FeatureConfiguration> c : feature.getConfigurations().entrySet()) {
            configurations.add(new FeatureDefinition.Configuration(c.getKey(), c.getValue().getValues()));
        }
        return new FeatureDefinition(name, feature.getID().toString(), file, bundles, configurations);
    }

    /** Parses with the context class loader set to ours, where the JSON provider (Parsson) is. */
    private static Feature parse(Path file) {
        Thread t = Thread.currentThread();
        ClassLoader previous = t.getContextClassLoader();
        t.setContextClassLoader(FeatureFiles.class.getClassLoader());
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return new FeatureServiceImpl().readFeature(in);
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException(file + ": not a valid OSGi feature: " + describe(e), e);
        } finally {
            t.setContextClassLoader(previous);
        }
    }

    /** Felix's reader fails with a NullPointerException on a missing required member. */
    private static String describe(Exception e) {
        if (e instanceof NullPointerException) {
            return "a required member (\"id\" of the feature or of a bundle) is missing";
        }
        return e.getMessage() == null ? e.toString() : e.getMessage();
    }

    /** A bundle's true/false metadata ({@code start-concurrently}, {@code console}); false when not given. */
    static boolean flag(Map<String, Object> metadata, String name) {
        Object v = metadata.get(name);
        // Felix's reader gives JSON's true and false as they are written (a JsonValue), not as a Boolean
        String text = v == null ? "false" : v.toString().trim();
        if (text.equals("true") || text.equals("false")) {
            return text.equals("true");
        }
        throw new IllegalArgumentException(name + " " + v + " is not true or false");
    }

    static int startOrder(Map<String, Object> metadata) {
        Object v = metadata.get("start-order");
        if (v == null) {
            return 0;
        }
        try {
            int order = v instanceof Number n ? n.intValue() : Integer.parseInt(v.toString().trim());
            if (order < 0) {
                throw new NumberFormatException();
            }
            return order;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("start-order " + v + " is not a non-negative integer", e);
        }
    }
}
