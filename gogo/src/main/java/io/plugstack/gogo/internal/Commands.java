package io.plugstack.gogo.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.Callable;

/** Gogo's service properties of our scopes: each command class names its function, spelt as its Java method. */
public final class Commands {
    public static final String SCOPE = "osgi.command.scope=plugstack";
    /** The bench's Slurm commands: srun, sbatch, ... typed as on a login node. */
    public static final String SLURM_SCOPE = "osgi.command.scope=slurm";
    /** The runtime's log file, as Karaf's log:display and log:tail show theirs. */
    public static final String LOG_SCOPE = "osgi.command.scope=log";
    /**
     * Features, as Karaf names them (feature:list, feature:install, feature:uninstall): Gogo's help only
     * sees a function whose Java method has its name, so a hyphenated name would be invisible to it.
     */
    public static final String FEATURE_SCOPE = "osgi.command.scope=feature";
    /** What the console completes plugin names from: plugin:names. */
    public static final String PLUGIN_SCOPE = "osgi.command.scope=plugin";
    public static final String FUNCTION = "osgi.command.function=";

    private Commands() {
    }

    /**
     * A command's refusal, in words for the admin: the JLine console prints {@code pin: no plugin named 'x'}
     * (its toString()), the plain Gogo shell "gogo: &lt;simple name&gt;: &lt;message&gt;", which is why the class is
     * named as Slurm's commands say it ("error"), never a Java exception's name.
     */
    @SuppressWarnings("checkstyle:TypeName")
    public static final class error extends RuntimeException {
        private static final long serialVersionUID = 1L;

        error(String message) {
            super(message, null, false, false); // an expected refusal: no stack trace to keep or show
        }

        /** Gogo's JLine console prints a failed command as the exception's toString(): the message alone, no class name. */
        @Override
        public String toString() {
            return getMessage();
        }
    }

    /** The refusal of {@code command}, its message starting with the command's name as Slurm's do. */
    public static error fail(String command, String message) {
        return new error(message.startsWith(command + ": ") ? message : command + ": " + message);
    }

    /**
     * Runs a command's body: what the layers below refuse with (a bad argument, a state that does not
     * allow it, a file that cannot be written) reaches the admin as the command's one-line refusal,
     * without the Java exception's name.
     */
    public static <T> T run(String command, Callable<T> body) {
        try {
            return body.call();
        } catch (error e) {
            throw e;
        } catch (IllegalArgumentException | IllegalStateException | UnsupportedOperationException e) {
            throw fail(command, String.valueOf(e.getMessage()));
        } catch (IOException | UncheckedIOException e) {
            throw fail(command, "I/O error: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw fail(command, "interrupted");
        } catch (RuntimeException e) {
            throw e; // a defect: keep what says where it is
        } catch (Exception e) {
            throw fail(command, String.valueOf(e.getMessage()));
        }
    }
}
