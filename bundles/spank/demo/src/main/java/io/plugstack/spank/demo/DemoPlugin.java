package io.plugstack.spank.demo;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ServiceScope;

import io.plugstack.api.spank.Spank;
import io.plugstack.api.spank.SpankCallback;
import io.plugstack.api.spank.SpankPlugin;

/**
 * Records every SPANK callback with the context it ran in, like Slurm's test7.11 plugin:
 * {@code required demo [outfile]} appends "&lt;callback&gt; &lt;context&gt; [args]" lines to
 * {@code outfile}; without an argument each call is logged at verbose level.
 */
@Component(service = SpankPlugin.class, scope = ServiceScope.PROTOTYPE)
public class DemoPlugin implements SpankPlugin {

    private int record(SpankCallback callback, Spank spank, List<String> args) {
        String line = callback.shortName() + " " + spank.context().slurmName() + (args.size() > 1 ? " " + args.subList(1, args.size()) : "");
        if (args.isEmpty()) {
            spank.log().verbose("demo: " + line);
            return 0;
        }
        try {
            Files.writeString(Path.of(args.get(0)), line + "\n", StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            return 0;
        } catch (IOException e) {
            spank.log().error("demo: cannot append to " + args.get(0) + ": " + e.getMessage());
            return -1;
        }
    }

    @Override
    public int spankInit(Spank spank, List<String> args) {
        return record(SpankCallback.INIT, spank, args);
    }

    @Override
    public int jobProlog(Spank spank, List<String> args) {
        return record(SpankCallback.JOB_PROLOG, spank, args);
    }

    @Override
    public int initPostOpt(Spank spank, List<String> args) {
        return record(SpankCallback.INIT_POST_OPT, spank, args);
    }

    @Override
    public int localUserInit(Spank spank, List<String> args) {
        return record(SpankCallback.LOCAL_USER_INIT, spank, args);
    }

    @Override
    public int userInit(Spank spank, List<String> args) {
        return record(SpankCallback.USER_INIT, spank, args);
    }

    @Override
    public int taskInitPrivileged(Spank spank, List<String> args) {
        return record(SpankCallback.TASK_INIT_PRIVILEGED, spank, args);
    }

    @Override
    public int taskInit(Spank spank, List<String> args) {
        return record(SpankCallback.TASK_INIT, spank, args);
    }

    @Override
    public int taskPostFork(Spank spank, List<String> args) {
        return record(SpankCallback.TASK_POST_FORK, spank, args);
    }

    @Override
    public int taskExit(Spank spank, List<String> args) {
        return record(SpankCallback.TASK_EXIT, spank, args);
    }

    @Override
    public int jobEpilog(Spank spank, List<String> args) {
        return record(SpankCallback.JOB_EPILOG, spank, args);
    }

    @Override
    public int slurmdExit(Spank spank, List<String> args) {
        return record(SpankCallback.SLURMD_EXIT, spank, args);
    }

    @Override
    public int exit(Spank spank, List<String> args) {
        return record(SpankCallback.EXIT, spank, args);
    }
}
