package io.plugstack.bundles.testing;

import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Map;

import io.plugstack.api.jobsubmit.JobRecord;

/** Job records for tests: each accessor returns the value under its name, else 0, null or an empty list. */
public final class Jobs {

    private Jobs() {
    }

    public static JobRecord record(Map<String, Object> values) {
        return (JobRecord) Proxy.newProxyInstance(Jobs.class.getClassLoader(), new Class<?>[] {JobRecord.class},
                (proxy, method, args) -> {
                    if (values.containsKey(method.getName())) {
                        return values.get(method.getName());
                    }
                    Class<?> type = method.getReturnType();
                    if (type == long.class) {
                        return 0L;
                    }
                    if (type == List.class) {
                        return List.of();
                    }
                    if (method.getName().equals("toString")) {
                        return "JobRecord" + values;
                    }
                    return null;
                });
    }

    public static JobRecord withId(long jobId) {
        return record(Map.of("jobId", jobId));
    }
}
