package io.plugstack.cli_filter.user_defaults;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The home directory Slurm's {@code uid_to_dir(getuid())} finds: the password database entry of the
 * process's <em>real</em> uid, not $HOME (CLI-20). Only the files database ({@code /etc/passwd}) is
 * read; users known only through NSS modules (LDAP, SSSD) have no home here.
 */
final class PasswdHome {

    static final Path PASSWD = Path.of("/etc/passwd");
    static final Path PROC_SELF = Path.of("/proc/self");

    private PasswdHome() {
    }

    /** The home directory of this process's real uid, if /proc and /etc/passwd tell it. */
    static Optional<String> ofThisProcess() {
        OptionalLong uid = realUid(PROC_SELF);
        return uid.isPresent() ? home(PASSWD, uid.getAsLong()) : Optional.empty();
    }

    /**
     * The real uid: the first number of the "Uid:" line of {@code <proc>/status}; failing that, the
     * owner of {@code <proc>} (which is the effective uid; the same for any ordinary process).
     */
    static OptionalLong realUid(Path proc) {
        try {
            for (String line : Files.readAllLines(proc.resolve("status"), StandardCharsets.ISO_8859_1)) {
                if (line.startsWith("Uid:")) {
                    String[] f = line.substring(4).trim().split("\\s+");
                    return OptionalLong.of(Long.parseLong(f[0]));
                }
            }
        } catch (IOException | RuntimeException e) {
            // fall through to the owner of /proc/self
        }
        try {
            Object owner = Files.getAttribute(proc, "unix:uid");
            return owner instanceof Integer i ? OptionalLong.of(i & 0xffffffffL) : OptionalLong.empty();
        } catch (IOException | RuntimeException e) {
            return OptionalLong.empty();
        }
    }

    /**
     * The home directory (6th field) of the first entry of {@code passwd} whose uid (3rd field) is
     * {@code uid}, as getpwuid() would answer from the files database.
     */
    static Optional<String> home(Path passwd, long uid) {
        List<String> lines;
        try {
            lines = Files.readAllLines(passwd, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        String wanted = Long.toString(uid);
        for (String line : lines) {
            String[] f = line.split(":", -1);
            if (f.length >= 6 && f[2].equals(wanted) && !f[0].startsWith("+") && !f[0].startsWith("-")) {
                return Optional.of(f[5]);
            }
        }
        return Optional.empty();
    }
}
