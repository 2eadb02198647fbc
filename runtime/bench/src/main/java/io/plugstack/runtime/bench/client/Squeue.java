package io.plugstack.runtime.bench.client;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import io.plugstack.runtime.bench.api.CommandIO;
import io.plugstack.runtime.bench.controller.Controller;
import io.plugstack.runtime.bench.controller.JobInfo;
import io.plugstack.runtime.bench.controller.JobState;

/**
 * squeue: the controller's jobs in Slurm's layout ("%.18i %.9P %.8j %.8u %.2t %.10M %.6D %R"), pending
 * and running ones unless -t says otherwise (finished jobs stay known for MinJobAge: {@code -t all}),
 * filtered by -j, -u, -p, -n, -t; -o takes squeue's % letters. A job's exit code and restarts are in
 * {@code scontrol show job}, as in Slurm.
 */
public final class Squeue {
    private Squeue() {
    }

    static final String DEFAULT_FORMAT = "%.18i %.9P %.8j %.8u %.2t %.10M %.6D %R";
    static final String LONG_FORMAT = "%.18i %.9P %.8j %.8u %.8T %.10M %.9l %.6D %R";

    /** The options squeue takes here (squeue/opts.c's, the common ones). */
    static final List<Getopt.Opt> OPTIONS = List.of(
            new Getopt.Opt('a', "all", false, "display jobs in hidden partitions"),
            new Getopt.Opt('h', "noheader", false, "no headers on output"),
            new Getopt.Opt('j', "jobs", true, "comma separated list of jobs IDs to view, default is all"),
            new Getopt.Opt('l', "long", false, "long report"),
            new Getopt.Opt('\0', "me", false, "equivalent to --user=<my username>"),
            new Getopt.Opt('n', "name", true, "comma separated list of job names to view"),
            new Getopt.Opt('o', "format", true, "format specification"),
            new Getopt.Opt('p', "partition", true, "comma separated list of partitions to view, default is all partitions"),
            new Getopt.Opt('t', "states", true, "comma separated list of states to view, default is pending and running, "
                    + "'all' reports all states"),
            new Getopt.Opt('u', "user", true, "comma separated list of users to view"),
            new Getopt.Opt('\0', "help", false, "show this help message"));

    /** squeue's % letters the bench knows, with its column titles (squeue/print.c). */
    static Map<Character, FieldFormat.Field<Row>> fields() {
        Map<Character, FieldFormat.Field<Row>> f = new LinkedHashMap<>();
        put(f, 'i', "JOBID", r -> String.valueOf(r.job().id()));
        put(f, 'A', "JOBID", r -> String.valueOf(r.job().id()));
        put(f, 'j', "NAME", r -> r.job().name());
        put(f, 'P', "PARTITION", r -> FieldFormat.orNull(r.job().partition()));
        put(f, 'u', "USER", r -> r.job().userName());
        put(f, 'U', "UID", r -> String.valueOf(r.job().uid()));
        put(f, 'g', "GROUP", r -> r.job().groupName());
        put(f, 'G', "GID", r -> String.valueOf(r.job().gid()));
        put(f, 't', "ST", r -> r.job().state().compact());
        put(f, 'T', "STATE", r -> r.job().state().name());
        put(f, 'M', "TIME", r -> FieldFormat.elapsed(r.job().runSeconds(r.now())));
        put(f, 'l', "TIME_LIMIT", r -> FieldFormat.limit(r.job().timeLimit()));
        put(f, 'D', "NODES", r -> "1");
        put(f, 'C', "CPUS", r -> String.valueOf(r.job().cpus()));
        put(f, 'c', "MIN_CPUS", r -> "1");
        put(f, 'N', "NODELIST", r -> r.job().nodeList());
        put(f, 'R', "NODELIST(REASON)", r -> r.job().state() == JobState.PENDING ? "(" + r.reason() + ")" : r.job().nodeList());
        put(f, 'r', "REASON", Row::reason);
        put(f, 'V', "SUBMIT_TIME", r -> FieldFormat.date(r.job().submitTime(), "N/A"));
        put(f, 'S', "START_TIME", r -> FieldFormat.date(r.job().startTime(), "N/A"));
        put(f, 'e', "END_TIME", r -> FieldFormat.date(r.job().endTime(), "N/A"));
        put(f, 'Z', "WORK_DIR", r -> FieldFormat.orNull(r.job().workDir()));
        put(f, 'o', "COMMAND", r -> FieldFormat.orNull(r.job().command()));
        put(f, 'a', "ACCOUNT", r -> FieldFormat.orNull(r.job().account()));
        put(f, 'q', "QOS", r -> FieldFormat.orNull(r.job().qos()));
        put(f, 'k', "COMMENT", r -> FieldFormat.orNull(r.job().comment()));
        put(f, 'E', "DEPENDENCY", r -> FieldFormat.orNull(r.job().dependency()));
        return f;
    }

    private static void put(Map<Character, FieldFormat.Field<Row>> f, char letter, String title, Function<Row, String> value) {
        f.put(letter, new FieldFormat.Field<>(title, value));
    }

    /** One job as squeue prints it: why it waits is the controller's reason, or the node's state. */
    /** @param unavailable the drained node a pending job waits for (slurmctld's UnavailableNodes), null when none is */
    record Row(JobInfo job, long now, String unavailable) {
        String reason() {
            if (!job.reason().isEmpty()) {
                return job.reason();
            }
            return job.state() == JobState.PENDING && unavailable != null ? "ReqNodeNotAvail, UnavailableNodes:" + unavailable : "None";
        }
    }

    public static int run(Controller c, List<String> args, CommandIO io) {
        Getopt.Parsed p;
        try {
            p = Getopt.parse(OPTIONS, args);
        } catch (Getopt.BadOption e) {
            return Usage.bad("squeue", e, io);
        }
        if (p.has("help")) {
            return Usage.help("squeue [OPTIONS]", OPTIONS, io);
        }
        List<String> ids = p.list("jobs");
        for (String id : ids) {
            if (!id.matches("\\d+")) {
                io.err().println("squeue: error: Invalid job id: " + id);
                return 1;
            }
        }
        Set<Long> uids;
        try {
            uids = Usage.uids(p.list("user"), "squeue: error: Invalid user: ");
        } catch (IllegalArgumentException e) {
            io.err().println(e.getMessage());
            return 1;
        }
        if (p.has("me")) {
            uids.add(io.user().uid()); // whoever runs squeue: the console's user or a socket peer
        }
        Set<JobState> states;
        try {
            states = states(p.list("states"));
        } catch (IllegalArgumentException e) {
            io.err().println("squeue: error: Invalid job state specified: " + e.getMessage());
            io.err().println("squeue: error: Valid job states include: " + VALID_STATES);
            return 1;
        }
        List<JobInfo> all = c.jobInfos();
        if (!ids.isEmpty() && all.stream().noneMatch(j -> ids.contains(String.valueOf(j.id())))) {
            io.err().println("slurm_load_jobs error: Invalid job id specified");
            return 1;
        }
        FieldFormat<Row> format;
        try {
            format = FieldFormat.parse(p.last("format").orElse(p.has("long") ? LONG_FORMAT : DEFAULT_FORMAT), fields());
        } catch (FieldFormat.BadFormat e) {
            io.err().println("squeue: error: Invalid job format specification: " + e.getMessage());
            return 1;
        }
        long now = System.currentTimeMillis() / 1000;
        String unavailable = c.drained() ? c.nodeName() : null;
        List<String> names = p.list("name");
        List<String> partitions = p.list("partition");
        List<Row> rows = new ArrayList<>();
        for (JobInfo j : all) {
            if (states.contains(j.state()) && (ids.isEmpty() || ids.contains(String.valueOf(j.id())))
                    && (uids.isEmpty() || uids.contains(j.uid())) && (names.isEmpty() || names.contains(j.name()))
                    && (partitions.isEmpty() || partitions.contains(j.partition()))) {
                rows.add(new Row(j, now, unavailable));
            }
        }
        if (p.has("long")) {
            Usage.longDate(io);
        }
        format.lines(rows, !p.has("noheader")).forEach(io.out()::println);
        return 0;
    }

    /** Every state squeue knows, as its error lists them. */
    static final String VALID_STATES = "PENDING,RUNNING,SUSPENDED,COMPLETED,CANCELLED,FAILED,TIMEOUT,NODE_FAIL,PREEMPTED,"
            + "BOOT_FAIL,DEADLINE,OUT_OF_MEMORY,COMPLETING,CONFIGURING,RESIZING,RESV_DEL_HOLD,REQUEUED,REQUEUE_FED,"
            + "REQUEUE_HOLD,REVOKED,SIGNALING,SPECIAL_EXIT,STAGE_OUT,STOPPED";

    /** -t's list (names or compact codes, any case, or "all"); pending and running when none. */
    static Set<JobState> states(List<String> given) {
        if (given.isEmpty()) {
            return Set.of(JobState.PENDING, JobState.RUNNING);
        }
        Set<JobState> out = new java.util.HashSet<>();
        for (String g : given) {
            if (g.equalsIgnoreCase("all")) {
                return Set.of(JobState.values());
            }
            JobState s = java.util.Arrays.stream(JobState.values())
                    .filter(x -> x.name().equalsIgnoreCase(g) || x.compact().equalsIgnoreCase(g)).findFirst().orElse(null);
            if (s == null && !Set.of(VALID_STATES.split(",")).contains(g.toUpperCase())) {
                throw new IllegalArgumentException(g);
            }
            if (s != null) {
                out.add(s); // a state the bench never reaches matches no job
            }
        }
        return out;
    }
}
