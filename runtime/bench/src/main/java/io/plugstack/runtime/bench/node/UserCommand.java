package io.plugstack.runtime.bench.node;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.plugstack.api.user.OnBehalfOf;

/**
 * A command line that runs as a user in a directory the user chose. The directory is entered by the
 * user's own process, after dropping to the user, as slurmstepd does: a runtime running as root never
 * enters a directory for a user who could not, so no task starts inside a tree its user cannot reach.
 * Like slurmstepd, a directory the user cannot enter is reported and the command runs in /tmp.
 */
public final class UserCommand {

    /** sh -c's script: $0 is the directory, "$@" the command; the shell is replaced by the command. */
    private static final String IN_DIRECTORY = "cd -- \"$0\" 2>/dev/null || { echo \"$1: error: couldn't chdir to \\`$0': "
            + "going to /tmp instead\" >&2; cd /tmp; }; shift; exec \"$@\"";

    private UserCommand() {
    }

    /**
     * {@code argv} as {@code user} (see {@link OnBehalfOf#command}), started in {@code dir} (none: the
     * runtime's own directory); {@code who} names the Slurm program in the message when dir cannot be entered.
     */
    public static List<String> of(OnBehalfOf user, Path dir, String who, List<String> argv) throws IOException {
        if (dir == null) {
            return user.command(argv);
        }
        List<String> cmd = new ArrayList<>(List.of("/bin/sh", "-c", IN_DIRECTORY, dir.toString(), who));
        cmd.addAll(argv);
        return user.command(cmd);
    }
}
