package io.plugstack.itest;

import java.nio.file.Path;

/** What the version tests read and do through the shell: deploy a version, read plugstack:versions. */
public final class PluginVersionsView {
    private PluginVersionsView() {
    }

    /** Deploys {@code jar} and waits until the catalog has placed it (READY, AVAILABLE or INIT_FAILED). */
    static long deploySettled(PlugstackRuntime runtime, Shell shell, Path jar) throws Exception {
        long id = runtime.deploy(jar).getBundleId();
        PlugstackRuntime.await(() -> {
            try {
                String r = shell.run("plugstack:plugin " + id);
                return r.contains("status           READY") || r.contains("status           AVAILABLE")
                        || r.contains("status           INIT_FAILED");
            } catch (Exception e) {
                return false;
            }
        }, "bundle " + id + " to start");
        return id;
    }

    /** The row of plugstack:versions output {@code table} whose VERSION column is {@code version}; "" if none. */
    public static String row(String table, String version) {
        return table.lines().filter(l -> l.split("\\s+").length > 1 && l.split("\\s+")[1].equals(version))
                .findFirst().orElse("");
    }

    /** The STATE column of that row ("active", "outside pin", ...); "" if there is no such row. */
    public static String state(String table, String version) {
        String[] c = row(table, version).split("\\s+");
        return c.length < 4 ? "" : c[3].equals("outside") || c[3].equals("init") ? c[3] + " " + c[4] : c[3];
    }
}
