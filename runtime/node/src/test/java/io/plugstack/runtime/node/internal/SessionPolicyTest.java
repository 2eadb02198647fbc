package io.plugstack.runtime.node.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.plugstack.api.spank.SpankContext;

/** Who may open which session, row by row. */
class SessionPolicyTest {

    @ParameterizedTest
    @CsvSource({
        "LOCAL, USER, 1000, true", "LOCAL, USER, 0, true", "ALLOCATOR, USER, 1000, true", "ALLOCATOR, ROOT, 0, true",
        "REMOTE, ROOT, 0, true", "REMOTE, ROOT, 1000, false", "REMOTE, USER, 0, false", "REMOTE, USER, 1000, false",
        "JOB_SCRIPT, ROOT, 0, true", "JOB_SCRIPT, USER, 1000, false", "SLURMD, ROOT, 0, true", "SLURMD, USER, 1000, false",
        "ERROR, ROOT, 0, false"})
    void sessionsOpenOnlyForThePeersSlurmRunsThemAs(SpankContext context, SessionPolicy.Socket socket, long uid, boolean allowed) {
        assertThat(SessionPolicy.refusal(context, socket, uid).isEmpty()).isEqualTo(allowed);
    }

    @ParameterizedTest
    @CsvSource({"REMOTE, remote", "JOB_SCRIPT, job_script", "SLURMD, slurmd"})
    void aRefusalNamesTheUidAndTheContext(SpankContext context, String name) {
        assertThat(SessionPolicy.refusal(context, SessionPolicy.Socket.USER, 1000))
                .contains("uid 1000 may not open a " + name + " session (root only, on the root socket)");
    }
}
