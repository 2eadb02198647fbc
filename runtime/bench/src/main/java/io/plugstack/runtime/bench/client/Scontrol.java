package io.plugstack.runtime.bench.client;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.plugstack.api.slurm.SlurmErrno;
import io.plugstack.api.user.OnBehalfOf;
import io.plugstack.runtime.bench.api.CommandIO;

/**
 * scontrol as the bench has it: update jobid=N Key=Value... (job_modify decides, JobUpdate), and two
 * administrator's actions, update nodename=... state=resume and restart slurmd, which only root and
 * the runtime's own user (the bench's SlurmUser) may run, as slurmctld allows them to admins only.
 */
public final class Scontrol {
    private Scontrol() {
    }

    public static int run(Cluster c, List<String> args, CommandIO io, Runnable restartSlurmd) {
        String line = String.join(" ", args).toLowerCase(Locale.ROOT);
        if (line.startsWith("update jobid=")) {
            Map<String, String> fields = new LinkedHashMap<>();
            for (String a : args.subList(2, args.size())) {
                int eq = a.indexOf('=');
                if (eq > 0) {
                    fields.put(a.substring(0, eq), a.substring(eq + 1));
                }
            }
            long id;
            try {
                id = Long.parseLong(args.get(1).substring("jobid=".length()));
            } catch (NumberFormatException e) {
                io.err().println("scontrol: error: Invalid job id specified: " + args.get(1).substring("jobid=".length()));
                return 1;
            }
            return JobUpdate.run(c, id, fields, io);
        }
        boolean resume = line.startsWith("update") && line.contains("state=resume");
        boolean restart = line.equals("restart slurmd") || line.equals("reconfigure slurmd");
        if (!resume && !restart) {
            io.err().println("scontrol: error: the bench knows 'update nodename=<node> state=resume', "
                    + "'update jobid=<id> Key=Value...' and 'restart slurmd'");
            return 1;
        }
        long uid = io.user().uid();
        if (uid != 0 && uid != OnBehalfOf.thisProcess().uid()) {
            io.err().println((resume ? "slurm_update error: " : "slurm_reconfigure error: ")
                    + SlurmErrno.ESLURM_ACCESS_DENIED.message());
            return 1;
        }
        if (resume) {
            c.controller().resume();
        } else {
            restartSlurmd.run();
            io.out().println("slurmd restarted: slurmd_exit ran, then a new slurmd stack from the current plugstack.conf (init)");
        }
        return 0;
    }
}
