package io.plugstack.job_submit.lua;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import io.plugstack.api.user.OnBehalfOf;
import io.plugstack.api.user.UnixUsers;

/**
 * Whom job_submit/lua acts as. slurmctld runs as SlurmUser, so a site's job_submit.lua reads, writes
 * and runs commands with that user's rights, never root's. A runtime running as root for a real
 * slurmctld (the node daemon's Slurmctld service, {@value #REAL_PROPERTY}=real) acts as SlurmUser, named
 * as the node daemon names it: {@value #NODE_PROPERTY} in the configuration {@code plugstack.node}, else
 * the framework property {@value #FRAMEWORK_PROPERTY}, else {@value #DEFAULT}. On the bench the
 * controller is the runtime itself, and so is its SlurmUser; a runtime that is not root can act only as
 * itself.
 */
final class SlurmUser {

    static final String NODE_PROPERTY = "slurm_user";
    static final String FRAMEWORK_PROPERTY = "plugstack.node.slurm_user";
    static final String DEFAULT = "slurm";
    /** The service property the node daemon gives the real slurmctld's Slurmctld service. */
    static final String REAL_PROPERTY = "plugstack.slurmctld";

    private SlurmUser() {
    }

    /**
     * @param slurmctld the bound Slurmctld service's properties
     * @param config    the component's configuration ({@code plugstack.slurm} and {@code plugstack.node})
     * @param framework the framework properties
     */
    static OnBehalfOf of(Map<String, ?> slurmctld, Map<String, ?> config, Function<String, String> framework, Logger log) {
        if (!"real".equals(slurmctld.get(REAL_PROPERTY))) {
            return OnBehalfOf.thisProcess();
        }
        return resolve(name(config, framework), log);
    }

    /** SlurmUser's name, as CtldComponent (runtime/node) finds it. */
    static String name(Map<String, ?> config, Function<String, String> framework) {
        Object u = config.get(NODE_PROPERTY);
        String user = u != null ? String.valueOf(u) : framework.apply(FRAMEWORK_PROPERTY);
        return user == null || user.isBlank() ? DEFAULT : user.trim();
    }

    /**
     * The user {@code name} (its uid and primary gid) when this runtime is root and it is listed in the
     * password file; otherwise the runtime's own user, and for an unknown name one line saying so.
     */
    static OnBehalfOf resolve(String name, Logger log) {
        if (OnBehalfOf.thisProcess().uid() != 0) {
            return OnBehalfOf.thisProcess();
        }
        Optional<UnixUsers.Entry> entry = UnixUsers.uidOf(name).flatMap(UnixUsers::byUid);
        if (entry.isEmpty()) {
            log.log(Level.WARNING, JobSubmitLuaPlugin.PLUGIN_TYPE + ": SlurmUser " + name + " is not in " + UnixUsers.PASSWD
                    + ": job_submit.lua acts as the runtime's user (uid " + OnBehalfOf.thisProcess().uid() + ")");
            return OnBehalfOf.thisProcess();
        }
        return OnBehalfOf.user(entry.get().uid(), entry.get().gid());
    }
}
