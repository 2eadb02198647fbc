package io.plugstack.runtime.node.wire;

import java.util.Optional;

/** The frame types of protocol {@value Wire#PROTOCOL}, with who sends them (runtime/bridge/PROTOCOL.md). */
public enum FrameType {
    /** bridge → daemon, first frame of a connection: protocol, context, Slurm release, pid, bridge arguments. */
    HELLO(1, true),
    /** bridge → daemon: one SPANK callback with the facts (items, environment) the bridge read for it. */
    CALL(2, true),
    /** bridge → daemon: Slurm processed a plugin option the daemon asked the bridge to register. */
    OPTION(3, true),
    /** bridge → daemon, first frame of a forked task child's connection: it joins its slurmstepd's session by the WELCOME's token. */
    ATTACH(4, true),
    /** job_submit shim → daemon, first frame of slurmctld's connection on ctld.sock: protocol, ClusterName. */
    JOB_HELLO(5, true),
    /** job_submit shim → daemon: one job_submit or job_modify with the fields the shim read (job_desc, job_rec, part_list). */
    JOB_CALL(6, true),
    /** cli_filter shim → daemon, first frame of a command's connection on user.sock: protocol, the command (srun, sbatch, salloc). */
    CLI_HELLO(7, true),
    /** cli_filter shim → daemon: one cli_filter hook with Slurm's JSON of the set options (or post_submit's ids). */
    CLI_CALL(8, true),
    /** daemon → bridge: the session is open. */
    WELCOME(64, false),
    /** daemon → bridge: a callback's result and the effects to apply in the calling process. */
    DONE(65, false),
    /** daemon → bridge: an option callback's result. */
    OPTION_RC(66, false),
    /** daemon → bridge: the session is refused, with the reason (the bridge logs it and fails the callback). */
    REFUSE(67, false),
    /** daemon → job_submit shim, the answer to JOB_HELLO: the names the shim reads from job_desc, job_rec and part_list. */
    JOB_FIELDS(68, false),
    /** daemon → job_submit shim: the chain's rc, the user message, the job_desc fields to write. */
    JOB_RESULT(69, false),
    /** daemon → cli_filter shim: the chain's rc, the lines to log in the command, the options to write. */
    CLI_RESULT(70, false);

    private final int code;
    private final boolean fromBridge;

    FrameType(int code, boolean fromBridge) {
        this.code = code;
        this.fromBridge = fromBridge;
    }

    public int code() {
        return code;
    }

    /** Whether the bridge sends it (else the daemon does). */
    public boolean fromBridge() {
        return fromBridge;
    }

    public static Optional<FrameType> of(int code) {
        for (FrameType t : values()) {
            if (t.code == code) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }
}
