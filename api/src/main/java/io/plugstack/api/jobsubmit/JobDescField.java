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
import static io.plugstack.api.jobsubmit.JobDescField.Access.SPECIALIZED_CORES;
import static io.plugstack.api.jobsubmit.JobDescField.Access.SPECIALIZED_THREADS;
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

import io.plugstack.api.plugin.ReleaseBehaviour;
import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.api.slurm.NoVal;

/**
 * The readable fields of a job request as job_submit/lua exposes them in Slurm 25.11 (JSL-21), one row
 * each: Slurm's name, the C value kind, the value while unset (as a job_submit plugin receives it from
 * the commands), how the name maps onto job_desc_msg_t, whether a Lua script may write it (JSL-23), and
 * its aliases. {@link JobDescriptor} stores its values by this table, and the Lua binding reads it.
 * Fields of some releases only are release rows: power_flags to 23.11, segment_size from 25.11.2, core_spec and
 * thread_spec from 26.05 ({@link #in(SlurmVersion)}).
 */
public enum JobDescField {
    /** The account to charge (--account). */
    ACCOUNT("account", STRING, DIRECT, true),
    /** Accounting polling intervals, seconds (--acctg-freq). */
    ACCTG_FREQ("acctg_freq", STRING, DIRECT, true),
    /** The administrator's arbitrary comment. */
    ADMIN_COMMENT("admin_comment", STRING, DIRECT, true),
    /** The node making the request (set by the submitting command). */
    ALLOC_NODE("alloc_node", STRING, DIRECT, false),
    /** The number of arguments to the script: the length of {@link #ARGV}. */
    ARGC("argc", UINT32, 0L, COUNT, false),
    /** The arguments to the batch script. */
    ARGV("argv", STRING_ARRAY, DIRECT, false),
    /** The job array index values (--array). */
    ARRAY_INX("array_inx", STRING, DIRECT, true),
    /** The comment of the request's association (from the association manager). */
    ASSOC_COMMENT("assoc_comment", STRING, ASSOCIATION, false),
    /** The QOS list of the request's association (from the association manager). */
    ASSOC_QOS("assoc_qos", STRING, ASSOCIATION, false),
    /** Features required for the batch script's node (--batch). */
    BATCH_FEATURES("batch_features", STRING, DIRECT, true),
    /** Delay initiation until this time (--begin), epoch seconds. */
    BEGIN_TIME("begin_time", TIME, 0L, DIRECT, true),
    /** The request's flag bits (e.g. {@link JobDescriptor#CRON_JOB}). */
    BITFLAGS("bitflags", UINT64, 0L, DIRECT, true),
    /** Boards per node required by the job. */
    BOARDS_PER_NODE("boards_per_node", UINT16, 0L, DIRECT, false),
    /** Burst buffer specifications (--bb). */
    BURST_BUFFER("burst_buffer", STRING, DIRECT, true),
    /** Cluster names for a multi-cluster job (--clusters). */
    CLUSTERS("clusters", STRING, DIRECT, true),
    /** An arbitrary comment (--comment). */
    COMMENT("comment", STRING, DIRECT, true),
    /** The OCI container bundle (--container). */
    CONTAINER("container", STRING, DIRECT, true),
    /** 1 if the job requires contiguous nodes (--contiguous). */
    CONTIGUOUS("contiguous", UINT16, (long) NoVal.NO_VAL16, DIRECT, true),
    /**
     * Cores reserved for system use (--core-spec), from 26.05: nil while unset or while the member holds a
     * thread count ({@link #THREAD_SPEC}); the member itself is stored here.
     */
    CORE_SPEC("core_spec", UINT16, null, SPECIALIZED_CORES, true),
    /** Cores per socket required by the job. */
    CORES_PER_SOCKET("cores_per_socket", UINT16, (long) NoVal.NO_VAL16, DIRECT, true),
    /** The minimum CPU frequency (--cpu-freq). */
    CPU_FREQ_MIN("cpu_freq_min", UINT32, NoVal.NO_VAL, DIRECT, true),
    /** The maximum CPU frequency (--cpu-freq). */
    CPU_FREQ_MAX("cpu_freq_max", UINT32, NoVal.NO_VAL, DIRECT, true),
    /** The CPU frequency governor (--cpu-freq). */
    CPU_FREQ_GOV("cpu_freq_gov", UINT32, NoVal.NO_VAL, DIRECT, true),
    /** The number of processors required for each task (--cpus-per-task). */
    CPUS_PER_TASK("cpus_per_task", UINT16, (long) NoVal.NO_VAL16, DIRECT, true),
    /** CPUs per TRES, a list of TRES=# values (--cpus-per-gpu). */
    CPUS_PER_TRES("cpus_per_tres", STRING, DIRECT, true),
    /** Whether the request comes from scrontab: one bit of {@link #BITFLAGS}. */
    CRON_JOB("cron_job", BOOLEAN, BITFLAG, false),
    /** The submitting user's default account (from the association manager). */
    DEFAULT_ACCOUNT("default_account", STRING, ASSOCIATION, false),
    /** The default QOS of the request's association (from the association manager). */
    DEFAULT_QOS("default_qos", STRING, ASSOCIATION, false),
    /** Delay boot for the desired node state (--delay-boot). */
    DELAY_BOOT("delay_boot", UINT32, NoVal.NO_VAL, DIRECT, true),
    /** The dependencies on other jobs (--dependency). */
    DEPENDENCY("dependency", STRING, DIRECT, true),
    /** The time by which the job must complete, epoch seconds (slurm.h: "used for job update only now"). */
    END_TIME("end_time", TIME, 0L, DIRECT, true),
    /** The batch environment; the Lua proxy's entries are writable, the table itself is not. */
    ENVIRONMENT("environment", Kind.ENVIRONMENT, ENV_PROXY, false),
    /** Nodes excluded from the job's allocation (--exclude). */
    EXC_NODES("exc_nodes", STRING, DIRECT, true),
    /** An arbitrary string (--extra). */
    EXTRA("extra", STRING, DIRECT, true),
    /** The required feature specification (--constraint). */
    FEATURES("features", STRING, DIRECT, true),
    /** The group to assume (--gid, root only). */
    GROUP_ID("group_id", UINT32, NoVal.NO_VAL, DIRECT, false),
    /** The heterogeneous job component offset (alias pack_job_offset). */
    HET_JOB_OFFSET("het_job_offset", UINT32, NoVal.NO_VAL, DIRECT, false, "pack_job_offset"),
    /** 1 if the job must be allocated at once or fail (--immediate), 0 to wait in the queue. */
    IMMEDIATE("immediate", UINT16, 0L, DIRECT, true),
    /** Licenses required by the job (--licenses). */
    LICENSES("licenses", STRING, DIRECT, true),
    /** MAIL_JOB_* bits (--mail-type), see {@link io.plugstack.api.slurm.MailType}. */
    MAIL_TYPE("mail_type", UINT16, (long) NoVal.NO_VAL16, DIRECT, true),
    /** The user to receive notification (--mail-user). */
    MAIL_USER("mail_user", STRING, DIRECT, true),
    /** The maximum number of processors required. */
    MAX_CPUS("max_cpus", UINT32, NoVal.NO_VAL, DIRECT, true),
    /** The maximum number of nodes usable by the job (--nodes=min-max). */
    MAX_NODES("max_nodes", UINT32, NoVal.NO_VAL, DIRECT, true),
    /** The MCS label, if an MCS plugin is in use (--mcs-label). */
    MCS_LABEL("mcs_label", STRING, DIRECT, true),
    /** Memory per TRES, a list of TRES=# values (--mem-per-gpu). */
    MEM_PER_TRES("mem_per_tres", STRING, DIRECT, true),
    /** The minimum number of processors required. */
    MIN_CPUS("min_cpus", UINT32, NoVal.NO_VAL, DIRECT, true),
    /** Per-node memory (MB) when pn_min_memory is a per-node request, else nil. */
    MIN_MEM_PER_NODE("min_mem_per_node", UINT64, null, MEM_PER_NODE, true),
    /** Per-CPU memory (MB, flag stripped) when pn_min_memory carries MEM_PER_CPU, else nil. */
    MIN_MEM_PER_CPU("min_mem_per_cpu", UINT64, null, MEM_PER_CPU, true),
    /** The minimum number of nodes required by the job (--nodes). */
    MIN_NODES("min_nodes", UINT32, NoVal.NO_VAL, DIRECT, true),
    /** The job name (--job-name). */
    NAME("name", STRING, DIRECT, true),
    /** The network use specification (--network). */
    NETWORK("network", STRING, DIRECT, false),
    /** Raw: NO_VAL, or the requested nice + NICE_OFFSET. */
    NICE("nice", UINT32, NoVal.NO_VAL, DIRECT, true),
    /** Tasks to invoke on each board. */
    NTASKS_PER_BOARD("ntasks_per_board", UINT16, 0L, DIRECT, false),
    /** Tasks to invoke on each core (--ntasks-per-core). */
    NTASKS_PER_CORE("ntasks_per_core", UINT16, (long) NoVal.NO_VAL16, DIRECT, false),
    /** Tasks to invoke on each node (--ntasks-per-node). */
    NTASKS_PER_NODE("ntasks_per_node", UINT16, (long) NoVal.NO_VAL16, DIRECT, true),
    /** Tasks to invoke on each socket (--ntasks-per-socket). */
    NTASKS_PER_SOCKET("ntasks_per_socket", UINT16, (long) NoVal.NO_VAL16, DIRECT, true),
    /** Tasks that can access each GPU (--ntasks-per-gpu; alias ntasks_per_gpu). */
    NTASKS_PER_TRES("ntasks_per_tres", UINT16, (long) NoVal.NO_VAL16, DIRECT, true, "ntasks_per_gpu"),
    /** The number of tasks to be started (--ntasks). */
    NUM_TASKS("num_tasks", UINT32, NoVal.NO_VAL, DIRECT, true),
    /** The requested partition(s) (--partition); unset means the default partition. */
    PARTITION("partition", STRING, DIRECT, true),
    /** The soft feature specification (--prefer). */
    PREFER("prefer", STRING, DIRECT, true),
    /** The minimum number of CPUs per node (--mincpus). */
    PN_MIN_CPUS("pn_min_cpus", UINT16, (long) NoVal.NO_VAL16, DIRECT, true),
    /** Raw memory request: MB per node, or MB per CPU | MEM_PER_CPU. */
    PN_MIN_MEMORY("pn_min_memory", UINT64, NoVal.NO_VAL64, DIRECT, true),
    /** The minimum temporary disk per node, MB (--tmp). */
    PN_MIN_TMP_DISK("pn_min_tmp_disk", UINT32, NoVal.NO_VAL, DIRECT, true),
    /**
     * The job's power management flags (--power; a uint8_t in Slurm), 0 unless given. Only up to 23.11: from 24.05
     * ({@link ReleaseBehaviour#JOB_DESC_POWER_FLAGS_REMOVED}) job_submit/lua has no such name.
     */
    POWER_FLAGS("power_flags", UINT16, 0L, DIRECT, true),
    /** The relative priority of the job (--priority; 0 = held). */
    PRIORITY("priority", UINT32, NoVal.NO_VAL, DIRECT, true),
    /** The Quality of Service (--qos). */
    QOS("qos", STRING, DIRECT, true),
    /** Force a node reboot before the job starts (--reboot). */
    REBOOT("reboot", UINT16, (long) NoVal.NO_VAL16, DIRECT, true),
    /** The requested SELinux context (--context). */
    REQ_CONTEXT("req_context", STRING, DIRECT, false),
    /** Nodes the job requires (--nodelist). */
    REQ_NODES("req_nodes", STRING, DIRECT, true),
    /** The minimum number of switches (--switches). */
    REQ_SWITCH("req_switch", UINT32, NoVal.NO_VAL, DIRECT, true),
    /** Enable or disable requeueing of the job (--requeue, --no-requeue). */
    REQUEUE("requeue", UINT16, (long) NoVal.NO_VAL16, DIRECT, true),
    /** The reservation to use (--reservation). */
    RESERVATION("reservation", STRING, DIRECT, true),
    /** The batch script itself; unset for a request that is not a batch job. */
    SCRIPT("script", STRING, DIRECT, true),
    /**
     * Node sharing (--oversubscribe, --exclusive; alias oversubscribe): 0 exclusive, 1 shared, 2 only with the user's
     * jobs, NO_VAL the default.
     */
    SHARED("shared", UINT16, (long) NoVal.NO_VAL16, DIRECT, true, "oversubscribe"),
    /** Nodes per topology segment (--segment), from 25.11.2; 0 while unset. */
    SEGMENT_SIZE("segment_size", UINT16, 0L, DIRECT, true),
    /** The SELinux context slurmctld uses internally. */
    SELINUX_CONTEXT("selinux_context", STRING, DIRECT, true),
    /** Raw: NO_VAL, or the factor + NICE_OFFSET; Lua shows and takes it without the offset. */
    SITE_FACTOR("site_factor", UINT32, NoVal.NO_VAL, NICE_OFFSET, true),
    /** Sockets per board required by the job. */
    SOCKETS_PER_BOARD("sockets_per_board", UINT16, 0L, DIRECT, false),
    /** Sockets per node required by the job. */
    SOCKETS_PER_NODE("sockets_per_node", UINT16, (long) NoVal.NO_VAL16, DIRECT, true),
    /** The job control environment SPANK plugins set for the prolog and epilog, "NAME=value". */
    SPANK_JOB_ENV("spank_job_env", STRING_ARRAY, DIRECT, false),
    /** The length of {@link #SPANK_JOB_ENV}. */
    SPANK_JOB_ENV_SIZE("spank_job_env_size", UINT32, 0L, COUNT, false),
    /** The path of standard error (--error). */
    STD_ERR("std_err", STRING, DIRECT, true),
    /** The path of standard input (--input). */
    STD_IN("std_in", STRING, DIRECT, true),
    /** The path of standard output (--output). */
    STD_OUT("std_out", STRING, DIRECT, true),
    /**
     * Threads reserved for system use (--thread-spec), from 26.05: core_spec's member with CORE_SPEC_THREAD
     * set, read without that bit; nil while the member is unset or holds a core count.
     */
    THREAD_SPEC("thread_spec", UINT16, null, SPECIALIZED_THREADS, true),
    /** Threads per core required by the job (--threads-per-core). */
    THREADS_PER_CORE("threads_per_core", UINT16, (long) NoVal.NO_VAL16, DIRECT, true),
    /** The maximum run time in minutes (--time); the partition's limit when unset. */
    TIME_LIMIT("time_limit", UINT32, NoVal.NO_VAL, DIRECT, true),
    /** The minimum run time in minutes (--time-min). */
    TIME_MIN("time_min", UINT32, NoVal.NO_VAL, DIRECT, true),
    /** Task to TRES binding directives (--tres-bind). */
    TRES_BIND("tres_bind", STRING, DIRECT, true),
    /** TRES frequency directives (--gpu-freq). */
    TRES_FREQ("tres_freq", STRING, DIRECT, true),
    /** TRES per job, a list of TRES=# values (--gpus). */
    TRES_PER_JOB("tres_per_job", STRING, DIRECT, true),
    /** Alias "gres": reads the same string; a write through it prefixes each entry with "gres/". */
    TRES_PER_NODE("tres_per_node", STRING, DIRECT, true, "gres"),
    /** TRES per socket (--gpus-per-socket). */
    TRES_PER_SOCKET("tres_per_socket", STRING, DIRECT, true),
    /** TRES per task (--gpus-per-task). */
    TRES_PER_TASK("tres_per_task", STRING, DIRECT, true),
    /** The user the job runs as (only root may ask for another user). */
    USER_ID("user_id", UINT32, NoVal.NO_VAL, DIRECT, false),
    /** The submitting user's name, from the request's identity or a uid lookup. */
    USER_NAME("user_name", STRING, IDENTITY, false),
    /** The maximum time to wait for the minimum switches (--switches=count@time). */
    WAIT4SWITCH("wait4switch", UINT32, NoVal.NO_VAL, DIRECT, true),
    /** The working directory (--chdir). */
    WORK_DIR("work_dir", STRING, DIRECT, true),
    /** The wckey (--wckey). */
    WCKEY("wckey", STRING, DIRECT, true);

    /** The C type of the value. */
    public enum Kind {
        /** char *: null when unset. */
        STRING,
        /** uint16_t. */
        UINT16,
        /** uint32_t, stored as a non-negative long. */
        UINT32,
        /** uint64_t, stored as the long with the same bits. */
        UINT64,
        /** time_t: signed 64-bit seconds. */
        TIME,
        /** A yes/no view (cron_job). */
        BOOLEAN,
        /** char ** with a count (argv, spank_job_env): 0-indexed tables in Lua. */
        STRING_ARRAY,
        /** The batch environment, "NAME=value"; absent for non-batch requests. */
        ENVIRONMENT;

        /** {@return whether values are numbers (stored as {@code long})} */
        public boolean isNumber() {
            return this == UINT16 || this == UINT32 || this == UINT64 || this == TIME;
        }

        /** {@return the bits a C assignment keeps: a wider number is truncated to the field's width} */
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
        /** core_spec's member read as a core count: nil when it carries CORE_SPEC_THREAD; the member is stored here. */
        SPECIALIZED_CORES,
        /** core_spec's member read as a thread count (thread_spec): nil unless it carries CORE_SPEC_THREAD. */
        SPECIALIZED_THREADS,
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

    /** {@return slurm's name (the Lua key)} */
    public String slurmName() {
        return slurmName;
    }

    /** {@return the C value kind} */
    public Kind kind() {
        return kind;
    }

    /**
     * {@return the numeric value while unset (NO_VAL, NO_VAL16, NO_VAL64 or 0); null for strings, lists and nil views}
     */
    public Long unset() {
        return unset;
    }

    /** {@return how the name maps onto the request} */
    public Access access() {
        return access;
    }

    /** {@return whether job_submit/lua lets a script assign it (JSL-23); other writes log "unrecognized field"} */
    public boolean writable() {
        return writable;
    }

    /** {@return other names Lua accepts for this field (gres, pack_job_offset, oversubscribe, ntasks_per_gpu)} */
    public List<String> aliases() {
        return aliases;
    }

    /** {@return whether the value lives in the request itself rather than being derived from another field} */
    public boolean isStored() {
        return access != MEM_PER_CPU && access != MEM_PER_NODE && access != BITFLAG && access != COUNT && access != SPECIALIZED_THREADS;
    }

    /**
     * The field named {@code name} or one of its aliases.
     *
     * @param name a Lua key, e.g. "time_limit" or "gres"
     * @return the field, or empty for a name job_submit/lua does not know
     */
    public static Optional<JobDescField> ofName(String name) {
        return Optional.ofNullable(BY_NAME.get(name));
    }

    /**
     * The field named {@code name} or one of its aliases, as job_submit/lua at {@code release} knows it: a field
     * the release does not have (power_flags from 24.05) is empty there.
     *
     * @param name    a Lua key
     * @param release the Slurm release played
     * @return the field, or empty for a name job_submit/lua at that release does not know
     */
    public static Optional<JobDescField> ofName(String name, SlurmVersion release) {
        return ofName(name).filter(f -> f.in(release));
    }

    /**
     * Whether job_submit/lua at {@code release} has this field: the release table's rows for power_flags,
     * segment_size, core_spec and thread_spec; every other field is in every release played.
     *
     * @param release the Slurm release played
     * @return false for power_flags from 24.05 on, segment_size before 25.11.2, core_spec and thread_spec before 26.05
     */
    public boolean in(SlurmVersion release) {
        return switch (this) {
            case POWER_FLAGS -> !ReleaseBehaviour.JOB_DESC_POWER_FLAGS_REMOVED.at(release);
            case SEGMENT_SIZE -> ReleaseBehaviour.JOB_DESC_SEGMENT_SIZE.at(release);
            case CORE_SPEC, THREAD_SPEC -> ReleaseBehaviour.JOB_DESC_CORE_SPEC.at(release);
            default -> true;
        };
    }

    /**
     * What a Lua write through the alias "gres" stores in tres_per_node (gres_prepend_tres_type): each
     * comma-separated entry gets the "gres/" type prefix unless it has it already.
     *
     * @param gres the value written, e.g. "gpu:1,gres/mps:2"; may be null
     * @return the tres_per_node value ("gres/gpu:1,gres/mps:2"), null for null
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
