package io.plugstack.runtime.host.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.jobsubmit.JobRecord;
import io.plugstack.api.jobsubmit.JobSubmitPlugin;
import io.plugstack.api.jobsubmit.UserMessage;
import io.plugstack.api.plugin.PluginFamily;
import io.plugstack.runtime.host.catalog.PluginCatalog.ReadyPlugin;
import io.plugstack.runtime.host.catalog.PluginCatalog.Selection;

/**
 * A version whose bundle is uninstalled as it is chosen (issue 15, item 3): the catalog's choice
 * then carries no service. It is never handed to the caller's take (a chain would call nothing, an
 * instance lookup could match another unloaded plugin); the choice is made again.
 */
class SelectAndTakeTest {

    static final JobSubmitPlugin SERVICE = new JobSubmitPlugin() {
        @Override
        public int jobSubmit(JobDescriptor job, long submitUid, UserMessage message) {
            return 0;
        }

        @Override
        public int jobModify(JobDescriptor job, JobRecord current, long modifyUid, UserMessage message) {
            return 0;
        }
    };

    static Selection selectAndTake(PluginCatalog catalog) {
        return catalog.selectAndTake(PluginFamily.JOB_SUBMIT, new PluginPin("jsevil", Optional.empty()), Map.of(), s -> s,
                s -> s.plugin().isPresent());
    }

    @Test
    void aVersionUnloadedAsItWasChosenIsChosenAgainAndTheStayingVersionIsTaken() {
        ReadyPlugin upgrade = SwitchingCatalog.version(PluginFamily.JOB_SUBMIT, "jsevil", 12, "2.0.0", SERVICE);
        ReadyPlugin staying = SwitchingCatalog.version(PluginFamily.JOB_SUBMIT, "jsevil", 11, "1.0.0", SERVICE);
        SwitchingCatalog catalog = new SwitchingCatalog(List.of(upgrade, staying), Set.of(upgrade)).unloadedAsChosen();
        Selection s = selectAndTake(catalog);
        assertThat(s.plugin()).contains(staying);
        assertThat(catalog.selected).containsExactly("2.0.0", "1.0.0");
    }

    @Test
    void aVersionUnloadedAsItIsChosenEveryTimeIsNotLoadedNamingIt() {
        ReadyPlugin flapping = SwitchingCatalog.version(PluginFamily.JOB_SUBMIT, "jsevil", 12, "2.0.0", SERVICE);
        SwitchingCatalog catalog = new SwitchingCatalog(List.of(flapping), Set.of(flapping)).unloadedAsChosen();
        Selection s = selectAndTake(catalog);
        assertThat(s.plugin()).isEmpty();
        assertThat(s.why()).isEqualTo("Required plugin type not loaded or initialized (itest.jsevil 2.0.0 [12] was unloaded as it was chosen)");
        assertThat(catalog.selected).hasSize(3);
    }
}
