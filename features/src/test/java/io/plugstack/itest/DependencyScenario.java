package io.plugstack.itest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.function.BooleanSupplier;

/**
 * --dependency from submission to its end, the same steps and lines for the bench (JobLaunchIT) and a real Slurm
 * 22.05 (RealSlurmClusterIT): an unfulfilled afterok, the same never to hold once its job is cancelled, an
 * afternotok that then runs, and a type slurmctld does not know refused.
 */
public final class DependencyScenario {

    /** A cluster's commands: what a command line printed (stdout and stderr), and a bounded wait. */
    public interface Cluster {
        String run(String... argv);

        void await(BooleanSupplier condition, String what) throws InterruptedException;
    }

    private DependencyScenario() {
    }

    public static void play(Cluster c) throws InterruptedException {
        String a = c.run("sbatch", "--parsable", "-H", "-o", "/dev/null", "--wrap", "true").strip();
        String b = c.run("sbatch", "--parsable", "-o", "/dev/null", "-d", "afterok:" + a, "--wrap", "true").strip();
        assertThat(shown(c, b)).contains(" Reason=Dependency Dependency=afterok:" + a + "(unfulfilled) ");
        c.run("scancel", a);
        c.await(() -> shown(c, b).contains(" Reason=DependencyNeverSatisfied Dependency=afterok:" + a + "(failed) "),
                "job " + b + "'s dependency never to hold");
        String d = c.run("sbatch", "--parsable", "-o", "/dev/null", "-d", "afternotok:" + a, "--wrap", "true").strip();
        c.await(() -> shown(c, d).contains(" JobState=COMPLETED Reason=None Dependency=(null) "), "job " + d + " to run");
        assertThat(c.run("sbatch", "-o", "/dev/null", "-d", "bogus:" + a, "--wrap", "true"))
                .contains("sbatch: error: Batch job submission failed: Job dependency problem");
        c.run("scancel", b);
    }

    private static String shown(Cluster c, String job) {
        return ShowJobFields.oneLine(c.run("scontrol", "show", "job", job));
    }
}
