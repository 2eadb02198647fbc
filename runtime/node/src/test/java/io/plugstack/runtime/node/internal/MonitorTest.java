package io.plugstack.runtime.node.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.api.user.OnBehalfOf;
import io.plugstack.api.user.UnixUsers;

/**
 * The root role's monitor, driven through the real C client the user role runs ({@code plugstack-run},
 * built by runtime/bridge before this module): it acts only for the user role, only as a user with a live
 * session, never as root, and a command's stdin, output and exit code travel whole.
 */
@Timeout(60)
class MonitorTest {

    static final Path CLIENT = Path.of(System.getProperty("plugstack.run", "../bridge/target/c/plugstack-run"));
    static final String USER = "plugstackmon";

    @TempDir
    Path dir;
    final LiveSessions live = new LiveSessions();
    final CapturedLog captured = new CapturedLog();
    Monitor monitor;

    @BeforeAll
    static void aTestUser() throws Exception {
        assumeTrue(OnBehalfOf.thisProcess().uid() == 0, "needs root (CI runs as root): the monitor runs commands as another user");
        if (UnixUsers.uidOf(USER).isEmpty()) {
            Process p = new ProcessBuilder("useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", USER).inheritIO().start();
            p.waitFor(60, TimeUnit.SECONDS);
        }
        assertThat(UnixUsers.uidOf(USER)).as("test user " + USER).isPresent();
        assertThat(CLIENT).as("plugstack-run, built by runtime/bridge (make)").isExecutable();
    }

    @AfterEach
    void stop() throws IOException {
        if (monitor != null) {
            monitor.close();
        }
    }

    private UnixUsers.Entry user() {
        return UnixUsers.uidOf(USER).flatMap(UnixUsers::byUid).orElseThrow();
    }

    /** The monitor for a user role running as {@code roleUid}; this test (root) plays that role when roleUid is 0. */
    private void monitorFor(long roleUid) throws IOException {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        monitor = Monitor.start(dir, roleUid, live, captured.log);
    }

    /** plugstack-run as the user role runs it: exit code, stdout, stderr. */
    private String[] run(long uid, long gid, String stdin, String... argv) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(CLIENT.toString(), dir.resolve(Monitor.SOCKET).toString(), Long.toString(uid),
                Long.toString(gid), "--"));
        cmd.addAll(List.of(argv));
        Process p = new ProcessBuilder(cmd).start();
        p.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return new String[] {Integer.toString(p.exitValue()), out, err};
    }

    /**
     * plugstack-run --context as the user role runs it for code serving the user's own command: the context
     * block (PROTOCOL.md, "The monitor": workdir, then NAME=value entries) first on its stdin, then the command's.
     */
    private String[] runIn(long uid, long gid, String workdir, List<String> environment, String stdin, String... argv) throws Exception {
        System.setProperty(OnBehalfOf.MONITOR_CLIENT_PROPERTY, CLIENT.toAbsolutePath().toString()); // the root daemon's --exec
        java.io.ByteArrayOutputStream block = new java.io.ByteArrayOutputStream();
        java.io.DataOutputStream d = new java.io.DataOutputStream(block);
        byte[] dir = workdir.getBytes(StandardCharsets.UTF_8);
        d.writeInt(dir.length);
        d.write(dir);
        d.writeInt(environment.size());
        for (String e : environment) {
            byte[] b = e.getBytes(StandardCharsets.UTF_8);
            d.writeInt(b.length);
            d.write(b);
        }
        List<String> cmd = new ArrayList<>(List.of(CLIENT.toString(), dir().toString(), Long.toString(uid), Long.toString(gid),
                "--context", "--"));
        cmd.addAll(List.of(argv));
        Process p = new ProcessBuilder(cmd).start();
        p.getOutputStream().write(block.toByteArray());
        p.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return new String[] {Integer.toString(p.exitValue()), out, err};
    }

    private Path dir() {
        return dir.resolve(Monitor.SOCKET);
    }

    @Test
    void inTheUsersProcessTheCommandRunsInItsDirectoryWithExactlyItsEnvironment() throws Exception {
        monitorFor(0);
        UnixUsers.Entry u = user();
        live.opened(new RelayedPeer(u.uid(), u.gid()));
        Path work = Files.createDirectory(dir.resolve("work")); // only the user may enter it: entered as the user
        Files.setAttribute(work, "unix:uid", (int) u.uid());
        Files.setPosixFilePermissions(work, PosixFilePermissions.fromString("rwx------"));
        String[] r = runIn(u.uid(), u.gid(), work.toString(), List.of("PROJECT=p1", "PATH=/usr/bin:/bin"), "typed\n",
                "/bin/sh", "-c", "pwd; id -u; printenv PROJECT; printenv HOME || echo no HOME; cat");
        assertThat(r[0]).as(r[2]).isEqualTo("0");
        assertThat(r[1]).isEqualTo(work + "\n" + u.uid() + "\np1\nno HOME\ntyped\n"); // exactly the process's variables: no HOME added
    }

    @Test
    void aWorkingDirectoryTheUserCannotEnterIsNotEnteredForThem() throws Exception {
        monitorFor(0);
        UnixUsers.Entry u = user();
        live.opened(new RelayedPeer(u.uid(), u.gid()));
        Path rootOnly = Files.createDirectory(dir.resolve("rootonly"));
        Files.setPosixFilePermissions(rootOnly, PosixFilePermissions.fromString("rwx------"));
        String[] r = runIn(u.uid(), u.gid(), rootOnly.toString(), List.of(), "", "/bin/pwd");
        assertThat(r[0]).isEqualTo("0");
        assertThat(r[1]).isEqualTo("/\n");
        assertThat(r[2]).isEqualTo("plugstack-run: cannot change directory to " + rootOnly + ": Permission denied; running in /\n");
    }

    @Test
    void aLiveUsersCommandRunsAsThatUserWithItsStdinOutputAndExitCode() throws Exception {
        monitorFor(0);
        UnixUsers.Entry u = user();
        live.opened(new RelayedPeer(u.uid(), u.gid()));
        String[] r = run(u.uid(), u.gid(), "hello\n", "/bin/sh", "-c", "id -u; id -g; cat; echo oops >&2; exit 3");
        assertThat(r[0]).isEqualTo("3");
        assertThat(r[1]).isEqualTo(u.uid() + "\n" + u.gid() + "\nhello\n");
        assertThat(r[2]).isEqualTo("oops\n");
    }

    @Test
    void theCommandRunsInTheRootDirectoryWithTheUsersHomeNotOneTheCallerChose() throws Exception {
        monitorFor(0);
        UnixUsers.Entry u = user();
        live.opened(new RelayedPeer(u.uid(), u.gid()));
        String[] r = run(u.uid(), u.gid(), "", "/bin/sh", "-c", "pwd; echo $HOME $USER");
        assertThat(r[1]).isEqualTo("/\n" + u.home() + " " + u.name() + "\n");
    }

    @Test
    void aUserWithNoLiveSessionIsNeverActedFor() throws Exception {
        monitorFor(0);
        UnixUsers.Entry u = user();
        String[] r = run(u.uid(), u.gid(), "", "/usr/bin/id", "-u");
        assertThat(r[0]).isEqualTo("126");
        assertThat(r[1]).isEmpty();
        assertThat(r[2]).isEqualTo("plugstack-run: uid " + u.uid() + " gid " + u.gid() + " has no session with this node now\n");
        assertThat(captured.lines).anyMatch(l -> l.contains("node: monitor: refused " + u.uid() + " " + u.gid() + ": uid " + u.uid()));
    }

    @Test
    void aUserWhoseSessionEndedIsNoLongerActedFor() throws Exception {
        monitorFor(0);
        UnixUsers.Entry u = user();
        RelayedPeer session = new RelayedPeer(u.uid(), u.gid());
        live.opened(session);
        live.closed(session);
        assertThat(run(u.uid(), u.gid(), "", "/usr/bin/id", "-u")[0]).isEqualTo("126");
    }

    @Test
    void rootIsNeverActedForEvenWithALiveRootSession() throws Exception {
        monitorFor(0);
        live.opened(new RelayedPeer(0, 0));
        String[] r = run(0, 0, "", "/usr/bin/id", "-u");
        assertThat(r[0]).isEqualTo("126");
        assertThat(r[2]).isEqualTo("plugstack-run: never as root\n");
    }

    @Test
    void aPeerThatIsNotTheUserRoleIsRefused() throws Exception {
        monitorFor(user().uid()); // the role is that user; this test runs as root
        UnixUsers.Entry u = user();
        live.opened(new RelayedPeer(u.uid(), u.gid()));
        String[] r = run(u.uid(), u.gid(), "", "/usr/bin/id", "-u");
        assertThat(r[0]).isEqualTo("126");
        assertThat(r[2]).isEqualTo("plugstack-run: peer uid 0 is not the user role (uid " + u.uid() + ")\n");
    }

    @Test
    void theCallersVariablesReachOnlyTheUsersCommandNeverRootsSetpriv() {
        List<String> argv = Monitor.asUser(user().uid(), List.of("/usr/bin/printenv", "FOO"),
                java.util.Map.of("FOO", "bar", "LD_PRELOAD", "/tmp/evil.so", "BAD NAME", "x"));
        // setpriv (root) runs env -i (as the user), which sets them for the command alone
        assertThat(argv.subList(0, 2)).containsExactly(Monitor.ENV, "-i");
        assertThat(argv).contains("FOO=bar", "LD_PRELOAD=/tmp/evil.so", "HOME=" + user().home(), "USER=" + USER)
                .doesNotContain("BAD NAME=x").endsWith("/usr/bin/printenv", "FOO");
    }
}
