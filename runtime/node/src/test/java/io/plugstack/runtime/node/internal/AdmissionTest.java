package io.plugstack.runtime.node.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;

import org.junit.jupiter.api.Test;

/** user.sock's shares: no uid takes more than its share, and root's reserve stays root's. */
class AdmissionTest {

    final Admission admission = new Admission(new Admission.Limits(10, 3, 2), -1);

    @Test
    void aUidGetsItsShareAndNoMore() {
        for (int i = 0; i < 3; i++) {
            assertThat(admission.admit(1001)).isNull();
        }
        assertThat(admission.admit(1001)).isEqualTo("uid 1001 already holds 3 connections (at most 3 per uid)");
        assertThat(admission.admit(1002)).as("another uid is served meanwhile").isNull();
    }

    @Test
    void aReleasedSlotCanBeTakenAgain() {
        for (int i = 0; i < 3; i++) {
            admission.admit(1001);
        }
        admission.release(1001);
        assertThat(admission.held(1001)).isEqualTo(2);
        assertThat(admission.admit(1001)).isNull();
    }

    @Test
    void usersTogetherNeverTakeRootsReserve() {
        for (long uid = 1001; uid < 1005; uid++) {
            admission.admit(uid);
            admission.admit(uid);
        }
        assertThat(admission.admit(1005)).isEqualTo("8 connections already served to users (the rest is root's)");
        assertThat(admission.admit(0)).isNull();
        assertThat(admission.admit(0)).isNull();
        assertThat(admission.admit(0)).isEqualTo("10 connections already served");
    }

    @Test
    void rootAndThePrivilegedUidHaveNoPerUidShare() {
        Admission monitor = new Admission(new Admission.Limits(80, 4, 64), 999);
        for (int i = 0; i < 64; i++) {
            assertThat(monitor.admit(999)).isNull();
        }
        assertThat(monitor.admit(1001)).isNull();
        assertThat(monitor.held(999)).isZero();
    }

    /** A connect flood: a burst of a uid's whole share, then its rate; released slots do not refill the bucket. */
    @Test
    void aUidConnectingFasterThanItsRateIsRefusedAfterItsBurst() {
        long[] now = {0};
        Admission rated = new Admission(new Admission.Limits(100, 5, 2, 10), -1, () -> now[0]);
        for (int i = 0; i < 5; i++) {
            assertThat(rated.admit(1001)).isNull();
            rated.release(1001); // each connection ends at once: only the rate holds it back
        }
        assertThat(rated.admit(1001)).isEqualTo("uid 1001 opens connections faster than 10 a second");
        assertThat(rated.admit(1002)).as("another uid has its own bucket").isNull();
        assertThat(rated.admit(0)).as("root has none").isNull();
        now[0] += 100_000_000; // 0.1 s: one token back
        assertThat(rated.admit(1001)).isNull();
        assertThat(rated.admit(1001)).isNotNull();
    }

    @Test
    void limitsComeFromPlugstackNodeThenTheFrameworkThenTheDefaults() {
        assertThat(Admission.Limits.configured(Map.of("max_connections", "100", "max_connections_per_uid", "10"), k -> null))
                .isEqualTo(new Admission.Limits(100, 10, 12, 200));
        assertThat(Admission.Limits.configured(Map.of(), k -> k.equals("plugstack.node.max_connections_per_uid") ? "7" : null))
                .isEqualTo(new Admission.Limits(2048, 7, 64, 200));
        assertThat(Admission.Limits.configured(Map.of(), k -> null)).isEqualTo(Admission.Limits.USERS);
        assertThatThrownBy(() -> Admission.Limits.configured(Map.of("max_connections", "many"), k -> null))
                .hasMessage("max_connections=many: not a number");
        assertThatThrownBy(() -> Admission.Limits.configured(Map.of("max_connections", "0"), k -> null))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
