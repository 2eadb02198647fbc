package io.plugstack.runtime.launcher;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.osgi.framework.launch.Framework;

/**
 * {@code java -jar plugstack.jar [--home DIR]}: starts the runtime with its shell. The home
 * defaults to the folder holding plugstack.jar, the layout the distribution is assembled in.
 */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) throws Exception {
        Path home = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--home" -> home = Path.of(args[++i]);
                case "-h", "--help" -> {
                    System.out.println("usage: plugstack [--home DIR]   (settings: DIR/etc/plugstack.properties or -Dkey=value)");
                    return;
                }
                default -> {
                    System.err.println("plugstack: error: unknown argument \"" + args[i] + "\" (try --help)");
                    System.exit(2);
                }
            }
        }
        if (home == null) {
            home = defaultHome();
        }
        Launcher launcher = new Launcher(RuntimeSettings.load(home, System.getProperties()));
        Runtime.getRuntime().addShutdownHook(new Thread(launcher::stop, "plugstack-shutdown"));
        Framework framework;
        try {
            framework = launcher.start();
        } catch (IllegalArgumentException e) {
            // a boot feature that cannot be read: its file and entry are in the message
            System.err.println("plugstack: error: " + e.getMessage());
            System.exit(1);
            return;
        }
        framework.waitForStop(0);
        System.exit(0);
    }

    private static Path defaultHome() throws URISyntaxException {
        Path jar = Path.of(Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        return Files.isRegularFile(jar) ? jar.getParent() : Path.of("").toAbsolutePath();
    }
}
