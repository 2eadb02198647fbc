package io.plugstack.runtime.bench.api;

import java.util.List;
import java.util.Optional;

/**
 * The bench's Slurm client commands, one table: what the command socket dispatches, the shims a job's
 * tasks and a site's Lua scripts find first on their PATH, and the links in a distribution's bin/
 * (checked against this table). {@code foreground} commands own the job they make while they run:
 * their client going away cancels it ({@link Bench#hangUp}).
 */
public enum BenchCommand {
    SRUN("srun", true) {
        @Override
        public int run(Bench bench, List<String> args, CommandIO io) {
            return bench.srun(args, io);
        }
    },
    SBATCH("sbatch", false) {
        @Override
        public int run(Bench bench, List<String> args, CommandIO io) {
            return bench.sbatch(args, io);
        }
    },
    SALLOC("salloc", true) {
        @Override
        public int run(Bench bench, List<String> args, CommandIO io) {
            return bench.salloc(args, io);
        }
    },
    SCRONTAB("scrontab", false) {
        @Override
        public int run(Bench bench, List<String> args, CommandIO io) {
            return bench.scrontab(args, io);
        }
    },
    SCANCEL("scancel", false) {
        @Override
        public int run(Bench bench, List<String> args, CommandIO io) {
            return bench.scancel(args, io);
        }
    },
    SQUEUE("squeue", false) {
        @Override
        public int run(Bench bench, List<String> args, CommandIO io) {
            return bench.squeue(args, io);
        }
    },
    SINFO("sinfo", false) {
        @Override
        public int run(Bench bench, List<String> args, CommandIO io) {
            return bench.sinfo(args, io);
        }
    },
    SCONTROL("scontrol", false) {
        @Override
        public int run(Bench bench, List<String> args, CommandIO io) {
            return bench.scontrol(args, io);
        }
    };

    private final String command;
    private final boolean foreground;

    BenchCommand(String command, boolean foreground) {
        this.command = command;
        this.foreground = foreground;
    }

    /** The command's name, as typed. */
    public String command() {
        return command;
    }

    /** Whether the job the command makes is its own while it runs (srun, salloc). */
    public boolean foreground() {
        return foreground;
    }

    /** Runs the command on {@code bench}; its exit code. */
    public abstract int run(Bench bench, List<String> args, CommandIO io);

    /** The command named {@code name}, if the bench has it. */
    public static Optional<BenchCommand> of(String name) {
        for (BenchCommand c : values()) {
            if (c.command.equals(name)) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }
}
