package io.plugstack.runtime.bench.options;

import static io.plugstack.api.slurm.SlurmCommand.SALLOC;
import static io.plugstack.api.slurm.SlurmCommand.SBATCH;
import static io.plugstack.api.slurm.SlurmCommand.SRUN;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import io.plugstack.api.slurm.SlurmCommand;

/**
 * srun/sbatch/salloc --help: the {@link SubmitOption}s each command takes, in Slurm 22.05's words and
 * layout (its usage line, then its sections; lines copied from the real commands' --help), followed by
 * the plugins' options. One row per option and wording; a command lists the rows naming it.
 */
public final class OptionHelp {
    private OptionHelp() {
    }

    /** The --help sections the bench's options fall in, in Slurm's order. */
    enum Section {
        PARALLEL("Parallel run options:"), CONSTRAINT("Constraint options:"),
        CONSUMABLE("Consumable resources related options:"),
        AFFINITY("Affinity/Multi-core options: (when the task/affinity plugin is enabled)"), GPU("GPU scheduling options:"),
        HELP("Help options:");

        final String title;

        Section(String title) {
            this.title = title;
        }
    }

    /** One option's help text as {@code commands} print it. */
    record Row(SubmitOption option, Section section, String text, Set<SlurmCommand> commands) {
    }

    private static Row row(SubmitOption option, Section section, String text, SlurmCommand... commands) {
        return new Row(option, section, text, EnumSet.of(commands[0], commands));
    }

    static final List<Row> ROWS = List.of(
            row(SubmitOption.ARRAY, Section.PARALLEL, "  -a, --array=indexes         job array index values",
                    SBATCH),
            row(SubmitOption.ACCOUNT, Section.PARALLEL, "  -A, --account=name          charge job to specified account",
                    SBATCH, SRUN, SALLOC),
            row(SubmitOption.BEGIN, Section.PARALLEL, "  -b, --begin=time            defer job until HH:MM MM/DD/YY",
                    SBATCH, SRUN, SALLOC),
            row(SubmitOption.COMMENT, Section.PARALLEL, "      --comment=name          arbitrary comment",
                    SBATCH, SRUN, SALLOC),
            row(SubmitOption.CPUS_PER_TASK, Section.PARALLEL, "  -c, --cpus-per-task=ncpus   number of cpus required per task",
                    SBATCH, SRUN, SALLOC),
            row(SubmitOption.DEPENDENCY, Section.PARALLEL, "  -d, --dependency=type:jobid[:time] defer job until condition on jobid is satisfied",
                    SBATCH, SRUN, SALLOC),
            row(SubmitOption.CHDIR, Section.PARALLEL, "  -D, --chdir=directory       set working directory for batch script",
                    SBATCH),
            row(SubmitOption.CHDIR, Section.PARALLEL, "  -D, --chdir=path            change remote current working directory",
                    SRUN),
            row(SubmitOption.CHDIR, Section.PARALLEL, "  -D, --chdir=path            change working directory",
                    SALLOC),
            row(SubmitOption.ERROR, Section.PARALLEL, "  -e, --error=err             file for batch script's standard error",
                    SBATCH),
            row(SubmitOption.ERROR, Section.PARALLEL, "  -e, --error=err             location of stderr redirection",
                    SRUN),
            row(SubmitOption.EXPORT, Section.PARALLEL, "      --export[=names]        specify environment variables to export",
                    SBATCH),
            row(SubmitOption.EXPORT, Section.PARALLEL, "      --export=env_vars|NONE  environment variables passed to launcher with\n"
                    + "                              optional values or NONE (pass no variables)",
                    SRUN),
            row(SubmitOption.GID, Section.PARALLEL, "      --gid=group_id          group ID to run job as (user root only)",
                    SBATCH),
            row(SubmitOption.GRES, Section.PARALLEL, "      --gres=list             required generic resources",
                    SBATCH, SRUN, SALLOC),
            row(SubmitOption.HOLD, Section.PARALLEL, "  -H, --hold                  submit job in held state",
                    SBATCH, SRUN, SALLOC),
            row(SubmitOption.IMMEDIATE, Section.PARALLEL, "  -I, --immediate[=secs]      exit if resources not available in \"secs\"",
                    SRUN, SALLOC),
            row(SubmitOption.INPUT, Section.PARALLEL, "  -i, --input=in              file for batch script's standard input",
                    SBATCH),
            row(SubmitOption.JOB_NAME, Section.PARALLEL, "  -J, --job-name=jobname      name of job",
                    SBATCH, SRUN, SALLOC),
            row(SubmitOption.LICENSES, Section.PARALLEL, "  -L, --licenses=names        required license, comma separated",
                    SBATCH, SRUN, SALLOC),
            row(SubmitOption.MAIL_TYPE, Section.PARALLEL, "      --mail-type=type        notify on state change: BEGIN, END, FAIL or ALL",
                    SBATCH, SRUN, SALLOC),
            row(SubmitOption.MAIL_USER, Section.PARALLEL, "      --mail-user=user        who to send email notification for job state\n"
                    + "                              changes",
                    SBATCH, SRUN, SALLOC),
            row(SubmitOption.NTASKS, Section.PARALLEL, "  -n, --ntasks=ntasks         number of tasks to run",
                    SBATCH, SRUN),
            row(SubmitOption.NTASKS, Section.PARALLEL, "  -n, --ntasks=N              number of processors required",
                    SALLOC),
            row(SubmitOption.NICE, Section.PARALLEL, "      --nice[=value]          decrease scheduling priority by value",
                    SBATCH, SRUN, SALLOC),
            row(SubmitOption.NO_REQUEUE, Section.PARALLEL, "      --no-requeue            if set, do not permit the job to be requeued",
                    SBATCH),
            row(SubmitOption.NTASKS_PER_NODE, Section.PARALLEL, "      --ntasks-per-node=n     number of tasks to invoke on each node",
                    SBATCH, SRUN, SALLOC),
            row(SubmitOption.NODES, Section.PARALLEL, "  -N, --nodes=N               number of nodes on which to run (N = min[-max])",
                    SBATCH, SRUN, SALLOC),
            row(SubmitOption.OUTPUT, Section.PARALLEL, "  -o, --output=out            file for batch script's standard output",
                    SBATCH),
            row(SubmitOption.OUTPUT, Section.PARALLEL, "  -o, --output=out            location of stdout redirection",
                    SRUN),
            row(SubmitOption.PARTITION, Section.PARALLEL, "  -p, --partition=partition   partition requested",
                    SBATCH, SRUN, SALLOC),
            row(SubmitOption.PARSABLE, Section.PARALLEL, "      --parsable              outputs only the jobid and cluster name (if present),\n"
                    + "                              separated by semicolon, only on successful submission.",
                    SBATCH),
            row(SubmitOption.PRIORITY, Section.PARALLEL, "      --priority=value        set the priority of the job to value",
                    SBATCH, SRUN, SALLOC),
            row(SubmitOption.PTY, Section.PARALLEL, "      --pty                   run task zero in pseudo terminal",
                    SRUN),
            row(SubmitOption.QOS, Section.PARALLEL, "  -q, --qos=qos               quality of service",
                    SBATCH, SRUN, SALLOC),
            row(SubmitOption.QUIET, Section.PARALLEL, "  -Q, --quiet                 quiet mode (suppress informational messages)",
                    SBATCH, SRUN, SALLOC),
            row(SubmitOption.REQUEUE, Section.PARALLEL, "      --requeue               if set, permit the job to be requeued",
                    SBATCH),
            row(SubmitOption.OVERSUBSCRIBE, Section.PARALLEL, "  -s, --oversubscribe         over subscribe resources with other jobs",
                    SBATCH),
            row(SubmitOption.OVERSUBSCRIBE, Section.PARALLEL, "  -s, --oversubscribe         over-subscribe resources with other jobs",
                    SRUN),
            row(SubmitOption.OVERSUBSCRIBE, Section.PARALLEL, "  -s, --oversubscribe         oversubscribe resources with other jobs",
                    SALLOC),
            row(SubmitOption.TIME, Section.PARALLEL, "  -t, --time=minutes          time limit",
                    SBATCH, SRUN, SALLOC),
            row(SubmitOption.TIME_MIN, Section.PARALLEL, "      --time-min=minutes      minimum time limit (if distinct)",
                    SBATCH, SRUN, SALLOC),
            row(SubmitOption.UID, Section.PARALLEL, "      --uid=user_id           user ID to run job as (user root only)",
                    SBATCH),
            row(SubmitOption.VERBOSE, Section.PARALLEL, "  -v, --verbose               verbose mode (multiple -v's increase verbosity)",
                    SBATCH, SRUN, SALLOC),
            row(SubmitOption.WRAP, Section.PARALLEL, "      --wrap[=command string] wrap command string in a sh script and submit",
                    SBATCH),
            row(SubmitOption.CONTIGUOUS, Section.CONSTRAINT, "      --contiguous            demand a contiguous range of nodes",
                    SBATCH, SRUN, SALLOC),
            row(SubmitOption.CONSTRAINT, Section.CONSTRAINT, "  -C, --constraint=list       specify a list of constraints",
                    SBATCH, SRUN, SALLOC),
            row(SubmitOption.MEM, Section.CONSTRAINT, "      --mem=MB                minimum amount of real memory",
                    SBATCH, SRUN, SALLOC),
            row(SubmitOption.MINCPUS, Section.CONSTRAINT, "      --mincpus=n             minimum number of logical processors (threads)\n"
                    + "                              per node",
                    SBATCH, SRUN, SALLOC),
            row(SubmitOption.RESERVATION, Section.CONSTRAINT, "      --reservation=name      allocate resources from named reservation",
                    SBATCH, SRUN, SALLOC),
            row(SubmitOption.TMP, Section.CONSTRAINT, "      --tmp=MB                minimum amount of temporary disk",
                    SBATCH, SRUN, SALLOC),
            row(SubmitOption.NODELIST, Section.CONSTRAINT, "  -w, --nodelist=hosts...     request a specific list of hosts",
                    SBATCH, SRUN, SALLOC),
            row(SubmitOption.EXCLUDE, Section.CONSTRAINT, "  -x, --exclude=hosts...      exclude a specific list of hosts",
                    SBATCH, SRUN, SALLOC),
            row(SubmitOption.EXCLUSIVE, Section.CONSUMABLE, "      --exclusive[=user]      allocate nodes in exclusive mode when\n"
                    + "                              cpu consumable resource is enabled",
                    SBATCH, SALLOC),
            row(SubmitOption.EXCLUSIVE, Section.CONSUMABLE, "      --exclusive[=user]      for job allocation, this allocates nodes in\n"
                    + "                              in exclusive mode\n"
                    + "                              for job steps, this is equivalent to --exact",
                    SRUN),
            row(SubmitOption.MEM_PER_CPU, Section.CONSUMABLE, "      --mem-per-cpu=MB        maximum amount of real memory per allocated\n"
                    + "                              cpu required by the job.",
                    SBATCH, SRUN, SALLOC),
            row(SubmitOption.THREADS_PER_CORE, Section.CONSUMABLE, "      --threads-per-core=T    number of threads per core to allocate",
                    SBATCH, SRUN, SALLOC),
            // Slurm prints --hint only with TaskPlugin=task/affinity (its _help); the bench lists it always
            row(SubmitOption.HINT, Section.AFFINITY, "      --hint=                 Bind tasks according to application hints\n"
                    + "                              (see \"--hint=help\" for options)",
                    SBATCH, SRUN, SALLOC),
            row(SubmitOption.CPUS_PER_GPU, Section.GPU, "      --cpus-per-gpu=n        number of CPUs required per allocated GPU",
                    SBATCH, SRUN, SALLOC),
            row(SubmitOption.GPUS, Section.GPU, "  -G, --gpus=n                count of GPUs required for the job",
                    SBATCH, SRUN, SALLOC),
            row(SubmitOption.GPUS_PER_NODE, Section.GPU, "      --gpus-per-node=n       number of GPUs required per allocated node",
                    SBATCH, SRUN, SALLOC),
            row(SubmitOption.GPUS_PER_TASK, Section.GPU, "      --gpus-per-task=n       number of GPUs required per spawned task",
                    SBATCH, SRUN, SALLOC),
            row(SubmitOption.MEM_PER_GPU, Section.GPU, "      --mem-per-gpu=n         real memory required per allocated GPU",
                    SBATCH, SRUN, SALLOC),
            row(SubmitOption.HELP, Section.HELP, "  -h, --help                  show this help message",
                    SBATCH, SRUN, SALLOC));

    /** The command's usage line, as Slurm prints it first. */
    static String usage(SlurmCommand command) {
        return switch (command) {
            case SBATCH -> "Usage: sbatch [OPTIONS(0)...] [ : [OPTIONS(N)...]] script(0) [args(0)...]";
            case SCRONTAB -> "Usage: scrontab [-u user] [-e] [-l] [-r] [file]";
            case SALLOC -> "Usage: salloc [OPTIONS(0)...] [ : [OPTIONS(N)]] [command(0) [args(0)...]]";
            default -> "Usage: srun [OPTIONS(0)... [executable(0) [args(0)...]]] [ : [OPTIONS(N)...]] executable(N) [args(N)...]";
        };
    }

    /** The usage line and the built-in options {@code command} takes, by section (without the plugins' part). */
    public static String text(SlurmCommand command) {
        StringBuilder sb = new StringBuilder(usage(command)).append('\n');
        for (Section s : Section.values()) {
            List<Row> rows = ROWS.stream().filter(r -> r.section() == s && r.commands().contains(command)).toList();
            if (!rows.isEmpty()) {
                sb.append('\n').append(s.title).append('\n');
                rows.forEach(r -> sb.append(r.text()).append('\n'));
            }
        }
        return sb.toString();
    }
}
