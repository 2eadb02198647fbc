package io.plugstack.runtime.bench.client;

import java.util.List;

import io.plugstack.api.slurm.SlurmErrno;
import io.plugstack.runtime.bench.api.CommandIO;
import io.plugstack.runtime.bench.controller.Controller;
import io.plugstack.runtime.bench.controller.JobState;
import io.plugstack.runtime.bench.node.JobEnd;

/**
 * scancel jobid...: each job ends CANCELLED at once, whatever its plugins are doing (a callback
 * that hangs included); a running one then has its processes killed and its epilog run on the node,
 * in the background, as slurmctld tells slurmd to. Only the job's owner or root may cancel it;
 * errors are scancel's ("Kill job error on job id N: ..."), and the exit code is 1 if any.
 */
public final class Scancel {
    private Scancel() {
    }

    public static int run(Cluster c, List<String> args, CommandIO io, java.util.concurrent.Executor background) {
        if (args.isEmpty()) {
            io.err().println("scancel: error: No job identification provided");
            return 1;
        }
        long uid = io.user().uid();
        int exit = 0;
        for (String arg : args) {
            long id;
            try {
                id = Long.parseLong(arg.trim());
            } catch (NumberFormatException e) {
                io.err().println("scancel: error: Invalid job id " + arg);
                exit = 1;
                continue;
            }
            int rc = cancel(c, id, uid, background);
            if (rc != 0) {
                io.err().println("scancel: error: Kill job error on job id " + id + ": " + SlurmErrno.strerror(rc));
                exit = 1;
            }
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
}
