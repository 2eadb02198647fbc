package io.plugstack.runtime.jobsubmit.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.jobsubmit.JobRecord;
import io.plugstack.api.jobsubmit.JobSubmitPlugin;
import io.plugstack.api.jobsubmit.UserMessage;
import io.plugstack.api.plugin.PluginFamily;
import io.plugstack.api.slurm.NoVal;
import io.plugstack.runtime.host.catalog.FixedCatalog;
import io.plugstack.runtime.host.catalog.PluginCatalog;
import io.plugstack.runtime.host.catalog.SwitchingCatalog;

/** slurmctld's job_submit chain rules (JS-1…JS-3). */
class ChainTest {

    final List<String> calls = new ArrayList<>();
    final List<String> logged = new ArrayList<>();

    /** A plugin that records its call, may set a message, and returns {@code rc}. */
    JobSubmitPlugin plugin(String name, int rc, String message) {
        return new JobSubmitPlugin() {
            @Override
            public int jobSubmit(JobDescriptor job, long submitUid, UserMessage m) {
                calls.add(name + " site_factor=" + job.siteFactor());
                if (message != null) {
                    m.set(message);
                }
                return rc;
            }

            @Override
            public int jobModify(JobDescriptor job, JobRecord current, long modifyUid, UserMessage m) {
                calls.add(name + " modify uid=" + modifyUid);
                return rc;
            }
        };
    }

    /** A catalog whose ready job_submit plugins are the given ones, typed job_submit/<name>. */
    PluginCatalog catalog(Object... nameAndPlugin) {
        return FixedCatalog.of(PluginFamily.JOB_SUBMIT, nameAndPlugin);
    }

    Chain chain(PluginCatalog c) {
        return new Chain(c, (level, message) -> logged.add(level + " " + message));
    }

    @Test
    void pluginsRunInListOrderWithOrWithoutThePrefix() {
        var r = chain(catalog("a", plugin("a", 0, null), "b", plugin("b", 0, null))).submit("b, job_submit/a", new JobDescriptor(), 1);
        assertThat(r.ok()).isTrue();
        assertThat(calls).extracting(c -> c.split(" ")[0]).containsExactly("b", "a");
    }

    @Test
    void siteFactorIsForcedToNoValBeforeTheChain() {
        JobDescriptor d = new JobDescriptor();
        d.setSiteFactor(5);
        chain(catalog("a", plugin("a", 0, null))).submit("a", d, 1);
        assertThat(calls).containsExactly("a site_factor=" + NoVal.NO_VAL);
    }

    @Test
    void firstFailureStopsTheChainAndIsTheResult() {
        var r = chain(catalog("a", plugin("a", 2050, "no"), "b", plugin("b", 0, null))).submit("a,b", new JobDescriptor(), 1);
        assertThat(r.rc()).isEqualTo(2050);
        assertThat(r.decidedBy()).isEqualTo("job_submit/a");
        assertThat(calls).hasSize(1);
    }

    @Test
    void laterPluginsMessageReplacesAnEarlierOneAndReachesTheUserOnSuccess() {
        var r = chain(catalog("a", plugin("a", 0, "first"), "b", plugin("b", 0, "second"))).submit("a,b", new JobDescriptor(), 1);
        assertThat(r.ok()).isTrue();
        assertThat(r.message()).contains("second");
    }

    @Test
    void modifyGetsTheModifyingUid() {
        chain(catalog("a", plugin("a", 0, null))).modify("a", new JobDescriptor(), null, 1234);
        assertThat(calls).containsExactly("a modify uid=1234");
    }

    /** scontrol update sends no user_id; job_modify sees the job's owner (real 22.05.8, root updating uid 1001's job). */
    @Test
    void modifyRequestWithoutUserIdCarriesTheJobsOwner() {
        JobRecord owned = (JobRecord) java.lang.reflect.Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {JobRecord.class}, (proxy, method, args) -> method.getName().equals("userId") ? 1001L : null);
        JobDescriptor update = new JobDescriptor();
        chain(catalog("a", plugin("a", 0, null))).modify("a", update, owned, 0);
        assertThat(update.userId()).isEqualTo(1001);
    }

    /** Before the plugins, slurmctld marks what the request left to defaults (real 22.05.8: 0x1E000000, with -A -p -q 0x10000000). */
    @Test
    void requestLeftToDefaultsIsMarkedInBitflags() {
        JobDescriptor none = new JobDescriptor();
        JobDescriptor given = new JobDescriptor();
        given.setAccount("acct");
        given.setPartition("debug");
        given.setQos("normal");
        chain(catalog("a", plugin("a", 0, null))).submit("a", none, 1);
        chain(catalog("a", plugin("a", 0, null))).submit("a", given, 1);
        assertThat(none.getNumber(io.plugstack.api.jobsubmit.JobDescField.BITFLAGS)).isEqualTo(0x1E000000L);
        assertThat(given.getNumber(io.plugstack.api.jobsubmit.JobDescField.BITFLAGS)).isEqualTo(0x10000000L);
    }

    /** print_multi_line_string splits with strtok_r: empty lines never print (real 22.05.8: "a\n\nb\n" prints a, b). */
    @Test
    void emptyLinesOfTheMessageAreNotPrinted() {
        var r = chain(catalog("a", plugin("a", 0, "a\n\nb\n"))).submit("a", new JobDescriptor(), 1);
        assertThat(r.message()).contains("a\nb");
    }

    @Test
    void unknownReturnCodeIsLoggedNamingThePlugin() {
        var r = chain(catalog("a", plugin("a", 9999, null))).submit("a", new JobDescriptor(), 1);
        assertThat(r.rc()).isEqualTo(9999);
        assertThat(logged).contains("ERROR job_submit/a: job_submit() returned unknown error code 9999");
    }

    @Test
    void aVersionUninstalledAsItWasChosenIsChosenAgainAndTheSubmissionRunsTheStayingVersion() {
        PluginCatalog.ReadyPlugin upgrade = SwitchingCatalog.version(PluginFamily.JOB_SUBMIT, "jsevil", 12, "2.0.0", plugin("2.0.0", 0, null));
        PluginCatalog.ReadyPlugin staying = SwitchingCatalog.version(PluginFamily.JOB_SUBMIT, "jsevil", 11, "1.0.0", plugin("1.0.0", 0, null));
        SwitchingCatalog catalog = new SwitchingCatalog(List.of(upgrade, staying), Set.of(upgrade)).unloadedAsChosen();
        var r = chain(catalog).submit("jsevil", new JobDescriptor(), 1);
        assertThat(r.ok()).as("%s", r).isTrue();
        assertThat(calls).extracting(c -> c.split(" ")[0]).containsExactly("1.0.0");
        assertThat(catalog.selected).containsExactly("2.0.0", "1.0.0");
    }

    @Test
    void emptyListAcceptsEverything() {
        assertThat(chain(catalog()).submit("", new JobDescriptor(), 1).ok()).isTrue();
    }
}
