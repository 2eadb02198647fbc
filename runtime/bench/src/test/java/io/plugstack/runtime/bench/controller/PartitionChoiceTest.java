package io.plugstack.runtime.bench.controller;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.slurm.NoVal;
import io.plugstack.api.slurm.SlurmErrno;

/** -p picks a partition that exists, which gives a job without --time its limit; an unknown one is refused in slurmctld's words. */
class PartitionChoiceTest {

    private static Controller controller() {
        return new Controller("node1", ControllerTest.CHAIN, () -> List.of(PartitionDefinition.DEBUG_DEFAULT,
                PartitionDefinition.parse(Map.of("PartitionName", "long", "MaxTime", "2-00:00:00", "DefaultTime", "60"))));
    }

    private static SubmitRequest.Answer submit(Controller c, String partition, long timeLimit) {
        JobDescriptor d = new JobDescriptor();
        if (partition != null) {
            d.setPartition(partition);
        }
        if (timeLimit != NoVal.NO_VAL) {
            d.setTimeLimit(timeLimit);
        }
        return c.submit(ControllerTest.request(d));
    }

    @Test
    void anUnknownPartitionIsRefusedWithSlurmctldsMessage() {
        SubmitRequest.Answer a = submit(controller(), "nope", NoVal.NO_VAL);
        assertThat(a.rc()).isEqualTo(SlurmErrno.ESLURM_INVALID_PARTITION_NAME.code());
        assertThat(a.messages()).last().isEqualTo("invalid partition specified: nope"); // after the plugins' message
    }

    @Test
    void aJobWithoutTimeGetsItsPartitionsDefaultTimeElseItsMaxTime() {
        Controller c = controller();
        long inLong = submit(c, "long", NoVal.NO_VAL).jobs().get(0).id;
        long inDebug = submit(c, null, NoVal.NO_VAL).jobs().get(0).id;
        long asked = submit(c, "long", 10).jobs().get(0).id;
        assertThat(c.info(inLong).orElseThrow().timeLimit()).isEqualTo(60);
        assertThat(c.info(inDebug).orElseThrow().timeLimit()).isEqualTo(NoVal.INFINITE);
        assertThat(c.info(asked).orElseThrow().timeLimit()).isEqualTo(10);
        assertThat(c.info(inLong).orElseThrow().partition()).isEqualTo("long");
    }
}
