package io.plugstack.runtime.node.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.api.jobsubmit.JobDescField;
import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.jobsubmit.JobRecord;
import io.plugstack.api.jobsubmit.Partition;
import io.plugstack.api.jobsubmit.PartitionState;
import io.plugstack.api.slurm.NoVal;
import io.plugstack.api.slurm.SlurmLog;
import io.plugstack.runtime.jobsubmit.JobSubmitChain;
import io.plugstack.runtime.node.wire.FrameType;
import io.plugstack.runtime.node.wire.JobMessages;
import io.plugstack.runtime.node.wire.JobMessages.JobCall;
import io.plugstack.runtime.node.wire.JobMessages.JobResult;
import io.plugstack.runtime.node.wire.JobMessages.Value;
import io.plugstack.runtime.node.wire.Messages;
import io.plugstack.runtime.node.wire.Wire;

/** ctld.sock as the job_submit shim uses it: the request's fields reach the chain, its answer comes back as writes. */
@Timeout(60)
class CtldServerTest {

    @TempDir
    Path tmp;
    CtldServer server;
    final CtldSlurmctld slurmctld = new CtldSlurmctld();
    final List<String> seen = new CopyOnWriteArrayList<>();

    /** Refuses jobs named "refuse" (2045, with a message); else stamps comment and a time limit, and says which partitions it saw. */
    final JobSubmitChain chain = new JobSubmitChain() {
        @Override
        public Result submit(JobDescriptor desc, long uid) {
            seen.add("submit uid " + uid + " " + desc.getString(JobDescField.NAME) + " argv " + desc.getList(JobDescField.ARGV)
                    + " mem/cpu " + desc.get(JobDescField.MIN_MEM_PER_CPU) + " partitions "
                    + slurmctld.partitions().stream().map(p -> p.name() + ":" + p.state() + ":" + p.isDefault()).toList()
                    + " cluster " + slurmctld.clusterName());
            if ("refuse".equals(desc.getString(JobDescField.NAME))) {
                return new Result(2045, Optional.of("no account"), "job_submit/x");
            }
            desc.setString(JobDescField.COMMENT, "stamped");
            desc.setTimeLimit(7);
            desc.setString(JobDescField.QOS, null);
            desc.setNumber(JobDescField.MIN_MEM_PER_CPU, 500);
            return new Result(0, Optional.of("hello"), "");
        }

        @Override
        public Result modify(JobDescriptor desc, JobRecord current, long uid) {
            seen.add("modify " + current.jobId() + " " + current.name() + " argv " + current.argv() + " by " + uid + " job(42) "
                    + slurmctld.job(42).isPresent());
            desc.setString(JobDescField.ADMIN_COMMENT, "modified");
            return new Result(0, Optional.empty(), "");
        }

        @Override
        public java.util.List<io.plugstack.runtime.host.catalog.PluginPin> configured() {
            return java.util.List.of(); // no JobSubmitPlugins= in this test
        }
    };

    @BeforeEach
    void start() throws IOException {
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
        server = CtldServer.start(tmp, System.getProperty("user.name"), new CtldCall(chain, slurmctld, SlurmLog.lines("t", System.err, 0)),
                new ReleaseMismatch(io.plugstack.api.plugin.SlurmVersion.parse("25.11.0"), played.log), SlurmLog.lines("t", System.err, 0));
    }

    @AfterEach
    void stop() throws IOException {
        server.close();
    }

    private SocketChannel connect() throws IOException {
        SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX);
        ch.connect(UnixDomainSocketAddress.of(tmp.resolve(CtldServer.SOCKET)));
        return ch;
    }

    /** The release check's lines (the runtime plays 25.11.0 here). */
    final CapturedLog played = new CapturedLog();

    private JobMessages.JobFields hello(InputStream in, OutputStream out) throws IOException {
        return hello(in, out, new JobMessages.JobHello(Wire.PROTOCOL, "plugstackit", "25.11.0").encode());
    }

    private JobMessages.JobFields hello(InputStream in, OutputStream out, byte[] body) throws IOException {
        Wire.write(out, FrameType.JOB_HELLO, body);
        Wire.Frame f = Wire.read(in, Wire.MAX_ROOT_FRAME);
        assertThat(f.type()).isEqualTo(FrameType.JOB_FIELDS);
        return JobMessages.JobFields.decode(f.body());
    }

    private JobResult call(InputStream in, OutputStream out, JobCall call) throws IOException {
        Wire.write(out, FrameType.JOB_CALL, call.encode());
        Wire.Frame f = Wire.read(in, Wire.MAX_ROOT_FRAME);
        assertThat(f.type()).isEqualTo(FrameType.JOB_RESULT);
        return JobResult.decode(f.body());
    }

    @Test
    void aSlurmctldOfAnotherReleaseThanThePlayedOneIsSaidOnceInTheLog() throws IOException {
        for (int i = 0; i < 2; i++) {
            try (SocketChannel ch = connect()) {
                hello(Channels.newInputStream(ch), Channels.newOutputStream(ch),
                        new JobMessages.JobHello(Wire.PROTOCOL, "plugstackit", "22.05.8").encode());
            }
        }
        assertThat(played.lines).singleElement().satisfies(l -> assertThat(l).contains(
                "node: slurmctld here is Slurm 22.05.8, but the runtime plays 25.11.0 (plugstack.slurm.release): job_submit plugins and"
                        + " scripts play 25.11.0; set plugstack.slurm.release"));
    }

    @Test
    void aJobHelloWithoutReleaseAsTheLuaShimSendsItIsServedAndSaysNothing() throws IOException {
        try (SocketChannel ch = connect()) {
            JobMessages.JobFields f = hello(Channels.newInputStream(ch), Channels.newOutputStream(ch),
                    new JobMessages.JobHello(Wire.PROTOCOL, "plugstackit", null).encode());
            assertThat(f.jobDesc()).contains("account");
        }
        try (SocketChannel ch = connect()) { // an earlier shim's frame, which ends after the cluster name
            JobMessages.JobFields f = hello(Channels.newInputStream(ch), Channels.newOutputStream(ch),
                    new Wire.Out().u32(Wire.PROTOCOL).str("plugstackit").bytes());
            assertThat(f.jobDesc()).contains("account");
        }
        assertThat(played.lines).isEmpty();
    }

    @Test
    void theSocketIsTheSlurmUsersAlone() throws IOException {
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(tmp.resolve(CtldServer.SOCKET)))).isEqualTo("rw-------");
        assertThat(Files.getOwner(tmp.resolve(CtldServer.SOCKET)).getName()).isEqualTo(System.getProperty("user.name"));
    }

    @Test
    void theFieldsAskedForAreTheTablesLessTheTwoThatCannotTravel() throws IOException {
        try (SocketChannel ch = connect()) {
            JobMessages.JobFields f = hello(Channels.newInputStream(ch), Channels.newOutputStream(ch));
            assertThat(f.jobDesc()).contains("account", "comment", "time_limit", "min_mem_per_cpu", "argv", "site_factor")
                    .doesNotContain("pn_min_memory", "environment").hasSize(JobDescField.values().length - 2);
            assertThat(f.jobRec()).contains("job_id", "name", "argv");
            assertThat(f.partition()).contains("name", "state_up", "flag_default", "priority_tier");
        }
    }

    @Test
    void aSubmissionReachesTheChainAndItsChangesComeBackAsWrites() throws IOException {
        try (SocketChannel ch = connect()) {
            InputStream in = Channels.newInputStream(ch);
            OutputStream out = Channels.newOutputStream(ch);
            hello(in, out);
            JobResult r = call(in, out, new JobCall(JobMessages.SUBMIT, 1001,
                    List.of(Value.string("name", "j"), Value.number("time_limit", NoVal.NO_VAL), Value.string("qos", "normal"),
                            Value.list("argv", List.of("a.sh", "x")), Value.number("min_mem_per_cpu", 100),
                            Value.number("pn_min_memory", "18446744073709551616"), Value.bool("cron_job", false),
                            Value.string("no_such_field", "x")),
                    List.of(),
                    List.of(List.of(Value.string("name", "zeta"), Value.number("state_up", 1)),
                            List.of(Value.string("name", "debug"), Value.number("state_up", 3), Value.number("flag_default", 1)))));
            assertThat(seen).containsExactly("submit uid 1001 j argv [a.sh, x] mem/cpu 100 partitions [debug:UP:true, zeta:DOWN:false] cluster plugstackit");
            assertThat(r.rc()).isZero();
            assertThat(r.message()).isEqualTo("hello");
            assertThat(r.writes()).containsExactlyInAnyOrder(Value.string("comment", "stamped"), Value.number("time_limit", 7),
                    Value.string("qos", null), Value.number("min_mem_per_cpu", 500));
        }
    }

    @Test
    void aRefusalIsTheChainsRcAndMessageWithNoWrites() throws IOException {
        try (SocketChannel ch = connect()) {
            InputStream in = Channels.newInputStream(ch);
            OutputStream out = Channels.newOutputStream(ch);
            hello(in, out);
            JobResult r = call(in, out, new JobCall(JobMessages.SUBMIT, 0, List.of(Value.string("name", "refuse")), List.of(), List.of()));
            assertThat(r).isEqualTo(new JobResult(2045, "no account", List.of()));
            // the connection is kept for the next request
            r = call(in, out, new JobCall(JobMessages.SUBMIT, 0, List.of(Value.string("name", "ok")), List.of(), List.of()));
            assertThat(r.rc()).isZero();
        }
    }

    @Test
    void aModificationSeesTheJobRecord() throws IOException {
        try (SocketChannel ch = connect()) {
            InputStream in = Channels.newInputStream(ch);
            OutputStream out = Channels.newOutputStream(ch);
            hello(in, out);
            JobResult r = call(in, out, new JobCall(JobMessages.MODIFY, 0, List.of(Value.number("time_limit", 5)),
                    List.of(Value.number("job_id", 42), Value.string("name", "old"), Value.list("argv", List.of("s.sh"))), List.of()));
            assertThat(seen).containsExactly("modify 42 old argv [s.sh] by 0 job(42) true");
            assertThat(r.writes()).containsExactly(Value.string("admin_comment", "modified"));
        }
    }

    @Test
    void aCallBeforeHelloEndsTheConnection() throws IOException {
        try (SocketChannel ch = connect()) {
            Wire.write(Channels.newOutputStream(ch), FrameType.JOB_CALL,
                    new JobCall(JobMessages.SUBMIT, 0, List.of(), List.of(), List.of()).encode());
            assertThatThrownBy(() -> Wire.read(Channels.newInputStream(ch), Wire.MAX_ROOT_FRAME)).isInstanceOf(EOFException.class);
        }
    }

    @Test
    void anotherProtocolIsRefused() throws IOException {
        try (SocketChannel ch = connect()) {
            Wire.write(Channels.newOutputStream(ch), FrameType.JOB_HELLO, new JobMessages.JobHello(9, null, null).encode());
            Wire.Frame f = Wire.read(Channels.newInputStream(ch), Wire.MAX_ROOT_FRAME);
            assertThat(f.type()).isEqualTo(FrameType.REFUSE);
            assertThat(Messages.Refuse.decode(f.body()).reason()).isEqualTo("protocol 9 is not " + Wire.PROTOCOL);
        }
    }

    @Test
    void partitionsComeFromPartListFields() {
        Partition p = CtldRecords.partition(List.of(Value.string("name", "batch"), Value.number("state_up", 2), Value.number("flags", 8),
                Value.number("priority_tier", 5), Value.number("max_time", 60), Value.string("allow_accounts", "a,b"),
                Value.string("allow_groups", "ALL"), Value.number("total_cpus", 4))).orElseThrow();
        assertThat(p.state()).isEqualTo(PartitionState.DRAIN);
        assertThat(p.rootOnly()).isTrue();
        assertThat(p.priorityTier()).isEqualTo(5);
        assertThat(p.maxTime()).isEqualTo(60);
        assertThat(p.defaultTime()).isEqualTo(NoVal.NO_VAL);
        assertThat(p.allowAccounts()).containsExactly("a", "b");
        assertThat(p.allowedUids()).isEmpty();
        assertThat(p.totalCpus()).isEqualTo(4);
        assertThat(CtldRecords.partition(List.of(Value.number("state_up", 3)))).isEmpty();
    }

    /** DefMemPerCPU=1000: Slurm's Lua reads def_mem_per_cpu=1000 and def_mem_per_node=nil; the job_submit plugins see the same. */
    @Test
    void aPartitionsDefaultMemoryComesFromPartList() {
        Partition p = CtldRecords.partition(List.of(Value.string("name", "batch"), Value.number("def_mem_per_cpu", 1000))).orElseThrow();
        assertThat(p.defMemPerCpu()).isEqualTo(1000);
        assertThat(p.defMemPerNode()).isZero();
        assertThat(CtldRecords.PARTITION).contains("def_mem_per_cpu", "def_mem_per_node");
    }

    @Test
    void aUint64SentinelReadAsADoubleIsTheFieldsUnsetValue() {
        assertThat(JobDescValues.number("18446744073709551616", JobDescField.BITFLAGS)).isEqualTo(0L);
        assertThat(JobDescValues.number("18446744073709551614", JobDescField.PN_MIN_MEMORY)).isEqualTo(NoVal.NO_VAL64);
        assertThat(JobDescValues.number("4294967294", JobDescField.TIME_LIMIT)).isEqualTo(NoVal.NO_VAL);
        assertThat(JobDescValues.number("-5", JobDescField.BEGIN_TIME)).isEqualTo(-5L);
    }

    /** 26.05's two views of core_spec's member: the one Slurm gave travels back as that view, a write to the other as its own. */
    @Test
    void aThreadSpecFromSlurmIsReadAndAWriteOfCoreSpecGoesBackAsCoreSpec() {
        JobDescriptor desc = JobDescValues.read(List.of(Value.number("thread_spec", 2)));
        assertThat(desc.get(JobDescField.THREAD_SPEC)).isEqualTo(2L);
        assertThat(desc.get(JobDescField.CORE_SPEC)).isNull();
        var before = JobDescValues.snapshot(desc);

        desc.setNumber(JobDescField.CORE_SPEC, 4);

        assertThat(JobDescValues.writes(before, desc)).containsExactly(Value.number("core_spec", 4));
    }
}
