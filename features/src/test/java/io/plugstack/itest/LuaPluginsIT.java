package io.plugstack.itest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * job_submit/lua and cli_filter/lua in the real runtime: the Lua layer bundle extracts and loads liblua
 * inside Felix, the scripts in etc/ are picked up by mtime, and what they say reaches the commands.
 */
class LuaPluginsIT extends BenchRuntime {

    /** test7.20's reject.lua, as the spec describes it. */
    static final String REJECT = "function slurm_job_submit(job_desc, part_list, submit_uid)\n"
            + "  if job_desc.name == 'test7.20' then\n"
            + "    slurm.log_user('submit1') slurm.log_user('submit2') slurm.log_user('submit3')\n"
            + "    if job_desc.comment ~= 'PASS' then return slurm.ERROR end\n"
            + "  end\n  return slurm.SUCCESS\nend\n"
            + "function slurm_job_modify(job_desc, job_rec, part_list, modify_uid) return slurm.SUCCESS end\n";

    @AfterEach
    void noLuaChain() throws Exception {
        slurmConf("JobSubmitPlugins=", "CliFilterPlugins=");
        runUntil("srun -J after true", String::isEmpty);
    }

    /** Writes etc/{@code name} with an mtime later than anything loaded so far (reload is by whole seconds). */
    static void script(String name, String lua) throws Exception {
        Path file = runtime.home().resolve("etc").resolve(name);
        FileTime before = Files.getLastModifiedTime(file);
        Files.writeString(file, lua);
        Files.setLastModifiedTime(file, FileTime.fromMillis(Math.max(before.toMillis(), System.currentTimeMillis()) + 2000));
    }

    @Test
    void jobSubmitLuaRejectsAndItsLinesReachSbatchAsErrors() throws Exception {
        script("job_submit.lua", REJECT);
        slurmConf("JobSubmitPlugins=lua");
        Path job = Files.writeString(dir.resolve("lua720.sh"), "#!/bin/sh\ntrue\n");
        String out = runUntil("sbatch -J test7.20 " + job, o -> o.contains("submit1"));
        assertThat(out).contains("sbatch: error: submit1").contains("sbatch: error: submit2").contains("sbatch: error: submit3");
    }

    @Test
    void jobSubmitLuaAcceptsAndItsLinesAreInfo() throws Exception {
        script("job_submit.lua", REJECT);
        slurmConf("JobSubmitPlugins=lua");
        Path job = Files.writeString(dir.resolve("lua720p.sh"), "#!/bin/sh\ntrue\n");
        String out = runUntil("sbatch -J test7.20 --comment PASS -o " + dir.resolve("p.out") + " " + job,
                o -> o.contains("submit1")); // the configuration reaches the bench a poll later
        assertThat(out).contains("sbatch: submit1").doesNotContain("error: submit1").contains("Submitted batch job");
    }

    @Test
    void cliFilterLuaPreSubmitFailureStopsTheCommand() throws Exception {
        script("cli_filter.lua", "function slurm_cli_setup_defaults(o) return 0 end\n"
                + "function slurm_cli_pre_submit(o, off) if o.type == 'srun' and o['job-name'] == 'nolua' then"
                + " slurm.log_error('no') return slurm.ERROR end return 0 end\n"
                + "function slurm_cli_post_submit() return slurm.SUCCESS end\n");
        slurmConf("CliFilterPlugins=lua");
        // the configuration reaches the cli_filter host a poll later, and cli_filter/lua restarts on it meanwhile
        assertThat(runUntil("srun -J nolua true", o -> o.contains("terminated with error")))
                .contains("srun: error: cli_filter plugin terminated with error");
        assertThat(run("srun -J yeslua echo ok")).isEqualTo("ok\n");
    }

    @Test
    void cliFilterReadsArgvAsSlurmsOwnLuaGivesIt() throws Exception {
        Path work = Files.createDirectories(dir.resolve("argv-work"));
        Files.writeString(work.resolve("script.sh"), "#!/bin/sh\ntrue\n").toFile().setExecutable(true);
        Path dump = dir.resolve("argv-probe.txt");
        String probe;
        try (java.io.InputStream in = LuaPluginsIT.class.getClassLoader().getResourceAsStream("clifilter-probe/cli_filter.lua")) {
            probe = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        script("cli_filter.lua", probe.replace("@DUMP@", dump.toString()));
        slurmConf("CliFilterPlugins=lua");
        shell.cd(work);
        java.util.List<String> differences = new java.util.ArrayList<>();
        for (CliFilterArgv.Row row : CliFilterArgv.ROWS) {
            Files.deleteIfExists(dump);
            String out = runUntil(row.commandLine(), o -> Files.exists(dump)); // the configuration arrives a poll later
            java.util.List<String> seen = CliFilterArgv.argvLines(CliFilterArgv.withWork(Files.readString(dump), work.toString()));
            if (!seen.equals(java.util.List.of(row.argv(), row.json()))) {
                differences.add(row.commandLine() + ": " + seen + " [" + out.strip() + "]");
            }
        }
        assertThat(differences).isEmpty();
    }
}
