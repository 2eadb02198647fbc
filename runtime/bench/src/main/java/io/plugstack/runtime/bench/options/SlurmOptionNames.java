package io.plugstack.runtime.bench.options;

import java.util.Set;

/**
 * The long names of Slurm 25.11's option table (src/common/slurm_opt.c common_options[]): a name a
 * cli_filter writes that Slurm knows and the bench's {@link SubmitOption} table does not is refused
 * loudly, never dropped in silence; a name Slurm does not know either is ignored, as slurm_option_set
 * ignores it.
 */
final class SlurmOptionNames {
    private SlurmOptionNames() {
    }

    static final Set<String> ALL = Set.of("accel-bind", "account", "acctg-freq", "array", "argv", "autocomplete", "batch",
            "bbf", "bcast", "bcast-exclude", "begin", "bell", "bb", "cluster-constraint", "chdir", "cluster", "clusters",
            "comment", "compress", "container", "container-id", "context", "contiguous", "constraint", "core-spec",
            "cores-per-socket", "cpu-bind", "cpu_bind", "cpu-freq", "cpus-per-gpu", "cpus-per-task", "deadline",
            "debugger-test", "delay-boot", "environment", "dependency", "disable-status", "distribution", "epilog", "error",
            "exact", "exclude", "exclusive", "export", "export-file", "external-launcher", "extra", "extra-node-info",
            "get-user-env", "gid", "gpu-bind", "tres-bind", "gpu-freq", "gpus", "gpus-per-node", "gpus-per-socket",
            "gpus-per-task", "treewidth", "tres-per-task", "gres", "gres-flags", "help", "hint", "hold", "ignore-pbs",
            "immediate", "input", "interactive", "jobid", "job-name", "kill-command", "kill-on-bad-exit",
            "kill-on-invalid-dep", "label", "licenses", "mail-type", "mail-user", "threads", "mcs-label", "mem", "mem-bind",
            "mem-per-cpu", "mem-per-gpu", "mincpus", "mpi", "msg-timeout", "multi-prog", "network", "nice", "no-allocate",
            "no-bell", "no-kill", "no-requeue", "no-shell", "nodefile", "nodelist", "nodes", "ntasks", "ntasks-per-core",
            "ntasks-per-node", "ntasks-per-socket", "ntasks-per-tres", "ntasks-per-gpu", "open-mode", "output",
            "overcommit", "overlap", "oversubscribe", "pack-group", "het-group", "parsable", "partition", "prefer",
            "preserve-env", "priority", "profile", "prolog", "propagate", "pty", "qos", "quiet", "quit-on-interrupt",
            "reboot", "relative", "requeue", "reservation", "resv-ports", "segment", "send-libs", "signal", "slurmd-debug",
            "sockets-per-node", "spread-job", "stepmgr", "switches", "task-epilog", "task-prolog", "tasks-per-node",
            "test-only", "thread-spec", "threads-per-core", "time", "time-min", "tmp", "uid", "unbuffered", "use-min-nodes",
            "usage", "verbose", "version", "wait", "wait-all-nodes", "wckey", "whole", "wrap", "x11");
}
