package io.plugstack.runtime.bench.client;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import io.plugstack.runtime.bench.controller.Job;
import io.plugstack.runtime.bench.controller.JobState;

/** squeue in Slurm's layout and with its common options; expected lines as a real 22.05.8 squeue prints them. */
class SqueueTest {

    private final QueryFixture f = new QueryFixture();

    private QueryFixture.Output squeue(String... args) {
        return QueryFixture.run((a, io) -> Squeue.run(f.controller, a, io), args);
    }

    @Test
    void theDefaultLayoutIsSlurmsColumnsWithPendingAndRunningJobsOnly() {
        Job running = f.submit("sleeper", null, 2, 0);
        f.controller.state(running, JobState.RUNNING);
        Job done = f.submit("done", null, 0, 0);
        f.controller.finish(done, JobState.COMPLETED, 0, "");
        f.submit("wrap", "long", 0, 0);
        assertThat(squeue().out()).isEqualTo(
                "             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)\n"
                + "                 1     debug  sleeper     root  R       0:00      1 node1\n"
                + "                 3      long     wrap     root PD       0:00      1 (None)\n");
    }

    @Test
    void finishedJobsAreShownWithStatesAll() {
        Job done = f.submit("done", null, 0, 0);
        f.controller.finish(done, JobState.FAILED, 3, "");
        assertThat(squeue("-t", "all", "-h").out()).isEqualTo("                 1     debug     done     root  F       0:00      1 \n");
        assertThat(squeue("--states=CD,F", "--noheader", "-o", "%i %T").out()).isEqualTo("1 FAILED\n");
    }

    @Test
    void jobsAreSelectedByIdUserPartitionAndName() {
        f.submit("a", null, 0, 0);
        f.submit("b", "long", 0, 0);
        f.submit("c", null, 0, 12345);
        assertThat(squeue("-h", "-o", "%i", "-j", "1,2").out()).isEqualTo("1\n2\n");
        assertThat(squeue("-h", "-o", "%i", "-p", "long").out()).isEqualTo("2\n");
        assertThat(squeue("-h", "-o", "%i", "-u", "root").out()).isEqualTo("1\n2\n");
        assertThat(squeue("-h", "-o", "%i", "-u", "12345").out()).isEqualTo("3\n");
        assertThat(squeue("-h", "-o", "%i", "--name=c").out()).isEqualTo("3\n");
    }

    @Test
    void meSelectsTheJobsOfTheUserWhoRunsSqueue() {
        f.submit("roots", null, 0, 0);
        f.submit("theirs", null, 0, 12345);
        assertThat(QueryFixture.runAs(io.plugstack.api.user.OnBehalfOf.user(12345, 12345),
                (a, io) -> Squeue.run(f.controller, a, io), "-h", "-o", "%i", "--me").out()).isEqualTo("2\n");
    }

    @Test
    void formatFieldsArePaddedRightJustifiedWithADotAndCutToTheirSize() {
        f.submit("a-long-job-name", "long", 0, 0);
        assertThat(squeue("-o", "%.5i|%10j|%t|%l|%P").out()).isEqualTo(
                "JOBID|NAME      |ST|TIME_LIMIT|PARTITION\n" + "    1|a-long-job|PD|1:00:00|long\n");
    }

    @Test
    void theLongReportHasTheStateAndTimeLimitColumns() {
        f.submit("a", null, 0, 0);
        String out = squeue("-l").out();
        assertThat(out.lines().skip(1)).containsExactly(
                "             JOBID PARTITION     NAME     USER    STATE       TIME TIME_LIMI  NODES NODELIST(REASON)",
                "                 1     debug        a     root  PENDING       0:00 UNLIMITED      1 (None)");
    }

    @Test
    void badArgumentsGetSqueuesOwnMessages() {
        f.submit("a", null, 0, 0);
        assertThat(squeue("-x").err()).isEqualTo("squeue: invalid option -- 'x'\nTry \"squeue --help\" for more information\n");
        assertThat(squeue("--bogus").err()).startsWith("squeue: unrecognized option '--bogus'\n");
        assertThat(squeue("-j", "abc").err()).isEqualTo("squeue: error: Invalid job id: abc\n");
        assertThat(squeue("-j", "999")).isEqualTo(new QueryFixture.Output("", "slurm_load_jobs error: Invalid job id specified\n", 1));
        assertThat(squeue("-u", "nobody9").err()).isEqualTo("squeue: error: Invalid user: nobody9\n");
        assertThat(squeue("-t", "bogus").err()).startsWith("squeue: error: Invalid job state specified: bogus\n"
                + "squeue: error: Valid job states include: PENDING,RUNNING,SUSPENDED,COMPLETED,");
        assertThat(squeue("-o", "%i %X").err()).isEqualTo("squeue: error: Invalid job format specification: X\n");
        assertThat(squeue("-j").rc()).isEqualTo(1);
    }
}
