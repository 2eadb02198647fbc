package io.plugstack.gogo.console;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;

import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Descriptor;
import org.jline.keymap.KeyMap;
import org.jline.reader.LineReader;
import org.jline.terminal.Attributes;
import org.jline.terminal.Terminal;

import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.util.tracker.ServiceTracker;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;


import io.plugstack.gogo.internal.Commands;
import io.plugstack.runtime.bench.api.Bench;
import io.plugstack.runtime.spi.features.BootFeaturesStarted;

/**
 * {@code plugstack:console}, run once by the home's etc/gosh_profile when Gogo's JLine console starts:
 * the prompt ({@code plugstack@<host>:<node>> }: this machine and the bench's simulated node), the
 * history in the home ({@code data/shell.history}), Ctrl-D at an empty prompt answered with how to
 * quit instead of stopping the runtime, and the banner. A headless runtime (no line reader) gets none.
 */
@Component(service = ConsoleSetup.class, property = {Commands.SCOPE, Commands.FUNCTION + "console"})
public final class ConsoleSetup {

    static final String HOW_TO_QUIT = "use 'shutdown' (or 'stop 0') to stop Plugstack; Ctrl-D does not";
    private static final String EOF_WIDGET = "plugstack-eof";

    /** How long the console waits for the launcher to have started every boot bundle before it takes commands anyway. */
    static final long BOOT_WAIT_MS = 120_000;

    private final BundleContext context;

    @Activate
    public ConsoleSetup(BundleContext context) {
        this.context = context;
    }

    @Descriptor("set up the interactive console (prompt, history, Ctrl-D) and print the banner; etc/gosh_profile runs it")
    public void console(CommandSession session) {
        Path home = Path.of(context.getProperty("plugstack.home"));
        awaitBootFeatures();
        // looked up only now: a reference would activate the bench (and its bench.sock) before the plugins are there
        Bench b = service(Bench.class);
        session.put("prompt", "plugstack@" + host() + (b == null ? "" : ":" + b.node().name()) + "> ");
        if (!(session.get(".reader") instanceof LineReader reader)) {
            return; // --nointeractive: nobody reads a prompt
        }
        reader.setVariable(LineReader.HISTORY_FILE, home.resolve("data").resolve("shell.history"));
        reader.getWidgets().put(EOF_WIDGET, () -> {
            if (reader.getBuffer().length() == 0) {
                reader.printAbove(HOW_TO_QUIT);
            } else {
                reader.callWidget(LineReader.DELETE_CHAR);
            }
            return true;
        });
        reader.getKeyMaps().get(LineReader.MAIN).bind(new org.jline.reader.Reference(EOF_WIDGET), KeyMap.ctrl('D'));
        // JLine ends the shell (and Gogo the framework) on the terminal's EOF character at an empty line before any
        // key binding is consulted: the terminal gets none (0 is _POSIX_VDISABLE), so Ctrl-D reaches the widget
        if (session.get(".terminal") instanceof Terminal terminal) {
            Attributes a = terminal.getAttributes();
            a.setControlChar(Attributes.ControlChar.VEOF, 0);
            terminal.setAttributes(a);
        }
        String log = context.getProperty("plugstack.log.file");
        System.out.println("Plugstack " + context.getBundle().getVersion() + " (Slurm " + context.getProperty("plugstack.slurm.release")
                + " plugin ABI) on " + home);
        System.out.println("  Slurm commands (srun, sbatch, squeue, ...) and Plugstack's (plugins, versions, deploy, ...): 'help' lists them.");
        System.out.println("  Tab completes commands, plugin names and bundle ids; the log: " + (log == null ? "-" : log)
                + " (log:tail follows it).");
        System.out.println("  Ctrl-C stops the command that runs (srun: twice within a second); 'shutdown' (or 'stop 0') stops Plugstack.");
    }

    /**
     * The console starts before the plugins so that its terminal is set up beside them; the first prompt
     * waits until the launcher has started every boot bundle, so a command typed at once finds them all.
     */
    private void awaitBootFeatures() {
        ServiceTracker<BootFeaturesStarted, BootFeaturesStarted> started = new ServiceTracker<>(context, BootFeaturesStarted.class, null);
        started.open();
        try {
            if (started.waitForService(BOOT_WAIT_MS) == null) {
                System.err.println("plugstack: the boot features' bundles have not all started after " + BOOT_WAIT_MS / 1000
                        + " s; the console takes commands anyway ('plugins' shows what is missing)");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            started.close();
        }
    }

    private <T> T service(Class<T> type) {
        ServiceReference<T> ref = context.getServiceReference(type);
        return ref == null ? null : context.getService(ref);
    }

    private static String host() {
        try {
            String name = InetAddress.getLocalHost().getHostName();
            int dot = name.indexOf('.');
            return dot > 0 ? name.substring(0, dot) : name;
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }
}
