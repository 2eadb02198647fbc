package io.plugstack.runtime.bench.client;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import io.plugstack.api.jobsubmit.Partition;
import io.plugstack.api.jobsubmit.Reservation;
import io.plugstack.api.slurm.SlurmErrno;
import io.plugstack.api.user.OnBehalfOf;
import io.plugstack.runtime.bench.api.CommandIO;
import io.plugstack.runtime.bench.controller.Controller;
import io.plugstack.runtime.bench.controller.JobInfo;

/**
 * scontrol: show job|partition|node|config ([name]), hold|uhold|release job_list, update JobId=N Key=Value..., update
 * NodeName=node State=RESUME|DRAIN Reason=..., and the bench's own "restart slurmd" (slurmd_exit, then
 * a new slurmd stack). Keywords in any case; errors in scontrol's words.
 */
public final class Scontrol {
    private Scontrol() {
    }

    /** What scontrol shows, each with what a name argument selects. */
    private enum Entity { JOB, PARTITION, NODE, CONFIG, RESERVATION }

    public static int run(Cluster c, List<String> args, CommandIO io, Runnable restartSlurmd) {
        if (args.isEmpty()) {
            io.err().println("scontrol: the bench takes one command: show job|partition|node|config|reservation [name], "
                    + "hold|uhold|release <job_list>, update JobId=<id> Key=Value..., update NodeName=<node> State=RESUME|DRAIN Reason=..., restart slurmd");
            return 1;
        }
        String keyword = args.get(0).toLowerCase(Locale.ROOT);
        List<String> rest = args.subList(1, args.size());
        switch (keyword) {
            case "show":
                return show(c, rest, io);
            case "update":
                return update(c, rest, io);
            case "hold", "holdu", "uhold", "release":
                if (rest.isEmpty()) {
                    io.err().println("too few arguments for keyword:" + args.get(0));
                    return 1;
                }
                return JobUpdate.hold(c, keyword, rest, io);
            case "restart":
            case "reconfigure":
                if (rest.size() == 1 && rest.get(0).equalsIgnoreCase("slurmd")) {
                    if (!admin(io, "slurm_reconfigure")) {
                        return 1;
                    }
                    restartSlurmd.run();
                    io.out().println("slurmd restarted: slurmd_exit ran, then a new slurmd stack from the current plugstack.conf (init)");
                    return 0;
                }
                io.err().println("scontrol: the bench restarts only slurmd: scontrol " + keyword + " slurmd");
                return 1;
            default:
                io.err().println("invalid keyword: " + args.get(0));
                return 1;
        }
    }

    private static int show(Cluster c, List<String> args, CommandIO io) {
        if (args.isEmpty()) {
            io.err().println("too few arguments for keyword:show");
            return 1;
        }
        String word = args.get(0).toLowerCase(Locale.ROOT);
        Optional<Entity> entity = java.util.Arrays.stream(Entity.values())
                .filter(e -> word.equals(e.name().toLowerCase(Locale.ROOT)) || word.equals(e.name().toLowerCase(Locale.ROOT) + "s"))
                .findFirst();
        if (entity.isEmpty()) {
            io.err().println("invalid entity:" + args.get(0) + " for keyword:show ");
            return 1;
        }
        Optional<String> name = args.size() > 1 ? Optional.of(args.get(1)) : Optional.empty();
        Controller ctl = c.controller();
        switch (entity.get()) {
            case JOB:
                return showJobs(ctl, name, io);
            case PARTITION:
                List<Partition> parts = ctl.partitions().stream().filter(p -> name.isEmpty() || p.name().equals(name.get())).toList();
                if (parts.isEmpty()) {
                    io.err().println(name.isPresent() ? "Partition " + name.get() + " not found" : "No partitions in the system");
                    return 1;
                }
                io.out().print(String.join("\n", parts.stream().map(p -> ScontrolShow.partition(p, ctl.nodeCpus())).toList()));
                return 0;
            case NODE:
                if (name.isPresent() && !name.get().equals(ctl.nodeName())) {
                    io.err().println("Node " + name.get() + " not found");
                    return 1;
                }
                io.out().print(ScontrolShow.node(ctl.nodeInfo(), ctl.partitions()));
                return 0;
            case RESERVATION:
                return showReservations(ctl, name, io);
            default:
                io.out().print(ScontrolShow.config(ctl, c.release().toSlurmString()));
                return 0;
        }
    }

    /** scontrol_print_res: the reservations (a name selects one), or what it prints when there are none. */
    private static int showReservations(Controller ctl, Optional<String> name, CommandIO io) {
        List<Reservation> rs = ctl.reservations().stream().filter(r -> name.isEmpty() || r.name().equals(name.get())).toList();
        if (rs.isEmpty()) {
            io.out().println(name.isPresent() ? "Reservation " + name.get() + " not found" : "No reservations in the system");
            return name.isPresent() ? 1 : 0;
        }
        long now = System.currentTimeMillis() / 1000;
        io.out().print(String.join("\n", rs.stream().map(r -> ScontrolShow.reservation(r, now)).toList()));
        return 0;
    }

    private static int showJobs(Controller ctl, Optional<String> id, CommandIO io) {
        if (id.isPresent() && !id.get().matches("\\d+")) {
            io.err().println("scontrol_print_job error: Invalid job id specified");
            return 1;
        }
        List<JobInfo> jobs = ctl.jobInfos().stream().filter(j -> id.isEmpty() || String.valueOf(j.id()).equals(id.get())).toList();
        if (jobs.isEmpty()) {
            if (id.isPresent()) {
                io.err().println("slurm_load_jobs error: Invalid job id specified");
                return 1;
            }
            io.out().println("No jobs in the system");
            return 0;
        }
        long now = System.currentTimeMillis() / 1000;
        String unavailable = ctl.drained() ? ctl.nodeName() : null;
        io.out().print(String.join("\n", jobs.stream().map(j -> ScontrolShow.job(j, now, unavailable)).toList()));
        return 0;
    }

    /** update JobId=N Key=Value... (through job_modify) or NodeName=node State=RESUME|DRAIN [Reason=...]. */
    private static int update(Cluster c, List<String> args, CommandIO io) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (String a : args) {
            int eq = a.indexOf('=');
            if (eq <= 0) {
                io.err().println("scontrol: error: Invalid input: " + a);
                io.err().println("Request aborted");
                return 1;
            }
            fields.put(a.substring(0, eq), a.substring(eq + 1));
        }
        Optional<String> job = take(fields, "JobId");
        if (job.isPresent()) {
            if (!job.get().matches("\\d+")) {
                io.err().println("scontrol: error: Invalid JobId value: " + job.get());
                return 1;
            }
            return JobUpdate.run(c, Long.parseLong(job.get()), fields, io);
        }
        Optional<String> node = take(fields, "NodeName");
        if (node.isEmpty()) {
            io.err().println("No valid entity in update command");
            io.err().println("Input line must include \"NodeName\" or \"JobId\" (the entities the bench updates)");
            return 1;
        }
        return updateNode(c.controller(), node.get(), fields, io);
    }

    private static int updateNode(Controller ctl, String node, Map<String, String> fields, CommandIO io) {
        if (!admin(io, "slurm_update")) {
            return 1;
        }
        if (!node.equals(ctl.nodeName())) {
            io.err().println("slurm_update error: Invalid node name specified");
            return 1;
        }
        String state = take(fields, "State").orElse("").toUpperCase(Locale.ROOT);
        Optional<String> reason = take(fields, "Reason");
        switch (state) {
            case "RESUME", "UNDRAIN", "IDLE" -> ctl.resume();
            case "DRAIN" -> {
                if (reason.isEmpty()) {
                    io.err().println("You must specify a reason when DOWNING or DRAINING a node. Request denied");
                    return 1;
                }
                ctl.drain(reason.get());
            }
            default -> {
                io.err().println("scontrol: error: Invalid node state specified: " + state + " (the bench takes RESUME and DRAIN)");
                return 1;
            }
        }
        return 0;
    }

    /**
     * Whether the command's user may change the node or restart slurmd: root and the runtime's own user
     * (the bench's SlurmUser), as slurmctld allows them to admins only; else scontrol's refusal.
     */
    private static boolean admin(CommandIO io, String call) {
        long uid = io.user().uid();
        if (uid == 0 || uid == OnBehalfOf.thisProcess().uid()) {
            return true;
        }
        io.err().println(call + " error: " + SlurmErrno.ESLURM_ACCESS_DENIED.message());
        return false;
    }

    /** Removes and returns the value of {@code key}, matched in any case as scontrol does. */
    private static Optional<String> take(Map<String, String> fields, String key) {
        for (String k : List.copyOf(fields.keySet())) {
            if (k.equalsIgnoreCase(key)) {
                return Optional.of(fields.remove(k));
            }
        }
        return Optional.empty();
    }
}
