package io.plugstack.runtime.host.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VersionStateFileTest {

    @TempDir
    Path dir;

    @Test
    void noFileMeansNoPinsAndNoHistory() throws Exception {
        VersionStateFile.State s = new VersionStateFile(dir.resolve("data/x.properties")).read();
        assertThat(s.pins()).isEmpty();
        assertThat(s.history()).isEmpty();
    }

    @Test
    void pinsAndHistoryReadBackAsWritten() throws Exception {
        VersionStateFile f = new VersionStateFile(dir.resolve("data").resolve(VersionStateFile.NAME));
        f.write(new VersionStateFile.State(Map.of("io.plugstack.spank.renice", "[1.2.0,1.3.0)", "a.b", "1.0.0"),
                Map.of("io.plugstack.spank.renice", List.of("1.2.0", "1.3.0", "1.2.0"))));
        VersionStateFile.State s = f.read();
        assertThat(s.pins()).containsEntry("io.plugstack.spank.renice", "[1.2.0,1.3.0)").containsEntry("a.b", "1.0.0");
        assertThat(s.history().get("io.plugstack.spank.renice")).containsExactly("1.2.0", "1.3.0", "1.2.0");
    }

    @Test
    void withdrawnVersionsReadBackAsWritten() throws Exception {
        VersionStateFile f = new VersionStateFile(dir.resolve(VersionStateFile.NAME));
        f.write(new VersionStateFile.State(Map.of(), Map.of(), Map.of("io.plugstack.spank.renice", List.of("0.0.1", "0.0.2"))));
        assertThat(f.read().withdrawn()).containsEntry("io.plugstack.spank.renice", List.of("0.0.1", "0.0.2"));
        assertThat(Files.readString(dir.resolve(VersionStateFile.NAME))).contains("withdrawn.io.plugstack.spank.renice=0.0.1,0.0.2\n");
    }

    @Test
    void anUnknownKeyIsAnErrorNamingTheFile() throws Exception {
        Path p = dir.resolve(VersionStateFile.NAME);
        Files.writeString(p, "pinn.x=1.0\n");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new VersionStateFile(p).read())
                .hasMessageContaining(p.toString()).hasMessageContaining("pinn.x");
    }

    @Test
    void theHistoryKeepsTheLastTwentyVersions() {
        List<String> h = List.of();
        for (int i = 0; i < 30; i++) {
            h = VersionStateFile.appended(h, "1.0." + i);
        }
        assertThat(h).hasSize(20).startsWith("1.0.10").endsWith("1.0.29");
    }

    /**
     * A writer process killed with SIGKILL at a random moment, over and over, leaves a file that
     * always reads as one whole state the writer wrote, never a torn one.
     */
    @Test
    void aRuntimeKilledMidWriteLeavesTheOldOrTheNewStateNeverHalfOfOne() throws Exception {
        Path file = dir.resolve(VersionStateFile.NAME);
        String java = ProcessHandle.current().info().command().orElse("java");
        for (int round = 0; round < 12; round++) {
            Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                    VersionStateFileTest.class.getName(), file.toString()).redirectErrorStream(true).start();
            // let it write for a while: the JVM start alone takes ~100 ms
            p.getInputStream().read(); // the writer says it has started writing
            Thread.sleep(ThreadLocalRandom.current().nextInt(1, 60));
            p.destroyForcibly();
            assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
            VersionStateFile.State s = new VersionStateFile(file).read();
            String n = s.pins().get("p");
            assertThat(n).as("round %d", round).isNotNull();
            // every state the writer writes has a full history (20 entries), all equal to its pin
            assertThat(s.history().get("p")).hasSize(20).allMatch(n::equals);
        }
    }

    /** The killed writer: writes numbered states as fast as it can until killed. */
    public static void main(String[] args) throws Exception {
        VersionStateFile f = new VersionStateFile(Path.of(args[0]));
        boolean told = false;
        for (long i = 0;; i++) {
            String v = "1.0." + i;
            List<String> h = List.of();
            for (int k = 0; k < 50; k++) {
                h = VersionStateFile.appended(h, v);
            }
            f.write(new VersionStateFile.State(Map.of("p", v), Map.of("p", h)));
            if (!told) {
                System.out.write('w');
                System.out.flush();
                told = true;
            }
        }
    }
}
