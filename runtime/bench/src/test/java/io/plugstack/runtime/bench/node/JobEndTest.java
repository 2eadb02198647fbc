package io.plugstack.runtime.bench.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintStream;
import java.io.ByteArrayOutputStream;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.api.jobsubmit.JobDescField;
import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.runtime.bench.controller.Controller;
import io.plugstack.runtime.bench.controller.Job;
import io.plugstack.runtime.bench.controller.JobState;
import io.plugstack.runtime.bench.controller.PartitionDefinition;
import io.plugstack.runtime.bench.controller.SubmitRequest;
import io.plugstack.runtime.bench.AcceptingJobSubmitChain;
import io.plugstack.runtime.spank.CallResult;
import io.plugstack.runtime.spank.JobPluginVersions;
import io.plugstack.runtime.spank.SpankSession;
import io.plugstack.runtime.spank.SpankStacks;
import io.plugstack.runtime.spank.conf.PlugstackConf;

/** Whatever stops a job's run on the node, the job reaches an end state, the node is released and the epilog runs. */
class JobEndTest {

    @TempDir
    Path dir;

    /** Stacks whose sessions answer every phase OK and define every callback; the remote one's init throws {@code remoteInit}. */
    static class ScriptedStacks implements SpankStacks {
        final List<String> calls = new CopyOnWriteArrayList<>();
        final Error remoteInit;

        ScriptedStacks(Error remoteInit) {
            this.remoteInit = remoteInit;
        }

        @Override
        public Path plugstackConf() {
            return Path.of("/dev/null");
        }

        @Override
        public PlugstackConf.Result read(SlurmLog log) {
            return new PlugstackConf.Result(List.of(), Optional.empty());
        }

        @Override
        public SpankSession.Opened session(SpankContext context, PlugstackConf.Result conf, SpankSession.Setup setup,
                SlurmVersion release, SlurmLog log) {
            SpankSession s = (SpankSession) Proxy.newProxyInstance(SpankSession.class.getClassLoader(), new Class<?>[] {SpankSession.class},
                    (proxy, m, args) -> {
                        if (m.getReturnType() == CallResult.class) {
                            calls.add(m.getName() + " " + context.slurmName());
                            if (context == SpankContext.REMOTE && m.getName().equals("init") && remoteInit != null) {
                                throw remoteInit;
                            }
                            return CallResult.OK;
                        }
                        return switch (m.getName()) {
                            case "defines" -> true;
                            case "plugins" -> List.of();
                            case "jobControlEnv" -> Map.of();
                            case "versions" -> JobPluginVersions.NONE;
                            case "hashCode" -> System.identityHashCode(proxy);
                            case "equals" -> proxy == args[0];
                            case "toString" -> "scripted " + context;
                            default -> null;
                        };
                    });
            return new SpankSession.Opened(s, null);
        }
    }

    /** A controller of one node whose job_submit chain accepts everything. */
    static Controller controller() {
        return new Controller("node1", AcceptingJobSubmitChain.INSTANCE, () -> List.of(PartitionDefinition.DEBUG_DEFAULT));
    }

    static Node node(ScriptedStacks stacks) {
        Controller c = controller();
        SlurmVersion v = SlurmVersion.parse("25.11.0");
        PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true);
        NodeJobs jobs = NodeJobs.inMemory();
        SlurmdDaemon slurmd = new SlurmdDaemon(stacks, v, c, quiet);
        slurmd.start();
        return new Node(stacks, c, slurmd, new StepDaemon(stacks, v, "node1", env -> Map.of(), jobs), jobs);
    }

    static Job submit(Node n) {
        JobDescriptor d = new JobDescriptor();
        d.setNumber(JobDescField.USER_ID, io.plugstack.api.user.OnBehalfOf.thisProcess().uid());
        return n.controller().submit(new SubmitRequest(List.of(d), "sbatch", new PlugstackConf.Result(List.of(), Optional.empty()),
                Map.of())).jobs().get(0);
    }

    @Test
    void aBatchJobWhoseStepDiesOfAnErrorEndsFailedWithItsEpilogAndReleasesTheNode() {
        ScriptedStacks stacks = new ScriptedStacks(new StackOverflowError("in a plugin, past the guard"));
        Node n = node(stacks);
        Job job = submit(n);

        BatchJob.run(n, job, List.of(), List.of("/bin/true"), Map.of("PATH", "/usr/bin:/bin"), List.of(), new BatchJob.Output(dir.resolve("out"), dir.resolve("out")));

        assertThat(job.state()).isEqualTo(JobState.FAILED);
        assertThat(job.reason()).contains("StackOverflowError");
        assertThat(stacks.calls).containsSubsequence("jobProlog job_script", "init remote", "jobEpilog job_script");
        assertThat(n.controller().node().state()).isEqualTo("IDLE");
    }

    @Test
    void theEpilogRunsOnceWhenTheStepAndACancelBothEndTheJob() {
        ScriptedStacks stacks = new ScriptedStacks(null);
        Node n = node(stacks);
        Job job = submit(n);
        n.controller().state(job, JobState.RUNNING);
        JobEnd.prolog(n, job);

        n.controller().cancel(job.id, 0);
        assertThat(JobEnd.end(n, job, JobState.CANCELLED, 0, "")).isZero();
        assertThat(JobEnd.end(n, job, JobState.COMPLETED, 0, "")).isEqualTo(-1);

        assertThat(stacks.calls.stream().filter(c -> c.equals("jobEpilog job_script"))).hasSize(1);
        assertThat(job.state()).isEqualTo(JobState.CANCELLED);
    }

    @Test
    void theSpankPrologAndEpilogWriteSlurmdsLogAsTheSlurmstepdHelperSlurmRunsForThem() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ScriptedStacks stacks = new ScriptedStacks(null) {
            @Override
            public SpankSession.Opened session(SpankContext context, PlugstackConf.Result conf, SpankSession.Setup setup,
                    SlurmVersion release, SlurmLog log) {
                log.error("from " + context.slurmName());
                return super.session(context, conf, setup, release, log);
            }
        };
        SlurmdDaemon slurmd = new SlurmdDaemon(stacks, SlurmVersion.parse("25.11.0"), controller(), new PrintStream(out, true));
        slurmd.start();
        Job job = submit(node(new ScriptedStacks(null)));

        slurmd.jobScript(job, io.plugstack.api.spank.SpankCallback.JOB_EPILOG);

        assertThat(out.toString()).contains("slurmd: error: from slurmd\n").contains("slurmstepd: error: from job_script\n");
    }
}
