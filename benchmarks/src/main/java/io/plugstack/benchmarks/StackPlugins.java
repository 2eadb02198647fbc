package io.plugstack.benchmarks;

import java.util.List;

import io.plugstack.api.spank.Spank;
import io.plugstack.api.spank.SpankItem;
import io.plugstack.api.spank.SpankPlugin;
import io.plugstack.api.spank.SpankResult;

/**
 * Small, real plugins for the stack benchmark: each does what a typical site plugin does first and
 * returns 0, or -1 if the call failed (so a broken setup stops the stack and is caught). Three
 * classes, so a stack of several plugins calls through a megamorphic site, as a real mixed stack does.
 */
final class StackPlugins {
    private StackPlugins() {
    }

    /** The i-th plugin of a stack: JobId, Env, Log, JobId, ... */
    static SpankPlugin nth(int i) {
        return switch (i % 3) {
            case 0 -> new JobIdPlugin();
            case 1 -> new EnvPlugin();
            default -> new LogPlugin();
        };
    }

    /** spank_get_item(S_JOB_ID). */
    static final class JobIdPlugin implements SpankPlugin {
        @Override
        public int spankInit(Spank spank, List<String> args) {
            return jobId(spank);
        }

        @Override
        public int taskInit(Spank spank, List<String> args) {
            return jobId(spank);
        }

        private static int jobId(Spank spank) {
            SpankResult<Long> id = spank.getItem(SpankItem.S_JOB_ID);
            return id.isSuccess() && id.value() > 0 ? 0 : -1;
        }
    }

    /** spank_getenv in remote context. */
    static final class EnvPlugin implements SpankPlugin {
        @Override
        public int spankInit(Spank spank, List<String> args) {
            return env(spank);
        }

        @Override
        public int taskInit(Spank spank, List<String> args) {
            return env(spank);
        }

        private static int env(Spank spank) {
            return spank.getenv("SLURM_JOB_ID").isSuccess() ? 0 : -1;
        }
    }

    /** slurm_debug: a line the default verbosity drops. */
    static final class LogPlugin implements SpankPlugin {
        @Override
        public int spankInit(Spank spank, List<String> args) {
            spank.log().debug("log: init in " + spank.context().slurmName());
            return 0;
        }

        @Override
        public int taskInit(Spank spank, List<String> args) {
            spank.log().debug("log: task_init in " + spank.context().slurmName());
            return 0;
        }
    }
}
