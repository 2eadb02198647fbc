package io.plugstack.runtime.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** One runtime per home, between processes: the lock is the OS's, so a killed holder leaves nothing that blocks. */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // a hung child must not hang the build
class HomeLockTest {

    @TempDir
    Path home;

    @Test
    void aHomeAnotherProcessHoldsIsRefusedNamingItsPidUntilThatProcessIsKilled() throws Exception {
        Process holder = holdInAnotherProcess();
        try {
            assertThatThrownBy(() -> HomeLock.acquire(home, home.resolve("data"))).isInstanceOf(HomeInUseException.class)
                    .hasMessage("the home " + home + " is in use by another runtime (pid " + holder.pid() + "): one runtime per home");
        } finally {
            kill(holder); // SIGKILL to exactly that PID: no chance to release anything itself
        }
        assertThat(Files.readString(home.resolve("data/runtime.lock"))).as("the dead holder's PID stays in the file")
                .isEqualTo(holder.pid() + "\n");
        try (HomeLock lock = HomeLock.acquire(home, home.resolve("data"))) {
            assertThat(Files.readString(home.resolve("data/runtime.lock"))).isEqualTo(ProcessHandle.current().pid() + "\n");
        }
    }

    @Test
    void aSecondRuntimeInTheSameJvmIsRefusedAndLeavesTheFirstOnesLockInPlace() throws Exception {
        try (HomeLock first = HomeLock.acquire(home, home.resolve("data"))) {
            assertThatThrownBy(() -> HomeLock.acquire(home, home.resolve("data"))).isInstanceOf(HomeInUseException.class)
                    .hasMessageContaining("(pid " + ProcessHandle.current().pid() + ")");
            // closing a second channel on the file would have dropped the OS lock: another process must still be refused
            Process other = holdInAnotherProcess();
            try {
                assertThat(other.waitFor(30, TimeUnit.SECONDS)).as("the other process is refused at once").isTrue();
                assertThat(other.exitValue()).isNotZero();
                assertThat(new String(other.getErrorStream().readAllBytes(), StandardCharsets.UTF_8))
                        .contains("in use by another runtime (pid " + ProcessHandle.current().pid() + ")");
            } finally {
                kill(other);
            }
        }
        Process after = holdInAnotherProcess();
        try {
            assertThat(after.isAlive()).as("the home is free once the first runtime let it go").isTrue();
        } finally {
            kill(after);
        }
    }

    private static void kill(Process p) throws InterruptedException {
        p.destroyForcibly();
        p.waitFor(30, TimeUnit.SECONDS);
    }

    /** A java process running {@link HomeLockHolder} on this home; returns once it has said "locked" or exited. */
    private Process holdInAnotherProcess() throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), HomeLockHolder.class.getName(), home.toString()).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String first = out.readLine(); // null: it exited (refused)
        if (first != null && !first.equals("locked")) {
            kill(p);
            throw new AssertionError("the lock holder said: " + first);
        }
        return p;
    }
}
