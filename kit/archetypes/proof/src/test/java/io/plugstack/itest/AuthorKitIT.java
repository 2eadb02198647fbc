package io.plugstack.itest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The plugin author's path, as README's "Writing a plugin" walks it ({@link AuthorTutorial}): for each
 * family, the tutorial's commands as written, in a folder of their own. Its {@code $} commands run in
 * bash: Maven generates a project from the archetype this build made, builds it and runs its unit and
 * in-container tests; the jar goes into the deploy folder of a runtime booted from the distribution,
 * where the {@code g!} commands try it at the console. Each tutorial has a runtime of its own, as a reader
 * who follows one in a fresh home: the settings one tutorial drops into deploy/ are not another's.
 *
 * <p>Where the artifacts come from: the author's guide's first step is {@code mvn install} of Plugstack, which
 * {@code mvn verify} does not do. So this module's pom installs what the author needs (the BOM, the
 * kits, the archetypes, the distribution and everything they depend on, maven-invoker-plugin:install)
 * into {@code target/author-home/.m2/repository}, and the tutorial's Maven runs with that folder as
 * its user home ({@code -Duser.home}, so the folder is its {@code ~/.m2}). Its settings name one
 * mirror for every repository: the outer build's local repository, as a {@code file://} URL, for the
 * Maven plugins and libraries this build already used. The tutorial's {@code mvn -o} stays offline
 * except for {@code file:} URLs ({@code aether.offline.protocols=file}): no network at all.
 */
class AuthorKitIT {

    /** Maven's own messages and the nested tests: bounded, so a hung build fails the test instead of the suite. */
    private static final long STEP_TIMEOUT_S = 300;
    @TempDir
    Path dir;

    private static final Path AUTHOR_HOME = Path.of(System.getProperty("plugstack.author.home", "target/author-home"));

    @BeforeAll
    static void authorsMaven() throws IOException {
        String outer = Path.of(System.getProperty("plugstack.maven.repo.local",
                System.getProperty("user.home") + "/.m2/repository")).toUri().toString();
        Files.createDirectories(AUTHOR_HOME.resolve(".m2"));
        Files.writeString(AUTHOR_HOME.resolve(".m2/settings.xml"), """
                <settings>
                  <!-- AuthorKitIT: the outer build's local repository serves what this build did not install here -->
                  <mirrors><mirror><id>outer-build</id><mirrorOf>*</mirrorOf><url>%s</url></mirror></mirrors>
                </settings>
                """.formatted(outer));
    }

    @Test
    void spankPluginFromTheTemplateExportsItsOptionIntoEveryTask() throws Exception {
        follow("spank");
    }

    @Test
    void jobSubmitPluginFromTheTemplateRefusesJobsWithoutAnAccount() throws Exception {
        follow("job_submit");
    }

    @Test
    void cliFilterPluginFromTheTemplateGivesCommandsADefaultAccount() throws Exception {
        follow("cli_filter");
    }

    /**
     * An author's IDE can step from a test into the engine the kit runs on, as into the API and the kit: each
     * module the build makes for them attaches its sources jar (what `mvn install` puts beside the jar).
     */
    @Test
    void everyPlugstackJarAnAuthorsTestRunsOnComesWithItsSources() throws Exception {
        Path root = Path.of(System.getProperty("plugstack.repository.root", "../../.."));
        String version = System.getProperty("plugstack.version", "0.1.0");
        java.util.List<String> missing = new java.util.ArrayList<>();
        java.util.Map.of("api", "io.plugstack.api", "kit/testkit", "io.plugstack.testkit", "kit/paxexam", "io.plugstack.paxexam",
                "runtime/spank", "io.plugstack.runtime.spank", "runtime/host", "io.plugstack.runtime.host",
                "runtime/job-submit", "io.plugstack.runtime.jobsubmit").forEach((module, artifact) -> {
                    Path jar = root.resolve(module).resolve("target").resolve(artifact + "-" + version + "-sources.jar");
                    if (!Files.isRegularFile(jar)) {
                        missing.add(jar.toString());
                    }
                });
        assertThat(missing).as("sources jars the build attaches").isEmpty();
    }

    /** The plugin's classes are named after -DpluginName (scratch_space: ScratchSpacePlugin...), and the project still builds. */
    @Test
    void aPluginNameGivenAtGenerationNamesThePluginsClasses() throws Exception {
        String generate = tutorial("spank").steps().get(0).command();
        Path work = Files.createDirectories(dir.resolve("work"));
        Unix out = unix(work, generate + " -DpluginName=scratch_space", dir.resolve("no-runtime"));
        assertThat(out.exit()).as(out.output()).isZero();
        Path project;
        try (var made = Files.list(work)) {
            project = made.findFirst().orElseThrow();
        }
        for (String file : List.of("src/main/java/org/example/ScratchSpacePlugin.java", "src/test/java/org/example/ScratchSpacePluginTest.java",
                "src/test/java/org/example/ScratchSpacePluginIT.java")) {
            assertThat(project.resolve(file)).isRegularFile();
        }
        try (var files = Files.walk(project.resolve("src"))) {
            assertThat(files.filter(Files::isRegularFile).map(f -> f + ": " + read(f))).noneMatch(s -> s.contains("ProjectPlugin"));
        }
        Unix tested = unix(project, "mvn -o test", dir.resolve("no-runtime"));
        assertThat(tested.exit()).as(tested.output()).isZero();
        assertThat(tested.output()).contains("in org.example.ScratchSpacePluginTest");
    }

    private static String read(Path f) {
        try {
            return Files.readString(f);
        } catch (IOException e) {
            return "";
        }
    }

    /** The tutorial's generate command with a name Slurm's configuration cannot use: one line naming it, no project. */
    @Test
    void aPluginNameSlurmCannotUseStopsGenerationNamingIt() throws Exception {
        assertGenerationRefused("-DpluginName=Project-1",
                "io.plugstack.archetype.spank: -DpluginName=Project-1: a plugin name is a lower-case letter");
    }

    /** The same with a release outside the series this Plugstack plays: the runtime would refuse the bundle. */
    @Test
    void aReleasePlugstackDoesNotPlayStopsGenerationNamingIt() throws Exception {
        assertGenerationRefused("-DslurmRelease=21.08.8",
                "io.plugstack.archetype.spank: -DslurmRelease=21.08.8: Plugstack ", " plays Slurm ");
    }

    private void assertGenerationRefused(String property, String... message) throws Exception {
        String generate = tutorial("spank").steps().get(0).command();
        Path work = Files.createDirectories(dir.resolve("work"));
        Unix out = unix(work, generate + " " + property, dir.resolve("no-runtime"));
        assertThat(out.exit()).as(out.output()).isNotZero();
        assertThat(out.output()).contains(message).contains("not generated");
        try (var left = Files.list(work)) {
            assertThat(left).as("what generation left behind").isEmpty();
        }
    }

    private static AuthorTutorial tutorial(String name) throws IOException {
        java.util.List<AuthorTutorial> all = new java.util.ArrayList<>();
        for (Path doc : DocumentedExamplesIT.documents()) {
            all.addAll(AuthorTutorial.parse(DocumentedExamplesIT.name(doc), Files.readAllLines(doc)));
        }
        return AuthorTutorial.named(all, name);
    }

    /** Runs the tutorial's steps in order; the first that fails (or does not print what README shows) fails the test. */
    private void follow(String name) throws Exception {
        AuthorTutorial tutorial = tutorial(name);
        Path cwd = Files.createDirectories(dir.resolve("work"));
        try (PlugstackRuntime runtime = PlugstackRuntime.boot(dir)) {
            follow(name, tutorial, cwd, runtime);
        }
    }

    private void follow(String name, AuthorTutorial tutorial, Path cwd, PlugstackRuntime runtime) throws Exception {
        Shell console = runtime.shell();
        for (AuthorTutorial.Step step : tutorial.steps()) {
            long start = System.nanoTime();
            String where = tutorial.file() + ":" + step.line() + ": tutorial " + name + ": " + (step.console() ? "g! " : "$ ") + step.command();
            if (!step.console() && step.command().startsWith("cd ")) {
                cwd = cwd.resolve(step.command().substring(3).strip()).normalize();
                assertThat(cwd).as(where).isDirectory();
                continue;
            }
            String output;
            if (step.console()) {
                output = consoleUntilShown(console, step);
            } else {
                Unix run = unix(cwd, step.command(), runtime.home());
                assertThat(run.exit()).as(where + " exited " + run.exit() + "; it printed:\n" + run.output()).isZero();
                output = run.output();
            }
            System.out.printf("AuthorKitIT %-10s %6.1f s  %s%n", name, (System.nanoTime() - start) / 1e9, step.command());
            assertThat(ReadmeExamples.missing(step.expected(), output.lines().toList(), false))
                    .as(where + " did not print what the guide shows; it printed:\n" + output).isEmpty();
        }
    }

    /**
     * A console command, again until it prints what the guide shows (bounded): a jar copied into deploy/ and
     * a setting dropped there reach the runtime a poll or two later, as they do for the reader.
     */
    private static String consoleUntilShown(Shell console, AuthorTutorial.Step step) throws InterruptedException {
        long end = System.currentTimeMillis() + PlugstackRuntime.TIMEOUT_MS;
        while (true) {
            String output = console.transcript(step.command());
            if (ReadmeExamples.missing(step.expected(), output.lines().toList(), false).isEmpty() || System.currentTimeMillis() > end) {
                return output;
            }
            Thread.sleep(100);
        }
    }

    record Unix(int exit, String output) {
    }

    /** A {@code $} command in bash, with this build's Maven first on the PATH and the author's home and offline rule. */
    private Unix unix(Path cwd, String command, Path plugstackHome) throws Exception {
        Path log = Files.createTempFile(dir, "step", ".log");
        ProcessBuilder pb = new ProcessBuilder("bash", "-c", command).directory(cwd.toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile()).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        Map<String, String> env = pb.environment();
        String mavenHome = System.getProperty("plugstack.maven.home");
        if (mavenHome != null) {
            env.put("PATH", Path.of(mavenHome, "bin") + ":" + env.getOrDefault("PATH", "/usr/bin:/bin"));
        }
        env.put("MAVEN_OPTS", "-Duser.home=" + AUTHOR_HOME.toAbsolutePath() + " -Daether.offline.protocols=file");
        env.put("PLUGSTACK_HOME", plugstackHome.toString());
        Process p = pb.start();
        if (!p.waitFor(STEP_TIMEOUT_S, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new AssertionError("'" + command + "' did not end within " + STEP_TIMEOUT_S + " s; it printed:\n"
                    + Files.readString(log, StandardCharsets.UTF_8));
        }
        // Maven colours its lines even into a pipe; the guide shows them plain
        String output = Files.readString(log, StandardCharsets.UTF_8).replaceAll("\u001B\\[[;\\d]*m", "");
        return new Unix(p.exitValue(), output);
    }
}
