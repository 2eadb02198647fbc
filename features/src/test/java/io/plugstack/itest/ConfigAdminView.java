package io.plugstack.itest;

import java.lang.reflect.Method;
import java.util.Collections;
import java.util.Dictionary;
import java.util.Map;
import java.util.TreeMap;

import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;

/**
 * ConfigAdmin's configurations as the booted runtime holds them. Its API lives in the framework,
 * not on the test class path, so it is read through the interfaces by reflection.
 */
final class ConfigAdminView {

    private static final String ADMIN = "org.osgi.service.cm.ConfigurationAdmin";
    private final BundleContext context;

    ConfigAdminView(BundleContext context) {
        this.context = context;
    }

    /** Every configuration: PID → its values (ConfigAdmin's own service.* keys left out). */
    Map<String, Map<String, Object>> all() throws Exception {
        // all references: the system bundle does not import org.osgi.service.cm, so the filtered lookup sees none
        ServiceReference<?>[] refs = context.getAllServiceReferences(ADMIN, null);
        if (refs == null) {
            throw new IllegalStateException("no ConfigurationAdmin service");
        }
        ServiceReference<?> ref = refs[0];
        Object admin = context.getService(ref);
        try {
            ClassLoader api = admin.getClass().getClassLoader();
            Class<?> adminType = api.loadClass(ADMIN);
            Class<?> configType = api.loadClass("org.osgi.service.cm.Configuration");
            Object[] configs = (Object[]) adminType.getMethod("listConfigurations", String.class).invoke(admin, (Object) null);
            Map<String, Map<String, Object>> all = new TreeMap<>();
            Method pid = configType.getMethod("getPid");
            Method properties = configType.getMethod("getProperties");
            for (Object c : configs == null ? new Object[0] : configs) {
                @SuppressWarnings("unchecked")
                Dictionary<String, Object> d = (Dictionary<String, Object>) properties.invoke(c);
                Map<String, Object> values = new TreeMap<>();
                for (String key : d == null ? java.util.List.<String>of() : Collections.list(d.keys())) {
                    if (!key.startsWith("service.")) {
                        values.put(key, d.get(key));
                    }
                }
                all.put((String) pid.invoke(c), values);
            }
            return all;
        } finally {
            context.ungetService(ref);
        }
    }

    /** One configuration's values, or null when it does not exist. */
    Map<String, Object> get(String pid) throws Exception {
        return all().get(pid);
    }
}
