package io.plugstack.gogo.bench;

import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Descriptor;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.gogo.internal.Commands;
import io.plugstack.runtime.bench.api.Bench;

/**
 * {@code slurm:scontrol}: the two admin actions the bench simulates: resuming a drained node and
 * restarting slurmd (which reloads its slurmd-context plugins).
 */
@Component(service = ScontrolCommand.class, property = {Commands.SLURM_SCOPE, Commands.FUNCTION + "scontrol"})
public final class ScontrolCommand {

    @Reference
    private Bench bench;

    @Descriptor("scontrol update nodename=<node> state=resume | update jobid=<id> Key=Value... | restart slurmd")
    public String scontrol(CommandSession session, @Descriptor("the action") String... args) {
        return Commands.run("scontrol", () -> act(session, args));
    }

    private String act(CommandSession session, String... args) {
        String line = String.join(" ", args).toLowerCase();
        if (line.startsWith("update jobid=")) {
            java.util.Map<String, String> fields = new java.util.LinkedHashMap<>();
            for (String a : args) {
                int eq = a.indexOf('=');
                if (eq > 0 && !a.regionMatches(true, 0, "jobid=", 0, 6)) {
                    fields.put(a.substring(0, eq), a.substring(eq + 1));
                }
            }
            String jobId = args[1].substring(6);
            if (jobId.isEmpty() || !jobId.chars().allMatch(Character::isDigit)) {
                throw new IllegalArgumentException("Invalid job id specified"); // scontrol's own words
            }
            long id = Long.parseLong(jobId);
            return Terminal.exit("scontrol", bench.updateJob(id, fields, Terminal.io(session)));
        }
        if (line.startsWith("update") && line.contains("state=resume")) {
            bench.resumeNode();
            return null;
        }
        if (line.equals("restart slurmd") || line.equals("reconfigure slurmd")) {
            bench.restartSlurmd();
            return "slurmd restarted: slurmd_exit ran, then a new slurmd stack from the current plugstack.conf (init)";
        }
        throw new IllegalArgumentException("scontrol: the bench knows 'update nodename=<node> state=resume', "
                + "'update jobid=<id> Key=Value...' and 'restart slurmd'");
    }
}
