package io.plugstack.api.plugin;

import java.net.URI;
import java.nio.file.Path;
import java.util.Map;

/**
 * Where a ConfigAdmin configuration came from, for a log line about one of its values, so an admin
 * reading "bad value" knows which file to open: the .cfg file FileInstall read it from
 * ({@code felix.fileinstall.filename}, e.g. deploy/job_submit.throttle.cfg), else "configuration
 * &lt;its PID&gt;" (one a feature or the shell set).
 */
public final class ConfigurationSource {

    /** The property FileInstall puts the file's URL in. */
    public static final String FILEINSTALL_FILENAME = "felix.fileinstall.filename";

    private ConfigurationSource() {
    }

    /**
     * Names where {@code config} came from.
     *
     * @param config the configuration's properties
     * @param pid    the PID to name when the configuration says none itself (service.pid)
     * @return the file's path, or "configuration &lt;pid&gt;"
     */
    public static String of(Map<String, ?> config, String pid) {
        Object file = config.get(FILEINSTALL_FILENAME);
        if (file != null) {
            String url = String.valueOf(file);
            try {
                return Path.of(URI.create(url)).toString();
            } catch (RuntimeException notAFileUrl) {
                return url;
            }
        }
        Object servicePid = config.get("service.pid");
        return "configuration " + (servicePid != null ? servicePid : pid);
    }
}
