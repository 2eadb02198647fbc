package io.plugstack.runtime.node.wire;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The bodies of the job_submit frames (ctld.sock: Slurm's job_submit/lua running the project's shim
 * {@code job_submit.lua}), one record each (runtime/bridge/PROTOCOL.md). Field values travel by name
 * because Slurm's Lua proxies answer by name; numbers as decimal text, since Lua 5.1 has only doubles.
 */
public final class JobMessages {
    private JobMessages() {
    }

    /** job_submit, as {@link JobCall#hook()} says it. */
    public static final int SUBMIT = 0;
    /** job_modify ({@code scontrol update job}). */
    public static final int MODIFY = 1;

    /**
     * One named value: {@code str name, u32 kind}, then by kind 0 number ({@code str}: decimal text, as
     * Lua's {@code %.0f} prints it), 1 string ({@code str}, NULL = nil), 2 list of strings ({@code strs}),
     * 3 boolean ({@code u32}, 0 or 1).
     */
    public record Value(String name, int kind, String text, List<String> list, boolean flag) {
        public static final int NUMBER = 0;
        public static final int STRING = 1;
        public static final int LIST = 2;
        public static final int BOOLEAN = 3;

        public static Value number(String name, String decimal) {
            return new Value(name, NUMBER, decimal, null, false);
        }

        public static Value number(String name, long v) {
            return number(name, Long.toString(v));
        }

        public static Value string(String name, String v) {
            return new Value(name, STRING, v, null, false);
        }

        public static Value list(String name, List<String> v) {
            return new Value(name, LIST, null, List.copyOf(v), false);
        }

        public static Value bool(String name, boolean v) {
            return new Value(name, BOOLEAN, null, null, v);
        }

        void encode(Wire.Out out) {
            out.str(name).u32(kind);
            switch (kind) {
                case NUMBER, STRING -> out.str(text);
                case LIST -> out.strs(list);
                default -> out.u32(flag ? 1 : 0);
            }
        }

        static Value decode(Wire.In in) throws IOException {
            String name = in.str();
            if (name == null) {
                throw new IOException("a value without a name");
            }
            int kind = in.u32Int("value kind");
            return switch (kind) {
                case NUMBER -> {
                    String d = in.str();
                    if (d == null || !d.matches("-?[0-9]{1,40}")) {
                        throw new IOException(name + ": not a decimal number");
                    }
                    yield number(name, d);
                }
                case STRING -> string(name, in.str());
                case LIST -> list(name, in.strs());
                case BOOLEAN -> bool(name, in.u32() != 0);
                default -> throw new IOException(name + ": unknown value kind " + kind);
            };
        }

        static void encodeAll(Wire.Out out, List<Value> values) {
            out.u32(values.size());
            values.forEach(v -> v.encode(out));
        }

        static List<Value> decodeAll(Wire.In in) throws IOException {
            int n = in.count("values", 8);
            List<Value> values = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                values.add(decode(in));
            }
            return values;
        }
    }

    /**
     * JOB_HELLO: {@code u32 protocol, str cluster_name, str release}: slurm.CLUSTER_NAME (NULL when Slurm has none) and
     * the release of the slurmctld calling (job_submit/plugstack: SLURM_VERSION_STRING; NULL from the Lua shim, whose
     * slurm table does not say). A frame that ends before the release (a shim of an earlier build) reads NULL.
     */
    public record JobHello(int protocol, String clusterName, String release) {
        public byte[] encode() {
            return new Wire.Out().u32(protocol).str(clusterName).str(release).bytes();
        }

        public static JobHello decode(byte[] body) throws IOException {
            Wire.In in = new Wire.In(body);
            int protocol = in.u32Int("protocol");
            String cluster = in.str();
            JobHello h = new JobHello(protocol, cluster, in.left() > 0 ? in.str() : null);
            in.end("JOB_HELLO");
            return h;
        }
    }

    /** JOB_FIELDS: {@code strs job_desc, strs job_rec, strs partition}: the names the shim asks Slurm's proxies for. */
    public record JobFields(List<String> jobDesc, List<String> jobRec, List<String> partition) {
        public JobFields {
            jobDesc = List.copyOf(jobDesc);
            jobRec = List.copyOf(jobRec);
            partition = List.copyOf(partition);
        }

        public byte[] encode() {
            return new Wire.Out().strs(jobDesc).strs(jobRec).strs(partition).bytes();
        }

        public static JobFields decode(byte[] body) throws IOException {
            Wire.In in = new Wire.In(body);
            JobFields f = new JobFields(in.strs(), in.strs(), in.strs());
            in.end("JOB_FIELDS");
            return f;
        }
    }

    /**
     * JOB_CALL: {@code u32 hook (0 submit, 1 modify), u32 uid (submit_uid / modify_uid), u32 n × value
     * (job_desc's set fields), u32 n × value (job_rec's; none for submit), u32 n × partition (u32 n ×
     * value: one entry of part_list)}.
     */
    public record JobCall(int hook, long uid, List<Value> jobDesc, List<Value> jobRec, List<List<Value>> partitions) {
        public JobCall {
            jobDesc = List.copyOf(jobDesc);
            jobRec = List.copyOf(jobRec);
            partitions = partitions.stream().map(List::copyOf).toList();
        }

        public byte[] encode() {
            Wire.Out out = new Wire.Out().u32(hook).u32(uid);
            Value.encodeAll(out, jobDesc);
            Value.encodeAll(out, jobRec);
            out.u32(partitions.size());
            partitions.forEach(p -> Value.encodeAll(out, p));
            return out.bytes();
        }

        public static JobCall decode(byte[] body) throws IOException {
            Wire.In in = new Wire.In(body);
            int hook = in.u32Int("hook");
            if (hook != SUBMIT && hook != MODIFY) {
                throw new IOException("unknown hook " + hook);
            }
            long uid = in.u32();
            List<Value> desc = Value.decodeAll(in);
            List<Value> rec = Value.decodeAll(in);
            int n = in.count("partitions", 4);
            List<List<Value>> parts = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                parts.add(Value.decodeAll(in));
            }
            in.end("JOB_CALL");
            return new JobCall(hook, uid, desc, rec, parts);
        }
    }

    /**
     * JOB_RESULT: {@code u32 rc (two's complement: Slurm's error code, returned to Slurm as is), str
     * message (NULL: none; the shim passes it to slurm.log_user), u32 n × value (job_desc fields to write:
     * a NULL string is written as "", which Slurm stores as unset)}.
     */
    public record JobResult(int rc, String message, List<Value> writes) {
        public JobResult {
            writes = List.copyOf(writes);
        }

        public byte[] encode() {
            Wire.Out out = new Wire.Out().u32(rc & 0xffffffffL).str(message);
            Value.encodeAll(out, writes);
            return out.bytes();
        }

        public static JobResult decode(byte[] body) throws IOException {
            Wire.In in = new Wire.In(body);
            JobResult r = new JobResult((int) in.u32(), in.str(), Value.decodeAll(in));
            in.end("JOB_RESULT");
            return r;
        }
    }
}
