package io.plugstack.runtime.bench.client;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.plugstack.api.jobsubmit.JobDescField;
import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.jobsubmit.Partition;
import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.runtime.bench.api.CommandIO;
import io.plugstack.runtime.bench.controller.Controller;
import io.plugstack.runtime.bench.controller.Job;
import io.plugstack.runtime.bench.controller.JobIds;
import io.plugstack.runtime.bench.controller.SubmitRequest;
import io.plugstack.runtime.bench.AcceptingJobSubmitChain;
import io.plugstack.runtime.spank.conf.PlugstackConf;

/** A controller of a 2-CPU node1 with partitions debug (default, unlimited) and long (2 days, DefaultTime 1 h), and a way to run the query commands on it. */
final class QueryFixture {

    static final List<Partition> PARTITIONS = List.of(
            Partition.named("debug").isDefault(true).nodes(1, 2, "node1").build(),
            Partition.named("long").times(2 * 24 * 60, 60).nodes(1, 2, "node1").build());

    final Controller controller = new Controller("node1", 2, AcceptingJobSubmitChain.INSTANCE, () -> PARTITIONS, JobIds.inMemory());
    final Cluster cluster = new Cluster(null, SlurmVersion.parse("22.05.8"), null, controller, null, env -> Map.of(), new Foreground());

    /** A job of {@code uid} named {@code name}: "sbatch -J name [-p partition] [-n ntasks] job.sh" in /work. */
    Job submit(String name, String partition, long ntasks, long uid) {
        return submit(name, partition, ntasks, uid, d -> { });
    }

    /** The same, with what {@code more} adds to the request. */
    Job submit(String name, String partition, long ntasks, long uid, java.util.function.Consumer<JobDescriptor> more) {
        JobDescriptor d = new JobDescriptor();
        d.setName(name);
        d.setNumber(JobDescField.USER_ID, uid);
        d.setNumber(JobDescField.GROUP_ID, 0);
        d.setWorkDir("/work");
        d.setList(JobDescField.ARGV, List.of("job.sh"));
        if (partition != null) {
            d.setPartition(partition);
        }
        if (ntasks > 0) {
            d.setNumTasks(ntasks);
        }
        more.accept(d);
        SubmitRequest.Answer a = controller.submit(new SubmitRequest(List.of(d), "sbatch",
                new PlugstackConf.Result(List.of(), Optional.empty()), Map.of()));
        return a.jobs().get(0);
    }

    /** What a command printed on stdout and stderr, and its exit code. */
    record Output(String out, String err, int rc) {
    }

    interface Command {
        int run(List<String> args, CommandIO io);
    }

    static Output run(Command command, String... args) {
        return runAs(io.plugstack.api.user.OnBehalfOf.thisProcess(), command, args);
    }

    /** The command run by {@code user}, as the command socket runs a peer's (its SO_PEERCRED). */
    static Output runAs(io.plugstack.api.user.OnBehalfOf user, Command command, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = command.run(List.of(args), new CommandIO(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Map.of(), Path.of("/work"), user));
        return new Output(out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8), rc);
    }
}
