package io.plugstack.itest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.osgi.framework.ServiceReference;

/**
 * A .cfg file in deploy/ with a bad value, read by the real FileInstall, ConfigAdmin and SCR: one
 * error line naming the file, the key and the value, no stack trace, and the last good value kept
 * (issue 15, item 5).
 */
class ConfigurationErrorsIT extends BenchRuntime {

    private static final String PARTITION_SERVICE = "io.plugstack.runtime.bench.controller.PartitionDefinition";
    /** How long to go on watching the console after the expected line, for anything SCR adds. */
    private static final long SETTLE_MS = 500;

    private final List<Path> deployed = new ArrayList<>();
    private PrintStream err;
    private PrintStream out;
    /** What the runtime printed on System.err and System.out while a test ran (SCR prints there). */
    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    /** job_submit/throttle's log (System.Logger, JUL here); held so that JUL keeps the handler. */
    private final Logger throttleLog = Logger.getLogger("job_submit/throttle");
    private final List<String> throttleLines = new ArrayList<>();
    private final Handler throttleHandler = new Handler() {
        @Override
        public void publish(LogRecord r) {
            synchronized (throttleLines) {
                throttleLines.add(r.getMessage() + (r.getThrown() != null ? " " + r.getThrown() : ""));
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @BeforeEach
    void emptyStack() throws Exception {
        runtime.plugstackConf("# empty");
    }

    /**
     * Watches System.err and System.out from now on. Called after the shell's last command before
     * the step under test: running a command, the shell puts back the streams it found first.
     */
    private void watchTheConsole() {
        err = System.err;
        out = System.out;
        System.setErr(new PrintStream(tee(err), true));
        System.setOut(new PrintStream(tee(out), true));
        throttleLog.addHandler(throttleHandler);
    }

    @AfterEach
    void stopWatching() throws Exception {
        if (err != null) {
            System.setErr(err);
            System.setOut(out);
        }
        throttleLog.removeHandler(throttleHandler);
        for (Path p : deployed) {
            Files.deleteIfExists(p);
        }
        slurmConf("JobSubmitPlugins=");
        runUntil("srun -J after true", String::isEmpty);
    }

    private OutputStream tee(PrintStream original) {
        return new OutputStream() {
            @Override
            public void write(int b) {
                original.write(b);
                synchronized (console) {
                    console.write(b);
                }
            }

            @Override
            public void write(byte[] b, int off, int len) {
                original.write(b, off, len);
                synchronized (console) {
                    console.write(b, off, len);
                }
            }
        };
    }

    private List<String> consoleLines() {
        synchronized (console) {
            return console.toString(StandardCharsets.UTF_8).lines().toList();
        }
    }

    /** Drops a configuration file into deploy/ as an admin should: written aside, renamed in. */
    private Path deployCfg(String name, String... lines) throws Exception {
        Path part = runtime.home().resolve(name + ".part");
        Files.writeString(part, String.join("\n", lines) + "\n");
        Path cfg = runtime.deployDir().resolve(name);
        Files.move(part, cfg, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        deployed.add(cfg);
        return cfg;
    }

    /** The console's lines naming {@code cfg}, once one has come, and after a settling pause. */
    private List<String> linesNaming(Path cfg) throws Exception {
        String name = cfg.getFileName().toString();
        PlugstackRuntime.await(() -> consoleLines().stream().anyMatch(l -> l.contains(name)), "a line naming " + name);
        Thread.sleep(SETTLE_MS);
        return consoleLines().stream().filter(l -> l.contains(name)).toList();
    }

    /** Nothing that looks like a stack trace or SCR's report of a failed component. */
    private void assertNoStackTrace() {
        assertThat(consoleLines()).noneMatch(l -> l.startsWith("\tat ") || l.contains("Exception")
                || l.contains("PartitionDefinition") || l.contains("ThrottlePlugin"));
    }

    /** The published partition named {@code name}: its PriorityTier, read through the framework. */
    private Optional<Integer> priorityTier(String name) throws Exception {
        ServiceReference<?>[] refs = runtime.context().getAllServiceReferences(PARTITION_SERVICE, null);
        for (ServiceReference<?> ref : refs == null ? new ServiceReference<?>[0] : refs) {
            Object definition = runtime.context().getService(ref);
            try {
                Object partition = definition.getClass().getMethod("partition").invoke(definition);
                Method tier = partition.getClass().getMethod("priorityTier");
                if (name.equals(partition.getClass().getMethod("name").invoke(partition))) {
                    return Optional.of((Integer) tier.invoke(partition));
                }
            } finally {
                runtime.context().ungetService(ref);
            }
        }
        return Optional.empty();
    }

    @Test
    void badPartitionValueIsOneLineAndTheLastGoodDefinitionStays() throws Exception {
        deployCfg("plugstack.partition-itkeep.cfg", "PartitionName=itkeep", "PriorityTier=7");
        runUntil("srun -p itkeep true", String::isEmpty);
        watchTheConsole();

        Path cfg = deployCfg("plugstack.partition-itkeep.cfg", "PartitionName=itkeep", "PriorityTier=high");

        assertThat(linesNaming(cfg)).containsExactly("slurmctld: error: " + cfg.toRealPath()
                + ": PriorityTier=high is not a whole number; keeping the last good definition of partition itkeep");
        assertNoStackTrace();
        assertThat(priorityTier("itkeep")).contains(7);
        assertThat(run("srun -p itkeep true")).isEmpty();
    }

    @Test
    void badValueInANewPartitionSaysItIsNotDefined() throws Exception {
        watchTheConsole();
        Path cfg = deployCfg("plugstack.partition-itnew.cfg", "PartitionName=itnew", "MaxNodes=many");

        assertThat(linesNaming(cfg)).containsExactly("slurmctld: error: " + cfg.toRealPath()
                + ": MaxNodes=many is not a node count or UNLIMITED; partition itnew is not defined");
        assertNoStackTrace();
        assertThat(run("srun -p itnew true")).contains("Invalid partition name specified");
    }

    @Test
    void nonNumericThrottleLimitIsOneLineAndTheLimitInForceStays() throws Exception {
        deployCfg("job_submit.throttle.cfg", "jobs_per_user_per_hour=1");
        slurmConf("JobSubmitPlugins=throttle");
        runUntil("srun -J first true", out -> out.contains("Reached jobs per hour limit"));
        watchTheConsole();

        Path cfg = deployCfg("job_submit.throttle.cfg", "jobs_per_user_per_hour=many");

        String expected = "job_submit/throttle: _get_config: " + cfg.toRealPath()
                + ": jobs_per_user_per_hour=many is not a whole number; keeping jobs_per_user_per_hour=1";
        PlugstackRuntime.await(() -> {
            synchronized (throttleLines) {
                return throttleLines.contains(expected);
            }
        }, "throttle's line about " + cfg);
        Thread.sleep(SETTLE_MS);
        assertThat(throttleLines).filteredOn(l -> l.contains("many")).containsExactly(expected);
        assertNoStackTrace();
        assertThat(run("srun -J again true")).contains("Reached jobs per hour limit");
    }
}
