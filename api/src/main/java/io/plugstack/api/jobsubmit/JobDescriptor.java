package io.plugstack.api.jobsubmit;

import java.util.EnumMap;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.StringJoiner;

import io.plugstack.api.slurm.NoVal;

/**
 * A job request as job_submit plugins see it (Slurm's {@code job_desc_msg_t}), mutable, with one value
 * per {@link JobDescField}. Every field starts at Slurm's "not given" value: numbers at their sentinel
 * (NO_VAL, NO_VAL16, NO_VAL64 or 0), strings null, arrays empty, environment absent.
 *
 * <p>Values are raw C values, as a C plugin sees them: nice and site_factor include NICE_OFFSET,
 * pn_min_memory carries the MEM_PER_CPU flag. The names that exist only in job_submit/lua are views:
 * min_mem_per_cpu/min_mem_per_node read and write pn_min_memory (JSL-22/23), cron_job reads a bit of
 * bitflags, argc and spank_job_env_size count their arrays. Unlike a Lua script, a Java plugin may set
 * any stored field, as a C plugin may; {@link JobDescField#writable()} is the Lua rule.
 *
 * <p>Numbers are truncated to the field's C width when set (C assignment), e.g. 65537 into a uint16_t
 * field stores 1. Not thread-safe: slurmctld calls the chain for one request at a time.
 */
public final class JobDescriptor implements JobDescAccessors {

    /** The bitflags bit of jobs submitted through scrontab ({@code CRON_JOB}, SLURM_BIT(22)). */
    public static final long CRON_JOB = 1L << 22;
    /** slurm.h CORE_SPEC_THREAD: core_spec's member holds a thread count, not a core count. */
    public static final long CORE_SPEC_THREAD = 0x8000L;

    private final EnumMap<JobDescField, Object> values = new EnumMap<>(JobDescField.class);

    /** A request with every field unset. */
    public JobDescriptor() {
        for (JobDescField f : JobDescField.values()) {
            if (f.isStored()) {
                values.put(f, initial(f));
            }
        }
    }

    private static Object initial(JobDescField f) {
        if (f.access() == JobDescField.Access.SPECIALIZED_CORES) {
            return (long) NoVal.NO_VAL16; // core_spec's member; the field itself reads nil while unset
        }
        if (f.kind().isNumber()) {
            return f.unset();
        }
        return f.kind() == JobDescField.Kind.STRING_ARRAY ? List.of() : null;
    }

    @Override
    public Object get(JobDescField field) {
        switch (field.access()) {
            case MEM_PER_CPU: {
                long raw = (Long) values.get(JobDescField.PN_MIN_MEMORY);
                return raw != NoVal.NO_VAL64 && (raw & NoVal.MEM_PER_CPU) != 0 ? raw & ~NoVal.MEM_PER_CPU : null;
            }
            case MEM_PER_NODE: {
                long raw = (Long) values.get(JobDescField.PN_MIN_MEMORY);
                return raw != NoVal.NO_VAL64 && (raw & NoVal.MEM_PER_CPU) == 0 ? raw : null;
            }
            case BITFLAG:
                return ((Long) values.get(JobDescField.BITFLAGS) & CRON_JOB) != 0;
            case SPECIALIZED_CORES: {
                long raw = (Long) values.get(JobDescField.CORE_SPEC);
                return raw != NoVal.NO_VAL16 && (raw & CORE_SPEC_THREAD) == 0 ? raw : null;
            }
            case SPECIALIZED_THREADS: {
                long raw = (Long) values.get(JobDescField.CORE_SPEC);
                return raw != NoVal.NO_VAL16 && (raw & CORE_SPEC_THREAD) != 0 ? raw & ~CORE_SPEC_THREAD : null;
            }
            case COUNT:
                return (long) getList(field == JobDescField.ARGC ? JobDescField.ARGV : JobDescField.SPANK_JOB_ENV).size();
            default:
                return values.get(field);
        }
    }

    @Override
    public String getString(JobDescField field) {
        requireKind(field, JobDescField.Kind.STRING);
        return (String) values.get(field);
    }

    @Override
    public long getNumber(JobDescField field) {
        if (!field.kind().isNumber()) {
            throw wrongKind(field, "a number");
        }
        Object v = get(field);
        if (v == null) {
            throw new NoSuchElementException(field.slurmName() + " is nil: the request has no memory request of that kind");
        }
        return (Long) v;
    }

    @Override
    @SuppressWarnings("unchecked")
    public List<String> getList(JobDescField field) {
        if (field.kind() != JobDescField.Kind.STRING_ARRAY && field.kind() != JobDescField.Kind.ENVIRONMENT) {
            throw wrongKind(field, "a string list");
        }
        return (List<String>) values.get(field);
    }

    @Override
    public void setString(JobDescField field, String value) {
        requireKind(field, JobDescField.Kind.STRING);
        values.put(field, value);
    }

    @Override
    public void setNumber(JobDescField field, long value) {
        if (!field.kind().isNumber()) {
            throw wrongKind(field, "a number");
        }
        switch (field.access()) {
            case MEM_PER_CPU:
                values.put(JobDescField.PN_MIN_MEMORY, value | NoVal.MEM_PER_CPU);
                return;
            case MEM_PER_NODE:
                values.put(JobDescField.PN_MIN_MEMORY, value);
                return;
            case SPECIALIZED_THREADS: // _set_job_req_field: the count, then the flag
                values.put(JobDescField.CORE_SPEC, (value | CORE_SPEC_THREAD) & 0xffffL);
                return;
            case COUNT:
                throw derived(field);
            default:
                values.put(field, value & field.kind().mask());
        }
    }

    @Override
    public void setList(JobDescField field, List<String> value) {
        if (field.kind() == JobDescField.Kind.STRING_ARRAY) {
            values.put(field, value == null ? List.of() : List.copyOf(value));
        } else if (field.kind() == JobDescField.Kind.ENVIRONMENT) {
            values.put(field, value == null ? null : List.copyOf(value));
        } else {
            throw wrongKind(field, "a string list");
        }
    }

    /**
     * Sets a field from a value of its kind: String, Number, or List of String; null clears it.
     *
     * @param field the field
     * @param value its new value, or null
     * @throws IllegalArgumentException for a value of the wrong kind or a derived field (argc,
     *                                  spank_job_env_size, cron_job)
     */
    @SuppressWarnings("unchecked")
    public void set(JobDescField field, Object value) {
        if (value == null) {
            clear(field);
        } else if (value instanceof String && field.kind() == JobDescField.Kind.STRING) {
            setString(field, (String) value);
        } else if (value instanceof Number && field.kind().isNumber()) {
            setNumber(field, ((Number) value).longValue());
        } else if (value instanceof List && !field.kind().isNumber() && field.kind() != JobDescField.Kind.STRING) {
            setList(field, (List<String>) value);
        } else {
            throw field.kind() == JobDescField.Kind.BOOLEAN ? derived(field)
                    : wrongKind(field, field.kind().toString().toLowerCase() + " (got " + value.getClass().getSimpleName() + ")");
        }
    }

    @Override
    public void clear(JobDescField field) {
        switch (field.access()) {
            case MEM_PER_CPU:
            case MEM_PER_NODE:
                if (get(field) != null) {
                    values.put(JobDescField.PN_MIN_MEMORY, NoVal.NO_VAL64);
                }
                return;
            case SPECIALIZED_CORES:
            case SPECIALIZED_THREADS:
                if (get(field) != null) {
                    values.put(JobDescField.CORE_SPEC, (long) NoVal.NO_VAL16);
                }
                return;
            case BITFLAG:
            case COUNT:
                throw derived(field);
            default:
                values.put(field, initial(field));
        }
    }

    /**
     * Whether the field differs from "not given".
     *
     * @param field the field
     * @return false while unset (a nil view, false flag or empty array counts as unset)
     */
    public boolean isSet(JobDescField field) {
        switch (field.access()) {
            case MEM_PER_CPU:
            case MEM_PER_NODE:
            case SPECIALIZED_CORES:
            case SPECIALIZED_THREADS:
                return get(field) != null;
            case BITFLAG:
                return (Boolean) get(field);
            case COUNT:
                return (Long) get(field) != 0;
            default:
                break;
        }
        Object v = values.get(field);
        if (field.kind().isNumber()) {
            return !v.equals(field.unset());
        }
        return field.kind() == JobDescField.Kind.STRING_ARRAY ? !((List<?>) v).isEmpty() : v != null;
    }

    private static void requireKind(JobDescField field, JobDescField.Kind kind) {
        if (field.kind() != kind) {
            throw wrongKind(field, kind.toString().toLowerCase());
        }
    }

    private static IllegalArgumentException wrongKind(JobDescField field, String expected) {
        return new IllegalArgumentException(field.slurmName() + " is " + field.kind().toString().toLowerCase()
                + ", not " + expected);
    }

    private static IllegalArgumentException derived(JobDescField field) {
        return new IllegalArgumentException(field.slurmName() + " is derived from another field; set that field instead");
    }

    /** The fields that are set, as "name=value", for logs. */
    @Override
    public String toString() {
        StringJoiner out = new StringJoiner(" ", "JobDescriptor[", "]");
        for (JobDescField f : JobDescField.values()) {
            if (f.isStored() && isSet(f)) {
                Object v = values.get(f);
                out.add(f.slurmName() + "=" + (f.kind() == JobDescField.Kind.UINT64 ? Long.toUnsignedString((Long) v) : v));
            }
        }
        return out.toString();
    }
}
