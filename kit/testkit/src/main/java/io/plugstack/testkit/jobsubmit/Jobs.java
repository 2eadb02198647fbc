package io.plugstack.testkit.jobsubmit;

import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Map;

import io.plugstack.api.jobsubmit.JobRecord;

/**
 * Job records ({@link JobRecord}, slurmctld's {@code job_record_t}) for tests, built from the few values a
 * test cares about: {@code Jobs.record(Map.of("jobId", 7L, "userId", 1000L, "partition", "debug"))}.
 *
 * <p>Each accessor answers the value stored under its method name; one without a value answers what an
 * unset field of a zeroed C record reads as: {@code 0} for a number, an empty list for a list, {@code null}
 * otherwise. Values are not checked against the accessor's type: a wrong type fails where the plugin reads it.
 */
public final class Jobs {

    private Jobs() {
    }

    /**
     * A job record answering {@code values} by accessor name.
     *
     * @param values accessor name (e.g. {@code "jobId"}, {@code "partition"}) to the value it returns
     * @return a record whose {@code toString()} shows the values
     */
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

    /**
     * A job record with only its id set.
     *
     * @param jobId what {@link JobRecord#jobId()} answers
     * @return the record
     */
    public static JobRecord withId(long jobId) {
        return record(Map.of("jobId", jobId));
    }
}
