package io.plugstack.runtime.bench.client;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import io.plugstack.runtime.bench.controller.Job;
import io.plugstack.runtime.bench.controller.JobState;

/** scontrol show job|partition|node|config in Slurm's key=value layout, and its messages for bad arguments. */
class ScontrolTest {

    private final QueryFixture f = new QueryFixture();
    private int restarts;

    private QueryFixture.Output scontrol(String... args) {
        return QueryFixture.run((a, io) -> Scontrol.run(f.cluster, a, io, () -> restarts++), args);
    }

    @Test
    void showJobListsTheJobsKeysInSlurmsOrderWithItsExitCodeAndRestarts() {
        Job j = f.submit("job.sh", "long", 2, 0);
        f.controller.state(j, JobState.RUNNING);
        f.controller.finish(j, JobState.FAILED, 3, "");
        String out = scontrol("show", "job", String.valueOf(j.id)).out();
        assertThat(out).startsWith("JobId=1 JobName=job.sh\n   UserId=root(0) GroupId=root(0) MCS_label=N/A\n"
                + "   Priority=4294901759 Nice=0 Account=(null) QOS=(null)\n");
        assertThat(out.lines().map(String::strip).toList()).containsSubsequence(
                "JobState=FAILED Reason=None Dependency=(null)",
                "Requeue=1 Restarts=0 BatchFlag=1 Reboot=0 ExitCode=3:0",
                "Partition=long",
                "ReqNodeList=(null) ExcNodeList=(null)",
                "NodeList=node1",
                "BatchHost=node1",
                "NumNodes=1 NumCPUs=2 NumTasks=2 CPUs/Task=1 ReqB:S:C:T=0:0:*:*",
                "Socks/Node=* NtasksPerN:B:S:C=0:0:*:* CoreSpec=*",
                "MinCPUsNode=1 MinMemoryNode=0 MinTmpDiskNode=0",
                "Features=(null) DelayBoot=00:00:00",
                "OverSubscribe=OK Contiguous=0 Licenses=(null) Network=(null)",
                "Command=/work/job.sh",
                "WorkDir=/work",
                "StdErr=/work/slurm-1.out",
                "StdIn=/dev/null",
                "StdOut=/work/slurm-1.out",
                "Power=");
        assertThat(out).containsPattern("RunTime=00:00:0\\d TimeLimit=01:00:00 TimeMin=N/A\n");
    }

    /** job_info.c's optional lines after Power=: the TRES a job asked for, in its order (no real 22.05 here has GRES). */
    @Test
    void showJobListsTheTresTheJobAskedForAfterPower() {
        Job j = f.submit("job.sh", null, 1, 0, d -> {
            d.setString(io.plugstack.api.jobsubmit.JobDescField.TRES_PER_TASK, "gres:gpu:1");
            d.setString(io.plugstack.api.jobsubmit.JobDescField.TRES_PER_NODE, "gres:gpu:2");
        });
        String out = scontrol("show", "job", String.valueOf(j.id)).out();
        assertThat(out).contains("   Power=\n   TresPerNode=gres:gpu:2\n   TresPerTask=gres:gpu:1\n");
    }

    @Test
    void showJobWithoutAnIdListsEveryJobAndAnUnknownIdIsSlurmsError() {
        f.submit("a", null, 0, 0);
        f.submit("b", null, 0, 0);
        assertThat(scontrol("show", "jobs").out()).contains("JobId=1 JobName=a\n").contains("\nJobId=2 JobName=b\n");
        assertThat(scontrol("show", "job", "9")).isEqualTo(new QueryFixture.Output("", "slurm_load_jobs error: Invalid job id specified\n", 1));
    }

    @Test
    void showPartitionGivesItsLimitsInSlurmsWords() {
        assertThat(scontrol("show", "partition", "long").out()).isEqualTo("PartitionName=long\n"
                + "   AllowGroups=ALL AllowAccounts=ALL AllowQos=ALL\n"
                + "   Default=NO QoS=N/A\n"
                + "   DefaultTime=01:00:00\n"
                + "   MaxNodes=UNLIMITED MaxTime=2-00:00:00 MinNodes=0\n"
                + "   Nodes=node1\n"
                + "   PriorityJobFactor=1 PriorityTier=1 RootOnly=NO\n"
                + "   State=UP TotalCPUs=2 TotalNodes=1\n"
                + "   DefMemPerNode=UNLIMITED MaxMemPerNode=UNLIMITED\n");
        assertThat(scontrol("show", "partition", "nope").err()).isEqualTo("Partition nope not found\n");
    }

    @Test
    void showReservationPrintsSlurmsFiveLinesAndSaysWhenThereIsNone() {
        assertThat(scontrol("show", "reservation")).isEqualTo(new QueryFixture.Output("No reservations in the system\n", "", 0));
        long now = System.currentTimeMillis() / 1000;
        f.controller.reservations(() -> java.util.List.of(new io.plugstack.api.jobsubmit.Reservation("maint", now - 60, now + 86400 - 60,
                24 * 60, "node1", 1, 2, null, null, 0x8001, java.util.List.of("root"), java.util.List.of(), null)));
        String out = scontrol("show", "reservation", "maint").out();
        assertThat(out).matches("ReservationName=maint StartTime=\\S+ EndTime=\\S+ Duration=1-00:00:00\n"
                + "   Nodes=node1 NodeCnt=1 CoreCnt=2 Features=\\(null\\) PartitionName=\\(null\\) Flags=MAINT,SPEC_NODES\n"
                + "   TRES=cpu=2\n"
                + "   Users=root Groups=\\(null\\) Accounts=\\(null\\) Licenses=\\(null\\) State=ACTIVE BurstBuffer=\\(null\\)\n"
                + "   MaxStartDelay=\\(null\\)\n");
        assertThat(scontrol("show", "reservation", "nope")).isEqualTo(new QueryFixture.Output("Reservation nope not found\n", "", 1));
    }

    @Test
    void updateSendsTheRequestWithoutAUserIdAsRealScontrolDoes() {
        java.util.List<io.plugstack.api.jobsubmit.JobDescriptor> seen = new java.util.ArrayList<>();
        io.plugstack.runtime.jobsubmit.JobSubmitChain recording = new io.plugstack.runtime.jobsubmit.JobSubmitChain() {
            @Override
            public Result submit(io.plugstack.api.jobsubmit.JobDescriptor desc, long submitUid) {
                return new Result(0, java.util.Optional.empty(), "");
            }

            @Override
            public Result modify(io.plugstack.api.jobsubmit.JobDescriptor desc, io.plugstack.api.jobsubmit.JobRecord current, long uid) {
                seen.add(desc);
                return new Result(0, java.util.Optional.empty(), "");
            }

            @Override
            public java.util.List<io.plugstack.runtime.host.catalog.PluginPin> configured() {
                return java.util.List.of();
            }
        };
        io.plugstack.runtime.bench.controller.Controller ctl = new io.plugstack.runtime.bench.controller.Controller("node1", 2,
                recording, () -> QueryFixture.PARTITIONS, io.plugstack.runtime.bench.controller.JobIds.inMemory());
        Cluster cluster = new Cluster(null, io.plugstack.api.plugin.SlurmVersion.parse("22.05.8"), null, ctl, null,
                env -> java.util.Map.of(), new Foreground());
        io.plugstack.api.jobsubmit.JobDescriptor d = new io.plugstack.api.jobsubmit.JobDescriptor();
        d.setNumber(io.plugstack.api.jobsubmit.JobDescField.USER_ID, 0);
        long id = ctl.submit(new io.plugstack.runtime.bench.controller.SubmitRequest(java.util.List.of(d), "sbatch",
                new io.plugstack.runtime.spank.conf.PlugstackConf.Result(java.util.List.of(), java.util.Optional.empty()),
                java.util.Map.of())).jobs().get(0).id;
        assertThat(QueryFixture.run((a, io) -> Scontrol.run(cluster, a, io, () -> { }), "update", "JobId=" + id, "TimeLimit=5").rc())
                .isZero();
        assertThat(seen).singleElement().satisfies(r -> assertThat(r.isSet(io.plugstack.api.jobsubmit.JobDescField.USER_ID)).isFalse());
    }

    @Test
    void showNodeGivesItsStateCpusAndDrainReason() {
        f.controller.drain("spank: job_epilog failed for job 4");
        String out = scontrol("show", "node").out();
        assertThat(out).startsWith("NodeName=node1\n   CPUAlloc=0 CPUTot=2\n   State=IDLE+DRAIN\n   Partitions=debug,long\n");
        assertThat(out).containsPattern("\n   Reason=spank: job_epilog failed for job 4 \\[root@\\d{4}-\\d\\d-\\d\\dT[\\d:]{8}\\]\n");
        assertThat(scontrol("show", "node", "node9").err()).isEqualTo("Node node9 not found\n");
    }

    @Test
    void showConfigListsTheKeysTheBenchKnowsSortedAndAligned() {
        String out = scontrol("show", "config").out();
        assertThat(out).startsWith("Configuration data as of ");
        assertThat(out.lines().skip(1)).containsExactly(
                "CliFilterPlugins        = (null)",
                "ClusterName             = cluster",
                "JobSubmitPlugins        = (null)",
                "MinJobAge               = 300 sec",
                "SLURM_VERSION           = 22.05.8");
    }

    @Test
    void updateNodeDrainsWithAReasonAndResumes() {
        assertThat(scontrol("update", "NodeName=node1", "State=DRAIN").err())
                .isEqualTo("You must specify a reason when DOWNING or DRAINING a node. Request denied\n");
        assertThat(scontrol("update", "nodename=node1", "state=drain", "reason=maintenance").rc()).isZero();
        assertThat(f.controller.nodeInfo().reason()).isEqualTo("maintenance");
        assertThat(scontrol("update", "NodeName=node1", "State=RESUME").rc()).isZero();
        assertThat(f.controller.drained()).isFalse();
    }

    @Test
    void restartSlurmdIsTheBenchsOwnAction() {
        assertThat(scontrol("restart", "slurmd").out()).startsWith("slurmd restarted");
        assertThat(restarts).isEqualTo(1);
    }

    @Test
    void badArgumentsGetScontrolsOwnMessages() {
        assertThat(scontrol("bogus").err()).isEqualTo("invalid keyword: bogus\n");
        assertThat(scontrol("show").err()).isEqualTo("too few arguments for keyword:show\n");
        assertThat(scontrol("show", "bogus").err()).isEqualTo("invalid entity:bogus for keyword:show \n");
        assertThat(scontrol("show", "job", "abc").err()).isEqualTo("scontrol_print_job error: Invalid job id specified\n");
        assertThat(scontrol("update", "Foo=1").err()).startsWith("No valid entity in update command\n");
    }

    @Test
    void anUpdateRefusalPrintsSlurmsTextForTheJob() {
        Job j = f.submit("job.sh", null, 0, 0);
        f.controller.finish(j, JobState.COMPLETED, 0, "");
        assertThat(scontrol("update", "JobId=" + j.id, "Comment=late"))
                .isEqualTo(new QueryFixture.Output("", "Job has already finished for job " + j.id + "\n", 1));
        assertThat(scontrol("update", "JobId=99", "Comment=x").err()).isEqualTo("Invalid job id specified for job 99\n");
    }

    @Test
    void holdAndReleaseChangeTheReasonSqueueShows() {
        Job j = f.submit("job.sh", null, 0, 0);
        assertThat(scontrol("hold", String.valueOf(j.id)).rc()).isZero();
        assertThat(scontrol("show", "job", String.valueOf(j.id)).out()).contains("JobState=PENDING Reason=JobHeldAdmin ");
        assertThat(scontrol("release", "JobId=" + j.id).rc()).isZero();
        assertThat(scontrol("show", "job", String.valueOf(j.id)).out()).contains("JobState=PENDING Reason=None ");
        assertThat(scontrol("release", "x1")).isEqualTo(new QueryFixture.Output("", "Invalid job id specified for job x1\n", 1));
    }
}
