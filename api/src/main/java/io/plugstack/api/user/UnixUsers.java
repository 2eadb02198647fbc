package io.plugstack.api.user;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The password and group databases' files sources ({@code /etc/passwd}, {@code /etc/group}), as
 * getpwuid() and getgrnam() answer from them: the one place users and groups are looked up. Users
 * known only through other NSS sources (LDAP, SSSD) are not found here.
 */
public final class UnixUsers {

    /** The files database. */
    public static final Path PASSWD = Path.of("/etc/passwd");

    /**
     * One entry: name, uid, primary gid, home directory.
     *
     * @param name the login name
     * @param uid  the user id
     * @param gid  the primary group id (-1 when the field is not a number)
     * @param home the home directory
     */
    public record Entry(String name, long uid, long gid, String home) {
    }

    private UnixUsers() {
    }

    /**
     * The entry of {@code uid} in {@link #PASSWD}.
     *
     * @param uid the user id
     * @return the entry, or empty
     */
    public static Optional<Entry> byUid(long uid) {
        return byUid(PASSWD, uid);
    }

    /**
     * The first entry of {@code passwd} whose uid (3rd field) is {@code uid}; NIS compat lines
     * ({@code +}, {@code -}) and malformed lines are passed over. Empty when the file cannot be read.
     *
     * @param passwd a file in passwd(5) format
     * @param uid    the user id
     * @return the entry, or empty
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

    /**
     * User {@code uid}'s name (as Slurm's commands print a uid).
     *
     * @param uid the user id
     * @return the name, or the uid as text when it has none
     */
    public static String nameOrUid(long uid) {
        return byUid(uid).map(Entry::name).orElse(String.valueOf(uid));
    }

    /**
     * Group {@code gid}'s name in {@code /etc/group} (getgrgid), or the gid as text when it has none or the
     * database cannot be read (as Slurm's commands print an unknown gid).
     *
     * @param gid the group id
     * @return the name or the number
     */
    public static String groupNameOrGid(long gid) {
        return groupNameOrGid(Path.of("/etc/group"), gid);
    }

    /**
     * {@link #groupNameOrGid(long)} over the group file {@code group}.
     *
     * @param group a file in group(5) format
     * @param gid   the group id
     * @return the name or the number
     */
    public static String groupNameOrGid(Path group, long gid) {
        try {
            for (String line : Files.readAllLines(group, StandardCharsets.UTF_8)) {
                String[] f = line.split(":", -1);
                if (f.length > 2 && f[2].equals(Long.toString(gid))) {
                    return f[0];
                }
            }
        } catch (IOException | RuntimeException e) {
            // unreadable database: no group is known
        }
        return String.valueOf(gid);
    }

    /**
     * The uid of user {@code name} in {@link #PASSWD}.
     *
     * @param name the login name
     * @return the uid, or empty when there is no such user (or the file cannot be read)
     */
    public static Optional<Long> uidOf(String name) {
        try {
            for (String line : Files.readAllLines(PASSWD, StandardCharsets.UTF_8)) {
                String[] f = line.split(":", -1);
                if (f.length >= 3 && f[0].equals(name)) {
                    return Optional.of(Long.parseLong(f[2]));
                }
            }
        } catch (IOException | RuntimeException e) {
            // unreadable database: nobody is known
        }
        return Optional.empty();
    }

    /**
     * AllowGroups= as slurmctld resolves it: the uids whose primary group, or whose membership in the
     * group database ({@code /etc/group}), is one of {@code groups}. Unknown groups add nobody; an
     * unreadable database means nobody is in any group.
     *
     * @param groups the group names
     * @return the uids
     */
    public static Set<Long> uidsInGroups(List<String> groups) {
        return uidsInGroups(groups, Path.of("/etc"));
    }

    /**
     * {@link #uidsInGroups(List)} over {@code etc}'s group and passwd files.
     *
     * @param groups the group names
     * @param etc    the directory holding group and passwd
     * @return the uids
     */
    public static Set<Long> uidsInGroups(List<String> groups, Path etc) {
        Map<String, Long> gids = new HashMap<>();
        Map<String, Set<String>> members = new HashMap<>();
        Set<Long> uids = new HashSet<>();
        try {
            for (String line : Files.readAllLines(etc.resolve("group"))) {
                String[] f = line.split(":", -1);
                if (f.length >= 4) {
                    gids.put(f[0], Long.parseLong(f[2]));
                    members.put(f[0], new HashSet<>(List.of(f[3].split(","))));
                }
            }
            Set<String> wantedUsers = new HashSet<>();
            Set<Long> wantedGids = new HashSet<>();
            for (String g : groups) {
                if (gids.containsKey(g)) {
                    wantedGids.add(gids.get(g));
                    wantedUsers.addAll(members.get(g));
                }
            }
            for (String line : Files.readAllLines(etc.resolve("passwd"))) {
                String[] f = line.split(":", -1);
                if (f.length >= 4 && (wantedUsers.contains(f[0]) || wantedGids.contains(Long.parseLong(f[3])))) {
                    uids.add(Long.parseLong(f[2]));
                }
            }
        } catch (IOException | NumberFormatException e) {
            // unreadable group database: nobody is in any group
        }
        return uids;
    }
}
