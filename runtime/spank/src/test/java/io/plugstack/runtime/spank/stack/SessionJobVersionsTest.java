package io.plugstack.runtime.spank.stack;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import io.plugstack.api.spank.Spank;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.spank.SpankPlugin;
import io.plugstack.runtime.spank.JobPluginVersions;
import io.plugstack.runtime.spank.JobVersionsSeal;
import io.plugstack.runtime.spank.SpankSession;
import io.plugstack.runtime.spank.conf.PlugstackConf;

/**
 * One set of plugin versions per job: the submitting command's stack records the versions it
 * loaded; every later stack of the job resolves its plugins at those versions.
 */
class SessionJobVersionsTest {

    final StackFixtures.RecordingLog log = new StackFixtures.RecordingLog();
    /** The node daemons' seal (their shared key). */
    final JobVersionsSeal seal = JobVersionsSeal.ephemeral();
    /** What each resolve was asked for: "reference job-versions". */
    final List<String> asked = new ArrayList<>();

    final SpankPlugin plugin = new SpankPlugin() {
        @Override
        public int spankInit(Spank spank, List<String> args) {
            return 0;
        }

        @Override
        public int jobEpilog(Spank spank, List<String> args) {
            return 0;
        }
    };

    /** Resolves "flight" at the job's version when it names one, else at 2.0.0 (what the node would choose today). */
    final PluginResolver resolver = (reference, context, job) -> {
        asked.add(reference + " " + job.format());
        String version = job.of("io.plugstack.flight").orElse("2.0.0");
        return PluginResolver.Resolution.of(new PluginResolver.Loaded(reference, "io.plugstack.flight", version, plugin, () -> { }));
    };

    SpankSession open(SpankContext context, SpankSession.Setup setup) {
        PlugstackConf.Result conf = new PlugstackConf.Result(List.of(StackFixtures.required("flight")), Optional.empty());
        SpankSession.Opened o = Session.open(context, conf, setup, StackFixtures.RELEASE, resolver, seal, log);
        assertThat(o.ok()).as(o.failure()).isTrue();
        return o.session();
    }

    /** {@code set} as a node daemon seals it now. */
    String sealed(String set) {
        return seal.seal(set, java.time.Instant.now());
    }

    /** What a sealed value says, once its seal is checked. */
    String opened(String value) {
        return seal.open(value, java.time.Instant.now()).set().orElse("not believed");
    }

    @Test
    void sbatchsInitPostOptRecordsTheVersionsItsStackLoadedInTheJobControlEnvironment() {
        Map<String, String> env = new LinkedHashMap<>(Map.of("HOME", "/home/u"));
        Map<String, String> jobControl = new LinkedHashMap<>();
        SpankSession s = open(SpankContext.ALLOCATOR, SpankSession.Setup.client(env, jobControl, java.util.Set.of()));
        assertThat(s.init().ok()).isTrue();
        assertThat(s.defines(io.plugstack.api.spank.SpankCallback.INIT_POST_OPT)).as("so a bridge forwards it").isTrue();
        assertThat(s.initPostOpt().ok()).isTrue();
        assertThat(opened(jobControl.get(JobPluginVersions.JOB_CONTROL_NAME))).isEqualTo("io.plugstack.flight@2.0.0");
        assertThat(env).doesNotContainKey(JobPluginVersions.JOB_ENV_NAME); // Slurm exports sbatch's job control env itself
    }

    @Test
    void srunsInitSetsThemInItsOwnEnvironmentWhichItsStepInheritsAndItsInitPostOptInTheJobControlEnvironment() {
        Map<String, String> env = new LinkedHashMap<>();
        Map<String, String> jobControl = new LinkedHashMap<>();
        SpankSession s = open(SpankContext.LOCAL, SpankSession.Setup.client(env, jobControl, java.util.Set.of()));
        s.init();
        assertThat(opened(env.get(JobPluginVersions.JOB_ENV_NAME))).isEqualTo("io.plugstack.flight@2.0.0");
        assertThat(jobControl).as("a real srun drops what its init puts there").isEmpty();
        s.initPostOpt();
        assertThat(opened(jobControl.get(JobPluginVersions.JOB_CONTROL_NAME))).isEqualTo("io.plugstack.flight@2.0.0");
    }

    @Test
    void aStepResolvesItsPluginsAtTheVersionsItsJobCarries() {
        Map<String, String> stepEnv = new LinkedHashMap<>(Map.of(JobPluginVersions.JOB_ENV_NAME, sealed("io.plugstack.flight@1.0.0")));
        SpankSession s = open(SpankContext.REMOTE, SpankSession.Setup.step(stepEnv));
        assertThat(asked).containsExactly("flight io.plugstack.flight@1.0.0");
        assertThat(s.versions().of("io.plugstack.flight")).contains("1.0.0");
    }

    @Test
    void aPrologOrEpilogResolvesAtTheVersionsInSpankPlugstackVersions() {
        Map<String, String> env = new LinkedHashMap<>(Map.of(JobPluginVersions.PROLOG_ENV_NAME, sealed("io.plugstack.flight@1.0.0")));
        open(SpankContext.JOB_SCRIPT, SpankSession.Setup.jobScript(env, Map.of()));
        assertThat(asked).containsExactly("flight io.plugstack.flight@1.0.0");
    }

    @Test
    void aNestedSrunKeepsItsJobsVersions() {
        Map<String, String> env = new LinkedHashMap<>(Map.of(JobPluginVersions.JOB_ENV_NAME, sealed("io.plugstack.flight@1.0.0,other@3.1.0"),
                "SLURM_JOB_ID", "42")); // inside the job's allocation
        Map<String, String> jobControl = new LinkedHashMap<>();
        SpankSession s = open(SpankContext.LOCAL, SpankSession.Setup.client(env, jobControl, java.util.Set.of()));
        s.init();
        assertThat(asked).containsExactly("flight io.plugstack.flight@1.0.0,other@3.1.0");
        assertThat(opened(env.get(JobPluginVersions.JOB_ENV_NAME))).isEqualTo("io.plugstack.flight@1.0.0,other@3.1.0");
    }

    @Test
    void sbatchStartsANewJobWhateverVersionsItsEnvironmentCarries() {
        Map<String, String> env = new LinkedHashMap<>(Map.of(JobPluginVersions.JOB_ENV_NAME, sealed("io.plugstack.flight@1.0.0")));
        Map<String, String> jobControl = new LinkedHashMap<>();
        SpankSession s = open(SpankContext.ALLOCATOR, SpankSession.Setup.client(env, jobControl, java.util.Set.of()));
        s.initPostOpt();
        assertThat(asked).containsExactly("flight ");
        assertThat(opened(jobControl.get(JobPluginVersions.JOB_CONTROL_NAME))).isEqualTo("io.plugstack.flight@2.0.0");
    }

    @Test
    void slurmdsOwnStackCarriesNoJobsVersions() {
        open(SpankContext.SLURMD, SpankSession.Setup.slurmd());
        assertThat(asked).containsExactly("flight ");
    }

    @Test
    void aMalformedEntryIsLoggedNamingTheVariableAndTheOthersStillHold() {
        Map<String, String> stepEnv = new LinkedHashMap<>(Map.of(JobPluginVersions.JOB_ENV_NAME,
                sealed("io.plugstack.flight@1.0.0,nonsense,other@not.a.version")));
        open(SpankContext.REMOTE, SpankSession.Setup.step(stepEnv));
        assertThat(asked).containsExactly("flight io.plugstack.flight@1.0.0");
        assertThat(log.lines).contains("ERROR spank: SLURM_SPANK_PLUGSTACK_VERSIONS: \"nonsense\" ignored: not symbolic-name@version")
                .anyMatch(l -> l.startsWith("ERROR spank: SLURM_SPANK_PLUGSTACK_VERSIONS: \"other@not.a.version\" ignored: "));
    }

    @Test
    void theJobsVersionsTravelSortedByNameAndReadBackTheSame() {
        JobPluginVersions v = new JobPluginVersions(Map.of("b.plugin", "1.0.0", "a.plugin", "2.1.0.beta"));
        assertThat(v.format()).isEqualTo("a.plugin@2.1.0.beta,b.plugin@1.0.0");
        assertThat(JobPluginVersions.carried(SpankContext.REMOTE, Map.of(JobPluginVersions.JOB_ENV_NAME, sealed(v.format())), seal, log))
                .isEqualTo(v);
    }

    /** A nested srun carries its job's set on without making it younger: replaying a set never renews it. */
    @Test
    void aSetCarriedOnKeepsTheTimeItWasFirstSealed() {
        java.time.Instant then = java.time.Instant.now().minus(java.time.Duration.ofDays(20));
        Map<String, String> env = new LinkedHashMap<>(Map.of(JobPluginVersions.JOB_ENV_NAME, seal.seal("io.plugstack.flight@1.0.0", then),
                "SLURM_JOB_ID", "42"));
        open(SpankContext.LOCAL, SpankSession.Setup.client(env, new LinkedHashMap<>(), java.util.Set.of())).init();
        assertThat(seal.open(env.get(JobPluginVersions.JOB_ENV_NAME), java.time.Instant.now()).sealedAt()).isEqualTo(
                java.time.Instant.ofEpochSecond(then.getEpochSecond()));
    }

    /** An srun outside any allocation starts a new job: a set in its environment is another job's (or a user's). */
    @Test
    void anSrunStartingANewJobIgnoresASetItsEnvironmentCarries() {
        Map<String, String> env = new LinkedHashMap<>(Map.of(JobPluginVersions.JOB_ENV_NAME, sealed("io.plugstack.flight@1.0.0")));
        open(SpankContext.LOCAL, SpankSession.Setup.client(env, new LinkedHashMap<>(), java.util.Set.of()));
        assertThat(asked).containsExactly("flight ");
    }

    /** A user writes the variable for their own srun inside their allocation: an older version, without the site's settings. */
    @Test
    void versionsAUserWroteAreNotBelievedAndTheNodesOwnChoiceRuns() {
        Map<String, String> env = new LinkedHashMap<>(Map.of(JobPluginVersions.JOB_ENV_NAME, "io.plugstack.flight@1.0.0", "SLURM_JOB_ID", "42"));
        open(SpankContext.LOCAL, SpankSession.Setup.client(env, new LinkedHashMap<>(), java.util.Set.of()));
        assertThat(asked).containsExactly("flight ");
        assertThat(log.lines).contains("INFO spank: SLURM_SPANK_PLUGSTACK_VERSIONS ignored: not sealed by a node daemon; the node's own choice runs");
    }

    @Test
    void aSealedSetAUserChangedIsNotBelieved() {
        String real = sealed("io.plugstack.flight@2.0.0");
        String changed = real.replace("flight@2.0.0", "flight@1.0.0");
        open(SpankContext.REMOTE, SpankSession.Setup.step(new LinkedHashMap<>(Map.of(JobPluginVersions.JOB_ENV_NAME, changed))));
        assertThat(asked).containsExactly("flight ");
        assertThat(log.lines).anyMatch(l -> l.contains("ignored: its seal does not match (another key, or changed)"));
    }

    @Test
    void aSetSealedWithAnotherKeyIsNotBelieved() {
        String foreign = JobVersionsSeal.ephemeral().seal("io.plugstack.flight@1.0.0", java.time.Instant.now());
        open(SpankContext.REMOTE, SpankSession.Setup.step(new LinkedHashMap<>(Map.of(JobPluginVersions.JOB_ENV_NAME, foreign))));
        assertThat(asked).containsExactly("flight ");
    }

    @Test
    void aSetOlderThanItsMaximumAgeIsNotBelieved() {
        String old = seal.seal("io.plugstack.flight@1.0.0", java.time.Instant.now().minus(java.time.Duration.ofDays(31)));
        open(SpankContext.REMOTE, SpankSession.Setup.step(new LinkedHashMap<>(Map.of(JobPluginVersions.JOB_ENV_NAME, old))));
        assertThat(asked).containsExactly("flight ");
        assertThat(log.lines).anyMatch(l -> l.contains("ignored: sealed 31 days ago (believed for 30)"));
    }
}
