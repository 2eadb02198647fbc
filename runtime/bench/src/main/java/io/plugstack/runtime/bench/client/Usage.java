package io.plugstack.runtime.bench.client;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.plugstack.api.user.UnixUsers;
import io.plugstack.runtime.bench.api.CommandIO;

/** What the query commands share: getopt's refusal, --help from the option table, user lists. */
final class Usage {
    private Usage() {
    }

    /** "squeue: invalid option -- 'x'" and Slurm's hint; exit code 1. */
    static int bad(String command, Getopt.BadOption e, CommandIO io) {
        io.err().println(command + ": " + e.getMessage());
        io.err().println("Try \"" + command + " --help\" for more information");
        return 1;
    }

    /** "Usage: squeue [OPTIONS]" and one line per option of the table. */
    static int help(String usage, List<Getopt.Opt> options, CommandIO io) {
        io.out().println("Usage: " + usage);
        options.forEach(o -> io.out().println(o.helpLine()));
        return 0;
    }

    /** The name of the user the bench's commands and daemons run as. */
    static String runtimeUser() {
        return UnixUsers.nameOrUid(io.plugstack.api.user.OnBehalfOf.thisProcess().uid());
    }

    /** The date line -l reports start with: "Wed Nov 25 03:07:46 2026". */
    static void longDate(CommandIO io) {
        io.out().println(java.time.ZonedDateTime.now().format(
                java.time.format.DateTimeFormatter.ofPattern("EEE MMM dd HH:mm:ss yyyy", java.util.Locale.ROOT)));
    }

    /** The uids a -u list names (names or numbers); an unknown name is refused with {@code error} before it. */
    static Set<Long> uids(List<String> users, String error) {
        Set<Long> out = new HashSet<>();
        for (String u : users) {
            if (u.matches("\\d+")) {
                out.add(Long.parseLong(u));
            } else {
                out.add(UnixUsers.uidOf(u).orElseThrow(() -> new IllegalArgumentException(error + u)));
            }
        }
        return out;
    }
}
