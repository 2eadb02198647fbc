package io.plugstack.paxexam.internal;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;

import org.osgi.framework.BundleContext;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;

import io.plugstack.runtime.spi.durable.DurableFile;

/**
 * The files an admin writes to configure a runtime home, written the way docs/admin-guide.md tells admins to (aside,
 * then renamed in, so no reader ever sees half a file): etc/plugstack.conf, and slurm.conf's parameters as
 * configuration "plugstack.slurm" in deploy/plugstack.slurm.cfg. Used before the runtime starts (the test
 * container) and while it runs (BenchShell).
 */
public final class SiteFiles {

    /** The service whose properties are "plugstack.slurm"'s once the bench has taken them. */
    static final String BENCH = "io.plugstack.runtime.bench.api.Bench";

    private SiteFiles() {
    }

    /**
     * Replaces {@code <home>/etc/plugstack.conf} with {@code lines}.
     *
     * @param home  the runtime's home
     * @param lines the new file's lines, in order
     * @throws UncheckedIOException naming the file if it cannot be written
     */
    public static void writePlugstackConf(Path home, List<String> lines) {
        replace(home.resolve("etc").resolve("plugstack.conf"), lines);
    }

    /**
     * slurm.conf's parameters after a change: those {@code set}, and those the previous file had that are now
     * {@code dropped} (the bench goes back to their defaults).
     *
     * @param set     the parameters the new file sets, by name
     * @param dropped the names the previous file set and the new one does not
     */
    public record SlurmConf(Map<String, String> set, Set<String> dropped) {
    }

    /**
     * Replaces {@code <home>/deploy/plugstack.slurm.cfg} with {@code lines}; what changes.
     *
     * @param home  the runtime's home
     * @param lines slurm.conf's {@code Key=value} lines; blank lines and {@code #} comments are skipped
     * @return the parameters set and dropped, for {@link #awaitBench}
     * @throws IllegalArgumentException naming the line if one is not {@code Key=value} (nothing is written then)
     * @throws UncheckedIOException     naming the file if it cannot be read or written
     */
    public static SlurmConf writeSlurmConf(Path home, List<String> lines) {
        Map<String, String> parameters = parameters(lines);
        Path file = home.resolve("deploy").resolve("plugstack.slurm.cfg");
        Set<String> dropped = new TreeSet<>();
        if (Files.isRegularFile(file)) {
            try {
                dropped.addAll(parameters(Files.readAllLines(file)).keySet());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + file, e);
            }
        }
        dropped.removeAll(parameters.keySet());
        replace(file, lines);
        return new SlurmConf(parameters, dropped);
    }

    /** slurm.conf lines ({@code Key=value}) as the configuration's properties; a line without '=' is refused. */
    static Map<String, String> parameters(List<String> lines) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String line : lines) {
            String l = line.strip();
            if (l.isEmpty() || l.startsWith("#")) {
                continue;
            }
            if (!l.contains("=")) {
                throw new IllegalArgumentException("slurm.conf line \"" + line + "\" is not Key=value");
            }
            Properties p = new Properties();
            try {
                p.load(new StringReader(l));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            p.stringPropertyNames().forEach(k -> out.put(k, p.getProperty(k)));
        }
        return out;
    }

    /**
     * Whether the bench's service already runs with {@code conf} (SCR publishes its configuration as its properties).
     *
     * @param context a bundle context to look the bench's service up with
     * @param conf    the change {@link #writeSlurmConf} made
     * @return whether a bench service has every parameter set and none of those dropped
     */
    public static boolean benchHas(BundleContext context, SlurmConf conf) {
        ServiceReference<?>[] refs;
        try {
            refs = context.getAllServiceReferences(BENCH, null);
        } catch (InvalidSyntaxException e) {
            throw new IllegalStateException(e);
        }
        if (refs == null) {
            return false;
        }
        for (ServiceReference<?> ref : refs) {
            if (conf.set().entrySet().stream().allMatch(e -> e.getValue().equals(String.valueOf(ref.getProperty(e.getKey()))))
                    && conf.dropped().stream().allMatch(k -> ref.getProperty(k) == null)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Waits until the bench runs with {@code conf}, at most {@code millis}.
     *
     * @param context a bundle context to look the bench's service up with
     * @param conf    the change {@link #writeSlurmConf} made
     * @param millis  how long to wait at most, in milliseconds
     * @throws AssertionError naming the parameters if the bench has not taken them in time, or if interrupted
     */
    public static void awaitBench(BundleContext context, SlurmConf conf, long millis) {
        long end = System.nanoTime() + millis * 1_000_000;
        while (!benchHas(context, conf)) {
            if (System.nanoTime() > end) {
                throw new AssertionError("the bench did not take slurm.conf's " + conf.set() + (conf.dropped().isEmpty() ? ""
                        : " without " + conf.dropped()) + " within " + millis + " ms");
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting for the bench to take " + conf.set(), e);
            }
        }
    }

    private static void replace(Path file, List<String> lines) {
        try {
            // whole or not at all, through a temporary name FileInstall's filter (*.cfg) does not take
            DurableFile.replace(file, (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
