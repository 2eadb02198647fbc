package io.plugstack.runtime.featureinstaller.internal;

import java.io.IOException;
import java.util.Collections;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.LinkedHashMap;
import java.util.Map;

import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;

/**
 * ConfigAdmin by PID, {@code factoryPid~name} meaning a named factory configuration (ConfigAdmin
 * 1.6, as FileInstall names them too). Bound to any bundle ({@code "?"}), as FileInstall does.
 */
final class Configurations {

    private static final String ANY_BUNDLE = "?";
    private final ConfigurationAdmin admin;

    Configurations(ConfigurationAdmin admin) {
        this.admin = admin;
    }

    /** The values {@code pid} holds now, without ConfigAdmin's own service.* keys; null when it does not exist. */
    Map<String, Object> current(String pid) throws IOException {
        Configuration c = existing(pid);
        if (c == null || c.getProperties() == null) {
            return null;
        }
        Map<String, Object> v = new LinkedHashMap<>();
        Dictionary<String, Object> d = c.getProperties();
        for (String key : Collections.list(d.keys())) {
            if (!key.equals("service.pid") && !key.equals("service.factoryPid") && !key.equals("service.bundleLocation")) {
                v.put(key, d.get(key));
            }
        }
        return v;
    }

    void put(String pid, Map<String, Object> values) throws IOException {
        Dictionary<String, Object> d = new Hashtable<>(values);
        configuration(pid).update(d);
    }

    /** Puts {@code values} back, or deletes the configuration when they are null (it did not exist). */
    void restore(String pid, Map<String, Object> values) throws IOException {
        if (values != null) {
            put(pid, values);
            return;
        }
        Configuration c = existing(pid);
        if (c != null) {
            c.delete();
        }
    }

    /** A named factory configuration's service.pid is {@code factoryPid~name} (ConfigAdmin 1.6): one filter finds both kinds. */
    private Configuration existing(String pid) throws IOException {
        try {
            Configuration[] found = admin.listConfigurations("(service.pid=" + escape(pid) + ")");
            return found == null ? null : found[0];
        } catch (org.osgi.framework.InvalidSyntaxException e) {
            throw new IllegalArgumentException("bad PID " + pid, e);
        }
    }

    private Configuration configuration(String pid) throws IOException {
        int tilde = pid.indexOf('~');
        return tilde < 0 ? admin.getConfiguration(pid, ANY_BUNDLE)
                : admin.getFactoryConfiguration(pid.substring(0, tilde), pid.substring(tilde + 1), ANY_BUNDLE);
    }

    private static String escape(String value) {
        return value.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)").replace("*", "\\*");
    }
}
