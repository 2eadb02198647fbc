package io.plugstack.runtime.node.internal;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;

import io.plugstack.api.user.OnBehalfOf;
import io.plugstack.runtime.node.wire.Messages;

/**
 * The user's own process (srun, sbatch, salloc) a session serves: its uid and gid from SO_PEERCRED, its
 * working directory and environment as HELLO or CLI_HELLO sent them (runtime/bridge/PROTOCOL.md, "The
 * user's process"). Those two are what the user could set in their own process anyway; they are used only
 * by code acting with the user's rights.
 */
final class UserProcess {

    private UserProcess() {
    }

    /** The user in {@code workdir} with {@code environment}; a workdir that is null or not an absolute path reads as {@code /}. */
    static OnBehalfOf of(long uid, long gid, String workdir, List<String> environment) {
        Path dir = Path.of("/");
        try {
            if (workdir != null && Path.of(workdir).isAbsolute()) {
                dir = Path.of(workdir);
            }
        } catch (InvalidPathException e) {
            // "/" then: a NUL in it, say
        }
        return OnBehalfOf.user(uid, gid).in(dir, Messages.environment(environment));
    }
}
