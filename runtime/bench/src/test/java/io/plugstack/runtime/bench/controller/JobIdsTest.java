package io.plugstack.runtime.bench.controller;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.plugstack.api.slurm.SlurmLog;

/** slurmctld's job ids are kept in its state save directory: they never repeat across restarts. */
class JobIdsTest {

    @TempDir
    Path stateSave;

    @Test
    void jobIdsGoOnAfterARestartInsteadOfStartingAgainAtOne() {
        JobIds first = JobIds.persisted(stateSave, 0, SlurmLog.QUIET);
        assertThat(List.of(first.take(), first.take(), first.take())).containsExactly(1L, 2L, 3L);

        JobIds afterRestart = JobIds.persisted(stateSave, 0, SlurmLog.QUIET);
        assertThat(afterRestart.take()).isEqualTo(4L);
    }

    @Test
    void anIdIsOnDiskBeforeItIsHandedOutSoAKillAtAnyMomentNeverRepeatsIt() throws Exception {
        JobIds ids = JobIds.persisted(stateSave, 0, SlurmLog.QUIET);
        long id = ids.take();
        assertThat(Files.readString(stateSave.resolve("next_job_id")).trim()).isEqualTo(String.valueOf(id + 1));
    }

    @Test
    void aCorruptCounterIsNamedAndIdsGoOnAboveTheHighestJobTheNodeStillKnows() throws Exception {
        Files.writeString(stateSave.resolve("next_job_id"), "garbage\n");
        List<String> errors = new ArrayList<>();
        JobIds ids = JobIds.persisted(stateSave, 41, recording(errors));
        assertThat(ids.take()).isEqualTo(42L);
        assertThat(errors).singleElement().asString().contains(stateSave.resolve("next_job_id").toString())
                .contains("starting at 42");
    }

    @Test
    void aControllerWithPersistedIdsGivesItsJobsThoseIds() {
        JobIds.persisted(stateSave, 0, SlurmLog.QUIET).take(); // job 1, in an earlier run
        Controller c = new Controller("node1", 2, ControllerTest.CHAIN, () -> List.of(PartitionDefinition.DEBUG_DEFAULT),
                JobIds.persisted(stateSave, 0, SlurmLog.QUIET));
        assertThat(ControllerTest.submit(c).id).isEqualTo(2L);
    }

    static SlurmLog recording(List<String> errors) {
        return (level, message) -> {
            if (level == SlurmLog.Level.ERROR) {
                errors.add(message);
            }
        };
    }
}
