package io.plugstack.runtime.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A node daemon plays the Slurm installed on its node and the Lua it links, unless its settings say otherwise (issue 27). */
class InstalledSlurmTest {

    @TempDir
    Path home;

    static final InstalledSlurm DEBIAN_12 = new InstalledSlurm(Optional.of("22.05.8"), "/usr/sbin/slurmd -V", Optional.of("5.1"),
            "/usr/lib/x86_64-linux-gnu/slurm-wlm/job_submit_lua.so");

    @Test
    void theReleaseIsWhatSlurmsOwnProgramsPrint() {
        assertThat(InstalledSlurm.releaseOf("slurm-wlm 22.05.8\n")).contains("22.05.8");
        assertThat(InstalledSlurm.releaseOf("slurm 24.11.5")).contains("24.11.5");
        assertThat(InstalledSlurm.releaseOf("slurm 23.11.0-0rc1")).contains("23.11.0");
        assertThat(InstalledSlurm.releaseOf("slurmd: error: cannot read slurm.conf")).isEmpty();
    }

    @Test
    void theLuaIsTheLibluaThePluginLinks() {
        assertThat(InstalledSlurm.luaIn("\0libslurmfull.so\0liblua5.1.so.0\0libc.so.6\0")).contains("5.1");
        assertThat(InstalledSlurm.luaIn("\0liblua-5.3.so\0")).contains("5.3");
        assertThat(InstalledSlurm.luaIn("\0liblua.so.5.4\0")).contains("5.4");
        assertThat(InstalledSlurm.luaIn("\0libc.so.6\0")).isEmpty();
    }

    @Test
    void aDaemonWithoutSettingsPlaysTheInstalledReleaseAndLua() {
        RuntimeSettings s = RuntimeSettings.load(home, new Properties());
        s.playInstalled(DEBIAN_12);
        assertThat(s.slurmRelease().toString()).isEqualTo("22.05.8");
        assertThat(s.get(RuntimeSettings.LUA_VERSION, "")).isEqualTo("5.1");
        assertThat(s.played()).isEqualTo("plays Slurm 22.05.8, this node's (/usr/sbin/slurmd -V) with Lua 5.1, as "
                + "/usr/lib/x86_64-linux-gnu/slurm-wlm/job_submit_lua.so links");
    }

    @Test
    void aSettingThatContradictsTheNodesSlurmIsKeptAndSaidAsAnError() {
        Properties p = new Properties();
        p.setProperty("plugstack.slurm.release", "25.11.0");
        RuntimeSettings s = RuntimeSettings.load(home, p);
        s.playInstalled(DEBIAN_12);
        assertThat(s.slurmRelease().toString()).isEqualTo("25.11.0");
        assertThat(s.played()).startsWith("error: plays Slurm 25.11.0 as plugstack.slurm.release says, but this node's is 22.05.8"
                + " (/usr/sbin/slurmd -V): remove the setting to play it");
    }

    @Test
    void aReleasePlugstackCannotPlayIsNotTaken() {
        RuntimeSettings s = RuntimeSettings.load(home, new Properties());
        s.playInstalled(new InstalledSlurm(Optional.of("20.11.9"), "/usr/sbin/slurmd -V", Optional.empty(), ""));
        assertThat(s.played()).startsWith("this node's Slurm 20.11.9 (/usr/sbin/slurmd -V) is not a release Plugstack can play; plays Slurm ");
        assertThat(s.slurmRelease().toString()).isNotEqualTo("20.11.9");
    }

    @Test
    void aChildRoleLooksForNothingAndPlaysWhatTheRootRoleGaveIt() {
        Properties p = new Properties();
        p.setProperty(RuntimeSettings.NODE_SOCKET_DIR, home.resolve("run").toString());
        p.setProperty(RoleSeed.PROPERTY, home.resolve("seed").toString());
        p.setProperty("plugstack.slurm.release", "22.05.8");
        RuntimeSettings s = RuntimeSettings.load(home, p);
        assertThat(s.played()).isEmpty();
        assertThat(s.slurmRelease().toString()).isEqualTo("22.05.8");
    }
}
