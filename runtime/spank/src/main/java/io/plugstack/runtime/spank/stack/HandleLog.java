package io.plugstack.runtime.spank.stack;

import io.plugstack.api.spank.SpankLog;
import io.plugstack.api.slurm.SlurmLog;

/** The logging calls a plugin gets (slurm_info, slurm_error, ..., slurm_spank_log). */
record HandleLog(SlurmLog sink) implements SpankLog {
    @Override
    public void info(String message) {
        sink.log(SlurmLog.Level.INFO, message);
    }

    @Override
    public void error(String message) {
        sink.log(SlurmLog.Level.ERROR, message);
    }

    @Override
    public void verbose(String message) {
        sink.log(SlurmLog.Level.VERBOSE, message);
    }

    @Override
    public void debug(String message) {
        sink.log(SlurmLog.Level.DEBUG, message);
    }

    @Override
    public void debug2(String message) {
        sink.log(SlurmLog.Level.DEBUG2, message);
    }

    @Override
    public void debug3(String message) {
        sink.log(SlurmLog.Level.DEBUG3, message);
    }

    @Override
    public void spankLog(String message) {
        sink.log(SlurmLog.Level.PLAIN, message);
    }
}
