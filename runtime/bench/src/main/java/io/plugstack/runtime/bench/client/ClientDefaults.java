package io.plugstack.runtime.bench.client;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.plugstack.api.jobsubmit.JobDescField;
import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.slurm.NoVal;
import io.plugstack.runtime.bench.options.JobOptions;
import io.plugstack.runtime.bench.options.SubmitOption;

/**
 * What sbatch, srun and salloc write into the request besides the options themselves, before it leaves
 * them (their opt.c _opt_verify and the job_desc they fill from it), checked field by field against a
 * real 22.05.8 (features/src/test/resources/jobdesc-probe, docs/reference.md's job_desc table).
 */
final class ClientDefaults {

    /** bitflags: --ntasks given, or derived from --ntasks-per-node (slurm.h SLURM_BIT(14)). */
    static final long JOB_NTASKS_SET = 1L << 14;
    /** bitflags: --cpus-per-task given (SLURM_BIT(15)). */
    static final long JOB_CPUS_SET = 1L << 15;

    private ClientDefaults() {
    }

    /**
     * The task count, CPU counts and flags the command derives from its options, and the fields every
     * request carries: contiguous (unless --contiguous) and mail_type 0, alloc_node the submitting host.
     */
    static void fill(JobDescriptor d, JobOptions o, String host) {
        if (!d.isSet(JobDescField.CONTIGUOUS)) {
            d.setNumber(JobDescField.CONTIGUOUS, 0);
        }
        if (!d.isSet(JobDescField.MAIL_TYPE)) {
            d.setNumber(JobDescField.MAIL_TYPE, 0);
        }
        d.setString(JobDescField.ALLOC_NODE, host);
        boolean ntasksSet = o.value(SubmitOption.NTASKS).isPresent();
        long minNodes = d.isSet(JobDescField.MIN_NODES) ? d.minNodes() : 1;
        long ntasks = ntasksSet ? d.numTasks() : 1;
        long perNode = d.getNumber(JobDescField.NTASKS_PER_NODE);
        if (!ntasksSet && perNode != NoVal.NO_VAL16 && perNode > 0) {
            ntasks = minNodes * perNode; // "ntasks = min_nodes * ntasks_per_node", and it counts as set
            ntasksSet = true;
            d.setNumTasks(ntasks);
        } else if (!ntasksSet && d.isSet(JobDescField.MIN_NODES)
                && (d.minNodes() == d.maxNodes() || !d.isSet(JobDescField.MAX_NODES))) {
            ntasks = minNodes; // "1 proc / node default": the CPU count only, num_tasks stays unset
        }
        boolean cpusSet = o.value(SubmitOption.CPUS_PER_TASK).isPresent();
        d.setNumber(JobDescField.MIN_CPUS, cpusSet ? ntasks * d.cpusPerTask() : ntasks);
        long pnMin = d.getNumber(JobDescField.PN_MIN_CPUS);
        if (cpusSet && (pnMin == NoVal.NO_VAL16 || pnMin < d.cpusPerTask())) {
            d.setNumber(JobDescField.PN_MIN_CPUS, d.cpusPerTask()); // sbatch/opt.c: --mincpus at least -c
        }
        long flags = d.getNumber(JobDescField.BITFLAGS) | (ntasksSet ? JOB_NTASKS_SET : 0) | (cpusSet ? JOB_CPUS_SET : 0);
        d.setNumber(JobDescField.BITFLAGS, flags);
    }

    /**
     * sbatch's batch request: stdin from /dev/null unless given, and relative -i/-o/-e names made
     * absolute in the job's directory (real: "-o out.txt" reads "/work/dir/out.txt").
     */
    static void batch(JobDescriptor d) {
        if (d.getString(JobDescField.STD_IN) == null) {
            d.setString(JobDescField.STD_IN, "/dev/null");
        }
        for (JobDescField f : List.of(JobDescField.STD_IN, JobDescField.STD_OUT, JobDescField.STD_ERR)) {
            String name = d.getString(f);
            if (name != null && !name.startsWith("/")) {
                d.setString(f, d.workDir() + "/" + name);
            }
        }
    }

    /**
     * sbatch's argv: the script as search_path finds it, then its arguments. A name starting with "/" or
     * "." is kept as written (real: "./script.sh"); any other is looked up in PATH, then in the job's
     * directory, and becomes that absolute path (real: "script.sh" gives "/work/dir/script.sh"); kept as
     * written when found nowhere.
     */
    static List<String> batchArgv(List<String> command, Path workDir, Map<String, String> env) {
        List<String> argv = new ArrayList<>(command);
        String script = command.get(0);
        if (!script.startsWith("/") && !script.startsWith(".")) {
            List<Path> dirs = new ArrayList<>();
            for (String p : env.getOrDefault("PATH", "").split(":")) {
                if (!p.isEmpty()) {
                    dirs.add(workDir.resolve(p));
                }
            }
            dirs.add(workDir);
            dirs.stream().map(dir -> dir.resolve(script)).filter(Files::isRegularFile).findFirst()
                    .ifPresent(found -> argv.set(0, found.toAbsolutePath().normalize().toString()));
        }
        return argv;
    }

    /** srun's job name when -J is not given: the command's base name ("srun /bin/hostname" is "hostname"). */
    static String baseName(String command) {
        String name = command.substring(command.lastIndexOf('/') + 1);
        return name.isEmpty() ? command : name;
    }

    /** salloc's job name when -J is not given, whatever it runs (salloc/opt.c). */
    static final String SALLOC_NAME = "interactive";

    /** The submitting host as alloc_node names it: the short host name. */
    static String host(String hostName) {
        int dot = hostName.indexOf('.');
        return dot > 0 ? hostName.substring(0, dot) : hostName;
    }
}
