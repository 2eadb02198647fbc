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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.api.plugin.ReleaseBehaviour;
import io.plugstack.api.plugin.SlurmVersion;

/**
 * What a site's job_submit.lua sees through Plugstack on a real slurmctld is what Slurm's own job_submit/lua
 * shows it (issue 27): the probe script (jobdesc-probe/job_submit.lua, every job_desc field, job_rec's and every
 * part_list field of both partitions, one of them with defaults and limits) runs
 * under Slurm's own job_submit/lua on one real cluster, and under Plugstack's job_submit/lua behind
 * job_submit/plugstack (the C plugin) on another, for every command line of jobdesc-probe/cases.tsv and a
 * job_modify; the dumps must be equal field by field, but for what the transport cannot carry (below).
 */
@Timeout(300)
class RealSlurmJobDescProbeIT {

    private static final Duration T = Duration.ofSeconds(30);
    /**
     * 22.05's job_desc.environment is a proxy that cannot be listed, so neither the shim nor the C plugin
     * sends it (docs/reference.md, "job_submit on a real slurmctld").
     */
    private static final Set<String> NOT_CARRIED = Set.of("environment");
    /** The second partition's keys: a partition with defaults and limits beside debug, which has none. */
    private static final String WITH_DEFAULTS = "DefMemPerCPU=1000 MaxMemPerNode=4000 MaxCPUsPerNode=2 DefaultTime=30 MaxNodes=1"
            + " PriorityJobFactor=5 PriorityTier=2";

    /** GRES requests, on a node with one gpu (cluster.sh's NODE_GRES): not in cases.tsv, whose bench twin has no GRES. */
    private static final String[][] GRES_CASES = {{"sbatch-gres", "sbatch --gres=gpu:1 script.sh"},
        {"sbatch-gpus-per-node", "sbatch --gpus-per-node=1 script.sh"}, {"sbatch-gpus", "sbatch --gpus=1 script.sh"}};

    @TempDir
    static Path dir;
    static SlurmUnderTest under;
    static RealSlurm slurms;
    static ShimCluster plugstack;
    static ProbeDumps dumps;

    @BeforeAll
    static void theProbeUnderSlurmsOwnLuaAndUnderPlugstacks(TestInfo info) throws Exception {
        under = SlurmUnderTest.of(info.getTestClass().orElseThrow());
        int ports = under == SlurmUnderTest.DEBIAN_12 ? 28817 : 12817; // Slurm's own cluster's; Plugstack's is 1000 up
        dumps = ProbeDumps.in(dir);
        slurms = RealSlurm.start(under, dir.resolve("slurms"), Map.of("JOB_SUBMIT_PLUGINS", "lua", "EXTRA_PARTITION", "second",
                "EXTRA_PARTITION_OPTS", WITH_DEFAULTS, "NODE_GRES", "gpu:1"), Map.of("job_submit.lua", probe(dumps.slurms())), ports, ports + 1);
        plugstack = ShimCluster.startJobSubmitPlugin(under, Files.createDirectories(dir.resolve("plugstack")), "JobSubmitPlugins=lua\n",
                Map.of("EXTRA_PARTITION_OPTS", WITH_DEFAULTS, "NODE_GRES", "gpu:1"), ports + 1000, ports + 1001);
        Files.writeString(plugstack.node.home().resolve("etc/job_submit.lua"), probe(dumps.plugstack()));
        for (RealSlurm s : List.of(slurms, plugstack.slurm)) {
            Path script = Files.writeString(s.workDir().resolve("script.sh"), "#!/bin/sh\ntrue\n");
            Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        plugstack.awaitProbe(dumps.plugstack(), "the C plugin");
    }

    @AfterAll
    static void stopTheClusters() throws Exception {
        ShimCluster.closeBoth(slurms, plugstack);
    }

    @Test
    void everyFieldASitesScriptReadsIsWhatSlurmsOwnLuaGivesIt() throws Exception {
        List<String> differences = new ArrayList<>();
        for (String line : resource("cases.tsv").lines().filter(l -> !l.startsWith("#") && !l.isBlank()).toList()) {
            String[] c = line.split("\t", 2);
            String[] argv = c[1].split(" ");
            compare(c[0], () -> submitted(slurms, dumps.slurms(), argv), () -> submitted(plugstack.slurm, dumps.plugstack(), argv), differences);
        }
        for (String[] c : GRES_CASES) {
            String[] argv = c[1].split(" ");
            compare(c[0], () -> submitted(slurms, dumps.slurms(), argv), () -> submitted(plugstack.slurm, dumps.plugstack(), argv), differences);
        }
        compare("modify", () -> modify(slurms), () -> modify(plugstack.slurm), differences);
        assertThat(differences).isEmpty();
    }

    /**
     * GRES_TRES_SLASH_FORM as the release writes it: Slurm's own job_submit/lua reads
     * {@code --gres=gpu:1} as tres_per_node "gres:gpu:1" at 22.05.8 and "gres/gpu:1" at 24.11.5.
     */
    @Test
    void aGresRequestReachesJobDescInTheFormTheReleaseRowSays() throws Exception {
        clear(dumps.slurms());
        slurms.run(T, "sbatch", "-H", "--gres=gpu:1", "script.sh").assertOk();
        String form = ReleaseBehaviour.GRES_TRES_SLASH_FORM.at(SlurmVersion.parse(under.release())) ? "gres/gpu:1" : "gres:gpu:1";
        assertThat(fields(read(dumps.slurms()), slurms.workDir().toString())).containsEntry("tres_per_node", "string \"" + form + "\"");
    }

    /**
     * {@code argv} run on {@code s} until it ends; once job_submit wrote its dump, the job has served its
     * purpose and is cancelled, so a request this 2-CPU node cannot run now (srun -c 2 -n 2) ends at once
     * instead of pending until the time limit (bounded by T).
     */
    private static RealSlurm.Result submitted(RealSlurm s, Path dump, String[] argv) {
        java.util.concurrent.CompletableFuture<RealSlurm.Result> run = java.util.concurrent.CompletableFuture.supplyAsync(() -> s.run(T, argv));
        long end = System.nanoTime() + T.toNanos();
        while (!run.isDone() && System.nanoTime() < end) {
            if (Files.exists(dump)) {
                s.cancelRootsJobs();
            }
            try {
                run.get(200, java.util.concurrent.TimeUnit.MILLISECONDS);
            } catch (java.util.concurrent.TimeoutException e) {
                // still running: look again
            } catch (InterruptedException | java.util.concurrent.ExecutionException e) {
                throw new AssertionError(e);
            }
        }
        return run.join();
    }

    /** A held job, then scontrol update of its comment: slurm_job_modify's dump. */
    private static RealSlurm.Result modify(RealSlurm s) {
        RealSlurm.Result r = s.run(T, "sbatch", "-H", "-J", "to-modify", "--wrap", "true").assertOk();
        String id = r.stdout().strip().replaceAll("\\D+", "");
        clear(s == slurms ? dumps.slurms() : dumps.plugstack());
        return s.run(T, "scontrol", "update", "jobid=" + id, "comment=changed");
    }

    private static void compare(String name, java.util.function.Supplier<RealSlurm.Result> onSlurms,
            java.util.function.Supplier<RealSlurm.Result> onPlugstack, List<String> differences) throws IOException {
        clear(dumps.slurms());
        clear(dumps.plugstack());
        RealSlurm.Result a = onSlurms.get();
        RealSlurm.Result b = onPlugstack.get();
        // the dumps are written at submission: the jobs need not run, and a finished case's jobs must not hold
        // the node's CPUs while the next srun waits for them (18 s on 22.05.8)
        List.of(slurms, plugstack.slurm).forEach(RealSlurm::cancelRootsJobs);
        Map<String, String> theirs = fields(read(dumps.slurms()), slurms.workDir().toString());
        Map<String, String> ours = fields(read(dumps.plugstack()), plugstack.slurm.workDir().toString());
        if (theirs.isEmpty() || ours.isEmpty()) {
            differences.add(name + ": no dump (Slurm's Lua: " + a + "; Plugstack: " + b + ")");
            return;
        }
        for (Map.Entry<String, String> f : theirs.entrySet()) {
            if (!NOT_CARRIED.contains(f.getKey()) && !f.getValue().equals(ours.get(f.getKey()))) {
                differences.add(name + ": " + f.getKey() + " Slurm's Lua " + f.getValue() + ", Plugstack " + ours.get(f.getKey()));
            }
        }
    }

    /** The first call's lines "name\tvalue" of a dump (the call's header as "call"), each cluster's directory as &lt;dir&gt;. */
    private static Map<String, String> fields(String dump, String workDir) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String l : dump.replace(workDir, "<work>").lines().toList()) {
            if (l.startsWith("=== ")) {
                if (out.containsKey("call")) {
                    break;
                }
                out.put("call", l);
            } else {
                String[] kv = l.split("\t", 2);
                out.put(kv[0], kv.length > 1 ? kv[1] : "");
            }
        }
        return out;
    }

    /**
     * The probe for {@link #under}'s Slurm. From 24.11 it does not read job_desc.assoc_qos: Slurm 24.11.5's own
     * job_submit/lua crashes slurmctld reading it in a cluster without accounting (Plugstack's Lua shim
     * never reads it either: docs/reference.md).
     */
    private static String probe(Path dump) throws IOException {
        String probe = resource("job_submit.lua").replace("@DUMP@", dump.toString());
        return under == SlurmUnderTest.DEBIAN_12 ? probe : probe.replace("\"assoc_qos\", ", "");
    }

    private static String read(Path f) throws IOException {
        return Files.exists(f) ? Files.readString(f) : "";
    }

    private static void clear(Path f) {
        try {
            Files.deleteIfExists(f);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = RealSlurmJobDescProbeIT.class.getClassLoader().getResourceAsStream("jobdesc-probe/" + name)) {
            if (in == null) {
                throw new IOException("no test resource jobdesc-probe/" + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
