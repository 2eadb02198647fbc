package io.plugstack.runtime.featureinstaller.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import io.plugstack.runtime.spi.durable.DurableFile;
import io.plugstack.runtime.spi.features.FeatureDefinition;

/**
 * The installed features, in {@code <home>/data/features.state} (a properties file), saved through
 * {@link DurableFile}: a kill at any point leaves either the old state or the new one.
 */
final class StateFile {

    private final Path file;

    StateFile(Path file) {
        this.file = file;
    }

    Path path() {
        return file;
    }

    List<InstalledFeature> read() throws IOException {
        if (!Files.isRegularFile(file)) {
            return List.of();
        }
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            p.load(in);
        }
        List<InstalledFeature> features = new ArrayList<>();
        int count = Integer.parseInt(p.getProperty("features", "0"));
        for (int f = 0; f < count; f++) {
            features.add(readFeature(p, "feature." + f + "."));
        }
        return features;
    }

    void write(List<InstalledFeature> features) throws IOException {
        Properties p = new Properties();
        p.setProperty("features", String.valueOf(features.size()));
        for (int f = 0; f < features.size(); f++) {
            writeFeature(p, "feature." + f + ".", features.get(f));
        }
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        p.store(out, "features installed at run time (feature:install); replayed at every start");
        DurableFile.replace(file, out.toByteArray());
    }

    private static void writeFeature(Properties p, String k, InstalledFeature f) {
        FeatureDefinition d = f.definition();
        p.setProperty(k + "name", d.name());
        p.setProperty(k + "id", d.id());
        p.setProperty(k + "file", d.file().toString());
        p.setProperty(k + "bundles", String.valueOf(d.bundles().size()));
        for (int i = 0; i < d.bundles().size(); i++) {
            FeatureDefinition.Bundle b = d.bundles().get(i);
            p.setProperty(k + "bundle." + i + ".id", b.id());
            p.setProperty(k + "bundle." + i + ".jar", b.jar().toString());
            p.setProperty(k + "bundle." + i + ".start-order", String.valueOf(b.startOrder()));
        }
        p.setProperty(k + "configurations", String.valueOf(d.configurations().size()));
        for (int i = 0; i < d.configurations().size(); i++) {
            FeatureDefinition.Configuration c = d.configurations().get(i);
            String ck = k + "configuration." + i + ".";
            p.setProperty(ck + "pid", c.pid());
            putValues(p, ck + "value.", c.values());
            f.previousOf(c.pid()).map(InstalledFeature.Previous::values).ifPresent(prev -> {
                p.setProperty(ck + "previous", "present");
                putValues(p, ck + "previous.", prev);
            });
        }
    }

    private static InstalledFeature readFeature(Properties p, String k) {
        List<FeatureDefinition.Bundle> bundles = new ArrayList<>();
        for (int i = 0; i < Integer.parseInt(p.getProperty(k + "bundles", "0")); i++) {
            String bk = k + "bundle." + i + ".";
            bundles.add(new FeatureDefinition.Bundle(p.getProperty(bk + "id"), Path.of(p.getProperty(bk + "jar")),
                    Integer.parseInt(p.getProperty(bk + "start-order", "0"))));
        }
        List<FeatureDefinition.Configuration> configurations = new ArrayList<>();
        List<InstalledFeature.Previous> previous = new ArrayList<>();
        for (int i = 0; i < Integer.parseInt(p.getProperty(k + "configurations", "0")); i++) {
            String ck = k + "configuration." + i + ".";
            String pid = p.getProperty(ck + "pid");
            configurations.add(new FeatureDefinition.Configuration(pid, values(p, ck + "value.")));
            previous.add(new InstalledFeature.Previous(pid, p.getProperty(ck + "previous") == null ? null : values(p, ck + "previous.")));
        }
        FeatureDefinition d = new FeatureDefinition(p.getProperty(k + "name"), p.getProperty(k + "id"), Path.of(p.getProperty(k + "file")),
                bundles, configurations);
        return new InstalledFeature(d, previous);
    }

    private static void putValues(Properties p, String prefix, Map<String, Object> values) {
        values.forEach((key, v) -> p.setProperty(prefix + key, TypedValues.encode(v)));
    }

    private static Map<String, Object> values(Properties p, String prefix) {
        Map<String, Object> v = new LinkedHashMap<>();
        for (String key : p.stringPropertyNames()) {
            if (key.startsWith(prefix)) {
                v.put(key.substring(prefix.length()), TypedValues.decode(p.getProperty(key)));
            }
        }
        return v;
    }
}
