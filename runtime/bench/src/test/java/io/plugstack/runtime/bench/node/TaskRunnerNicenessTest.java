package io.plugstack.runtime.bench.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.api.jobsubmit.JobDescField;
import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.slurm.SlurmCommand;
import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.api.spank.SpankCallback;
import io.plugstack.api.user.OnBehalfOf;
import io.plugstack.runtime.bench.controller.Controller;
import io.plugstack.runtime.bench.controller.Job;
import io.plugstack.runtime.bench.controller.PartitionDefinition;
import io.plugstack.runtime.bench.controller.SubmitRequest;
import io.plugstack.runtime.bench.AcceptingJobSubmitChain;
import io.plugstack.runtime.spank.CallResult;
import io.plugstack.runtime.spank.JobFacts;
import io.plugstack.runtime.spank.SessionOptions;
import io.plugstack.runtime.spank.SpankSession;
import io.plugstack.runtime.spank.TaskFacts;
import io.plugstack.runtime.spank.conf.PlugstackConf;

/** The simulated slurmstepd starts each task, a real process, at the niceness its plugins set. */
class TaskRunnerNicenessTest {

    /**
     * A step's stack as the task callbacks leave it: task_init sets each task's niceness to {@code
     * niceness} (null: no plugin sets one), as Spank.setTaskNiceness does in a real session.
     */
    static class RenicingSession implements SpankSession {
        final Integer niceness;
        final List<TaskFacts> tasks = new ArrayList<>();
        final List<String> calls = new ArrayList<>();
        /** The callback that fails (rc -1, a required plugin's failure), if any. */
        SpankCallback failing;

        RenicingSession(Integer niceness) {
            this.niceness = niceness;
        }

        private CallResult called(SpankCallback cb, String call) {
            calls.add(call);
            return cb == failing ? new CallResult(-1, Optional.of("renicing"), Optional.empty()) : CallResult.OK;
        }

        @Override public void tasks(List<TaskFacts> all) { tasks.clear(); tasks.addAll(all); }
        @Override public TaskFacts task(int localId) { return tasks.get(localId); }

        @Override
        public CallResult taskInitPrivileged(int localId, Map<String, String> taskEnv) {
            return called(SpankCallback.TASK_INIT_PRIVILEGED, "task_init_privileged " + localId);
        }

        @Override
        public CallResult taskInit(int localId, Map<String, String> taskEnv) {
            tasks.set(localId, tasks.get(localId).withNiceness(niceness));
            return called(SpankCallback.TASK_INIT, "task_init " + localId);
        }

        @Override
        public CallResult taskPostFork(int localId, long pid) {
            return called(SpankCallback.TASK_POST_FORK, "task_post_fork " + localId);
        }

        @Override
        public CallResult taskExit(int localId, int status) {
            return called(SpankCallback.TASK_EXIT, "task_exit " + localId + " " + status);
        }

        @Override
        public CallResult exit() {
            return called(SpankCallback.EXIT, "exit");
        }

        @Override public CallResult init() { return called(SpankCallback.INIT, "init"); }
        @Override public CallResult initPostOpt() { throw new UnsupportedOperationException(); }
        @Override public CallResult initPostOpt(List<io.plugstack.runtime.spank.LaunchOption> o) { return called(SpankCallback.INIT_POST_OPT, "init_post_opt"); }
        @Override public CallResult localUserInit() { throw new UnsupportedOperationException(); }
        @Override public CallResult userInit() { return called(SpankCallback.USER_INIT, "user_init"); }
        @Override public CallResult slurmdExit() { throw new UnsupportedOperationException(); }
        @Override public CallResult jobProlog() { throw new UnsupportedOperationException(); }
        @Override public CallResult jobEpilog() { throw new UnsupportedOperationException(); }
        @Override public void job(JobFacts facts) { }
        @Override public SessionOptions options() { throw new UnsupportedOperationException(); }
        @Override public Map<String, String> jobControlEnv() { return Map.of(); }
        @Override public boolean defines(SpankCallback callback) { return false; }
        @Override public io.plugstack.runtime.spank.JobPluginVersions versions() { return io.plugstack.runtime.spank.JobPluginVersions.NONE; }
        @Override public List<String> plugins() { return List.of("renicing"); }
        @Override public void close() { }
    }

    /** What the tasks printed, one line per task, after a step of {@code ntasks} running {@code argv} as user uid/gid. */
    static String runStep(RenicingSession session, long uid, long gid, int ntasks, List<String> argv) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StepResult r = runStep(session, uid, gid, ntasks, argv, out, err);
        String errors = err.toString(StandardCharsets.UTF_8);
        assertThat(r.exitCode()).as(errors).isZero();
        assertThat(errors).isEmpty();
        return out.toString(StandardCharsets.UTF_8);
    }

    /** A step of {@code ntasks} running {@code argv} as uid/gid, played as slurmstepd does on {@code session}; its output in out/err. */
    static StepResult runStep(RenicingSession session, long uid, long gid, int ntasks, List<String> argv, ByteArrayOutputStream out,
            ByteArrayOutputStream err) {
        Controller controller = new Controller("node1", AcceptingJobSubmitChain.INSTANCE, () -> List.of(PartitionDefinition.DEBUG_DEFAULT));
        JobDescriptor d = new JobDescriptor();
        d.setNumber(JobDescField.USER_ID, uid);
        d.setNumber(JobDescField.GROUP_ID, gid);
        SubmitRequest.Answer a = controller.submit(new SubmitRequest(List.of(d), "srun",
                new PlugstackConf.Result(List.of(), Optional.empty()), Map.of()));
        assertThat(a.ok()).as(a.messages().toString()).isTrue();
        Job job = a.jobs().get(0);
        PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        StepRequest req = new StepRequest(SlurmCommand.SRUN, job, 0, argv, ntasks, Map.of(), List.of(), o, e);
        List<TaskFacts> tasks = new ArrayList<>();
        for (int i = 0; i < ntasks; i++) {
            tasks.add(new TaskFacts(i, i, 0, null, argv));
        }
        session.tasks(tasks);
        Map<String, String> stepEnv = new LinkedHashMap<>(Map.of("PATH", "/usr/bin:/bin", "LC_ALL", "C"));
        SlurmVersion v = SlurmVersion.builtFor();
        return StepDaemon.play(session, req, new TaskRunner(session, req, SlurmLog.lines("slurmstepd", e, 0), NodeJobs.inMemory(), v, stepEnv), v);
    }

    @Test
    void theBenchTaskRunsAtTheNicenessItsPluginsSet() throws Exception {
        int inherited = TaskNiceness.inherited();
        int asked = Math.min(19, inherited + 5); // raising is allowed to everyone
        OnBehalfOf me = OnBehalfOf.thisProcess();
        RenicingSession session = new RenicingSession(asked);
        // field 19 of the task's own /proc/<pid>/stat, and nice(1)'s view, from inside each task
        String out = runStep(session, me.uid(), me.gid(), 2, List.of("/bin/sh", "-c",
                "stat=$(cat /proc/$$/stat); set -- ${stat##*) }; shift 16; echo \"$SLURM_PROCID $1 $(nice)\""));
        assertThat(out.lines().sorted()).containsExactly("0 " + asked + " " + asked, "1 " + asked + " " + asked);
        assertThat(session.task(0).argv()).as("the argv plugins see").containsExactly("/bin/sh", "-c",
                "stat=$(cat /proc/$$/stat); set -- ${stat##*) }; shift 16; echo \"$SLURM_PROCID $1 $(nice)\"");
    }

    @Test
    void aBenchTaskWhoseNicenessNoPluginSetRunsAtTheInheritedOne() throws Exception {
        int inherited = TaskNiceness.inherited();
        OnBehalfOf me = OnBehalfOf.thisProcess();
        assertThat(runStep(new RenicingSession(null), me.uid(), me.gid(), 1, List.of("/usr/bin/nice")).trim())
                .isEqualTo(String.valueOf(inherited));
    }

    @Test
    void aRootRuntimeLowersTheNicenessOfAnotherUsersTaskBeforeDroppingToThatUser() throws Exception {
        assumeTrue(OnBehalfOf.thisProcess().uid() == 0, "the runtime is root");
        assumeTrue(hasCapSysNice(), "the runtime has CAP_SYS_NICE");
        int inherited = TaskNiceness.inherited();
        int asked = Math.max(-20, inherited - 5);
        assumeTrue(asked < inherited, "there is a lower niceness than the inherited one");
        String out = runStep(new RenicingSession(asked), 65534, 65534, 1, List.of("/bin/sh", "-c", "echo $(id -u) $(nice)"));
        assertThat(out.trim()).isEqualTo("65534 " + asked);
    }

    /** CAP_SYS_NICE (23) in this process's effective set. */
    static boolean hasCapSysNice() throws Exception {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("CapEff:")) {
                return (Long.parseUnsignedLong(line.substring(7).trim(), 16) & (1L << 23)) != 0;
            }
        }
        return false;
    }
}
