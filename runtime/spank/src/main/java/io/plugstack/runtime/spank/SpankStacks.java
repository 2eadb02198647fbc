package io.plugstack.runtime.spank;

import io.plugstack.api.slurm.SlurmLog;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.osgi.annotation.versioning.ProviderType;

import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.runtime.spank.conf.PlugstackConf;

/**
 * Opens SPANK sessions the way Slurm's daemons and commands do: plugstack.conf is read anew for
 * every launch (SPANK-10), so an edit affects the next launch and never a running one.
 */
@ProviderType
public interface SpankStacks {

    /** The plugstack.conf in use (PlugStackConfig). */
    Path plugstackConf();

    /** One consistent read of plugstack.conf and its includes, as a launch sees it. */
    PlugstackConf.Result read(SlurmLog log);

    /**
     * A session of {@code context} over an earlier read (a job keeps the plugstack.conf it was launched
     * with): the stack loaded and ready for its phases, or why it could not be.
     */
    SpankSession.Opened session(SpankContext context, PlugstackConf.Result conf, SpankSession.Setup setup,
            SlurmVersion release, SlurmLog log);

    /**
     * The options srun's --help lists for {@code conf}: srun's stack (local context) is loaded, its
     * init run and then its exit, as a srun that only prints its help runs them, with no option of the
     * command's own to clash with. Empty when the stack cannot be loaded or its init fails (the reason
     * logged to {@code log}).
     */
    default List<SessionOptions.Provided> localOptions(PlugstackConf.Result conf, SlurmVersion release, SlurmLog log) {
        Map<String, String> env = new LinkedHashMap<>();
        SpankSession.Opened opened = session(SpankContext.LOCAL, conf, SpankSession.Setup.client(env, new LinkedHashMap<>(), Set.of()),
                release, log);
        if (!opened.ok()) {
            log.error(opened.failure());
            return List.of();
        }
        try (SpankSession s = opened.session()) {
            boolean inited = s.init().ok();
            List<SessionOptions.Provided> options = inited ? s.options().provided() : List.of();
            s.exit();
            if (!inited) {
                log.error("Plug-in initialization failed");
            }
            return options;
        }
    }

    /** A session of {@code context} over plugstack.conf as it is now (a daemon's own stack: slurmd). */
    default SpankSession.Opened session(SpankContext context, SpankSession.Setup setup, SlurmVersion release, SlurmLog log) {
        return session(context, read(log), setup, release, log);
    }
}
