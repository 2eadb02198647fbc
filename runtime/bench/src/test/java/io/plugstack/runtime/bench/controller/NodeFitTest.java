package io.plugstack.runtime.bench.controller;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.plugstack.api.jobsubmit.JobDescField;
import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.slurm.SlurmErrno;

/** Requests beyond the bench node's resources are refused as slurmctld refuses them, never allocated. */
class NodeFitTest {

    static Controller twoCpuNode() {
        return new Controller("node1", 2, ControllerTest.CHAIN, () -> List.of(PartitionDefinition.DEBUG_DEFAULT), JobIds.inMemory());
    }

    static SubmitRequest.Answer submit(Controller c, JobDescField field, long value) {
        JobDescriptor d = new JobDescriptor();
        d.setNumber(field, value);
        return c.submit(ControllerTest.request(d));
    }

    @Test
    void moreTasksThanTheNodeHasCpusIsRefusedAsRequestedNodeConfigurationIsNotAvailable() {
        Controller c = twoCpuNode();
        SubmitRequest.Answer a = submit(c, JobDescField.NUM_TASKS, 300);
        assertThat(a.rc()).isEqualTo(SlurmErrno.ESLURM_REQUESTED_NODE_CONFIG_UNAVAILABLE.code());
        assertThat(SlurmErrno.strerror(a.rc())).isEqualTo("Requested node configuration is not available");
        assertThat(c.jobInfos()).as("never allocated").isEmpty();
    }

    @Test
    void tasksTimesCpusPerTaskBeyondTheNodeIsRefused() {
        JobDescriptor d = new JobDescriptor();
        d.setNumTasks(2);
        d.setCpusPerTask(2);
        assertThat(twoCpuNode().submit(ControllerTest.request(d)).rc())
                .isEqualTo(SlurmErrno.ESLURM_REQUESTED_NODE_CONFIG_UNAVAILABLE.code());
    }

    @Test
    void moreNodesThanTheBenchHasIsRefused() {
        assertThat(submit(twoCpuNode(), JobDescField.MIN_NODES, 2).rc())
                .isEqualTo(SlurmErrno.ESLURM_REQUESTED_NODE_CONFIG_UNAVAILABLE.code());
    }

    @Test
    void aRequestTheNodeCanHoldIsAllocated() {
        Controller c = twoCpuNode();
        assertThat(submit(c, JobDescField.NUM_TASKS, 2).ok()).isTrue();
        assertThat(c.jobInfos()).hasSize(1);
    }

    @Test
    void aStepOfMoreCpusThanTheNodeHasIsRefusedAsMoreProcessorsRequestedThanPermitted() {
        Controller c = twoCpuNode();
        assertThat(c.stepFits(300, 1)).isEqualTo(SlurmErrno.ESLURM_TOO_MANY_REQUESTED_CPUS.code());
        assertThat(c.stepFits(Integer.MAX_VALUE, Integer.MAX_VALUE)).as("no overflow to a small number")
                .isEqualTo(SlurmErrno.ESLURM_TOO_MANY_REQUESTED_CPUS.code());
        assertThat(c.stepFits(2, 1)).isZero();
    }

    private static SubmitRequest.Answer submitNamed(JobDescField field, String nodes) {
        JobDescriptor d = new JobDescriptor();
        d.setString(field, nodes);
        return twoCpuNode().submit(ControllerTest.request(d));
    }

    @Test
    void aNodeListNamingANodeTheClusterDoesNotHaveIsRefusedAsAnInvalidNodeName() {
        assertThat(SlurmErrno.strerror(submitNamed(JobDescField.REQ_NODES, "othernode").rc())).isEqualTo("Invalid node name specified");
        assertThat(submitNamed(JobDescField.REQ_NODES, "node1").rc()).isZero();
    }

    @Test
    void excludingTheOnlyNodeLeavesNoNodeAndIsRefusedAsUnavailableConfiguration() {
        assertThat(submitNamed(JobDescField.EXC_NODES, "node1").rc())
                .isEqualTo(SlurmErrno.ESLURM_REQUESTED_NODE_CONFIG_UNAVAILABLE.code());
    }
}
