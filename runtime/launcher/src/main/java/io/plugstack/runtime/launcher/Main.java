package io.plugstack.runtime.launcher;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.osgi.framework.launch.Framework;

/**
 * {@code java -jar plugstack.jar [--home DIR] [--node [--socket-dir DIR] [--log FILE]]}: starts the
 * runtime with its shell; with {@code --node}, headless as a node daemon for a real Slurm (no console,
 * the SPANK bridge's sockets in the socket directory, stopped by SIGTERM). Either way the runtime's own
 * lines go to a timestamped log file ({@code log/plugstack.log}, {@code log/plugstack-node.log} or
 * {@code --log}). The home defaults to the folder holding plugstack.jar, the layout the distribution is
 * assembled in; an empty directory given as home is made one from there (see {@link HomeLayout}).
 */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) throws Exception {
        Path home = null;
        boolean node = false;
        String socketDir = "/run/plugstack";
        Path log = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--home" -> home = Path.of(value(args, ++i, "--home"));
                case "--node" -> node = true;
                case "--socket-dir" -> socketDir = value(args, ++i, "--socket-dir");
                case "--log" -> log = Path.of(value(args, ++i, "--log"));
                case "--admin" -> {
                    // a running node daemon's shell: one command line, as root
                    Path sockets = Path.of(value(args, ++i, "--admin"));
                    String line = String.join(" ", java.util.Arrays.asList(args).subList(i + 1, args.length));
                    Path socket = sockets.resolve("admin.sock");
                    try {
                        System.exit(io.plugstack.runtime.spi.bench.SlurmClient.run(socket,
                                new io.plugstack.runtime.spi.bench.CommandProtocol.Request("gogo", List.of(line), Map.of(),
                                        Path.of("").toAbsolutePath().toString())));
                    } catch (IOException e) {
                        // one line naming the socket and the rule, never a stack trace (a pdsh loop reads it per node)
                        System.err.println("plugstack: error: " + socket + ": " + adminFailure(e));
                        System.exit(1);
                    }
                }
                case "-h", "--help" -> {
                    System.out.println("usage: plugstack [--home DIR] [--node [--socket-dir DIR] [--log FILE]]"
                            + "   (settings: DIR/etc/plugstack.properties or -Dkey=value)\n"
                            + "       plugstack --admin SOCKET_DIR COMMAND...   (a running node daemon's shell, as root)");
                    return;
                }
                default -> {
                    System.err.println("plugstack: error: unknown argument \"" + args[i] + "\" (try --help)");
                    System.exit(2);
                }
            }
        }
        Path distribution = defaultHome();
        if (home == null) {
            home = distribution;
        }
        home = home.toAbsolutePath().normalize();
        // the launcher's own refusals stay on the console, whatever the runtime's output goes to
        java.io.PrintStream console = System.err;
        try {
            if (!home.equals(distribution) && HomeLayout.isEmpty(home)) {
                HomeLayout.initialise(home, distribution);
                console.println("plugstack: initialised a new home in " + home + " (etc/, features/, system/ from " + distribution
                        + "; bin/: srun, sbatch, ... for this home)");
            }
        } catch (java.io.IOException e) {
            console.println("plugstack: error: " + e.getMessage());
            System.exit(1);
        }
        java.util.Properties overrides = new java.util.Properties();
        overrides.putAll(System.getProperties());
        // where plugstack.jar is: a node daemon starts its user role from it
        overrides.setProperty("plugstack.distribution", distribution.toAbsolutePath().toString());
        // a root runtime starts a user's program through it (plugstack-run --exec: the user's directory and variables are
        // taken once it is the user); a child role is given it with its monitor's socket
        Path run = distribution.resolve("bridge/prebuilt/plugstack-run");
        if (System.getProperty(io.plugstack.api.user.OnBehalfOf.MONITOR_CLIENT_PROPERTY) == null && java.nio.file.Files.isExecutable(run)) {
            System.setProperty(io.plugstack.api.user.OnBehalfOf.MONITOR_CLIENT_PROPERTY, run.toAbsolutePath().toString());
        }
        if (node) {
            // a daemon: no console; the bridge's sockets
            overrides.setProperty("gosh.args", "--nointeractive");
            overrides.setProperty(RuntimeSettings.NODE_SOCKET_DIR, socketDir);
        }
        Path logFile = log != null ? log : home.resolve("log").resolve(node ? "plugstack-node.log" : "plugstack.log");
        overrides.setProperty(RuntimeSettings.LOG_FILE, logFile.toString().equals(TimestampedLog.STDOUT) ? TimestampedLog.STDOUT
                : logFile.toAbsolutePath().toString());
        Launcher launcher;
        TimestampedLog.Rotation rotation;
        RuntimeSettings settings;
        try {
            settings = RuntimeSettings.load(home, overrides);
            rotation = TimestampedLog.Rotation.of(settings::get);
            HomeLayout.check(home, settings); // never a framework with nothing to run: it would wait for ever
            launcher = new Launcher(settings);
            // before anything touches the home, and on the console: a second daemon must not write into the first's log
            launcher.lockHome();
            String seed = System.getProperty(RoleSeed.PROPERTY);
            if (seed != null) { // a node daemon's child role, starting from the root role's versions and features
                RoleSeed.copy(Path.of(seed), settings.dataDir());
            }
        } catch (HomeInUseException | java.io.IOException | IllegalArgumentException | java.io.UncheckedIOException e) {
            console.println("plugstack: error: " + e.getMessage());
            System.exit(1);
            return;
        }
        // every line the runtime's daemons write (slurmctld, slurmd, slurmstepd, the host, FileInstall) into
        // the log file with timestamps; the console keeps the shell, and what a command prints for itself
        TimestampedLog.redirect(logFile, rotation);
        if (!settings.played().isEmpty()) {
            System.err.println("plugstack: " + settings.played()); // the Slurm a node daemon plays, and why
        }
        Runtime.getRuntime().addShutdownHook(new Thread(launcher::stop, "plugstack-shutdown"));
        Framework framework;
        try {
            framework = launcher.start();
        } catch (IllegalArgumentException e) {
            // a boot feature that cannot be read: its file and entry are in the message
            console.println("plugstack: error: " + e.getMessage());
            System.exit(1);
            return;
        }
        framework.waitForStop(0);
        System.exit(0);
    }

    /** Why the node daemon's shell could not be reached, in an admin's terms. */
    static String adminFailure(IOException e) {
        String m = String.valueOf(e.getMessage());
        if (m.contains("No such file or directory") || m.contains("Connection refused")) {
            return m + ": no node daemon serves this socket directory (is bin/plugstack-node running with it as PLUGSTACK_SOCKET_DIR?)";
        }
        if (m.contains("Permission denied")) {
            return m + ": the node daemon's shell is root's only";
        }
        return m;
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            System.err.println("plugstack: error: " + option + " needs a value (try --help)");
            System.exit(2);
        }
        return args[i];
    }

    /** The distribution: the folder holding plugstack.jar (the working directory when run from classes). */
    private static Path defaultHome() throws URISyntaxException {
        Path jar = Path.of(Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        return Files.isRegularFile(jar) ? jar.getParent() : Path.of("").toAbsolutePath();
    }
}
