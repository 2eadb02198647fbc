package io.plugstack.runtime.node.internal;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.api.slurm.SlurmLog;

/**
 * The Slurm that calls the node daemon against the one the runtime plays ({@code plugstack.slurm.release}):
 * the bridge's SPANK sessions always play the caller's release (HELLO), but job_submit and cli_filter plugins
 * and scripts play the configured one, so a release series that differs is said, once per caller release,
 * never left in silence (under a real 22.05.8 a daemon left at its default played 25.11 with Lua 5.4).
 */
final class ReleaseMismatch {

    private final SlurmVersion plays;
    private final SlurmLog log;
    private final Set<SlurmVersion> said = ConcurrentHashMap.newKeySet();

    ReleaseMismatch(SlurmVersion plays, SlurmLog log) {
        this.plays = plays;
        this.log = log;
    }

    /** A session of Slurm {@code caller} opened. */
    void caller(SlurmVersion caller) {
        if (!sameSeries(caller) && firstTime(caller)) {
            log.error("node: srun, slurmstepd and slurmd here are Slurm " + caller.toSlurmString() + ", but the runtime plays "
                    + plays.toSlurmString() + " (plugstack.slurm.release): SPANK sessions play " + caller.toSlurmString()
                    + ", job_submit and cli_filter plugins and scripts " + plays.toSlurmString()
                    + "; set plugstack.slurm.release and plugstack.lua.version in etc/plugstack.properties to this Slurm's");
        }
    }

    /**
     * job_submit/plugstack of a slurmctld of Slurm {@code caller} said JOB_HELLO: one info line per caller release
     * (the admin sees which slurmctld the daemon serves), an error line instead when its series is not the one played.
     */
    void slurmctld(SlurmVersion caller) {
        if (!firstTime(caller)) {
            return;
        }
        if (sameSeries(caller)) {
            log.info("node: job_submit/plugstack of a Slurm " + caller.toSlurmString() + " slurmctld connected; the runtime plays "
                    + plays.toSlurmString());
        } else {
            log.error("node: slurmctld here is Slurm " + caller.toSlurmString() + ", but the runtime plays " + plays.toSlurmString()
                    + " (plugstack.slurm.release): job_submit plugins and scripts play " + plays.toSlurmString()
                    + "; set plugstack.slurm.release and plugstack.lua.version in etc/plugstack.properties to this Slurm's");
        }
    }

    private boolean sameSeries(SlurmVersion caller) {
        return caller.major() == plays.major() && caller.minor() == plays.minor();
    }

    /** Whether {@code caller} is said now: once per caller release, at most 16 (no peer grows the set without end). */
    private boolean firstTime(SlurmVersion caller) {
        return said.size() < 16 && said.add(caller);
    }
}
