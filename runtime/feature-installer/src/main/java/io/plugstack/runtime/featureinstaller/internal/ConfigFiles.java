package io.plugstack.runtime.featureinstaller.internal;

import java.io.IOException;
import java.io.Reader;
import java.lang.reflect.Array;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The admin's {@code .cfg} files in FileInstall's folder (felix.fileinstall.dir): the truth for
 * their PIDs. FileInstall reads them into ConfigAdmin (every start, and when one changes) and never
 * writes ConfigAdmin's changes back (enableConfigSave=false), so a feature's values and a file can
 * disagree; this says where.
 */
final class ConfigFiles {

    /** The key FileInstall adds to a configuration it read from a file: the file's URI. */
    static final String FILENAME = "felix.fileinstall.filename";

    private final Optional<Path> dir;

    ConfigFiles(Optional<Path> dir) {
        this.dir = dir;
    }

    /** The file FileInstall maps to {@code pid}, if there is one: {@code <pid>.cfg}, a factory's {@code <factoryPid>-<name>.cfg}. */
    Optional<Path> fileOf(String pid) {
        return dir.map(d -> d.resolve(pid.replace('~', '-') + ".cfg")).filter(Files::isRegularFile);
    }

    /** The file's values as FileInstall puts them (strings), with its {@link #FILENAME}. */
    Map<String, Object> read(Path file) throws IOException {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
            p.load(in);
        }
        Map<String, Object> values = new LinkedHashMap<>();
        new TreeSet<>(p.stringPropertyNames()).forEach(k -> values.put(k, p.getProperty(k).trim()));
        values.put(FILENAME, file.toFile().getAbsoluteFile().toURI().toString());
        return values;
    }

    /** How the file is named in messages: {@code deploy/plugstack.slurm.cfg}. */
    static String shown(Path file) {
        Path parent = file.getParent();
        return (parent == null || parent.getFileName() == null ? "" : parent.getFileName() + "/") + file.getFileName();
    }

    /** Why {@code current} (ConfigAdmin's values of {@code pid}, null when none) disagrees with the PID's file; empty when it agrees or there is no file. */
    Optional<String> disagreement(String pid, Map<String, Object> current) throws IOException {
        Optional<Path> file = fileOf(pid);
        if (file.isEmpty()) {
            return Optional.empty();
        }
        List<String> keys = differences(current, read(file.get()));
        return keys.isEmpty() ? Optional.empty()
                : Optional.of("ConfigAdmin differs from " + shown(file.get()) + " (" + String.join(", ", keys) + "); a restart applies the file");
    }

    /** The keys whose values differ (as text: a .cfg holds strings), FileInstall's own key aside; a null map is no configuration. */
    static List<String> differences(Map<String, Object> a, Map<String, Object> b) {
        if (a == null || b == null) {
            return a == b ? List.of() : List.of(a == null ? "no configuration in ConfigAdmin" : "no file values");
        }
        TreeSet<String> keys = new TreeSet<>(a.keySet());
        keys.addAll(b.keySet());
        keys.remove(FILENAME);
        List<String> differ = new ArrayList<>();
        for (String k : keys) {
            if (!a.containsKey(k) || !b.containsKey(k) || !text(a.get(k)).equals(text(b.get(k)))) {
                differ.add(k);
            }
        }
        return differ;
    }

    private static String text(Object v) {
        if (v != null && v.getClass().isArray()) {
            return IntStream.range(0, Array.getLength(v)).mapToObj(i -> String.valueOf(Array.get(v, i))).collect(Collectors.joining(","));
        }
        if (v instanceof Collection<?> c) {
            return c.stream().map(String::valueOf).collect(Collectors.joining(","));
        }
        return String.valueOf(v);
    }
}
