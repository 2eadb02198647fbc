package io.plugstack.runtime.spank.isolation;

import java.lang.reflect.Proxy;
import java.util.Map;

import io.plugstack.api.spank.Spank;

/** A Spank handle whose setenv records into a map (the fixture plugin's side channel); nothing else works. */
final class RecordingSpank {

    private RecordingSpank() {
    }

    static Spank create(Map<String, String> env) {
        return (Spank) create(Spank.class, env);
    }

    /** For any copy of the API: {@code spankInterface} is the Spank class as some loader sees it. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static Object create(Class<?> spankInterface, Map<String, String> env) {
        ClassLoader api = spankInterface.getClassLoader();
        Object success;
        Object jobScript;
        try {
            success = Enum.valueOf((Class) api.loadClass("io.plugstack.api.spank.SpankError"), "SUCCESS");
            jobScript = Enum.valueOf((Class) api.loadClass("io.plugstack.api.spank.SpankContext"), "JOB_SCRIPT");
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
        return Proxy.newProxyInstance(api, new Class<?>[] {spankInterface}, (proxy, method, args) -> {
            switch (method.getName()) {
                case "setenv":
                    env.put((String) args[0], (String) args[1]);
                    return success;
                case "context":
                    return jobScript;
                case "toString":
                    return "RecordingSpank" + env;
                case "hashCode":
                    return System.identityHashCode(proxy);
                case "equals":
                    return proxy == args[0];
                default:
                    throw new UnsupportedOperationException(method.getName());
            }
        });
    }
}
