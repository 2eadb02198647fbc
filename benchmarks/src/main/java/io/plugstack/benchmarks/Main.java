package io.plugstack.benchmarks;

/**
 * {@code benchmarks/run [boot|deploy|all] [runs]}: prints medians. Targets (issue 2): boot to
 * shell-ready under 1 s, jar-in-deploy/ to service registered under 100 ms.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) throws Exception {
        String what = args.length > 0 ? args[0] : "all";
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 0;
        System.out.println("Plugstack benchmarks on " + Runtime.getRuntime().availableProcessors() + " cores, Java "
                + System.getProperty("java.version"));
        if (what.equals("boot") || what.equals("all")) {
            System.out.println(BootBenchmark.run(runs > 0 ? runs : 11).line("boot to shell prompt (fresh JVM)", "ms"));
        }
        if (what.equals("deploy") || what.equals("all")) {
            int poll = Integer.getInteger("felix.fileinstall.poll", 50);
            System.out.println(DeployBenchmark.run(runs > 0 ? runs : 31, poll)
                    .line("deploy/ jar to service registered (poll " + poll + " ms)", "ms"));
        }
    }
}
