package io.plugstack.runtime.bench.client;

import io.plugstack.runtime.bench.controller.Job;
import io.plugstack.runtime.bench.node.BatchJob;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.plugstack.api.slurm.NoVal;
import io.plugstack.runtime.bench.controller.AllocationEnvironment;
import io.plugstack.runtime.bench.controller.JobInfo;
import io.plugstack.api.spank.SpankCallback;
import io.plugstack.runtime.bench.api.CommandIO;
import io.plugstack.runtime.bench.options.SubmitOption;
import io.plugstack.runtime.spank.LaunchOption;
import io.plugstack.api.slurm.SlurmCommand;

/**
 * sbatch: allocator context init, options, init_post_opt, submission, exit; the job then runs in
 * the background on the node: prolog, the batch step (remote context), epilog.
 */
public final class Sbatch {
    private Sbatch() {
    }

    public static int run(Cluster c, List<String> args, CommandIO io, java.util.concurrent.Executor background) {
        ClientSession.Opened o = ClientSession.open(SlurmCommand.SBATCH, args, io, c);
        if (o.stop().isPresent()) {
            return o.stop().getAsInt();
        }
        try (ClientSession s = o.session()) {
            return submit(c, s, io, background);
        }
    }

    private static int submit(Cluster c, ClientSession s, CommandIO io, java.util.concurrent.Executor background) {
        java.util.Optional<String> wrap = s.line().last(SubmitOption.WRAP);
        if (s.line().command.isEmpty() && wrap.isEmpty()) {
            s.log.error("a batch script is required: sbatch script.sh, or sbatch --wrap 'command' (the bench reads none from stdin)");
            return s.exitWith(1);
        }
        if (!s.line().command.isEmpty() && wrap.isPresent()) {
            s.log.error("Script arguments not permitted with --wrap option"); // sbatch's own check
            return s.exitWith(1);
        }
        Path script = wrap.isPresent() ? null : io.workdir().resolve(s.line().command.get(0));
        String text;
        try {
            text = wrap.isPresent() ? SubmitOption.wrapScript(wrap.get()) : readScript(s, script);
        } catch (java.io.IOException e) {
            s.log.error("Unable to open file " + s.line().command.get(0));
            return s.exitWith(1);
        }
        // the request's argv: none for --wrap, else script_argv, the script as sbatch's search_path found it
        // (looked up once, when the options were processed: cli_filter saw the same, as in sbatch)
        List<String> requestArgv = wrap.isPresent() ? List.of() : s.jobOptions.argv();
        List<io.plugstack.api.jobsubmit.JobDescriptor> descs = Submission.descriptors(s, requestArgv,
                wrap.isPresent() ? "wrap" : script.getFileName().toString());
        for (io.plugstack.api.jobsubmit.JobDescriptor d : descs) {
            Submission.batchScript(d, s, text, s.jobEnvironment());
        }
        java.util.Optional<List<Job>> submitted = Submission.submitAll(c, s, descs, "Batch job submission failed");
        if (submitted.isEmpty()) {
            return s.exitWith(1);
        }
        List<Job> components = submitted.get();
        Job job = components.get(0);
        List<String> argv = new ArrayList<>(wrap.isPresent() ? List.of("/bin/sh", "-c", text) : List.of("/bin/sh", script.toString()));
        if (wrap.isEmpty()) {
            argv.addAll(s.line().command.subList(1, s.line().command.size()));
        }
        // the option set, not the command line only: #SBATCH -o/-e count too
        JobInfo info = c.controller().info(job.id).orElseThrow();
        Path jobDir = Path.of(info.workDir()); // -D, else here: relative -o/-e names start there
        Path output = jobDir.resolve(info.outputFile(s.jobOptions.value(SubmitOption.OUTPUT).orElse("slurm-%j.out"),
                c.controller().nodeName()));
        Path error = s.jobOptions.value(SubmitOption.ERROR).map(e -> jobDir.resolve(info.outputFile(e, c.controller().nodeName())))
                .orElse(output);
        Map<String, String> env = batchEnvironment(c, s, components);
        List<LaunchOption> launch = s.options.launchOptions();
        for (int offset = 0; offset < components.size(); offset++) {
            s.cliFilter().postSubmit(offset, job.id, NoVal.NO_VAL); // after the plugins' message, before the job id (CLI-3)
        }
        // sbatch.c: -Q prints nothing, --parsable only the id
        if (!s.jobOptions.isSet("quiet")) {
            io.out().println(s.jobOptions.isSet("parsable") ? String.valueOf(job.id) : "Submitted batch job " + job.id);
        }
        s.spank.exit(); // sbatch exit failures change nothing (spank.8)
        List<Job> others = components.subList(1, components.size());
        background.execute(() -> BatchJob.run(c.node(), job, others, argv, env, launch,
                new BatchJob.Output(output, error)));
        return 0;
    }

    /** The batch step's environment: the command's, its allocation's SLURM_* variables, a heterogeneous job's component ids. */
    private static Map<String, String> batchEnvironment(Cluster c, ClientSession s, List<Job> components) {
        Map<String, String> env = s.jobEnvironment();
        env.putAll(AllocationEnvironment.batchStep(Submission.allocationFacts(c, s, components.get(0))));
        if (components.size() > 1) {
            env.put("SLURM_HET_SIZE", String.valueOf(components.size()));
            for (Job k : components) {
                env.put("SLURM_JOB_ID_HET_GROUP_" + k.hetOffset, String.valueOf(k.id));
            }
        }
        return env;
    }

    /** slurm.conf's default max_script_size (4 MB): a larger script is not read. */
    static final int MAX_SCRIPT_BYTES = 4 * 1024 * 1024;

    /** The batch script's text, read as the command's user (sbatch is that user's process). */
    static String readScript(ClientSession s, java.nio.file.Path script) throws java.io.IOException {
        return new String(s.jobOptions.user().readFile(script, MAX_SCRIPT_BYTES), java.nio.charset.StandardCharsets.UTF_8);
    }

}
