/**
 * Acting for a Unix user: the one rule for code that runs with more privilege than the user it works
 * for (a node's runtime runs as root, as slurmd and slurmstepd do). Slurm does such work in a process
 * that has dropped to the user; here {@link io.plugstack.api.user.OnBehalfOf} does the same, so the
 * kernel checks the user's own rights, and {@link io.plugstack.api.user.PrivateDirectory} makes and
 * removes per-job directories without ever following a link a user planted.
 * <p>
 * 0.3.0: {@code UnixUsers.nameOrUid}, {@code UnixUsers.groupNameOrGid}.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.3.0")
package io.plugstack.api.user;
