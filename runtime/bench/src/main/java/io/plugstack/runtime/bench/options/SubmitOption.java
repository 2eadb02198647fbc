package io.plugstack.runtime.bench.options;

import static io.plugstack.api.slurm.SlurmCommand.SALLOC;
import static io.plugstack.api.slurm.SlurmCommand.SBATCH;
import static io.plugstack.api.slurm.SlurmCommand.SRUN;

import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import io.plugstack.api.slurm.SlurmCommand;
import io.plugstack.api.jobsubmit.JobDescField;
import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.api.slurm.MailType;
import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.slurm.NoVal;

/**
 * The Slurm options the bench's commands take (src/common/slurm_opt.c's table, the common part):
 * long and short name, argument, which commands have it, whether sbatch takes it in its early pass,
 * the input environment variable (SBATCH_/SALLOC_/SLURM_ + suffix), how it fills the job_desc and
 * how its getter renders it for cli_filter ({@link Get}). The one home of these facts.
 */
public enum SubmitOption {
    JOB_NAME("job-name", 'J', Arg.REQUIRED, "JOB_NAME", (d, v, r) -> d.setName(v), Get.STRING),
    PARTITION("partition", 'p', Arg.REQUIRED, "PARTITION", (d, v, r) -> d.setPartition(v), Get.STRING),
    TIME("time", 't', Arg.REQUIRED, "TIMELIMIT", (d, v, r) -> d.setTimeLimit(minutes(v, "--time")), Get.DURATION),
    TIME_MIN("time-min", '\0', Arg.REQUIRED, null, (d, v, r) -> d.setNumber(JobDescField.TIME_MIN, minutes(v, "--time-min")),
            Get.DURATION),
    NODES("nodes", 'N', Arg.REQUIRED, null, SubmitOption::nodes, Get.NODES),
    NTASKS("ntasks", 'n', Arg.REQUIRED, null, (d, v, r) -> d.setNumTasks(SlurmUnits.intCount(v, "ntasks", "number of tasks")),
            Get.integer("1")),
    CPUS_PER_TASK("cpus-per-task", 'c', Arg.REQUIRED, null,
            (d, v, r) -> d.setCpusPerTask(SlurmUnits.intCount(v, "cpus-per-task", "--cpus-per-task")), Get.integer("0")),
    NTASKS_PER_NODE("ntasks-per-node", '\0', Arg.REQUIRED, null,
            (d, v, r) -> d.setNumber(JobDescField.NTASKS_PER_NODE, SlurmUnits.count(v, 1, "--ntasks-per-node")), Get.integer("-2")),
    THREADS_PER_CORE("threads-per-core", '\0', Arg.REQUIRED, null, (d, v, r) -> d.setNumber(JobDescField.THREADS_PER_CORE,
            SlurmUnits.intCount(v, "threads-per-core", "--threads-per-core")), Get.integer("-2")),
    HINT("hint", '\0', Arg.REQUIRED, "HINT", SubmitOption::hint, Get.STRING),
    MEM("mem", '\0', Arg.REQUIRED, null, (d, v, r) -> d.setMinMemPerNode(SlurmUnits.megabytes(v)), Get.MBYTES),
    MEM_PER_CPU("mem-per-cpu", '\0', Arg.REQUIRED, null, (d, v, r) -> d.setMinMemPerCpu(SlurmUnits.megabytes(v)), Get.MBYTES),
    GPUS("gpus", 'G', Arg.REQUIRED, "GPUS", (d, v, r) -> d.setString(JobDescField.TRES_PER_JOB, TresRequests.gpus(v, r)), Get.STRING),
    GPUS_PER_NODE("gpus-per-node", '\0', Arg.REQUIRED, "GPUS_PER_NODE",
            (d, v, r) -> TresRequests.append(d, JobDescField.TRES_PER_NODE, TresRequests.gpus(v, r)), Get.STRING),
    GPUS_PER_TASK("gpus-per-task", '\0', Arg.REQUIRED, "GPUS_PER_TASK",
            (d, v, r) -> d.setString(JobDescField.TRES_PER_TASK, TresRequests.perTask(v, r)), Get.STRING),
    CPUS_PER_GPU("cpus-per-gpu", '\0', Arg.REQUIRED, "CPUS_PER_GPU", (d, v, r) -> d.setString(JobDescField.CPUS_PER_TRES,
            TresRequests.gpu(r) + ":" + SlurmUnits.intCount(v, "cpus-per-gpu", "--cpus-per-gpu")), Get.integer("0")),
    MEM_PER_GPU("mem-per-gpu", '\0', Arg.REQUIRED, "MEM_PER_GPU",
            (d, v, r) -> d.setString(JobDescField.MEM_PER_TRES, TresRequests.gpu(r) + ":" + SlurmUnits.megabytes(v)), Get.MBYTES),
    ACCOUNT("account", 'A', Arg.REQUIRED, "ACCOUNT", (d, v, r) -> d.setAccount(v), Get.STRING),
    QOS("qos", 'q', Arg.REQUIRED, "QOS", (d, v, r) -> d.setQos(v), Get.STRING),
    COMMENT("comment", '\0', Arg.REQUIRED, null, (d, v, r) -> d.setComment(v), Get.STRING),
    RESERVATION("reservation", '\0', Arg.REQUIRED, "RESERVATION", (d, v, r) -> d.setString(JobDescField.RESERVATION, v), Get.STRING),
    CONSTRAINT("constraint", 'C', Arg.REQUIRED, null, (d, v, r) -> d.setString(JobDescField.FEATURES, v), Get.STRING),
    NODELIST("nodelist", 'w', Arg.REQUIRED, null, (d, v, r) -> d.setString(JobDescField.REQ_NODES, v), Get.STRING),
    EXCLUDE("exclude", 'x', Arg.REQUIRED, null, (d, v, r) -> d.setString(JobDescField.EXC_NODES, v), Get.STRING),
    /** After --gpus-per-node in tres_per_node; --gres=none is not sent (slurm_opt_create_job_desc). */
    GRES("gres", '\0', Arg.REQUIRED, null, (d, v, r) -> {
        if (!v.equalsIgnoreCase("none")) {
            TresRequests.append(d, JobDescField.TRES_PER_NODE, Get.gresTres(v, r));
        }
    }, Get.GRES),
    LICENSES("licenses", 'L', Arg.REQUIRED, null, (d, v, r) -> d.setString(JobDescField.LICENSES, v), Get.STRING),
    DEPENDENCY("dependency", 'd', Arg.REQUIRED, null, (d, v, r) -> d.setDependency(v), Get.STRING),
    BEGIN("begin", 'b', Arg.REQUIRED, null,
            SubmitOption::begin, Get.BEGIN),
    IMMEDIATE("immediate", 'I', Arg.OPTIONAL, null, SubmitOption::immediate, Get.integer("0", "1"), SALLOC, SRUN),
    NICE("nice", '\0', Arg.OPTIONAL, null, SubmitOption::nice, Get.NICE),
    PRIORITY("priority", '\0', Arg.REQUIRED, null, (d, v, r) -> d.setPriority(SlurmUnits.count(v, 0, "--priority")),
            Get.integer("0")),
    HOLD("hold", 'H', Arg.NONE, null, (d, v, r) -> d.setPriority(0), Get.FLAG),
    REQUEUE("requeue", '\0', Arg.NONE, null, (d, v, r) -> d.setNumber(JobDescField.REQUEUE, 1), Get.REQUEUE, SBATCH),
    NO_REQUEUE("no-requeue", '\0', Arg.NONE, null, (d, v, r) -> d.setNumber(JobDescField.REQUEUE, 0), Get.REQUEUE, SBATCH),
    EXCLUSIVE("exclusive", '\0', Arg.OPTIONAL, null, SubmitOption::exclusive, Get.SHARED),
    /** -s: shared = JOB_SHARED_OK; its getter is --exclusive's (arg_get_exclusive reads the one shared field). */
    OVERSUBSCRIBE("oversubscribe", 's', Arg.NONE, null, (d, v, r) -> d.setNumber(JobDescField.SHARED, 1), Get.SHARED),
    CONTIGUOUS("contiguous", '\0', Arg.NONE, null, (d, v, r) -> d.setNumber(JobDescField.CONTIGUOUS, 1), Get.FLAG),
    MINCPUS("mincpus", '\0', Arg.REQUIRED, null,
            (d, v, r) -> d.setNumber(JobDescField.PN_MIN_CPUS, SlurmUnits.intCount(v, "mincpus", "--mincpus")), Get.integer("-1")),
    TMP("tmp", '\0', Arg.REQUIRED, null, (d, v, r) -> d.setNumber(JobDescField.PN_MIN_TMP_DISK, SlurmUnits.megabytes(v)), Get.MBYTES),
    /** sbatch's -i (srun's, its step's stdin, the bench does not take). */
    INPUT("input", 'i', Arg.REQUIRED, null, (d, v, r) -> d.setString(JobDescField.STD_IN, "none".equalsIgnoreCase(v) ? "/dev/null" : v),
            Get.STRING, SBATCH),
    MAIL_TYPE("mail-type", '\0', Arg.REQUIRED, null, (d, v, r) -> d.setNumber(JobDescField.MAIL_TYPE, MailType.flags(v)),
            Get.MAIL_TYPE),
    MAIL_USER("mail-user", '\0', Arg.REQUIRED, null, (d, v, r) -> d.setString(JobDescField.MAIL_USER, v), Get.STRING),
    ARRAY("array", 'a', Arg.REQUIRED, null, SubmitOption::array, Get.only(SBATCH, Get.STRING), SBATCH),
    OUTPUT("output", 'o', Arg.REQUIRED, null, (d, v, r) -> d.setStdOut(v), Get.STRING, SBATCH, SRUN),
    ERROR("error", 'e', Arg.REQUIRED, null, (d, v, r) -> d.setStdErr(v), Get.STRING, SBATCH, SRUN),
    CHDIR("chdir", 'D', Arg.REQUIRED, null, (d, v, r) -> d.setWorkDir(v), Get.CHDIR),
    EXPORT("export", '\0', Arg.REQUIRED, "EXPORT", (d, v, r) -> { }, Get.notSalloc(Get.STRING), SBATCH, SRUN),
    /** srun's task 0 in a pseudo terminal: a step's I/O, nothing of the job_desc (the bench's I/O is no terminal). */
    PTY("pty", '\0', Arg.OPTIONAL, null, (d, v, r) -> { }, Get.only(SRUN, (v, s) -> v == null ? null : JobOptions.SET.equals(v) ? "" : v),
            SRUN),
    WRAP("wrap", '\0', Arg.REQUIRED, null, (d, v, r) -> d.setScript(wrapScript(v)), Get.only(SBATCH, Get.STRING), SBATCH),
    PARSABLE("parsable", '\0', Arg.NONE, null, (d, v, r) -> { }, Get.only(SBATCH, Get.FLAG), SBATCH),
    /** --uid/--gid: root only (arg_set_uid); the bench runs jobs as the user who submits them. */
    UID("uid", '\0', Arg.REQUIRED, null, (d, v, r) -> rootOnly("--uid"), Get.UID, SBATCH),
    GID("gid", '\0', Arg.REQUIRED, null, (d, v, r) -> rootOnly("--gid"), Get.GID, SBATCH),
    VERBOSE("verbose", 'v', Arg.NONE, null, (d, v, r) -> { }, Get.integer("0")),
    QUIET("quiet", 'Q', Arg.NONE, null, (d, v, r) -> { }, Get.integer("0")),
    HELP("help", 'h', Arg.NONE, null, (d, v, r) -> { }, Get.NONE);

    /** getopt_long's has_arg. */
    public enum Arg { NONE, REQUIRED, OPTIONAL }

    /**
     * How an option's value lands in the job_desc of the release the bench plays; throws
     * IllegalArgumentException with Slurm's words.
     */
    @FunctionalInterface
    interface Applier {
        void apply(JobDescriptor desc, String value, SlurmVersion release);
    }

    /** sbatch's early pass takes these (slurm_opt.c's sbatch_early flags: help, quiet, usage, verbose, version, wrap). */
    private static final Set<SubmitOption> SBATCH_EARLY = EnumSet.of(WRAP, VERBOSE, QUIET, HELP);

    private final String longName;
    private final char shortName;
    private final Arg arg;
    private final String envSuffix;
    private final Applier applier;
    private final Get.Getter getter;
    private final Set<SlurmCommand> commands;

    SubmitOption(String longName, char shortName, Arg arg, String envSuffix, Applier applier, Get.Getter getter,
            SlurmCommand... only) {
        this.longName = longName;
        this.shortName = shortName;
        this.arg = arg;
        this.envSuffix = envSuffix;
        this.applier = applier;
        this.getter = getter;
        this.commands = only.length == 0 ? EnumSet.of(SRUN, SBATCH, SALLOC) : EnumSet.of(only[0], only);
    }

    public String longName() {
        return longName;
    }

    public char shortName() {
        return shortName;
    }

    public Arg arg() {
        return arg;
    }

    public boolean appliesTo(SlurmCommand command) {
        return commands.contains(command);
    }

    public boolean early(SlurmCommand command) {
        return command == SlurmCommand.SBATCH && SBATCH_EARLY.contains(this);
    }

    /** The input environment variable for {@code command} (SBATCH_PARTITION, SALLOC_PARTITION, SLURM_PARTITION...). */
    public Optional<String> envVariable(SlurmCommand command) {
        if (envSuffix == null) {
            return Optional.empty();
        }
        return Optional.of(switch (command) {
            case SBATCH -> "SBATCH_";
            case SALLOC -> "SALLOC_";
            default -> "SLURM_";
        } + envSuffix);
    }

    /**
     * srun's input variables besides SLURM_&lt;suffix&gt; (srun/opt.c env_vars): those an allocation sets,
     * so an srun inside a batch job or salloc runs the allocation's task count, as real srun does.
     */
    private static final java.util.Map<SubmitOption, java.util.List<String>> SRUN_INPUTS =
            java.util.Map.of(NTASKS, java.util.List.of("SLURM_NTASKS", "SLURM_NPROCS"));

    /** Every input environment variable {@code command} reads for this option, in the order it reads them (a later one wins). */
    public java.util.List<String> envVariables(SlurmCommand command) {
        java.util.List<String> out = new java.util.ArrayList<>();
        envVariable(command).ifPresent(out::add);
        if (command == SRUN) {
            out.addAll(SRUN_INPUTS.getOrDefault(this, java.util.List.of()));
        }
        return out;
    }

    /** Applies {@code value} to {@code desc} as {@code release} does; throws IllegalArgumentException when the value is invalid. */
    public void apply(JobDescriptor desc, String value, SlurmVersion release) {
        applier.apply(desc, value, release);
    }

    /** slurm_opt.c arg_set_begin: parse_time, refused as "Invalid --begin specification". */
    private static void begin(JobDescriptor d, String v, SlurmVersion release) {
        long t;
        try {
            t = SlurmTime.epochSeconds(v, System.currentTimeMillis() / 1000);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Invalid --begin specification");
        }
        d.setBeginTime(t);
    }

    /** Why {@code value} is invalid for this option, in Slurm's words; empty when it is valid. */
    public Optional<String> refusal(String value, SlurmVersion release) {
        if (arg == Arg.REQUIRED && value == null) {
            return Optional.of("option --" + longName + " requires an argument");
        }
        try {
            applier.apply(new JobDescriptor(), value, release);
            return Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.of(e.getMessage());
        }
    }

    /**
     * What cli_filter reads for this option (its slurm_opt.c getter): {@code value} as given (null when
     * unset) rendered in Slurm's string, or null where Slurm's getter answers NULL.
     */
    public String render(String value, OptionState state) {
        return getter.render(value, state);
    }

    public static Optional<SubmitOption> byLongName(String name) {
        for (SubmitOption o : values()) {
            if (o.longName.equals(name)) {
                return Optional.of(o);
            }
        }
        return Optional.empty();
    }

    public static Optional<SubmitOption> byShortName(char c) {
        for (SubmitOption o : values()) {
            if (o.shortName == c && c != '\0') {
                return Optional.of(o);
            }
        }
        return Optional.empty();
    }

    /** The script sbatch --wrap makes of its command (sbatch's own text). */
    public static String wrapScript(String command) {
        return "#!/bin/sh\n# This script was created by sbatch --wrap.\n\n" + command + "\n";
    }

    /** A time limit in minutes; a bad one in the commands' words: "Invalid --time specification". */
    private static long minutes(String v, String option) {
        try {
            return SlurmTime.minutes(v);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Invalid " + option + " specification");
        }
    }

    private static void rootOnly(String option) {
        throw new IllegalArgumentException(option + " only permitted by root user");
    }

    /** verify_hint's words; nomultithread asks one thread per core (a real 22.05.8 sbatch sent threads_per_core 1). */
    private static void hint(JobDescriptor d, String v, SlurmVersion r) {
        switch (v.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "nomultithread" -> d.setNumber(JobDescField.THREADS_PER_CORE, 1);
            case "compute_bound", "memory_bound", "multithread" -> { }
            default -> throw new IllegalArgumentException("Invalid --hint specification");
        }
    }

    /** --immediate[=secs]: job_desc.immediate is 1 only for the bare flag or 1 (slurm_opt_create_job_desc's immediate == 1). */
    private static void immediate(JobDescriptor d, String v, SlurmVersion r) {
        long secs = v == null ? 1 : SlurmUnits.count(v, 0, "immediate");
        if (secs == 1) {
            d.setNumber(JobDescField.IMMEDIATE, 1);
        }
    }

    /** arg_set_exclusive: job_desc.shared 0 for exclusive, 1 oversubscribe, 2 user, 3 mcs, 4 topo. */
    private static void exclusive(JobDescriptor d, String v, SlurmVersion r) {
        List<String> modes = List.of("exclusive", "oversubscribe", "user", "mcs", "topo");
        int mode = v == null ? 0 : modes.indexOf(v.trim().toLowerCase(java.util.Locale.ROOT));
        if (mode < 0) {
            throw new IllegalArgumentException("Invalid --exclusive specification");
        }
        d.setNumber(JobDescField.SHARED, mode);
    }

    private static void nodes(JobDescriptor d, String v, SlurmVersion r) {
        String[] p = v.split("-", 2);
        long min = SlurmUnits.count(p[0], 1, "node count specification");
        long max = p.length > 1 ? SlurmUnits.count(p[1], min, "node count specification") : min;
        d.setMinNodes(min);
        d.setMaxNodes(max);
    }

    private static void nice(JobDescriptor d, String v, SlurmVersion r) {
        long n = v == null ? 100 : Long.parseLong(v.trim());
        if (Math.abs(n) > NoVal.NICE_OFFSET - 3) {
            throw new IllegalArgumentException("Invalid nice value, must be between -2147483645 and 2147483645");
        }
        d.setNice(NoVal.NICE_OFFSET + n);
    }

    private static void array(JobDescriptor d, String v, SlurmVersion r) {
        if (!v.matches("\\d+(-\\d+(:\\d+)?)?(,\\d+(-\\d+(:\\d+)?)?)*(%\\d+)?")) {
            throw new IllegalArgumentException("Invalid job array specification");
        }
        d.setString(JobDescField.ARRAY_INX, v);
    }
}
