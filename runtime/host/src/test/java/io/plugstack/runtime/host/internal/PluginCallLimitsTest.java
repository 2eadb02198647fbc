package io.plugstack.runtime.host.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.plugstack.api.plugin.PluginFamily;
import io.plugstack.runtime.host.catalog.PluginCallGuard.Outcome;

/** The catalog's call guard: each family's limit, failures contained, repeated overruns marked. */
class PluginCallLimitsTest {

    final List<String> logged = new ArrayList<>();
    final List<String> failed = new ArrayList<>();
    final CountDownLatch never = new CountDownLatch(1);
    PluginCallLimits limits = limits(Map.of("plugstack.jobsubmit.call.timeout.ms", "200"));

    PluginCallLimits limits(Map<String, String> properties) {
        return new PluginCallLimits(properties::get, (plugin, why) -> failed.add(plugin + " " + why), logged::add);
    }

    @AfterEach
    void close() {
        never.countDown();
        limits.close();
    }

    int hang() throws InterruptedException {
        never.await();
        return 0;
    }

    @Test
    void eachFamilyHasItsDefaultLimitUnlessAPropertySetsIt() {
        PluginCallLimits defaults = limits(Map.of());
        assertThat(defaults.limit(PluginFamily.SPANK).toMillis()).isEqualTo(8000);
        assertThat(defaults.limit(PluginFamily.JOB_SUBMIT).toMillis()).isEqualTo(2000);
        assertThat(defaults.limit(PluginFamily.CLI_FILTER).toMillis()).isEqualTo(2000);
        assertThat(limits.limit(PluginFamily.JOB_SUBMIT).toMillis()).isEqualTo(200);
        defaults.close();
    }

    @Test
    void aMalformedLimitIsReportedNamingThePropertyAndTheDefaultHolds() {
        PluginCallLimits bad = limits(Map.of("plugstack.spank.call.timeout.ms", "soon"));
        assertThat(bad.limit(PluginFamily.SPANK).toMillis()).isEqualTo(8000);
        assertThat(logged).containsExactly("framework property plugstack.spank.call.timeout.ms=soon is not a whole number >= 0; using 8000");
        bad.close();
    }

    @Test
    void aCallThatReturnsGivesItsValue() {
        assertThat(limits.call(PluginFamily.JOB_SUBMIT, "p@1.0.0", "job_submit", () -> 7)).isEqualTo(Outcome.returned(7));
    }

    @Test
    void anErrorThrownByThePluginIsAFailureOfThatCall() {
        Outcome<Integer> o = limits.call(PluginFamily.JOB_SUBMIT, "p@1.0.0", "job_submit", () -> {
            throw new StackOverflowError();
        });
        assertThat(o.ok()).isFalse();
        assertThat(o.failure()).isEqualTo("threw java.lang.StackOverflowError");
    }

    @Test
    void aCallThatOverrunsFailsAtTheLimitAndItsStuckThreadIsReported() {
        Outcome<Integer> o = limits.call(PluginFamily.JOB_SUBMIT, "p@1.0.0", "job_submit", this::hang);
        assertThat(o.failure()).isEqualTo("did not return within 200 ms");
        assertThat(logged).singleElement().asString().startsWith("plugin p@1.0.0: job_submit() did not return within 200 ms (overrun 1 of 3): thread 'plugin-call-")
                .contains("p@1.0.0 job_submit()' left running at ");
        assertThat(failed).isEmpty();
    }

    @Test
    void thePluginIsMarkedFailedAtItsThirdOverrun() {
        for (int i = 0; i < 3; i++) {
            limits.call(PluginFamily.JOB_SUBMIT, "p@1.0.0", "job_submit", this::hang);
        }
        assertThat(failed).containsExactly("p@1.0.0 FAILED: overran its 200 ms limit 3 times (last in job_submit()); redeploy it to use it again");
    }

    @Test
    void whatTheCallerPropagatesHoldsInTheCallsThread() {
        ThreadLocal<String> request = new ThreadLocal<>();
        limits.propagate(request);
        request.set("job 42");
        assertThat(limits.call(PluginFamily.JOB_SUBMIT, "p@1.0.0", "job_submit", request::get).value()).isEqualTo("job 42");
        request.remove();
    }

    @Test
    void aFamilyWithLimitZeroRunsInTheCallersThread() {
        PluginCallLimits none = limits(Map.of("plugstack.spank.call.timeout.ms", "0"));
        Thread caller = Thread.currentThread();
        assertThat(none.call(PluginFamily.SPANK, "p@1.0.0", "init", () -> Thread.currentThread() == caller).value()).isTrue();
        none.close();
    }
}
