package io.plugstack.itest.realslurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a site's cli_filter.lua reads in the real srun, sbatch and salloc is what Slurm's own cli_filter/lua
 * gives it (issue 27): the probe (clifilter-probe/cli_filter.lua: the options at every hook) runs under
 * Slurm's own cli_filter/lua on one real cluster and under Plugstack's cli_filter/lua behind the shim on
 * another, for every command line of jobdesc-probe/cases.tsv; the dumps must be equal line by line, but for
 * options the command did not set (below).
 */
@Timeout(300)
class RealSlurmCliFilterProbeIT {

    private static final Duration T = Duration.ofSeconds(30);

    @TempDir
    static Path dir;
    static RealSlurm slurms;
    static ShimCluster plugstack;
    static ProbeDumps dumps;

    @BeforeAll
    static void theProbeUnderSlurmsOwnLuaAndUnderPlugstacks() throws Exception {
        dumps = ProbeDumps.in(dir);
        slurms = RealSlurm.start(dir.resolve("slurms"), Map.of("CLI_FILTER_PLUGINS", "lua"), Map.of("cli_filter.lua", probe(dumps.slurms())),
                31817, 31818);
        plugstack = ShimCluster.start(Files.createDirectories(dir.resolve("plugstack")), "CliFilterPlugins=lua\n", "CLI_FILTER_PLUGINS",
                "cli_filter.lua", "user.sock", 22817, 22818);
        Files.writeString(plugstack.node.home().resolve("etc/cli_filter.lua"), probe(dumps.plugstack()));
        for (RealSlurm s : List.of(slurms, plugstack.slurm)) {
            Path script = Files.writeString(s.workDir().resolve("script.sh"), "#!/bin/sh\ntrue\n");
            Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        plugstack.awaitProbe(dumps.plugstack(), "the shim");
    }

    @AfterAll
    static void stopTheClusters() throws Exception {
        ShimCluster.closeBoth(slurms, plugstack);
    }

    /**
     * Every option at every hook, set or not: an option the command did not set reads Slurm's default text ("unset",
     * "Unknown", "-2") in Plugstack's Lua too, since the shim sends every option's text (issue 27).
     */
    @Test
    void everyOptionASitesScriptReadsIsWhatSlurmsOwnLuaGivesIt() throws Exception {
        List<String> differences = new ArrayList<>();
        for (String line : resource("jobdesc-probe/cases.tsv").lines().filter(l -> !l.startsWith("#") && !l.isBlank()).toList()) {
            String[] c = line.split("\t", 2);
            String[] argv = c[1].split(" ");
            Files.deleteIfExists(dumps.slurms());
            Files.deleteIfExists(dumps.plugstack());
            RealSlurm.Result a = slurms.run(T, argv);
            RealSlurm.Result b = plugstack.slurm.run(T, argv);
            // a case's jobs must not hold the CPUs the next srun waits for
            List.of(slurms, plugstack.slurm).forEach(RealSlurm::cancelRootsJobs);
            List<String> theirs = lines(dumps.slurms(), slurms.workDir());
            List<String> ours = lines(dumps.plugstack(), plugstack.slurm.workDir());
            if (theirs.isEmpty()) {
                differences.add(c[0] + ": no dump from Slurm's own cli_filter/lua: " + a);
                continue;
            }
            for (int i = 0; i < Math.max(theirs.size(), ours.size()); i++) {
                String t = i < theirs.size() ? theirs.get(i) : "(none)";
                String o = i < ours.size() ? ours.get(i) : "(none)";
                if (!t.equals(o)) {
                    differences.add(c[0] + ": Slurm's Lua \"" + t + "\", Plugstack \"" + o + "\"" + (differences.isEmpty() ? " [" + b + "]" : ""));
                }
            }
        }
        assertThat(differences).isEmpty();
    }

    /** The bench is held to the same rows (LuaPluginsIT). */
    @Test
    void theArgvASitesScriptReadsIsCliFilterArgvsRows() throws Exception {
        List<String> differences = new ArrayList<>();
        for (io.plugstack.itest.CliFilterArgv.Row row : io.plugstack.itest.CliFilterArgv.ROWS) {
            Files.deleteIfExists(dumps.slurms());
            RealSlurm.Result r = slurms.run(T, row.commandLine().split(" "));
            String dump = Files.exists(dumps.slurms()) ? Files.readString(dumps.slurms()) : "";
            List<String> seen = io.plugstack.itest.CliFilterArgv.argvLines(
                    io.plugstack.itest.CliFilterArgv.withWork(dump, slurms.workDir().toString()));
            if (!seen.equals(List.of(row.argv(), row.json()))) {
                differences.add(row.commandLine() + ": " + seen + " [" + r + "]");
            }
        }
        assertThat(differences).isEmpty();
    }

    private static List<String> lines(Path dump, Path workDir) throws IOException {
        return Files.exists(dump) ? io.plugstack.itest.CliFilterArgv.withWork(Files.readString(dump), workDir.toString()).lines().toList() : List.of();
    }

    private static String probe(Path dump) throws IOException {
        return resource("clifilter-probe/cli_filter.lua").replace("@DUMP@", dump.toString());
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = RealSlurmCliFilterProbeIT.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException("no test resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
