package io.plugstack.job_submit.lua;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.api.user.OnBehalfOf;
import io.plugstack.lua.LuaTestUsers;

/**
 * slurmctld runs as SlurmUser, not root: a runtime running as root for a real slurmctld runs
 * job_submit.lua as SlurmUser (here a system user the test makes): its commands and its file access.
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class JobSubmitLuaActsAsSlurmUserTest {

    static final Map<String, Object> REAL = Map.of(SlurmUser.REAL_PROPERTY, "real");

    @TempDir
    Path dir;
    LuaSite site;
    OnBehalfOf slurmUser;

    @BeforeEach
    void aSlurmUser() throws Exception {
        LuaTestUsers.assumeRoot();
        LuaTestUsers.ensure(LuaTestUsers.SLURM_USER, true);
        LuaTestUsers.open(dir);
        site = new LuaSite(dir);
        slurmUser = SlurmUser.of(REAL, Map.of(SlurmUser.NODE_PROPERTY, LuaTestUsers.SLURM_USER), name -> null, site.log);
    }

    /** What {@code expr} is in slurm_job_submit of a plugin acting as SlurmUser. */
    private String submitted(String chunk, String expr) {
        site.script(chunk + "\n" + LuaSite.reporting(expr));
        JobSubmitLuaPlugin p = site.plugin(slurmUser);
        assertThat(p.init()).as("init: %s", site.log.lines()).isZero();
        try {
            site.submit(p, LuaSite.request());
            return site.message.get().orElse("<no message>");
        } finally {
            p.fini();
        }
    }

    @Test
    void popenRunsAsTheSlurmUser() {
        assertThat(submitted("", "io.popen('id -u'):read('*l')")).isEqualTo(String.valueOf(slurmUser.uid()));
        assertThat(slurmUser.uid()).isNotZero();
    }

    @Test
    void theScriptsFileAccessActsAsTheSlurmUserFromItsLoadOn() throws Exception {
        Path secret = LuaTestUsers.mode(Files.writeString(dir.resolve("secret"), "TOPSECRET"), "rw-------");
        assertThat(submitted("local f, AT_LOAD = io.open('" + secret + "')", "AT_LOAD .. ' ' .. select(2, io.open('" + secret + "'))"))
                .isEqualTo(secret + ": Permission denied " + secret + ": Permission denied");
    }

    @Test
    void aSlurmUserMissingFromThePasswordFileKeepsTheRuntimesUserAndSaysSo() {
        assertThat(SlurmUser.resolve("plugstack-no-such-user", site.log)).isEqualTo(OnBehalfOf.thisProcess());
        assertThat(site.log.lines()).containsExactly("WARNING job_submit/lua: SlurmUser plugstack-no-such-user is not in /etc/passwd: "
                + "job_submit.lua acts as the runtime's user (uid 0)");
    }

    @Test
    void slurmUserIsNamedAsTheNodeDaemonNamesIt() {
        assertThat(SlurmUser.name(Map.of(SlurmUser.NODE_PROPERTY, "ctld"), name -> "fw")).isEqualTo("ctld");
        assertThat(SlurmUser.name(Map.of(), name -> name.equals(SlurmUser.FRAMEWORK_PROPERTY) ? "fw" : null)).isEqualTo("fw");
        assertThat(SlurmUser.name(Map.of(), name -> null)).isEqualTo("slurm");
    }

    /** A guard rather than a fix: on the bench the controller, and so SlurmUser, is the runtime itself. */
    @Test
    void onTheBenchTheScriptActsAsTheRuntime() {
        assertThat(SlurmUser.of(Map.of(), Map.of(SlurmUser.NODE_PROPERTY, LuaTestUsers.SLURM_USER), name -> null, site.log))
                .isEqualTo(OnBehalfOf.thisProcess());
    }
}
