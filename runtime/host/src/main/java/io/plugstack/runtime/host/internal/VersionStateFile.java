package io.plugstack.runtime.host.internal;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

import io.plugstack.runtime.spi.durable.DurableFile;

/**
 * Where pins and the history of active versions persist: {@code <home>/data/plugin-versions.properties}.
 * Saved through {@link DurableFile}, so a runtime killed mid-write leaves either the old state or the
 * new one, never half of one.
 */
final class VersionStateFile {

    static final String NAME = "plugin-versions.properties";
    private static final String PIN = "pin.";
    private static final String HISTORY = "history.";
    private static final String WITHDRAWN = "withdrawn.";

    /**
     * Pins by symbolic name, each plugin's active versions, oldest first (the last is active), and the
     * versions the admin withdrew (plugstack:withdraw): they never run here, even for a job that carries them.
     */
    record State(Map<String, String> pins, Map<String, List<String>> history, Map<String, List<String>> withdrawn) {
        State {
            pins = Map.copyOf(pins);
            history = Map.copyOf(history);
            withdrawn = Map.copyOf(withdrawn);
        }

        State(Map<String, String> pins, Map<String, List<String>> history) {
            this(pins, history, Map.of());
        }

        static State empty() {
            return new State(Map.of(), Map.of());
        }
    }

    private final Path file;

    VersionStateFile(Path file) {
        this.file = file;
    }

    Path path() {
        return file;
    }

    /** The saved state; empty when there is no file yet. */
    State read() throws IOException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return State.empty();
        }
        Properties p = new Properties();
        p.load(new StringReader(text));
        Map<String, String> pins = new TreeMap<>();
        Map<String, List<String>> history = new TreeMap<>();
        Map<String, List<String>> withdrawn = new TreeMap<>();
        for (String key : p.stringPropertyNames()) {
            String value = p.getProperty(key).trim();
            if (key.startsWith(PIN)) {
                pins.put(key.substring(PIN.length()), value);
            } else if (key.startsWith(HISTORY)) {
                history.put(key.substring(HISTORY.length()),
                        value.isEmpty() ? List.of() : List.copyOf(Arrays.asList(value.split("\\s*,\\s*"))));
            } else if (key.startsWith(WITHDRAWN)) {
                withdrawn.put(key.substring(WITHDRAWN.length()),
                        value.isEmpty() ? List.of() : List.copyOf(Arrays.asList(value.split("\\s*,\\s*"))));
            } else {
                throw new IOException(file + ": unknown key '" + key + "' (expected pin.<plugin>, history.<plugin> or withdrawn.<plugin>)");
            }
        }
        return new State(pins, history, withdrawn);
    }

    /** Replaces the saved state atomically. */
    void write(State state) throws IOException {
        StringBuilder out = new StringBuilder("# Written by Plugstack (plugstack:pin, upgrade, rollback, withdraw); the last version of\n"
                + "# a history is the one that runs. Safe to edit while the runtime is stopped.\n");
        new TreeMap<>(state.pins()).forEach((k, v) -> out.append(PIN).append(k).append('=').append(escape(v)).append('\n'));
        new TreeMap<>(state.history()).forEach((k, v) -> out.append(HISTORY).append(k).append('=')
                .append(String.join(",", v)).append('\n'));
        new TreeMap<>(state.withdrawn()).forEach((k, v) -> out.append(WITHDRAWN).append(k).append('=')
                .append(String.join(",", v)).append('\n'));
        DurableFile.replace(file, out.toString().getBytes(StandardCharsets.UTF_8));
    }

    /** Properties syntax: ':' '=' and a leading '[' are fine in values, '\' is not. */
    private static String escape(String v) {
        return v.replace("\\", "\\\\");
    }

    static List<String> appended(List<String> history, String version) {
        List<String> h = new ArrayList<>(history);
        h.add(version);
        // the history only needs to reach back a few upgrades; keep it short
        return h.size() > 20 ? List.copyOf(h.subList(h.size() - 20, h.size())) : List.copyOf(h);
    }
}
