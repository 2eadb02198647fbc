package io.plugstack.runtime.bench.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The command line that starts a task at its plugins' niceness. */
class TaskNicenessTest {

    static final List<String> AS_USER = List.of("/usr/bin/setpriv", "--reuid=1000", "--regid=100", "--init-groups", "--", "hostname");

    @Test
    void aTaskWhoseNicenessNoPluginSetStartsAsItIs() {
        assertThat(TaskNiceness.command(AS_USER, null, 0)).isEqualTo(AS_USER);
    }

    @Test
    void aTaskAlreadyAtTheNicenessAskedForStartsAsItIs() {
        assertThat(TaskNiceness.command(AS_USER, 3, 3)).isEqualTo(AS_USER);
    }

    @Test
    void niceRunsBeforeSetprivWithTheIncrementFromTheInheritedNiceness() {
        assertThat(TaskNiceness.command(AS_USER, -5, 2)).containsExactly("/usr/bin/nice", "-n", "-7",
                "/usr/bin/setpriv", "--reuid=1000", "--regid=100", "--init-groups", "--", "hostname");
    }

    @Test
    void theNicenessIsField19OfStatEvenWhenTheCommandNameHoldsSpacesAndParentheses() {
        String stat = "4242 (a) b (c) S 1 4242 4242 0 -1 4194560 100 0 0 0 1 2 0 0 20 -3 1 0 12345 1000 200 "
                + "18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0\n";
        assertThat(TaskNiceness.ofStat(stat)).isEqualTo(-3);
    }

    @Test
    void theInheritedNicenessIsThisThreads() throws Exception {
        assertThat(TaskNiceness.inherited()).isBetween(-20, 19);
    }
}
