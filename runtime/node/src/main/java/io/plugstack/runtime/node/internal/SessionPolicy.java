package io.plugstack.runtime.node.internal;

import java.util.Optional;

import io.plugstack.api.spank.SpankContext;

/**
 * Who may open which session, one row per context: the submitting side (srun, sbatch, salloc: local
 * and allocator) runs as any user and gets a session tagged with that user's uid, through the
 * world-writable user socket; the node side (slurmstepd: remote and job_script; slurmd) runs as root
 * and is served only to root, through the root-only socket. The peer is known by SO_PEERCRED, never
 * by what it says.
 */
final class SessionPolicy {

    /**
     * The node's sockets: user.sock and root.sock, and the user role's role.sock, whose peers are
     * user.sock's as the root role relays them (user-side sessions only, whatever their uid).
     */
    enum Socket { USER, ROOT, ROLE }

    private SessionPolicy() {
    }

    /** Why {@code peerUid} may not open a {@code context} session on {@code socket}; empty when it may. */
    static Optional<String> refusal(SpankContext context, Socket socket, long peerUid) {
        return switch (context) {
            case LOCAL, ALLOCATOR -> Optional.empty();
            case REMOTE, JOB_SCRIPT, SLURMD -> socket == Socket.ROOT && peerUid == 0 ? Optional.empty()
                    : Optional.of("uid " + peerUid + " may not open a " + context.slurmName() + " session (root only, on the root socket)");
            case ERROR -> Optional.of("no session in context " + context.slurmName());
        };
    }
}
