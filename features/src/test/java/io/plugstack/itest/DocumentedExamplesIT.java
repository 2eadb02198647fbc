package io.plugstack.itest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/**
 * The documented shell examples of README.md and docs/*.md ({@link ReadmeExamples}), run in order in one runtime booted
 * from the distribution, as a new user would type them: the test fails when a command's output
 * drifts from what the document shows. Commands that only look (squeue, sinfo, scontrol show, ...) are
 * run again, for a bounded time, until they show it: a batch job finishes in the background.
 */
class DocumentedExamplesIT extends BootedRuntime {

    private static final Set<String> ONLY_LOOK = Set.of("squeue", "sinfo", "plugins", "plugin", "versions",
            "feature-list", "cat", "help", "log-tail", "log:tail", "log:display");
    private static final long LOOK_AGAIN_MS = 15_000;

    static Path readme() {
        return Path.of(System.getProperty("plugstack.readme", "../README.md"));
    }

    /** README.md, then docs/*.md beside it, by name: every document a reader may copy a command from. */
    static List<Path> documents() throws java.io.IOException {
        List<Path> docs = new ArrayList<>(List.of(readme()));
        Path dir = readme().toAbsolutePath().resolveSibling("docs");
        if (Files.isDirectory(dir)) {
            try (java.util.stream.Stream<Path> md = Files.list(dir)) {
                md.filter(p -> p.toString().endsWith(".md")).sorted().forEach(docs::add);
            }
        }
        return docs;
    }

    /** What a document is called in messages: README.md, docs/author-guide.md. */
    static String name(Path doc) {
        return doc.getParent() != null && doc.getParent().getFileName() != null && doc.getParent().getFileName().toString().equals("docs")
                ? "docs/" + doc.getFileName() : doc.getFileName().toString();
    }

    @Test
    void everyDocumentedExamplePrintsWhatReadmeShows() throws Exception {
        List<ReadmeExamples.Example> examples = new ArrayList<>();
        for (Path d : documents()) {
            examples.addAll(ReadmeExamples.parse(name(d), Files.readAllLines(d)).examples());
        }
        assertThat(examples).as("the documents' marked examples").hasSizeGreaterThanOrEqualTo(5);
        Shell shell = runtime.shell();
        shell.cd(runtime.home());
        List<String> failures = new ArrayList<>();
        for (ReadmeExamples.Example e : examples) {
            for (String setup : e.setup()) {
                Process p = new ProcessBuilder("bash", "-c", setup).directory(runtime.home().toFile()).inheritIO().start();
                if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
                    p.destroyForcibly();
                    failures.add(e.file() + ":" + e.line() + ": example " + e.name() + ": setup failed: " + setup);
                }
            }
            for (ReadmeExamples.Step step : e.steps()) {
                String output = runStep(shell, step, e.anyOrder());
                List<String> missing = ReadmeExamples.missing(step.expected(), output.lines().toList(), e.anyOrder());
                if (!missing.isEmpty()) {
                    failures.add(e.file() + ":" + step.line() + ": example " + e.name() + ": 'g! " + step.command()
                            + "' did not print " + missing + "; it printed:\n" + output.indent(4));
                }
            }
        }
        assertThat(failures).as("documented examples that drifted").isEmpty();
    }

    private static String runStep(Shell shell, ReadmeExamples.Step step, boolean anyOrder) throws Exception {
        boolean onlyLooks = ONLY_LOOK.contains(firstWord(step.command()))
                || step.command().startsWith("scontrol show");
        long end = System.currentTimeMillis() + LOOK_AGAIN_MS;
        while (true) {
            String output = shell.transcript(step.command());
            if (!onlyLooks || ReadmeExamples.missing(step.expected(), output.lines().toList(), anyOrder).isEmpty()
                    || System.currentTimeMillis() > end) {
                return output;
            }
            Thread.sleep(100);
        }
    }

    private static String firstWord(String command) {
        String w = command.split("\\s+", 2)[0];
        return w.contains(":") ? w.substring(w.indexOf(':') + 1) : w;
    }
}
