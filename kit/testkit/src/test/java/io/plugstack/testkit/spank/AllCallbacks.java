package io.plugstack.testkit.spank;

import java.util.List;

import io.plugstack.api.spank.Spank;
import io.plugstack.api.spank.SpankCallback;
import io.plugstack.api.spank.SpankPlugin;

/** A plugin that defines every callback and hands each to {@link #on}. */
abstract class AllCallbacks implements SpankPlugin {

    abstract int on(SpankCallback callback, Spank spank);

    @Override
    public int spankInit(Spank spank, List<String> args) {
        return on(SpankCallback.INIT, spank);
    }

    @Override
    public int jobProlog(Spank spank, List<String> args) {
        return on(SpankCallback.JOB_PROLOG, spank);
    }

    @Override
    public int initPostOpt(Spank spank, List<String> args) {
        return on(SpankCallback.INIT_POST_OPT, spank);
    }

    @Override
    public int localUserInit(Spank spank, List<String> args) {
        return on(SpankCallback.LOCAL_USER_INIT, spank);
    }

    @Override
    public int userInit(Spank spank, List<String> args) {
        return on(SpankCallback.USER_INIT, spank);
    }

    @Override
    public int taskInitPrivileged(Spank spank, List<String> args) {
        return on(SpankCallback.TASK_INIT_PRIVILEGED, spank);
    }

    @Override
    public int taskInit(Spank spank, List<String> args) {
        return on(SpankCallback.TASK_INIT, spank);
    }

    @Override
    public int taskPostFork(Spank spank, List<String> args) {
        return on(SpankCallback.TASK_POST_FORK, spank);
    }

    @Override
    public int taskExit(Spank spank, List<String> args) {
        return on(SpankCallback.TASK_EXIT, spank);
    }

    @Override
    public int jobEpilog(Spank spank, List<String> args) {
        return on(SpankCallback.JOB_EPILOG, spank);
    }

    @Override
    public int slurmdExit(Spank spank, List<String> args) {
        return on(SpankCallback.SLURMD_EXIT, spank);
    }

    @Override
    public int exit(Spank spank, List<String> args) {
        return on(SpankCallback.EXIT, spank);
    }
}
