package io.plugstack.runtime.bench.client;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import io.plugstack.api.slurm.SlurmErrno;
import io.plugstack.runtime.bench.api.CommandIO;
import io.plugstack.runtime.bench.controller.Controller;
import io.plugstack.runtime.bench.controller.JobInfo;
import io.plugstack.runtime.bench.controller.JobState;
import io.plugstack.runtime.bench.node.JobEnd;

/**
 * scancel [options] [jobid...]: each job ends CANCELLED at once, whatever its plugins are doing (a
 * callback that hangs included); a running one then has its processes killed and its epilog run on the
 * node, in the background, as slurmctld tells slurmd to. -u, -n, -p, -t select jobs (with ids: narrow
 * them; without: every pending or running job they match). Only the job's owner or root may cancel it;
 * errors are scancel's ("Kill job error on job id N: ..."), and the exit code is 1 if any.
 */
public final class Scancel {
    private Scancel() {
    }

    /** The options scancel takes here (scancel/opt.c's, the common ones). */
    static final List<Getopt.Opt> OPTIONS = List.of(
            new Getopt.Opt('n', "name", true, "act only on jobs with this name"),
            new Getopt.Opt('p', "partition", true, "act only on jobs in this partition"),
            new Getopt.Opt('Q', "quiet", false, "disable warnings"),
            new Getopt.Opt('t', "state", true, "act only on jobs in this state.  Valid job states are PENDING, RUNNING "
                    + "and SUSPENDED"),
            new Getopt.Opt('u', "user", true, "act only on jobs of this user"),
            new Getopt.Opt('v', "verbose", false, "verbosity level"),
            new Getopt.Opt('\0', "help", false, "show this help message"));

    private static final java.util.Map<String, JobState> STATES = java.util.Map.of("PENDING", JobState.PENDING,
            "PD", JobState.PENDING, "RUNNING", JobState.RUNNING, "R", JobState.RUNNING);

    public static int run(Cluster c, List<String> args, CommandIO io, java.util.concurrent.Executor background) {
        Getopt.Parsed p;
        try {
            p = Getopt.parse(OPTIONS, args);
        } catch (Getopt.BadOption e) {
            return Usage.bad("scancel", e, io);
        }
        if (p.has("help")) {
            return Usage.help("scancel [OPTIONS] [job_id[_array_id][.step_id]]", OPTIONS, io);
        }
        List<JobState> states = new ArrayList<>();
        for (String given : p.list("state")) {
            String st = given.toUpperCase(Locale.ROOT);
            if (STATES.containsKey(st)) {
                states.add(STATES.get(st));
            } else if (!st.equals("SUSPENDED") && !st.equals("S")) { // the bench never suspends: S matches no job
                io.err().println("Invalid job state specified: " + given);
                io.err().println("Valid job states are PENDING, RUNNING, and SUSPENDED");
                return 1;
            }
        }
        Set<Long> uids;
        try {
            uids = Usage.uids(p.list("user"), "scancel: error: Invalid user name: ");
        } catch (IllegalArgumentException e) {
            io.err().println(e.getMessage());
            return 1;
        }
        boolean filtered = p.has("user") || p.has("name") || p.has("partition") || p.has("state");
        if (p.operands().isEmpty() && !filtered) {
            io.err().println("scancel: error: No job identification provided");
            return 1;
        }
        int exit = 0;
        List<Long> ids = new ArrayList<>();
        for (String arg : p.operands()) {
            if (!arg.trim().matches("\\d+")) {
                io.err().println("scancel: error: Invalid job id " + arg);
                exit = 1;
            } else {
                ids.add(Long.parseLong(arg.trim()));
            }
        }
        for (JobInfo j : c.controller().jobInfos()) {
            boolean selected = filtered && ids.isEmpty() && !j.state().finished();
            if ((ids.contains(j.id()) || selected) && (uids.isEmpty() || uids.contains(j.uid()))
                    && (!p.has("name") || p.list("name").contains(j.name()))
                    && (!p.has("partition") || p.list("partition").contains(j.partition()))
                    && (!p.has("state") || states.contains(j.state()))) {
                ids.remove(j.id());
                exit |= cancel(c, j.id(), p.has("verbose"), io, background);
            } else if (ids.contains(j.id()) && filtered) {
                ids.remove(j.id()); // named but not selected by the filters: left alone, as scancel does
            }
        }
        for (long id : ids) {
            exit |= cancel(c, id, p.has("verbose"), io, background); // unknown to the controller: its error
        }
        return exit;
    }

    /** Job {@code id} cancelled by {@code uid} (the owner or root only); Slurm's error code, 0 when it was. */
    static int cancel(Cluster c, long id, long uid, java.util.concurrent.Executor background) {
        Controller.Cancel r = c.controller().cancel(id, uid);
        if (r.rc() == 0 && r.wasRunning()) {
            background.execute(() -> JobEnd.end(c.node(), r.job().get(), JobState.CANCELLED, 0, ""));
        }
        return r.rc();
    }

    /** Job {@code id} cancelled by the command's user, as scancel says it (-v: each job it terminates). */
    private static int cancel(Cluster c, long id, boolean verbose, CommandIO io, java.util.concurrent.Executor background) {
        if (verbose) {
            io.err().println("scancel: Terminating job " + id);
        }
        int rc = cancel(c, id, io.user().uid(), background);
        if (rc != 0) {
            io.err().println("scancel: error: Kill job error on job id " + id + ": " + SlurmErrno.strerror(rc));
            return 1;
        }
        return 0;
    }
}
