package io.plugstack.itest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/plugstack and bin/plugstack-node start the runtime with bin/plugstack-jvm's options: a class-data archive
 * in the home's data/cds, written at a first clean exit and mapped from then on, made anew when the JVM or the
 * launcher's jars change; node options that bound and give back memory; what PLUGSTACK_JAVA_OPTS says wins.
 */
@Timeout(value = 300, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class LaunchScriptsIT {

    @TempDir
    Path dir;
    Path home;

    @BeforeEach
    void aCopyOfTheDistribution() throws IOException {
        home = dir.resolve("home");
        Path dist = PlugstackRuntime.dist();
        for (String sub : new String[] {"bin", "etc", "features", "lib", "system"}) {
            PlugstackRuntime.copyTree(dist.resolve(sub), home.resolve(sub));
        }
        Files.copy(dist.resolve("plugstack.jar"), home.resolve("plugstack.jar"));
    }

    @Test
    void theConsolesFirstCleanExitWritesTheArchiveAndTheNextStartMapsIt() throws Exception {
        String first = console(Map.of(), "echo first\nshutdown\n");
        assertThat(first).contains("first").doesNotContain("[cds");
        assertThat(archives()).singleElement().satisfies(a -> assertThat(a.getFileName().toString()).startsWith("console-"));

        // -Xlog given after the script's own options wins: the JVM then says which archive it mapped
        String second = console(Map.of("PLUGSTACK_JAVA_OPTS", "-Xlog:cds=info"), "echo second\nshutdown\n");
        assertThat(second).contains("second").contains("Opened archive " + archives().get(0));
        assertThat(second).doesNotContain("Unable to use shared archive");
    }

    @Test
    void aChangedLauncherJarMakesANewArchiveInsteadOfAStaleOne() throws Exception {
        console(Map.of(), "shutdown\n");
        Path old = archives().get(0);
        Files.setLastModifiedTime(home.resolve("plugstack.jar"), FileTime.fromMillis(System.currentTimeMillis() + 60_000));

        String out = console(Map.of(), "echo after\nshutdown\n");

        assertThat(out).contains("after").doesNotContain("[cds");
        assertThat(archives()).singleElement().isNotEqualTo(old);
    }

    @Test
    void plugstackCdsOffRunsWithoutAnArchive() throws Exception {
        String out = console(Map.of("PLUGSTACK_CDS", "off"), "echo plain\nshutdown\n");
        assertThat(out).contains("plain");
        assertThat(archives()).isEmpty();
    }

    @Test
    void aNodeDaemonRunsWithC1OnlyABoundedHeapTheSerialCollectorAndFewMallocArenas() throws Exception {
        String opts = jvmOptions("node", Map.of());
        assertThat(opts.split(" ")).contains("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xms16m", "-Xmx256m", "-XX:TrimNativeHeapInterval=5000")
                .anyMatch(o -> o.startsWith("-XX:ArchiveClassesAtExit=" + home.resolve("data/cds/node-")));
        assertThat(opts).contains("MALLOC_ARENA_MAX=2");
    }

    @Test
    void theSitesJavaOptionsComeLastAndMayChooseAnotherCollector() throws Exception {
        String opts = jvmOptions("node", Map.of("PLUGSTACK_JAVA_OPTS", "-XX:+UseG1GC -Xmx1g"));
        assertThat(opts).doesNotContain("-XX:+UseSerialGC").contains("-Xmx256m").contains("-XX:+UseG1GC -Xmx1g");
        assertThat(opts.indexOf("-Xmx1g")).as("the JVM takes the last of two -Xmx").isGreaterThan(opts.indexOf("-Xmx256m"));
    }

    @Test
    void aHomeWhoseDataThisUserCannotWriteRunsWithoutAnArchive() throws Exception {
        Files.createDirectories(home.resolve("data"));
        Files.writeString(home.resolve("data/cds"), "not a directory");
        assertThat(jvmOptions("console", Map.of())).doesNotContain("SharedArchiveFile").doesNotContain("ArchiveClassesAtExit");
    }

    /** bin/plugstack with {@code input} on its stdin; its output, once it has exited 0. */
    private String console(Map<String, String> env, String input) throws Exception {
        ProcessBuilder pb = new ProcessBuilder("sh", home.resolve("bin/plugstack").toString()).redirectErrorStream(true);
        pb.environment().remove("PLUGSTACK_JAVA_OPTS");
        pb.environment().putAll(env);
        Process p = pb.start();
        p.getOutputStream().write(input.getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as(out).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return out;
    }

    /** What bin/plugstack-jvm gives {@code kind}, and MALLOC_ARENA_MAX as it exports it. */
    private String jvmOptions(String kind, Map<String, String> env) throws Exception {
        ProcessBuilder pb = new ProcessBuilder("sh", "-c", ". \"$1/bin/plugstack-jvm\" && plugstack_jvm \"$1\" " + kind
                + " && echo \"$PLUGSTACK_JVM\" && echo \"MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX:-}\"", "sh", home.toString())
                .redirectErrorStream(true);
        pb.environment().remove("PLUGSTACK_JAVA_OPTS");
        pb.environment().remove("MALLOC_ARENA_MAX");
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0).as(out).isTrue();
        List<String> lines = out.lines().toList();
        return kind.equals("node") ? lines.get(0).strip() + " " + lines.get(1) : lines.get(0).strip();
    }

    private List<Path> archives() throws IOException {
        Path cds = home.resolve("data/cds");
        if (!Files.isDirectory(cds)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(cds)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".jsa")).sorted().toList();
        }
    }
}
