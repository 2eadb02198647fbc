package io.plugstack.paxexam;

import static org.ops4j.pax.exam.CoreOptions.bundle;
import static org.ops4j.pax.exam.CoreOptions.junitBundles;
import static org.ops4j.pax.exam.CoreOptions.systemProperty;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.ops4j.pax.exam.Constants;
import org.ops4j.pax.exam.Option;

import io.plugstack.paxexam.container.PlugstackOptions;
import io.plugstack.paxexam.container.ProjectLayout;

/**
 * Pax Exam configuration that boots the real Plugstack runtime (its launcher, with the plugin identity
 * check, the exit-call weaver and the boot features; the bench) on a fresh copy of the unpacked distribution
 * for each test class, deploys the author's plugin bundle into it as an admin does, and runs the test inside
 * that framework:
 *
 * <pre>
 * &#64;RunWith(PaxExam.class) &#64;ExamReactorStrategy(PerClass.class)
 * public class ProjectPluginIT {
 *     &#64;Configuration public Option[] config() {
 *         return PlugstackExam.configuration(PlugstackExam.plugstackConf("required project"));
 *     }
 *     &#64;Inject BenchShell bench;
 *     &#64;Test public void srunExportsTheProject() {
 *         BenchShell.Result r = bench.run("srun --project=x printenv PROJECT");
 *         assertEquals(0, r.exitCode());
 *         assertEquals("x\n", r.output());
 *     }
 * }
 * </pre>
 *
 * The system properties it reads (failsafe's {@code systemPropertyVariables}): {@value #DISTRIBUTION} (required:
 * the unpacked distribution), {@value #PLUGIN_BUNDLE} (default {@code target/<artifactId>-<version>.jar}) and
 * {@value #LOCAL_REPOSITORY} (default: {@code maven.repo.local}, else failsafe's {@code localRepository}: where
 * Pax Exam's own bundles are read from, without the network).
 */
public final class PlugstackExam {

    /** The unpacked distribution (a directory with etc/, features/, system/). */
    public static final String DISTRIBUTION = ProjectLayout.DISTRIBUTION;
    /** The plugin bundle under test. */
    public static final String PLUGIN_BUNDLE = ProjectLayout.PLUGIN_BUNDLE;
    /** The Maven repository pax-url-aether reads Pax Exam's bundles from (pax-url's own key). */
    public static final String LOCAL_REPOSITORY = "org.ops4j.pax.url.mvn.localRepository";

    private PlugstackExam() {
    }

    /**
     * Everything a Plugstack in-container test needs, then {@code extra}: the distribution and the plugin
     * bundle of the system properties above (unless {@code extra} names them with {@link #distribution} or
     * {@link #pluginBundle}), JUnit and this kit's bundle (BenchShell) inside the framework, and Pax Exam's
     * bundles from the local repository, offline.
     *
     * @param extra the test class's own options (e.g. {@link #plugstackConf}), added after these
     * @return the options for the test class's {@code @Configuration} method to return
     * @throws IllegalStateException naming the property and what to add to the pom when the distribution or
     *                               the plugin bundle is missing
     */
    public static Option[] configuration(Option... extra) {
        List<Option> options = new ArrayList<>();
        if (!has(extra, PlugstackOptions.Distribution.class)) {
            options.add(new PlugstackOptions.Distribution(ProjectLayout.distribution()));
        }
        if (!has(extra, PlugstackOptions.PluginBundle.class)) {
            options.add(new PlugstackOptions.PluginBundle(ProjectLayout.pluginBundle()));
        }
        options.add(junitBundles());
        // slf4j for Pax Exam's bundles inside (exam.properties: pax.exam.logging=none), the same jars as outside
        options.add(bundle(location(org.slf4j.LoggerFactory.class)).startLevel(Constants.START_LEVEL_SYSTEM_BUNDLES));
        options.add(bundle(location(org.slf4j.impl.SimpleLogger.class)).startLevel(Constants.START_LEVEL_SYSTEM_BUNDLES));
        options.add(bundle(location(PlugstackExam.class)));
        localRepository().ifPresent(repo -> {
            options.add(systemProperty(LOCAL_REPOSITORY).value(repo));
            // the local repository only, as a plain file repository: no download, and no check of where
            // an artifact was once downloaded from
            options.add(systemProperty("org.ops4j.pax.url.mvn.defaultRepositories").value(Path.of(repo).toUri() + "@id=local"));
            options.add(systemProperty("org.ops4j.pax.url.mvn.repositories").value(""));
        });
        options.addAll(Arrays.asList(extra));
        return options.toArray(Option[]::new);
    }

    /**
     * The unpacked distribution to copy a home from, instead of system property {@value #DISTRIBUTION}.
     *
     * @param dir the unpacked distribution (a directory with etc/plugstack.properties, features/, system/)
     * @return the option, for {@link #configuration}
     * @throws IllegalStateException naming what {@code dir} lacks if it is not an unpacked distribution
     */
    public static Option distribution(Path dir) {
        return new PlugstackOptions.Distribution(ProjectLayout.checkDistribution(dir));
    }

    /**
     * The plugin bundle to deploy, instead of system property {@value #PLUGIN_BUNDLE}.
     *
     * @param jar the plugin's bundle jar
     * @return the option, for {@link #configuration}
     * @throws IllegalStateException if {@code jar} does not exist
     */
    public static Option pluginBundle(Path jar) {
        return new PlugstackOptions.PluginBundle(ProjectLayout.checkPluginBundle(jar, "PlugstackExam.pluginBundle"));
    }

    /**
     * The home's {@code etc/plugstack.conf}: these lines instead of the distribution's (spank(8)'s format).
     * A SPANK plugin runs only when listed: {@code plugstackConf("required project")}.
     *
     * @param lines the file's lines, in order
     * @return the option, for {@link #configuration}
     */
    public static Option plugstackConf(String... lines) {
        return new PlugstackOptions.PlugstackConf(List.of(lines));
    }

    /**
     * slurm.conf's parameters the runtime starts with, e.g. {@code slurmConf("JobSubmitPlugins=project")} or
     * {@code slurmConf("CliFilterPlugins=project")}: job_submit and cli_filter plugins run only when listed.
     * Written as an admin does (deploy/plugstack.slurm.cfg); the tests start once the bench has them.
     *
     * @param lines slurm.conf's {@code Key=value} lines
     * @return the option, for {@link #configuration}
     */
    public static Option slurmConf(String... lines) {
        return new PlugstackOptions.SlurmConf(List.of(lines));
    }

    /**
     * A runtime setting, as {@code -Dkey=value} gives it to {@code java -jar plugstack.jar}: e.g.
     * {@code runtimeSetting("plugstack.slurm.release", "22.05.8")} plays Slurm 22.05.8.
     *
     * @param key   the setting's name
     * @param value its value
     * @return the option, for {@link #configuration}
     */
    public static Option runtimeSetting(String key, String value) {
        return new PlugstackOptions.RuntimeSetting(key, value);
    }

    private static boolean has(Option[] options, Class<? extends Option> type) {
        return Arrays.stream(options).anyMatch(type::isInstance);
    }

    /** The jar (or classes folder) {@code c} was loaded from, as a bundle location. */
    private static String location(Class<?> c) {
        try {
            Path p = Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
            return Files.isDirectory(p) ? "reference:" + p.toUri() : p.toUri().toString();
        } catch (URISyntaxException | RuntimeException e) {
            throw new IllegalStateException("cannot locate the jar of " + c.getName() + " on the test class path", e);
        }
    }

    /** {@value #LOCAL_REPOSITORY}, else {@code maven.repo.local}, else {@code localRepository} (set by failsafe). */
    static java.util.Optional<String> localRepository() {
        for (String key : List.of(LOCAL_REPOSITORY, "maven.repo.local", "localRepository")) {
            String v = System.getProperty(key);
            if (v != null && !v.isBlank()) {
                return java.util.Optional.of(Path.of(v).toAbsolutePath().toString());
            }
        }
        return java.util.Optional.empty();
    }
}
