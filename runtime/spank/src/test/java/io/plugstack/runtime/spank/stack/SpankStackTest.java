package io.plugstack.runtime.spank.stack;

import io.plugstack.runtime.spank.CallResult;
import static io.plugstack.runtime.spank.stack.StackFixtures.handle;
import static io.plugstack.runtime.spank.stack.StackFixtures.optional;
import static io.plugstack.runtime.spank.stack.StackFixtures.required;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import io.plugstack.api.spank.Spank;
import io.plugstack.api.spank.SpankCallback;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.spank.SpankError;
import io.plugstack.api.spank.SpankOption;
import io.plugstack.api.spank.SpankPlugin;

/** spank.c's stack behaviour (SPANK-11…20, SPANK-H-12), one test per rule. */
class SpankStackTest {

    final StackFixtures.RecordingLog log = new StackFixtures.RecordingLog();
    final StackFixtures.NoOptions options = new StackFixtures.NoOptions();
    final StackFixtures.MapResolver resolver = new StackFixtures.MapResolver();
    final List<String> calls = new ArrayList<>();

    /** Records init/exit/job_prolog; returns {@code rc} from init. */
    class Recorder implements SpankPlugin {
        final String name;
        final int initRc;

        Recorder(String name, int initRc) {
            this.name = name;
            this.initRc = initRc;
        }

        @Override
        public int spankInit(Spank spank, List<String> args) {
            calls.add(name + ".init" + args);
            return initRc;
        }

        @Override
        public int exit(Spank spank, List<String> args) {
            calls.add(name + ".exit");
            return 0;
        }
    }

    class WithFailureMode extends Recorder {
        WithFailureMode() {
            super("fm", -1);
        }

        @Override
        public Optional<SpankError> initFailureMode() {
            return Optional.of(SpankError.JOB_FAILURE);
        }
    }

    static class PrologOnly implements SpankPlugin {
        @Override
        public int jobProlog(Spank spank, List<String> args) {
            return 0;
        }
    }

    static class NoCallbacks implements SpankPlugin {
    }

    private SpankStack stack(SpankContext ctx, io.plugstack.runtime.spank.conf.StackEntry... entries) {
        SpankStack.Build b = SpankStack.build(ctx, List.of(entries), resolver, io.plugstack.runtime.spank.JobPluginVersions.NONE, options, log);
        assertThat(b.failure()).isNull();
        return b.stack();
    }

    @Test
    void pluginsAreCalledInFileOrderForEveryCallbackIncludingExit() {
        resolver.with("a", new Recorder("a", 0)).with("b", new Recorder("b", 0));
        SpankStack s = stack(SpankContext.LOCAL, required("b"), optional("a"));
        s.call(SpankCallback.INIT, handle(SpankContext.LOCAL));
        s.call(SpankCallback.EXIT, handle(SpankContext.LOCAL));
        assertThat(calls).containsExactly("b.init[]", "a.init[]", "b.exit", "a.exit");
    }

    @Test
    void argumentsFromThePluginLineReachEveryCallback() {
        resolver.with("a", new Recorder("a", 0));
        stack(SpankContext.REMOTE, required("a", "/tmp/out", "x=1")).call(SpankCallback.INIT, handle(SpankContext.REMOTE));
        assertThat(calls).containsExactly("a.init[/tmp/out, x=1]");
    }

    @Test
    void pluginLackingACallbackIsSkippedWithoutError() {
        resolver.with("p", new PrologOnly()).with("a", new Recorder("a", 0));
        CallResult r = stack(SpankContext.REMOTE, required("p"), required("a")).call(SpankCallback.INIT, handle(SpankContext.REMOTE));
        assertThat(r.ok()).isTrue();
        assertThat(calls).containsExactly("a.init[]");
    }

    @Test
    void logLinesNameAPluginAsItsPlugstackConfLineDoesWithoutItsPin() {
        resolver.with("a@[1.0,2.0)", new Recorder("a", -3000)); // the resolver's label for it is "a@[1.0,2.0).so"
        stack(SpankContext.REMOTE, required("a@[1.0,2.0)")).call(SpankCallback.INIT, handle(SpankContext.REMOTE));
        assertThat(log.lines).contains("ERROR spank: required plugin a: init() failed with rc=-3000");
    }

    @Test
    void requiredPluginFailureStopsTheCallbackWithSlurmsMessage() {
        resolver.with("a", new Recorder("a", -3000)).with("b", new Recorder("b", 0));
        CallResult r = stack(SpankContext.REMOTE, required("a"), required("b")).call(SpankCallback.INIT, handle(SpankContext.REMOTE));
        assertThat(r.rc()).isEqualTo(-3000);
        assertThat(calls).containsExactly("a.init[]");
        assertThat(log.lines).contains("ERROR spank: required plugin a: init() failed with rc=-3000");
    }

    @Test
    void requiredPluginReturningPositiveAlsoFails() {
        resolver.with("a", new Recorder("a", 1));
        assertThat(stack(SpankContext.LOCAL, required("a")).call(SpankCallback.INIT, handle(SpankContext.LOCAL)).rc()).isEqualTo(1);
    }

    @Test
    void optionalPluginFailureIsIgnoredAndTheStackGoesOn() {
        resolver.with("a", new Recorder("a", -1)).with("b", new Recorder("b", 0));
        CallResult r = stack(SpankContext.LOCAL, optional("a"), required("b")).call(SpankCallback.INIT, handle(SpankContext.LOCAL));
        assertThat(r.ok()).isTrue();
        assertThat(calls).containsExactly("a.init[]", "b.init[]");
    }

    @Test
    void eachPluginResultIsLoggedAtDebug2() {
        resolver.with("a", new Recorder("a", 0));
        stack(SpankContext.LOCAL, required("a")).call(SpankCallback.INIT, handle(SpankContext.LOCAL));
        assertThat(log.lines).contains("DEBUG2 spank: a: init = 0");
    }

    @Test
    void initFailureModeValueReplacesTheRcOfAFailedInit() {
        resolver.with("fm", new WithFailureMode());
        CallResult r = stack(SpankContext.REMOTE, required("fm")).call(SpankCallback.INIT, handle(SpankContext.REMOTE));
        assertThat(r.rc()).isEqualTo(3012);
        assertThat(r.failureMode()).contains(SpankError.JOB_FAILURE);
    }

    private static SpankHandle handleAt(SpankContext ctx, String release) {
        return new SpankHandle(ctx, io.plugstack.api.plugin.SlurmVersion.parse(release), new StackFixtures.RecordingLog(),
                new StackFixtures.NoOptions());
    }

    @Test
    void before25_05AFailureModeIsNotLookedUpAndTheInitsRcStays() {
        resolver.with("fm", new WithFailureMode());
        CallResult r = stack(SpankContext.REMOTE, required("fm")).call(SpankCallback.INIT, handleAt(SpankContext.REMOTE, "24.11.6"));
        assertThat(r.rc()).isEqualTo(-1);
        assertThat(r.failureMode()).isEmpty();
        assertThat(r.ok()).isFalse();
    }

    @Test
    void before25_05APositiveRcStopsTheCallbackButNotSbatchSallocOrSlurmstepd() {
        for (SpankContext ctx : new SpankContext[] {SpankContext.ALLOCATOR, SpankContext.REMOTE}) {
            calls.clear();
            resolver.with("a", new Recorder("a", 2)).with("b", new Recorder("b", 0));
            CallResult r = stack(ctx, required("a"), required("b")).call(SpankCallback.INIT, handleAt(ctx, "22.05.8"));
            assertThat(r.rc()).as("%s", ctx).isEqualTo(2);
            assertThat(r.failed()).as("%s", ctx).contains("a");
            assertThat(r.ok()).as("the caller tests < 0 in %s", ctx).isTrue();
            assertThat(calls).as("the stack still stops").containsExactly("a.init[]");
        }
    }

    @Test
    void from25_05OnAndInSrunAPositiveRcFailsTheCaller() {
        resolver.with("a", new Recorder("a", 2));
        assertThat(stack(SpankContext.ALLOCATOR, required("a")).call(SpankCallback.INIT, handleAt(SpankContext.ALLOCATOR, "25.05.0")).ok())
                .isFalse();
        assertThat(stack(SpankContext.LOCAL, required("a")).call(SpankCallback.INIT, handleAt(SpankContext.LOCAL, "22.05.8")).ok())
                .isFalse();
        resolver.with("n", new Recorder("n", -1));
        assertThat(stack(SpankContext.REMOTE, required("n")).call(SpankCallback.INIT, handleAt(SpankContext.REMOTE, "22.05.8")).ok())
                .as("a negative rc fails the caller in every release").isFalse();
    }

    @Test
    void pluginThatThrowsFailsLikeANonZeroResult() {
        resolver.with("t", new SpankPlugin() {
            @Override
            public int spankInit(Spank spank, List<String> args) {
                throw new IllegalStateException("boom");
            }
        });
        CallResult r = stack(SpankContext.LOCAL, required("t")).call(SpankCallback.INIT, handle(SpankContext.LOCAL));
        assertThat(r.rc()).isEqualTo(-1);
        assertThat(log.lines).anyMatch(l -> l.contains("init() threw java.lang.IllegalStateException: boom"));
    }

    @Test
    void missingRequiredPluginFailsTheWholeStack() {
        SpankStack.Build b = SpankStack.build(SpankContext.LOCAL, List.of(required("nosuch")), resolver, io.plugstack.runtime.spank.JobPluginVersions.NONE, options, log);
        assertThat(b.ok()).isFalse();
        assertThat(log.lines).containsSubsequence("ERROR spank: nosuch: Plugin file not found",
                "ERROR spank: /etc/slurm/plugstack.conf:1: Failed to load plugin nosuch. Aborting.");
    }

    @Test
    void missingOptionalPluginIsLoggedAndIgnored() {
        resolver.with("a", new Recorder("a", 0));
        SpankStack s = stack(SpankContext.LOCAL, optional("nosuch"), required("a"));
        assertThat(s.plugins()).extracting(StackPlugin::name).containsExactly("a");
        assertThat(log.lines).contains("ERROR spank: /etc/slurm/plugstack.conf:2:Failed to load optional plugin nosuch. Ignored.");
    }

    @Test
    void pluginDefiningNoSpankSymbolIsALoadFailure() {
        resolver.with("empty", new NoCallbacks());
        SpankStack.Build b = SpankStack.build(SpankContext.LOCAL, List.of(required("empty")), resolver, io.plugstack.runtime.spank.JobPluginVersions.NONE, options, log);
        assertThat(b.ok()).isFalse();
        assertThat(log.lines).contains("ERROR spank: \"empty\" exports 0 symbols");
    }

    @Test
    void slurmdContextKeepsOnlyPluginsWithInitOrSlurmdExit() {
        resolver.with("p", new PrologOnly()).with("a", new Recorder("a", 0));
        SpankStack s = stack(SpankContext.SLURMD, required("p"), required("a"));
        assertThat(s.plugins()).extracting(StackPlugin::name).containsExactly("a");
        assertThat(log.lines).contains("DEBUG2 spank: p: no callbacks in this context");
    }

    @Test
    void jobScriptContextKeepsOnlyPluginsWithPrologOrEpilog() {
        resolver.with("p", new PrologOnly()).with("a", new Recorder("a", 0));
        SpankStack s = stack(SpankContext.JOB_SCRIPT, required("p"), required("a"));
        assertThat(s.plugins()).extracting(StackPlugin::name).containsExactly("p");
        assertThat(s.defines(SpankCallback.JOB_PROLOG)).isTrue();
    }

    @Test
    void staticOptionTableIsIgnoredInAllocatorContext() {
        SpankPlugin withTable = new Recorder("o", 0) {
            @Override
            public List<SpankOption> options() {
                return List.of(new SpankOption("opt", null, "usage", SpankOption.Arg.NONE, 1, null));
            }
        };
        resolver.with("o", withTable);
        stack(SpankContext.ALLOCATOR, required("o"));
        assertThat(options.staticRegistrations).isEmpty();
        stack(SpankContext.LOCAL, required("o"));
        assertThat(options.staticRegistrations).containsExactly("o:opt");
    }

    @Test
    void closingTheStackReleasesEveryPlugin() {
        resolver.with("a", new Recorder("a", 0));
        stack(SpankContext.JOB_SCRIPT, required("a")).close();
        SpankStack s = stack(SpankContext.LOCAL, required("a"));
        s.close();
        assertThat(resolver.released).containsExactly("a", "a");
    }
}
