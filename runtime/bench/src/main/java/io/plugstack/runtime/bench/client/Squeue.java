package io.plugstack.runtime.bench.client;

import java.util.List;

import io.plugstack.runtime.bench.api.CommandIO;
import io.plugstack.runtime.bench.api.JobView;
import io.plugstack.runtime.bench.api.NodeView;
import io.plugstack.runtime.bench.api.Table;

/** squeue and sinfo as the bench has them: one table each, for the console and a Unix shell alike. */
public final class Squeue {
    private Squeue() {
    }

    /** squeue: every job the controller knows, finished ones included (like sacct), with its user's name. */
    public static int squeue(List<JobView> jobs, List<String> args, CommandIO io) {
        if (!noOptions("squeue", args, io)) {
            return 1;
        }
        Table t = new Table("JOBID", "NAME", "COMMAND", "PARTITION", "TIMELIMIT", "STATE", "USER", "EXITCODE", "RESTARTS", "REASON");
        for (JobView j : jobs) {
            t.row(j.jobId(), j.name(), j.command(), j.partition(), j.timeLimit(), j.state(), j.user(), j.exitCode() < 0 ? null : j.exitCode(),
                    j.restarts(), j.reason().isEmpty() ? null : j.reason());
        }
        io.out().print(t);
        return 0;
    }

    /** sinfo: the node's state and drain reason. */
    public static int sinfo(NodeView n, List<String> args, CommandIO io) {
        if (!noOptions("sinfo", args, io)) {
            return 1;
        }
        io.out().print(new Table("NODELIST", "STATE", "SLURMD-STARTS", "REASON")
                .row(n.name(), n.state(), n.slurmdStarts(), n.reason().isEmpty() ? null : n.reason()));
        return 0;
    }

    /** Refuses any argument in the words of Slurm's getopt_long for an option it does not know. */
    private static boolean noOptions(String command, List<String> args, CommandIO io) {
        if (args.isEmpty()) {
            return true;
        }
        String a = args.get(0);
        if (a.startsWith("--") && a.length() > 2) {
            io.err().println(command + ": unrecognized option '" + a.split("=", 2)[0] + "'");
        } else if (a.startsWith("-") && a.length() > 1) {
            io.err().println(command + ": invalid option -- '" + a.charAt(1) + "'");
        } else {
            io.err().println(command + ": error: Unrecognized option: " + a);
        }
        io.err().println("Try \"" + command + " --help\" for more information");
        return false;
    }
}
