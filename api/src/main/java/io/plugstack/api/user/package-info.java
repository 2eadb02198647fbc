/**
 * Acting for a Unix user: the one rule for code that runs with more privilege than the user it works
 * for (a node's runtime runs as root, as slurmd and slurmstepd do). Slurm does such work in a process
 * that has dropped to the user; here {@link io.plugstack.api.user.OnBehalfOf} does the same, so the
 * kernel checks the user's own rights, and {@link io.plugstack.api.user.PrivateDirectory} makes and
 * removes per-job directories without ever following a link a user planted.
 *
 * <h2>Where to start</h2>
 * A plugin that reads or writes a user's files, or runs a command for a user, does it through
 * {@link io.plugstack.api.user.OnBehalfOf#user(long, long)} (a SPANK job's {@code uid()}/{@code gid()})
 * or {@link io.plugstack.api.clifilter.CliOptions#uid()}: never directly, since the plugin's code runs
 * as the runtime's user (root on a node). {@link io.plugstack.api.user.UnixUsers} looks names and ids up
 * in the files database.
 *
 * <p>0.4.0: {@code PrivateDirectory.recordedIn} and its {@code make}/{@code remove} for a job; the static
 * {@code make} and {@code remove} deprecated; {@code OnBehalfOf.MONITOR_CLIENT_PROPERTY} and
 * {@code MONITOR_SOCKET_PROPERTY} (acting for a user from a node daemon's unprivileged role).
 * 0.3.0: {@code UnixUsers.nameOrUid}, {@code UnixUsers.groupNameOrGid}.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.5.0")
package io.plugstack.api.user;
