package io.plugstack.job_submit.lua;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.api.jobsubmit.Reservation;
import io.plugstack.api.slurm.NoVal;
import io.plugstack.testkit.jobsubmit.Jobs;
import io.plugstack.lua.LuaVersion;

/**
 * slurmctld's state as job_submit/lua exposes it (25.11's job_submit_lua.c): slurm.jobs keyed by job id
 * as a string with job_rec's fields, slurm.reservations keyed by name with _resv_field's fields, both
 * as slurmctld has them at each call, and slurm.get_qos_priority from the QOS table.
 */
class ControllerStateTablesTest {

    @TempDir
    Path dir;
    LuaSite site;

    @BeforeEach
    void setUp() {
        site = new LuaSite(dir);
    }

    private String eval(String expr) {
        return site.eval(LuaVersion.LUA_5_1, expr, LuaSite.request());
    }

    @Test
    void slurmJobsHoldsEveryJobByItsIdAsAStringWithJobRecFields() {
        site.slurmctld.add(Jobs.record(Map.of("jobId", 7L, "userId", 1000L, "name", "sim")));
        site.slurmctld.add(Jobs.record(Map.of("jobId", 9L, "userId", 0L, "name", "post")));
        assertThat(eval("slurm.jobs['7'].name .. ' ' .. slurm.jobs['9'].user_id .. ' ' .. tostring(slurm.jobs[7])"))
                .isEqualTo("sim 0 nil");
    }

    @Test
    void slurmJobsIsTheControllersListAtEachCallNotAtLoad() {
        site.script(LuaSite.reporting("(function() local n = 0 for k in pairs(slurm.jobs) do n = n + 1 end return n end)()"));
        JobSubmitLuaPlugin p = site.started(LuaVersion.LUA_5_1);
        site.slurmctld.add(Jobs.record(Map.of("jobId", 3L, "userId", 1000L)));
        site.submit(p, LuaSite.request());
        assertThat(site.message.get()).contains("1");
        p.fini();
    }

    /** A real slurmctld says its ClusterName in its first frame, which may come after the script loaded. */
    @Test
    void clusterNameIsTheOneSlurmctldSaysAtEachCall() {
        site.script(LuaSite.reporting("slurm.CLUSTER_NAME"));
        JobSubmitLuaPlugin p = site.started(LuaVersion.LUA_5_1);
        site.slurmctld.clusterName("production");
        site.submit(p, LuaSite.request());
        assertThat(site.message.get()).contains("production");
        p.fini();
    }

    @Test
    void slurmReservationsHoldsEachByNameWithResvFields() {
        site.slurmctld.add(new Reservation("maint", 1000, 4600, 60, "node1", 1, 4, null, null, 0x8001,
                List.of("alice", "bob"), List.of(), null));
        assertThat(eval("table.concat({slurm.reservations.maint.users, slurm.reservations.maint.duration,"
                + " slurm.reservations.maint.end_time, slurm.reservations.maint.flags, slurm.reservations.maint.node_list,"
                + " tostring(slurm.reservations.maint.full_nodes), tostring(slurm.reservations.maint.accounts)}, ' ')"))
                .isEqualTo("alice,bob 60 4600 32769 node1 true nil");
    }

    @Test
    void aReservationWithAnEndTimeReadsDurationNoVal() {
        site.slurmctld.add(new Reservation("r", 1000, 4600, NoVal.NO_VAL, "node1", 1, 4, null, null, 0,
                List.of(), List.of("physics"), null));
        assertThat(eval("slurm.reservations.r.duration == slurm.NO_VAL and slurm.reservations.r.accounts")).isEqualTo("physics");
    }

    @Test
    void getQosPriorityAnswersFromTheQosTable() {
        site.slurmctld.qos("high", 100L);
        assertThat(site.eval(LuaVersion.LUA_5_1, "slurm.get_qos_priority('high')", LuaSite.request())).isEqualTo("100");
    }
}
