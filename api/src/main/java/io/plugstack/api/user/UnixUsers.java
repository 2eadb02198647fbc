package io.plugstack.api.user;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The password database's files source ({@code /etc/passwd}), as getpwuid() answers from it. Users
 * known only through other NSS sources (LDAP, SSSD) are not found here.
 */
public final class UnixUsers {

    /** The files database. */
    public static final Path PASSWD = Path.of("/etc/passwd");

    /** One entry: name, uid, primary gid, home directory. */
    public record Entry(String name, long uid, long gid, String home) {
    }

    private UnixUsers() {
    }

    /** The entry of {@code uid} in {@link #PASSWD}. */
    public static Optional<Entry> byUid(long uid) {
        return byUid(PASSWD, uid);
    }

    /**
     * The first entry of {@code passwd} whose uid (3rd field) is {@code uid}; NIS compat lines
     * ({@code +}, {@code -}) and malformed lines are passed over. Empty when the file cannot be read.
     */
    public static Optional<Entry> byUid(Path passwd, long uid) {
        try {
            for (String line : Files.readAllLines(passwd, StandardCharsets.UTF_8)) {
                String[] f = line.split(":", -1);
                if (f.length >= 6 && !f[0].startsWith("+") && !f[0].startsWith("-") && f[2].equals(Long.toString(uid))) {
                    try {
                        return Optional.of(new Entry(f[0], uid, Long.parseLong(f[3]), f[5]));
                    } catch (NumberFormatException e) {
                        return Optional.of(new Entry(f[0], uid, -1, f[5]));
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            // unreadable database: nobody is known
        }
        return Optional.empty();
    }
}
