package io.plugstack.itest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The bench's sbatch, srun and salloc send job_submit/lua the request real clients send (issue 17):
 * the probe job_submit.lua (test resources, jobdesc-probe) dumps every job_desc field for each command
 * line of cases.tsv, on the bench here, and the dumps are compared field by field with what it dumped on
 * a real Slurm 22.05.8 (jobdesc-probe/real-22.05.8). The only differences allowed are docs/reference.md's: the
 * user (the real run's plugstackit, root here), the submitting host and the work directory.
 */
class JobDescProbeIT extends BenchRuntime {

    private static final String PROBE = "jobdesc-probe/";
    /** The real run's work directory (see real-22.05.8/README.md). */
    private static final String REAL_WORK = "/tmp/jsl-cluster/work";
    /** Identity (who ran the commands) and host: the differences docs/reference.md's job_desc table allows. */
    private static final Set<String> ALLOWED = Set.of("user_id", "group_id", "user_name", "submit_uid", "alloc_node");

    @AfterEach
    void noLuaChain() throws Exception {
        slurmConf("JobSubmitPlugins=");
        runUntil("srun -J after true", String::isEmpty);
    }

    @Test
    void everyJobDescFieldIsWhatARealClientSends() throws Exception {
        Path work = Files.createDirectories(dir.resolve("probe-work"));
        Path script = Files.writeString(work.resolve("script.sh"), "#!/bin/sh\ntrue\n");
        script.toFile().setExecutable(true);
        Path dump = dir.resolve("probe-calls.txt");
        LuaPluginsIT.script("job_submit.lua", resource("job_submit.lua").replace("@DUMP@", dump.toString()));
        slurmConf("JobSubmitPlugins=lua");
        shell.cd(work);
        List<String> differences = new ArrayList<>();
        for (String line : resource("cases.tsv").lines().filter(l -> !l.startsWith("#") && !l.isBlank()).toList()) {
            String[] c = line.split("\t", 2);
            Files.deleteIfExists(dump);
            // the configuration reaches the bench a poll later: the first case waits for the dump
            String out = runUntil(c[1], o -> Files.exists(dump));
            Map<String, String> bench = fields(Files.readString(dump), work.toString());
            Map<String, String> real = fields(resource("real-22.05.8/" + c[0] + ".txt"), REAL_WORK);
            for (Map.Entry<String, String> f : real.entrySet()) {
                String ours = bench.get(f.getKey());
                if (!ALLOWED.contains(f.getKey()) && !f.getValue().equals(ours)) {
                    differences.add(c[0] + " (" + c[1] + "): " + f.getKey() + " real " + f.getValue() + ", bench " + ours
                            + (differences.isEmpty() ? " [output: " + out.strip() + "]" : ""));
                }
            }
        }
        assertThat(differences).isEmpty();
    }

    /** A dump's lines "name\tvalue" (the call's header as submit_uid), the work directory written as &lt;work&gt;. */
    private static Map<String, String> fields(String dump, String workDir) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String l : dump.replace(workDir, "<work>").lines().toList()) {
            if (l.startsWith("=== ")) {
                out.put("submit_uid", l);
            } else {
                String[] kv = l.split("\t", 2);
                out.put(kv[0], kv.length > 1 ? kv[1] : "");
            }
        }
        return out;
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = JobDescProbeIT.class.getClassLoader().getResourceAsStream(PROBE + name)) {
            if (in == null) {
                throw new IOException("no test resource " + PROBE + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
