package io.plugstack.benchmarks;

/**
 * {@code benchmarks/run [boot|deploy|spank|stack|jobscript|jobsubmit|jobsubmitlua|all] [runs]}: prints medians. Targets: boot
 * to the console's prompt under 0.5 s (bin/plugstack; java -jar plugstack.jar printed beside it), jar-in-deploy/ to service registered under 100 ms (issue 2); the SPANK
 * stack under 2 µs per callback per plugin, a job_script run in a fresh class space under 2 ms with
 * memory flat over 100 000 runs. {@code spank} is stack + jobscript; {@code runs} is the job_script
 * run count there. {@code jobsubmit}: submissions per second through the seven sample job_submit
 * plugins (target 1 000 000/s; a real slurmctld here takes about 240 sbatch/s end to end); {@code runs}
 * is the measured iteration count there (default 5). {@code bridge}: one forwarded SPANK callback's round
 * trip through the node daemon's socket (target under 50 µs); {@code runs} is the call count (default 20 000).
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) throws Exception {
        String what = args.length > 0 ? args[0] : "all";
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 0;
        System.out.println("Plugstack benchmarks on " + Runtime.getRuntime().availableProcessors() + " cores, Java "
                + System.getProperty("java.version"));
        boolean all = what.equals("all");
        boolean spank = what.equals("spank");
        if (what.equals("boot") || all) {
            Stats[] boot = BootBenchmark.run(runs > 0 ? runs : 11);
            System.out.println(boot[0].line("boot to the prompt, bin/plugstack", "ms"));
            System.out.println(boot[1].line("boot to the prompt, java -jar plugstack.jar", "ms"));
        }
        if (what.equals("deploy") || all) {
            int poll = Integer.getInteger("felix.fileinstall.poll", 50);
            System.out.println(DeployBenchmark.run(runs > 0 ? runs : 31, poll)
                    .line("deploy/ jar to service registered (poll " + poll + " ms)", "ms"));
        }
        if (what.equals("stack") || spank || all) {
            StackFigures.run();
        }
        if (what.equals("jobscript") || spank || all) {
            // with "all", runs sizes the boot/deploy trials, not these
            JobScriptRunBenchmark.run(runs > 0 && !all ? runs : 100_000);
        }
        if (what.equals("jobsubmit") || all) {
            JobSubmitFigures.run(runs > 0 && !all ? runs : 5);
        }
        if (what.equals("bridge") || all) {
            BridgeRoundTripBenchmark.run(runs > 0 && !all ? runs : 20_000);
        }
        if (what.equals("jobsubmitlua") || all) {
            LuaJobSubmitFigures.run(runs > 0 && !all ? runs : 5);
        }
    }
}
