package io.plugstack.itest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Several versions of one plugin side by side: the highest that inits runs unless a pin says
 * otherwise; upgrade and rollback switch new launches and submissions while running jobs keep the
 * version they started with; a version whose init fails never becomes active (issue 5).
 */
class VersionPinningIT extends BenchRuntime {

    /** Deploys version {@code version} of SPANK plugin {@code bsn} (plugin_name {@code name}) built from {@code fixture}. */
    static long deploy(String bsn, String name, String fixture, String version) throws Exception {
        return settled(fixtures.plugin(bsn, fixture).header("Slurm-Plugin-Name", name), version);
    }

    static long settled(FixturePlugins.Spec spec, String version) throws Exception {
        return PluginVersionsView.deploySettled(runtime, shell,
                spec.bundleVersion(version).header("Implementation-Version", version).build());
    }

    static String versions(String plugin) throws Exception {
        return shell.run("plugstack:versions " + plugin);
    }

    /** Waits (bounded) until a line of {@code log} starts with {@code start}; fails naming {@code what}, with the log. */
    static void awaitLine(Path log, String start, String what) throws Exception {
        try {
            PlugstackRuntime.await(() -> {
                try {
                    return lines(log).stream().anyMatch(l -> l.startsWith(start));
                } catch (Exception e) {
                    return false;
                }
            }, what);
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "; " + log.getFileName() + ": " + lines(log), e);
        }
    }

    static String row(String table, String version) {
        return PluginVersionsView.row(table, version);
    }

    @Test
    void twoVersionsRunSideBySideAndTheHighestRunsWithoutAPin() throws Exception {
        deploy("itest.side", "side", "versioned", "1.0.0");
        deploy("itest.side", "side", "versioned", "1.1.0");
        String table = versions("side");
        assertThat(row(table, "1.1.0")).contains("active");
        assertThat(row(table, "1.0.0")).contains("available");
        Path log = dir.resolve("side.log");
        runtime.plugstackConf("required side " + log);
        run("srun true");
        assertThat(lines(log)).allMatch(l -> l.endsWith("version=1.1.0")).isNotEmpty();
    }

    @Test
    void aPlugstackLinePinsTheVersionsItAccepts() throws Exception {
        deploy("itest.confpin", "confpin", "versioned", "1.0.0");
        deploy("itest.confpin", "confpin", "versioned", "2.0.0");
        Path log = dir.resolve("confpin.log");
        runtime.plugstackConf("required confpin@[1.0,2.0) " + log);
        run("srun true");
        assertThat(lines(log)).isNotEmpty().allMatch(l -> l.endsWith("version=1.0.0"));
    }

    @Test
    void aMalformedPinInPlugstackConfNamesFileAndLine() throws Exception {
        runtime.plugstackConf("required renice@[1.0 ");
        String out = run("srun true");
        assertThat(out).contains("bad version pin '[1.0'").contains("plugstack.conf:1").contains("exit code");
    }

    @Test
    void aVersionDeployedOutsideThePinIsAvailableButDoesNotRun() throws Exception {
        deploy("itest.outpin", "outpin", "versioned", "1.0.0");
        assertThat(shell.run("plugstack:pin outpin '[1.0,2.0)'")).contains("version 1.0.0 runs");
        deploy("itest.outpin", "outpin", "versioned", "2.0.0");
        String table = versions("outpin");
        assertThat(row(table, "2.0.0")).contains("outside pin").contains("[1.0.0,2.0.0)");
        assertThat(row(table, "1.0.0")).contains("active");
        assertThat(shell.run("plugstack:plugins")).containsPattern("outpin\\s+25.11.0\\s+2.0.0\\s+ACTIVE\\s+AVAILABLE");
        Path log = dir.resolve("outpin.log");
        runtime.plugstackConf("required outpin " + log);
        run("srun true");
        assertThat(lines(log)).isNotEmpty().allMatch(l -> l.endsWith("version=1.0.0"));
    }

    @Test
    void anUpgradeSwitchesNewLaunchesWhileARunningJobFinishesWithItsVersion() throws Exception {
        deploy("itest.flight", "flight", "versioned", "1.0.0");
        shell.run("plugstack:pin flight 1.0.0");
        deploy("itest.flight", "flight", "versioned", "2.0.0");
        Path log = dir.resolve("flight.log");
        runtime.plugstackConf("required flight " + log);
        Path script = dir.resolve("slow.sh");
        java.nio.file.Files.writeString(script, "#!/bin/sh\nsleep 2\n");
        String submitted = run("sbatch " + script);
        long midFlight = Long.parseLong(submitted.replaceAll("\\D+", " ").trim().split(" ")[0]);
        awaitLine(log, "init remote job=" + midFlight + " version=1.0.0", "the batch job to start with version 1.0.0");
        assertThat(row(versions("flight"), "1.0.0")).containsPattern("active\\s+1\\.0\\.0\\s+required\\s+1$"); // in use by the running job

        assertThat(shell.run("plugstack:upgrade flight")).contains("upgrade to 2.0.0 (was 1.0.0");
        run("srun true");
        awaitJob(midFlight, l -> l.isEmpty() || l.contains("COMPLETED"));
        awaitLine(log, "exit remote job=" + midFlight, "the batch job to end");
        List<String> lines = lines(log);
        assertThat(lines).contains("exit remote job=" + midFlight + " version=1.0.0");
        assertThat(lines.stream().filter(l -> l.contains(" local ")).toList()).isNotEmpty()
                .allMatch(l -> l.endsWith("version=2.0.0"));
    }

    @Test
    void aJobRunsTheVersionsItWasSubmittedWithInEveryStackThroughItsEpilogAcrossAnUpgrade() throws Exception {
        deploy("itest.jobver", "jobver", "sessionversion", "1.0.0");
        shell.run("plugstack:pin jobver 1.0.0");
        deploy("itest.jobver", "jobver", "sessionversion", "2.0.0");
        Path log = dir.resolve("jobver.log");
        runtime.plugstackConf("required jobver " + log);
        run("scontrol restart slurmd"); // slurmd decides at its start whether prolog/epilog reach the stack
        Path script = dir.resolve("later-step.sh");
        java.nio.file.Files.writeString(script, "#!/bin/sh\nsleep 2\nsrun true\n"); // a step that starts after the upgrade
        long job = Long.parseLong(run("sbatch " + script).replaceAll("\\D+", " ").trim().split(" ")[0]);
        awaitLine(log, "init remote job=" + job + " ", "the batch job to start");

        assertThat(shell.run("plugstack:upgrade jobver")).contains("upgrade to 2.0.0 (was 1.0.0");
        awaitJob(job, l -> l.isEmpty() || l.contains("COMPLETED"));
        awaitLine(log, "job_epilog job_script job=" + job + " ", "the batch job's epilog");
        run("srun true");

        // a session (one process's stack) belongs to the job when one of its lines names it
        java.util.Map<String, List<String>> sessions = lines(log).stream()
                .collect(java.util.stream.Collectors.groupingBy(l -> l.replaceAll(".* session=(\\S+) .*", "$1")));
        List<List<String>> ofTheJob = sessions.values().stream().filter(ls -> ls.stream().anyMatch(l -> l.contains(" job=" + job + " ")))
                .toList();
        assertThat(ofTheJob.stream().map(ls -> ls.get(0).replaceAll(" job=.*", "")).toList()).as("log: %s", lines(log))
                .contains("job_prolog job_script", "init remote", "job_epilog job_script").hasSize(4); // 2 steps: batch, srun
        assertThat(ofTheJob).allSatisfy(ls -> assertThat(ls).allMatch(l -> l.endsWith("version=1.0.0")));
        // the srun in the batch script (its local stack knows no job id in its init), then the new job's srun
        assertThat(lines(log)).filteredOn(l -> l.startsWith("init local ")).extracting(l -> l.replaceAll(".* version=", ""))
                .containsExactly("1.0.0", "2.0.0");
    }

    @Test
    void aJobWhoseVersionIsUndeployedHereGoesOnWithTheVersionNewJobsGet() throws Exception {
        deploy("itest.withdrawn", "withdrawn", "sessionversion", "1.0.0");
        long v2 = deploy("itest.withdrawn", "withdrawn", "sessionversion", "2.0.0");
        Path log = dir.resolve("withdrawn.log");
        runtime.plugstackConf("required withdrawn " + log);
        run("scontrol restart slurmd"); // slurmd decides at its start whether prolog/epilog reach the stack
        Path script = dir.resolve("withdrawn.sh");
        java.nio.file.Files.writeString(script, "#!/bin/sh\nsleep 2\nsrun true\n"); // a step that starts after the undeploy
        long job = Long.parseLong(run("sbatch " + script).replaceAll("\\D+", " ").trim().split(" ")[0]);
        awaitLine(log, "init remote job=" + job + " ", "the batch job to start");
        assertThat(lines(log)).filteredOn(l -> l.startsWith("init remote job=" + job + " ")).allMatch(l -> l.endsWith("version=2.0.0"));

        shell.run("plugstack:undeploy " + v2); // the admin withdraws 2.0.0 while the job runs

        assertThat(awaitJob(job, l -> l.isEmpty() || !l.contains("RUNNING"))).as("log: %s", lines(log)).doesNotContain("FAILED");
        awaitLine(log, "job_epilog job_script job=" + job + " ", "the batch job's epilog");
        assertThat(lines(log)).filteredOn(l -> l.startsWith("job_epilog job_script job=" + job + " ")).allMatch(l -> l.endsWith("version=1.0.0"));
    }

    @Test
    void aVersionWhoseInitFailsNeverBecomesActiveAndThePreviousStays() throws Exception {
        deploy("itest.broken", "broken", "versioned", "1.0.0");
        // the new version is unpinned and higher, but its init() fails: 1.0.0 keeps running
        deploy("itest.broken", "broken", "failinit", "2.0.0");
        String table = versions("broken");
        assertThat(row(table, "2.0.0")).contains("init failed");
        assertThat(row(table, "1.0.0")).contains("active");
        assertThatThrownBy(() -> shell.run("plugstack:upgrade broken 2.0.0"))
                .hasMessageContaining("refused").hasMessageContaining("init() returned -1")
                .hasMessageContaining("1.0.0 stays active");
        Path log = dir.resolve("broken.log");
        runtime.plugstackConf("required broken " + log);
        run("srun true");
        assertThat(lines(log)).isNotEmpty().allMatch(l -> l.endsWith("version=1.0.0"));
    }

    @Test
    void rollbackReturnsToTheVersionThatRanBefore() throws Exception {
        deploy("itest.back", "back", "versioned", "1.0.0");
        deploy("itest.back", "back", "versioned", "1.5.0");
        assertThat(row(versions("back"), "1.5.0")).contains("active");
        assertThat(shell.run("plugstack:rollback back")).contains("rollback to 1.0.0 (was 1.5.0");
        assertThat(row(versions("back"), "1.0.0")).contains("active").contains("1.0.0  ");
        Path log = dir.resolve("back.log");
        runtime.plugstackConf("required back " + log);
        run("srun true");
        assertThat(lines(log)).isNotEmpty().allMatch(l -> l.endsWith("version=1.0.0"));
        assertThat(shell.run("plugstack:upgrade back")).contains("upgrade to 1.5.0");
    }

    @Test
    void jobSubmitPluginsPinsAVersionOfAJobSubmitPlugin() throws Exception {
        for (String v : List.of("1.0.0", "2.0.0")) {
            settled(fixtures.plugin("itest.jsversion", "jsversion").header("Slurm-Plugin-Type", "job_submit/jsversion")
                    .header("Slurm-Plugin-Name", "jsversion"), v);
        }
        runtime.plugstackConf("# empty");
        slurmConf("JobSubmitPlugins=jsversion");
        assertThat(runUntil("srun true", o -> o.contains("jsversion"))).contains("jsversion 2.0.0");
        slurmConf("JobSubmitPlugins=jsversion@[1.0,2.0)");
        assertThat(runUntil("srun true", o -> o.contains("jsversion 1.0.0"))).contains("jsversion 1.0.0");
        slurmConf("JobSubmitPlugins=");
        runUntil("srun true", o -> !o.contains("jsversion"));
    }

    @Test
    void slurmdKeepsTheVersionItStartedWithUntilItRestarts() throws Exception {
        deploy("itest.daemon", "daemon", "versioned", "1.0.0");
        Path log = dir.resolve("daemon.log");
        runtime.plugstackConf("required daemon " + log);
        run("scontrol restart slurmd");
        run("srun true");
        assertThat(lines(log)).contains("init slurmd job=- version=1.0.0");

        deploy("itest.daemon", "daemon", "versioned", "2.0.0"); // unpinned and higher: new launches get it
        run("srun true");
        assertThat(lines(log)).filteredOn(l -> l.contains(" local ")).last().asString().endsWith("version=2.0.0");
        assertThat(lines(log)).filteredOn(l -> l.contains(" slurmd ")).containsExactly("init slurmd job=- version=1.0.0");

        run("scontrol restart slurmd");
        assertThat(lines(log)).filteredOn(l -> l.contains(" slurmd ")).last().asString().isEqualTo("init slurmd job=- version=2.0.0");
    }
}
