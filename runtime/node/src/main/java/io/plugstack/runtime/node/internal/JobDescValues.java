package io.plugstack.runtime.node.internal;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.plugstack.api.jobsubmit.JobDescField;
import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.slurm.NoVal;
import io.plugstack.runtime.node.wire.JobMessages.Value;

/**
 * A real job_desc as the job_submit shim reads it, by the names of the one table of fields
 * ({@link JobDescField}), and back: the fields a Java plugin changed, to be written with
 * {@code job_desc[name] = value}. Two names are left out: {@code pn_min_memory} (a uint64 with the
 * MEM_PER_CPU bit set does not survive Lua 5.1's doubles: it travels as its views min_mem_per_cpu and
 * min_mem_per_node) and {@code environment} (a proxy no one can enumerate).
 */
final class JobDescValues {

    private JobDescValues() {
    }

    /** The job_desc names the shim asks for, in the table's order. */
    static List<String> names() {
        List<String> names = new ArrayList<>();
        for (JobDescField f : JobDescField.values()) {
            if (f != JobDescField.PN_MIN_MEMORY && f != JobDescField.ENVIRONMENT) {
                names.add(f.slurmName());
            }
        }
        return names;
    }

    /** A JobDescriptor with what Slurm gave; unknown names, wrong kinds and derived views (argc, cron_job) are ignored. */
    static JobDescriptor read(List<Value> values) {
        JobDescriptor desc = new JobDescriptor();
        for (Value v : values) {
            JobDescField f = JobDescField.ofName(v.name()).orElse(null);
            if (f == null || f == JobDescField.PN_MIN_MEMORY || f == JobDescField.ENVIRONMENT) {
                continue;
            }
            switch (f.access()) {
                case COUNT, BITFLAG -> {
                    continue;
                }
                default -> {
                }
            }
            if (v.kind() == Value.NUMBER && f.kind().isNumber()) {
                long n = number(v.text(), f);
                desc.setNumber(f, f.access() == JobDescField.Access.NICE_OFFSET && n != NoVal.NO_VAL ? n + NoVal.NICE_OFFSET : n);
            } else if (v.kind() == Value.STRING && f.kind() == JobDescField.Kind.STRING) {
                desc.setString(f, v.text());
            } else if (v.kind() == Value.LIST && f.kind() == JobDescField.Kind.STRING_ARRAY) {
                desc.setList(f, v.list());
            }
        }
        return desc;
    }

    /**
     * A number as Lua printed it. Slurm pushes every number as a double: a uint64 sentinel (NO_VAL64,
     * INFINITE64) reads as 2^64, which becomes the field's own "unset" value.
     */
    static long number(String decimal, JobDescField f) {
        BigInteger b = new BigInteger(decimal);
        if (b.bitLength() > 64 || (b.signum() > 0 && b.bitLength() == 64 && b.compareTo(BigInteger.TWO.pow(64).subtract(BigInteger.TWO)) > 0)) {
            return f.unset() != null ? f.unset() : NoVal.NO_VAL64;
        }
        return b.longValue();
    }

    /** What a write must be compared against: every field's value before the chain ran. */
    static Map<JobDescField, Object> snapshot(JobDescriptor desc) {
        Map<JobDescField, Object> m = new EnumMap<>(JobDescField.class);
        for (JobDescField f : JobDescField.values()) {
            m.put(f, desc.get(f));
        }
        return m;
    }

    /**
     * The fields the chain changed that a job_submit script may write ({@link JobDescField#writable()}:
     * Slurm's Lua refuses the others); a memory change as the view that now holds it. A string cleared by
     * a plugin is a NULL string (the shim writes "", which Slurm stores as unset).
     */
    static List<Value> writes(Map<JobDescField, Object> before, JobDescriptor after) {
        List<Value> out = new ArrayList<>();
        for (JobDescField f : JobDescField.values()) {
            Object now = after.get(f);
            if (!f.writable() || f == JobDescField.ENVIRONMENT || Objects.equals(before.get(f), now)) {
                continue;
            }
            switch (f.access()) {
                case MEM_PER_CPU, MEM_PER_NODE, SPECIALIZED_CORES, SPECIALIZED_THREADS -> {
                    if (now != null) {
                        out.add(Value.number(f.slurmName(), Long.toUnsignedString((Long) now)));
                    }
                }
                case NICE_OFFSET -> {
                    long raw = (Long) now;
                    if (raw != NoVal.NO_VAL) {
                        out.add(Value.number(f.slurmName(), raw - NoVal.NICE_OFFSET));
                    }
                }
                default -> {
                    if (f == JobDescField.PN_MIN_MEMORY) {
                        continue; // written through its view above
                    }
                    if (f.kind() == JobDescField.Kind.STRING) {
                        out.add(Value.string(f.slurmName(), (String) now));
                    } else if (f.kind() == JobDescField.Kind.UINT64) {
                        out.add(Value.number(f.slurmName(), Long.toUnsignedString((Long) now)));
                    } else if (f.kind().isNumber()) {
                        out.add(Value.number(f.slurmName(), (Long) now));
                    }
                }
            }
        }
        return out;
    }
}
