package io.plugstack.lua;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.plugstack.api.user.OnBehalfOf;
import io.plugstack.api.user.UnixUsers;

/**
 * The login variables of a user the runtime acts for, from the password file: what the user's own
 * srun, or slurmctld running as SlurmUser, has in its environment. A script acting for a user must
 * not be told root's HOME (and write its dot files there).
 */
final class UserEnvironment {

    /** The variables a login sets from the user's entry. */
    static final List<String> NAMES = List.of("HOME", "USER", "LOGNAME", "SHELL");

    private UserEnvironment() {
    }

    /** {@code user}'s values of {@link #NAMES}; none for a user the password file does not list. */
    static Map<String, String> of(OnBehalfOf user) {
        Map<String, String> env = new LinkedHashMap<>();
        UnixUsers.byUid(user.uid()).ifPresent(e -> {
            env.put("HOME", e.home());
            env.put("USER", e.name());
            env.put("LOGNAME", e.name());
            String shell = shellOf(e.name());
            if (shell != null) {
                env.put("SHELL", shell);
            }
        });
        return env;
    }

    /** Replaces {@link #NAMES} in {@code env} by {@code user}'s (removed when unknown, never the runtime's). */
    static void apply(Map<String, String> env, OnBehalfOf user) {
        NAMES.forEach(env::remove);
        env.putAll(of(user));
    }

    /** The login shell (7th field), which UnixUsers' entry does not carry; null when empty or unreadable. */
    private static String shellOf(String name) {
        try {
            for (String line : Files.readAllLines(UnixUsers.PASSWD, StandardCharsets.UTF_8)) {
                String[] f = line.split(":", -1);
                if (f.length >= 7 && f[0].equals(name)) {
                    return f[6].isEmpty() ? null : f[6];
                }
            }
        } catch (IOException | RuntimeException e) {
            // unreadable database: no shell known
        }
        return null;
    }
}
