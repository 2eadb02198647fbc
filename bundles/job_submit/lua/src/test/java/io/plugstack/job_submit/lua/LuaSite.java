package io.plugstack.job_submit.lua;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;

import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.jobsubmit.PartitionState;
import io.plugstack.api.jobsubmit.UserMessage;
import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.testkit.jobsubmit.FakeSlurmctld;
import io.plugstack.testkit.RecordingLogger;
import io.plugstack.lua.LuaVersion;

/** A configuration directory with a job_submit.lua, and the plugin over it (real C Lua). */
final class LuaSite {

    final Path dir;
    final FakeSlurmctld slurmctld = new FakeSlurmctld()
            .add(FakeSlurmctld.partition("debug", PartitionState.UP, 1))
            .add(FakeSlurmctld.partition("batch", PartitionState.UP, 2));
    final RecordingLogger log = new RecordingLogger(JobSubmitLuaPlugin.PLUGIN_TYPE);
    UserMessage message = new UserMessage();
    private long mtime = 1_700_000_000L;

    LuaSite(Path dir) {
        this.dir = dir;
    }

    /** Writes the script with a new mtime one second later than the last write. */
    LuaSite script(String lua) {
        try {
            Path file = dir.resolve(JobSubmitLuaPlugin.SCRIPT);
            Files.writeString(file, lua);
            Files.setLastModifiedTime(file, FileTime.fromMillis(mtime * 1000));
            mtime++;
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    JobSubmitLuaPlugin plugin(LuaVersion version) {
        return plugin(version, SlurmVersion.builtFor());
    }

    JobSubmitLuaPlugin plugin(LuaVersion version, SlurmVersion release) {
        return new JobSubmitLuaPlugin(dir, version, slurmctld, "cluster", release, log);
    }

    /** A plugin acting as {@code slurmUser}, Lua 5.4. */
    JobSubmitLuaPlugin plugin(io.plugstack.api.user.OnBehalfOf slurmUser) {
        return new JobSubmitLuaPlugin(dir, LuaVersion.LUA_5_4, slurmctld, "cluster", SlurmVersion.builtFor(), log, slurmUser);
    }

    /** A started plugin (init succeeded), Lua 5.4. */
    JobSubmitLuaPlugin started() {
        return started(LuaVersion.LUA_5_4);
    }

    JobSubmitLuaPlugin started(LuaVersion version) {
        JobSubmitLuaPlugin p = plugin(version);
        if (p.init() != 0) {
            throw new AssertionError("init failed: " + log.lines());
        }
        return p;
    }

    /** A submission by uid 1000 of {@code desc}; the message is in {@link #message}. */
    int submit(JobSubmitLuaPlugin p, JobDescriptor desc) {
        message = new UserMessage();
        return p.jobSubmit(desc, 1000, message);
    }

    static JobDescriptor request() {
        JobDescriptor d = new JobDescriptor();
        d.setNumber(io.plugstack.api.jobsubmit.JobDescField.USER_ID, 1000);
        d.setMinNodes(1);
        return d;
    }

    /** A script whose slurm_job_submit reports {@code expr} through log_user and accepts. */
    static String reporting(String expr) {
        return "function slurm_job_submit(job_desc, part_list, submit_uid)\n"
                + "  slurm.log_user('%s', tostring(" + expr + "))\n"
                + "  return slurm.SUCCESS\nend\n"
                + "function slurm_job_modify(job_desc, job_rec, part_list, modify_uid) return slurm.SUCCESS end\n";
    }

    /** What {@code expr} evaluates to inside slurm_job_submit, as tostring shows it. */
    String eval(LuaVersion version, String expr, JobDescriptor desc) {
        script(reporting(expr));
        JobSubmitLuaPlugin p = started(version);
        try {
            submit(p, desc);
            return message.get().orElse("<no message>");
        } finally {
            p.fini();
        }
    }
}
