package io.plugstack.api.jobsubmit;

import static io.plugstack.api.jobsubmit.JobDescField.Access.ASSOCIATION;
import static io.plugstack.api.jobsubmit.JobDescField.Access.BITFLAG;
import static io.plugstack.api.jobsubmit.JobDescField.Access.COUNT;
import static io.plugstack.api.jobsubmit.JobDescField.Access.DIRECT;
import static io.plugstack.api.jobsubmit.JobDescField.Access.ENV_PROXY;
import static io.plugstack.api.jobsubmit.JobDescField.Access.IDENTITY;
import static io.plugstack.api.jobsubmit.JobDescField.Access.MEM_PER_CPU;
import static io.plugstack.api.jobsubmit.JobDescField.Access.MEM_PER_NODE;
import static io.plugstack.api.jobsubmit.JobDescField.Access.NICE_OFFSET;
import static io.plugstack.api.jobsubmit.JobDescField.Kind.BOOLEAN;
import static io.plugstack.api.jobsubmit.JobDescField.Kind.STRING;
import static io.plugstack.api.jobsubmit.JobDescField.Kind.STRING_ARRAY;
import static io.plugstack.api.jobsubmit.JobDescField.Kind.TIME;
import static io.plugstack.api.jobsubmit.JobDescField.Kind.UINT16;
import static io.plugstack.api.jobsubmit.JobDescField.Kind.UINT32;
import static io.plugstack.api.jobsubmit.JobDescField.Kind.UINT64;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.plugstack.api.slurm.NoVal;

/**
 * The readable fields of a job request as job_submit/lua exposes them in Slurm 25.11 (JSL-21), one row
 * each: Slurm's name, the C value kind, the value while unset (as a job_submit plugin receives it from
 * the commands), how the name maps onto job_desc_msg_t, whether a Lua script may write it (JSL-23), and
 * its aliases. {@link JobDescriptor} stores its values by this table, and the Lua binding reads it.
 * Not in 25.11: core_spec, thread_spec, segment_size (26.05).
 */
public enum JobDescField {
    ACCOUNT("account", STRING, DIRECT, true),
    ACCTG_FREQ("acctg_freq", STRING, DIRECT, true),
    ADMIN_COMMENT("admin_comment", STRING, DIRECT, true),
    ALLOC_NODE("alloc_node", STRING, DIRECT, false),
    ARGC("argc", UINT32, 0L, COUNT, false),
    ARGV("argv", STRING_ARRAY, DIRECT, false),
    ARRAY_INX("array_inx", STRING, DIRECT, true),
    ASSOC_COMMENT("assoc_comment", STRING, ASSOCIATION, false),
    ASSOC_QOS("assoc_qos", STRING, ASSOCIATION, false),
    BATCH_FEATURES("batch_features", STRING, DIRECT, true),
    BEGIN_TIME("begin_time", TIME, 0L, DIRECT, true),
    BITFLAGS("bitflags", UINT64, 0L, DIRECT, true),
    BOARDS_PER_NODE("boards_per_node", UINT16, 0L, DIRECT, false),
    BURST_BUFFER("burst_buffer", STRING, DIRECT, true),
    CLUSTERS("clusters", STRING, DIRECT, true),
    COMMENT("comment", STRING, DIRECT, true),
    CONTAINER("container", STRING, DIRECT, true),
    CONTIGUOUS("contiguous", UINT16, (long) NoVal.NO_VAL16, DIRECT, true),
    CORES_PER_SOCKET("cores_per_socket", UINT16, (long) NoVal.NO_VAL16, DIRECT, true),
    CPU_FREQ_MIN("cpu_freq_min", UINT32, NoVal.NO_VAL, DIRECT, true),
    CPU_FREQ_MAX("cpu_freq_max", UINT32, NoVal.NO_VAL, DIRECT, true),
    CPU_FREQ_GOV("cpu_freq_gov", UINT32, NoVal.NO_VAL, DIRECT, true),
    CPUS_PER_TASK("cpus_per_task", UINT16, (long) NoVal.NO_VAL16, DIRECT, true),
    CPUS_PER_TRES("cpus_per_tres", STRING, DIRECT, true),
    CRON_JOB("cron_job", BOOLEAN, BITFLAG, false),
    DEFAULT_ACCOUNT("default_account", STRING, ASSOCIATION, false),
    DEFAULT_QOS("default_qos", STRING, ASSOCIATION, false),
    DELAY_BOOT("delay_boot", UINT32, NoVal.NO_VAL, DIRECT, true),
    DEPENDENCY("dependency", STRING, DIRECT, true),
    END_TIME("end_time", TIME, 0L, DIRECT, true),
    /** The batch environment; the Lua proxy's entries are writable, the table itself is not. */
    ENVIRONMENT("environment", Kind.ENVIRONMENT, ENV_PROXY, false),
    EXC_NODES("exc_nodes", STRING, DIRECT, true),
    EXTRA("extra", STRING, DIRECT, true),
    FEATURES("features", STRING, DIRECT, true),
    GROUP_ID("group_id", UINT32, NoVal.NO_VAL, DIRECT, false),
    HET_JOB_OFFSET("het_job_offset", UINT32, NoVal.NO_VAL, DIRECT, false, "pack_job_offset"),
    IMMEDIATE("immediate", UINT16, 0L, DIRECT, true),
    LICENSES("licenses", STRING, DIRECT, true),
    MAIL_TYPE("mail_type", UINT16, (long) NoVal.NO_VAL16, DIRECT, true),
    MAIL_USER("mail_user", STRING, DIRECT, true),
    MAX_CPUS("max_cpus", UINT32, NoVal.NO_VAL, DIRECT, true),
    MAX_NODES("max_nodes", UINT32, NoVal.NO_VAL, DIRECT, true),
    MCS_LABEL("mcs_label", STRING, DIRECT, true),
    MEM_PER_TRES("mem_per_tres", STRING, DIRECT, true),
    MIN_CPUS("min_cpus", UINT32, NoVal.NO_VAL, DIRECT, true),
    /** Per-node memory (MB) when pn_min_memory is a per-node request, else nil. */
    MIN_MEM_PER_NODE("min_mem_per_node", UINT64, null, MEM_PER_NODE, true),
    /** Per-CPU memory (MB, flag stripped) when pn_min_memory carries MEM_PER_CPU, else nil. */
    MIN_MEM_PER_CPU("min_mem_per_cpu", UINT64, null, MEM_PER_CPU, true),
    MIN_NODES("min_nodes", UINT32, NoVal.NO_VAL, DIRECT, true),
    NAME("name", STRING, DIRECT, true),
    NETWORK("network", STRING, DIRECT, false),
    /** Raw: NO_VAL, or the requested nice + NICE_OFFSET. */
    NICE("nice", UINT32, NoVal.NO_VAL, DIRECT, true),
    NTASKS_PER_BOARD("ntasks_per_board", UINT16, 0L, DIRECT, false),
    NTASKS_PER_CORE("ntasks_per_core", UINT16, (long) NoVal.NO_VAL16, DIRECT, false),
    NTASKS_PER_NODE("ntasks_per_node", UINT16, (long) NoVal.NO_VAL16, DIRECT, true),
    NTASKS_PER_SOCKET("ntasks_per_socket", UINT16, (long) NoVal.NO_VAL16, DIRECT, true),
    NTASKS_PER_TRES("ntasks_per_tres", UINT16, (long) NoVal.NO_VAL16, DIRECT, true, "ntasks_per_gpu"),
    NUM_TASKS("num_tasks", UINT32, NoVal.NO_VAL, DIRECT, true),
    PARTITION("partition", STRING, DIRECT, true),
    PREFER("prefer", STRING, DIRECT, true),
    PN_MIN_CPUS("pn_min_cpus", UINT16, (long) NoVal.NO_VAL16, DIRECT, true),
    /** Raw memory request: MB per node, or MB per CPU | MEM_PER_CPU. */
    PN_MIN_MEMORY("pn_min_memory", UINT64, NoVal.NO_VAL64, DIRECT, true),
    PN_MIN_TMP_DISK("pn_min_tmp_disk", UINT32, NoVal.NO_VAL, DIRECT, true),
    PRIORITY("priority", UINT32, NoVal.NO_VAL, DIRECT, true),
    QOS("qos", STRING, DIRECT, true),
    REBOOT("reboot", UINT16, (long) NoVal.NO_VAL16, DIRECT, true),
    REQ_CONTEXT("req_context", STRING, DIRECT, false),
    REQ_NODES("req_nodes", STRING, DIRECT, true),
    REQ_SWITCH("req_switch", UINT32, NoVal.NO_VAL, DIRECT, true),
    REQUEUE("requeue", UINT16, (long) NoVal.NO_VAL16, DIRECT, true),
    RESERVATION("reservation", STRING, DIRECT, true),
    SCRIPT("script", STRING, DIRECT, true),
    SHARED("shared", UINT16, (long) NoVal.NO_VAL16, DIRECT, true, "oversubscribe"),
    SELINUX_CONTEXT("selinux_context", STRING, DIRECT, true),
    /** Raw: NO_VAL, or the factor + NICE_OFFSET; Lua shows and takes it without the offset. */
    SITE_FACTOR("site_factor", UINT32, NoVal.NO_VAL, NICE_OFFSET, true),
    SOCKETS_PER_BOARD("sockets_per_board", UINT16, 0L, DIRECT, false),
    SOCKETS_PER_NODE("sockets_per_node", UINT16, (long) NoVal.NO_VAL16, DIRECT, true),
    SPANK_JOB_ENV("spank_job_env", STRING_ARRAY, DIRECT, false),
    SPANK_JOB_ENV_SIZE("spank_job_env_size", UINT32, 0L, COUNT, false),
    STD_ERR("std_err", STRING, DIRECT, true),
    STD_IN("std_in", STRING, DIRECT, true),
    STD_OUT("std_out", STRING, DIRECT, true),
    THREADS_PER_CORE("threads_per_core", UINT16, (long) NoVal.NO_VAL16, DIRECT, true),
    TIME_LIMIT("time_limit", UINT32, NoVal.NO_VAL, DIRECT, true),
    TIME_MIN("time_min", UINT32, NoVal.NO_VAL, DIRECT, true),
    TRES_BIND("tres_bind", STRING, DIRECT, true),
    TRES_FREQ("tres_freq", STRING, DIRECT, true),
    TRES_PER_JOB("tres_per_job", STRING, DIRECT, true),
    /** Alias "gres": reads the same string; a write through it prefixes each entry with "gres/". */
    TRES_PER_NODE("tres_per_node", STRING, DIRECT, true, "gres"),
    TRES_PER_SOCKET("tres_per_socket", STRING, DIRECT, true),
    TRES_PER_TASK("tres_per_task", STRING, DIRECT, true),
    USER_ID("user_id", UINT32, NoVal.NO_VAL, DIRECT, false),
    USER_NAME("user_name", STRING, IDENTITY, false),
    WAIT4SWITCH("wait4switch", UINT32, NoVal.NO_VAL, DIRECT, true),
    WORK_DIR("work_dir", STRING, DIRECT, true),
    WCKEY("wckey", STRING, DIRECT, true);

    /** The C type of the value. */
    public enum Kind {
        /** char *: null when unset. */
        STRING,
        UINT16,
        UINT32,
        UINT64,
        /** time_t: signed 64-bit seconds. */
        TIME,
        /** A yes/no view (cron_job). */
        BOOLEAN,
        /** char ** with a count (argv, spank_job_env): 0-indexed tables in Lua. */
        STRING_ARRAY,
        /** The batch environment, "NAME=value"; absent for non-batch requests. */
        ENVIRONMENT;

        /** Whether values are numbers (stored as {@code long}). */
        public boolean isNumber() {
            return this == UINT16 || this == UINT32 || this == UINT64 || this == TIME;
        }

        /** The bits a C assignment keeps: a wider number is truncated to the field's width. */
        public long mask() {
            return this == UINT16 ? 0xffffL : this == UINT32 ? 0xffffffffL : -1L;
        }
    }

    /** How the name maps onto job_desc_msg_t. */
    public enum Access {
        /** The C member of the same name, raw. */
        DIRECT,
        /** site_factor: Lua reads raw - NICE_OFFSET and writes value + NICE_OFFSET, NO_VAL passing unchanged. */
        NICE_OFFSET,
        /** A view of pn_min_memory when it carries MEM_PER_CPU; a write sets the value and the flag. */
        MEM_PER_CPU,
        /** A view of pn_min_memory when it lacks MEM_PER_CPU; a write sets the raw value. */
        MEM_PER_NODE,
        /** A view of one bit of bitflags ({@link JobDescriptor#CRON_JOB}). */
        BITFLAG,
        /** The element count of the array field it follows (argc, spank_job_env_size). */
        COUNT,
        /** A name/value proxy over the environment array, batch requests only. */
        ENV_PROXY,
        /** Computed by the host from the association manager (account/partition/user of the request). */
        ASSOCIATION,
        /** The submitting user's name, from the request's identity or a uid lookup. */
        IDENTITY
    }

    private static final Map<String, JobDescField> BY_NAME = new HashMap<>();

    static {
        for (JobDescField f : values()) {
            BY_NAME.put(f.slurmName, f);
            for (String alias : f.aliases) {
                BY_NAME.put(alias, f);
            }
        }
    }

    private final String slurmName;
    private final Kind kind;
    private final Long unset;
    private final Access access;
    private final boolean writable;
    private final List<String> aliases;

    JobDescField(String slurmName, Kind kind, Access access, boolean writable, String... aliases) {
        this(slurmName, kind, null, access, writable, aliases);
    }

    JobDescField(String slurmName, Kind kind, Long unset, Access access, boolean writable, String... aliases) {
        this.slurmName = slurmName;
        this.kind = kind;
        this.unset = unset;
        this.access = access;
        this.writable = writable;
        this.aliases = List.of(aliases);
    }

    /** Slurm's name (the Lua key). */
    public String slurmName() {
        return slurmName;
    }

    /** The C value kind. */
    public Kind kind() {
        return kind;
    }

    /** The numeric value while unset (NO_VAL, NO_VAL16, NO_VAL64 or 0); null for strings, lists and nil views. */
    public Long unset() {
        return unset;
    }

    /** How the name maps onto the request. */
    public Access access() {
        return access;
    }

    /** Whether job_submit/lua lets a script assign it (JSL-23); other writes log "unrecognized field". */
    public boolean writable() {
        return writable;
    }

    /** Other names Lua accepts for this field (gres, pack_job_offset, oversubscribe, ntasks_per_gpu). */
    public List<String> aliases() {
        return aliases;
    }

    /** Whether the value lives in the request itself rather than being derived from another field. */
    public boolean isStored() {
        return access != MEM_PER_CPU && access != MEM_PER_NODE && access != BITFLAG && access != COUNT;
    }

    /** The field named {@code name} or one of its aliases. */
    public static Optional<JobDescField> ofName(String name) {
        return Optional.ofNullable(BY_NAME.get(name));
    }

    /**
     * What a Lua write through the alias "gres" stores in tres_per_node (gres_prepend_tres_type): each
     * comma-separated entry gets the "gres/" type prefix unless it has it already.
     */
    public static String gresToTres(String gres) {
        if (gres == null) {
            return null;
        }
        StringBuilder out = new StringBuilder();
        for (String entry : gres.split(",", -1)) {
            if (out.length() > 0) {
                out.append(',');
            }
            out.append(entry.startsWith("gres/") ? entry : "gres/" + entry);
        }
        return out.toString();
    }
}
