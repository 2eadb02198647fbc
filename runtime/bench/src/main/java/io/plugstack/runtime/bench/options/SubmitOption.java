package io.plugstack.runtime.bench.options;

import static io.plugstack.api.slurm.SlurmCommand.SALLOC;
import static io.plugstack.api.slurm.SlurmCommand.SBATCH;
import static io.plugstack.api.slurm.SlurmCommand.SRUN;

import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

import io.plugstack.api.slurm.SlurmCommand;
import io.plugstack.api.jobsubmit.JobDescField;
import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.slurm.NoVal;

/**
 * The Slurm options the bench's commands take (src/common/slurm_opt.c's table, the common part):
 * long and short name, argument, which commands have it, whether sbatch takes it in its early pass,
 * the input environment variable (SBATCH_/SALLOC_/SLURM_ + suffix) and how it fills the job_desc.
 * The one home of these facts.
 */
public enum SubmitOption {
    JOB_NAME("job-name", 'J', Arg.REQUIRED, "JOB_NAME", (d, v) -> d.setName(v)),
    PARTITION("partition", 'p', Arg.REQUIRED, "PARTITION", (d, v) -> d.setPartition(v)),
    TIME("time", 't', Arg.REQUIRED, "TIMELIMIT", (d, v) -> d.setTimeLimit(minutes(v, "--time"))),
    TIME_MIN("time-min", '\0', Arg.REQUIRED, null, (d, v) -> d.setNumber(JobDescField.TIME_MIN, minutes(v, "--time-min"))),
    NODES("nodes", 'N', Arg.REQUIRED, null, SubmitOption::nodes),
    NTASKS("ntasks", 'n', Arg.REQUIRED, null, (d, v) -> d.setNumTasks(SlurmUnits.intCount(v, "ntasks", "number of tasks"))),
    CPUS_PER_TASK("cpus-per-task", 'c', Arg.REQUIRED, null,
            (d, v) -> d.setCpusPerTask(SlurmUnits.intCount(v, "cpus-per-task", "--cpus-per-task"))),
    NTASKS_PER_NODE("ntasks-per-node", '\0', Arg.REQUIRED, null,
            (d, v) -> d.setNumber(JobDescField.NTASKS_PER_NODE, SlurmUnits.count(v, 1, "--ntasks-per-node"))),
    MEM("mem", '\0', Arg.REQUIRED, null, (d, v) -> d.setMinMemPerNode(SlurmUnits.megabytes(v))),
    MEM_PER_CPU("mem-per-cpu", '\0', Arg.REQUIRED, null, (d, v) -> d.setMinMemPerCpu(SlurmUnits.megabytes(v))),
    ACCOUNT("account", 'A', Arg.REQUIRED, "ACCOUNT", (d, v) -> d.setAccount(v)),
    QOS("qos", 'q', Arg.REQUIRED, "QOS", (d, v) -> d.setQos(v)),
    COMMENT("comment", '\0', Arg.REQUIRED, null, (d, v) -> d.setComment(v)),
    RESERVATION("reservation", '\0', Arg.REQUIRED, "RESERVATION", (d, v) -> d.setString(JobDescField.RESERVATION, v)),
    CONSTRAINT("constraint", 'C', Arg.REQUIRED, null, (d, v) -> d.setString(JobDescField.FEATURES, v)),
    GRES("gres", '\0', Arg.REQUIRED, null, (d, v) -> d.setString(JobDescField.TRES_PER_NODE, "gres/" + v)),
    LICENSES("licenses", 'L', Arg.REQUIRED, null, (d, v) -> d.setString(JobDescField.LICENSES, v)),
    DEPENDENCY("dependency", 'd', Arg.REQUIRED, null, (d, v) -> d.setDependency(v)),
    BEGIN("begin", 'b', Arg.REQUIRED, null,
            (d, v) -> d.setBeginTime(SlurmTime.epochSeconds(v, System.currentTimeMillis() / 1000))),
    NICE("nice", '\0', Arg.OPTIONAL, null, SubmitOption::nice),
    PRIORITY("priority", '\0', Arg.REQUIRED, null, (d, v) -> d.setPriority(SlurmUnits.count(v, 0, "--priority"))),
    HOLD("hold", 'H', Arg.NONE, null, (d, v) -> d.setPriority(0)),
    REQUEUE("requeue", '\0', Arg.NONE, null, (d, v) -> d.setNumber(JobDescField.REQUEUE, 1), SBATCH),
    NO_REQUEUE("no-requeue", '\0', Arg.NONE, null, (d, v) -> d.setNumber(JobDescField.REQUEUE, 0), SBATCH),
    EXCLUSIVE("exclusive", '\0', Arg.OPTIONAL, null, (d, v) -> d.setNumber(JobDescField.SHARED, 0)),
    MAIL_TYPE("mail-type", '\0', Arg.REQUIRED, null, (d, v) -> d.setNumber(JobDescField.MAIL_TYPE, io.plugstack.api.slurm.MailType.flags(v))),
    MAIL_USER("mail-user", '\0', Arg.REQUIRED, null, (d, v) -> d.setString(JobDescField.MAIL_USER, v)),
    ARRAY("array", 'a', Arg.REQUIRED, null, SubmitOption::array, SBATCH),
    OUTPUT("output", 'o', Arg.REQUIRED, null, (d, v) -> d.setStdOut(v), SBATCH, SRUN),
    ERROR("error", 'e', Arg.REQUIRED, null, (d, v) -> d.setStdErr(v), SBATCH, SRUN),
    CHDIR("chdir", 'D', Arg.REQUIRED, null, (d, v) -> d.setWorkDir(v)),
    EXPORT("export", '\0', Arg.REQUIRED, "EXPORT", (d, v) -> { }, SBATCH, SRUN),
    WRAP("wrap", '\0', Arg.REQUIRED, null, (d, v) -> d.setScript(wrapScript(v)), SBATCH),
    PARSABLE("parsable", '\0', Arg.NONE, null, (d, v) -> { }, SBATCH),
    VERBOSE("verbose", 'v', Arg.NONE, null, (d, v) -> { }),
    QUIET("quiet", 'Q', Arg.NONE, null, (d, v) -> { }),
    HELP("help", 'h', Arg.NONE, null, (d, v) -> { });

    /** getopt_long's has_arg. */
    public enum Arg { NONE, REQUIRED, OPTIONAL }

    /** How an option's value lands in the job_desc; throws IllegalArgumentException with Slurm's words. */
    @FunctionalInterface
    interface Applier {
        void apply(JobDescriptor desc, String value);
    }

    /** sbatch's early pass takes these (slurm_opt.c's sbatch_early flags: help, quiet, usage, verbose, version, wrap). */
    private static final Set<SubmitOption> SBATCH_EARLY = EnumSet.of(WRAP, VERBOSE, QUIET, HELP);

    private final String longName;
    private final char shortName;
    private final Arg arg;
    private final String envSuffix;
    private final Applier applier;
    private final Set<SlurmCommand> commands;

    SubmitOption(String longName, char shortName, Arg arg, String envSuffix, Applier applier, SlurmCommand... only) {
        this.longName = longName;
        this.shortName = shortName;
        this.arg = arg;
        this.envSuffix = envSuffix;
        this.applier = applier;
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

    /** Applies {@code value} to {@code desc}; throws IllegalArgumentException when the value is invalid. */
    public void apply(JobDescriptor desc, String value) {
        applier.apply(desc, value);
    }

    /** Whether {@code value} is valid for this option. */
    public boolean accepts(String value) {
        if (arg == Arg.REQUIRED && value == null) {
            return false;
        }
        try {
            applier.apply(new JobDescriptor(), value);
            return true;
        } catch (IllegalArgumentException | NullPointerException e) {
            return false;
        }
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

    private static void nodes(JobDescriptor d, String v) {
        String[] p = v.split("-", 2);
        long min = SlurmUnits.count(p[0], 1, "node count specification");
        long max = p.length > 1 ? SlurmUnits.count(p[1], min, "node count specification") : min;
        d.setMinNodes(min);
        d.setMaxNodes(max);
    }

    private static void nice(JobDescriptor d, String v) {
        long n = v == null ? 100 : Long.parseLong(v.trim());
        if (Math.abs(n) > NoVal.NICE_OFFSET - 3) {
            throw new IllegalArgumentException("Invalid nice value, must be between -2147483645 and 2147483645");
        }
        d.setNice(NoVal.NICE_OFFSET + n);
    }

    private static void array(JobDescriptor d, String v) {
        if (!v.matches("\\d+(-\\d+(:\\d+)?)?(,\\d+(-\\d+(:\\d+)?)?)*(%\\d+)?")) {
            throw new IllegalArgumentException("Invalid job array specification");
        }
        d.setString(JobDescField.ARRAY_INX, v);
    }
}
