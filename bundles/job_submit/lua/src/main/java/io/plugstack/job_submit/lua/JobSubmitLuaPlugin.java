package io.plugstack.job_submit.lua;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.plugstack.api.plugin.RuntimeHome;
import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.jobsubmit.JobRecord;
import io.plugstack.api.jobsubmit.JobSubmitPlugin;
import io.plugstack.api.jobsubmit.Slurmctld;
import io.plugstack.api.jobsubmit.UserMessage;
import io.plugstack.api.plugin.ReleaseBehaviour;
import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.api.slurm.SlurmErrno;
import io.plugstack.api.user.OnBehalfOf;
import io.plugstack.lua.LuaCall;
import io.plugstack.lua.LuaScript;
import io.plugstack.lua.LuaVersion;
import io.plugstack.lua.SlurmTable;
import party.iroiro.luajava.Lua;

/**
 * job_submit/lua (spec §4.3): runs the site's {@code job_submit.lua}, unchanged, in the real C Lua.
 * The script is {@code etc/job_submit.lua} in the runtime home (Slurm: next to slurm.conf, no parameter,
 * JSL-1); the Lua version is the runtime setting {@link LuaVersion#SETTING}. A script that does not
 * load at start makes init() fail, so the plugin is refused (slurmctld fatals, JSL-4); later edits are
 * picked up by mtime and a broken one keeps the last working script ({@link LuaScript}).
 *
 * <p>Calls: {@code slurm_job_submit(job_desc, part_list, submit_uid)} and
 * {@code slurm_job_modify(job_desc, job_rec, part_list, modify_uid)}. A numeric result is the rc;
 * anything else is SUCCESS after "non-numeric return code" (JSL-11). A runtime error is logged and the
 * request accepted up to 25.11, rejected with ESLURM_LUA_FUNC_FAILED_RUNTIME_ERROR from 26.05 (JSL-13).
 * {@code slurm.log_user} lines reach the user through the chain's message for success and failure.
 *
 * <p>The script acts as slurmctld's SlurmUser when this runtime is root and serves a real slurmctld
 * ({@link SlurmUser}): its load and calls, io.popen, os.execute and file access. Its configuration is
 * "plugstack.slurm" (ClusterName) and "plugstack.node" (slurm_user, as the node daemon reads it).
 */
@Component(service = JobSubmitPlugin.class, configurationPid = {"plugstack.slurm", "plugstack.node"})
public class JobSubmitLuaPlugin implements JobSubmitPlugin {

    static final String PLUGIN_TYPE = "job_submit/lua";
    static final String SCRIPT = "job_submit.lua";

    /** slurm.conf's ClusterName, from the runtime's "plugstack.slurm" configuration. */
    public @interface Config {
        String ClusterName() default "cluster";
    }

    private final LuaScript script;
    private final Slurmctld slurmctld;
    private final Logger log;
    private final boolean rejectRuntimeErrors;
    /** Whether slurm_job_modify may send the user a message (before 23.02 its log_user lines were discarded). */
    private final boolean logUserInModify;
    /** Set while slurm_job_modify runs (calls are serialised by the script's lock). */
    private boolean inModify;
    private final JobDescTable descs;
    private final PartitionTable parts = new PartitionTable();
    private final JobRecordTable records = new JobRecordTable();
    private final ReservationTable reservations = new ReservationTable();
    private final SlurmTable slurm;
    /** log_user lines since the last delivery (JSL-15, JSL-16). */
    private final StringBuilder userMsg = new StringBuilder();

    @Activate
    public JobSubmitLuaPlugin(BundleContext context, Config config, Map<String, Object> properties,
            @Reference(name = "slurmctld") Map.Entry<Map<String, Object>, Slurmctld> slurmctld) {
        this(RuntimeHome.of(context::getProperty).etc(), LuaVersion.parse(context.getProperty(LuaVersion.SETTING)),
                slurmctld.getValue(), config.ClusterName(), SlurmVersion.running(context::getProperty), System.getLogger(PLUGIN_TYPE),
                SlurmUser.of(slurmctld.getKey(), properties, context::getProperty, System.getLogger(PLUGIN_TYPE)));
    }

    /** Outside OSGi (tests, benchmarks): the script is {@code confDir/job_submit.lua}, acting as the runtime. */
    public JobSubmitLuaPlugin(Path confDir, LuaVersion version, Slurmctld slurmctld, String clusterName, SlurmVersion release,
            Logger log) {
        this(confDir, version, slurmctld, clusterName, release, log, OnBehalfOf.thisProcess());
    }

    /** The same, acting as {@code slurmUser} (slurmctld's SlurmUser): its load, calls, commands and file access. */
    JobSubmitLuaPlugin(Path confDir, LuaVersion version, Slurmctld slurmctld, String clusterName, SlurmVersion release,
            Logger log, OnBehalfOf slurmUser) {
        this.slurmctld = slurmctld;
        this.log = log;
        this.rejectRuntimeErrors = ReleaseBehaviour.JOB_SUBMIT_LUA_REJECTS_RUNTIME_ERRORS.at(release);
        this.logUserInModify = ReleaseBehaviour.LUA_LOG_USER_IN_JOB_MODIFY.at(release);
        this.descs = new JobDescTable(log, release);
        this.slurm = new SlurmTable(log, clusterName, slurmctld::qosPriority, release);
        this.script = new LuaScript(confDir.resolve(SCRIPT), PLUGIN_TYPE, version,
                List.of("slurm_job_submit", "slurm_job_modify"), this::install, log, slurmUser);
    }

    private void install(Lua L) {
        slurm.install(L, script.version());
        L.getGlobal("slurm");
        L.push(this::userMsg);
        L.setField(-2, "user_msg");
        L.pop(1);
        descs.install(L);
        parts.install(L);
        records.install(L);
        reservations.install(L);
        controllerState(L);
    }

    /**
     * slurm.jobs and slurm.reservations as slurmctld has them now, and its ClusterName when it says one (a
     * real slurmctld says it in its first frame, which may come after the script loaded): set at load and
     * before each call.
     */
    private void controllerState(Lua L) {
        String cluster = slurmctld.clusterName();
        if (cluster != null && !cluster.isEmpty()) {
            L.getGlobal("slurm");
            L.push(cluster);
            L.setField(-2, "CLUSTER_NAME");
            L.pop(1);
        }
        records.clear();
        records.setJobs(L, slurmctld.jobs());
        reservations.set(L, slurmctld.reservations());
    }

    private int userMsg(Lua L) {
        if (inModify && !logUserInModify) {
            // 22.05's _log_lua_user_msg, checked on a real 22.05.8: the line goes to slurmctld's log only
            log.log(Level.ERROR, "Use of log.user() in job_modify is not supported. Message discarded: (\"" + L.toString(1) + "\")");
            return 0;
        }
        if (userMsg.length() > 0) {
            userMsg.append('\n');
        }
        userMsg.append(L.toString(1));
        return 0;
    }

    @Override
    public int init() {
        return script.init();
    }

    @Override
    public void fini() {
        script.close();
    }

    @Override
    public int jobSubmit(JobDescriptor job, long submitUid, UserMessage message) {
        return script.call(L -> {
            controllerState(L);
            LuaCall c = LuaCall.invoke(L, "slurm_job_submit", l -> {
                descs.push(l, job);
                parts.push(l, slurmctld.partitions(), job.userId());
                l.push((double) submitUid);
            });
            return outcome("job_submit", c, message);
        }).orElse(SlurmErrno.SLURM_ERROR.code());
    }

    @Override
    public int jobModify(JobDescriptor job, JobRecord current, long modifyUid, UserMessage message) {
        return script.call(L -> {
            inModify = true;
            try {
                controllerState(L);
                LuaCall c = LuaCall.invoke(L, "slurm_job_modify", l -> {
                    descs.push(l, job);
                    records.push(l, current);
                    parts.push(l, slurmctld.partitions(), current.userId());
                    l.push((double) modifyUid);
                });
                return outcome("job_modify", c, message);
            } finally {
                inModify = false;
            }
        }).orElse(SlurmErrno.SLURM_ERROR.code());
    }

    /** The rc of one call, by JSL-11/13/14, and the user messages delivered (JSL-15). */
    private int outcome(String function, LuaCall c, UserMessage message) {
        int rc = SlurmErrno.SLURM_SUCCESS.code();
        switch (c.outcome()) {
            case ERROR:
                // error("%s/lua: %s: %s", __func__, ...): job_submit/lua or job_modify/lua (checked on 22.05.8)
                log.log(Level.ERROR, function + "/lua: " + script.path() + ": " + c.error());
                if (rejectRuntimeErrors) {
                    userMsg.setLength(0);
                    userMsg.append(c.error());
                    rc = SlurmErrno.ESLURM_LUA_FUNC_FAILED_RUNTIME_ERROR.code();
                }
                break;
            case NON_NUMBER:
                log.log(Level.INFO, function + "/lua: " + script.path() + ": non-numeric return code");
                break;
            case NUMBER:
                rc = c.rc();
                break;
            default:
                break;
        }
        if (userMsg.length() > 0) {
            message.set(userMsg.toString());
        }
        userMsg.setLength(0);
        return rc;
    }
}
