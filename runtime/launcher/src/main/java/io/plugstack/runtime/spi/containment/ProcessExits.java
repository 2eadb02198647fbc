package io.plugstack.runtime.spi.containment;

/**
 * The targets of the calls the launcher's weaver rewrites in plugin bundles: same arguments as the
 * JDK methods they replace (so the rewrite leaves the operand stack as it was), and they throw.
 */
public final class ProcessExits {

    private ProcessExits() {
    }

    /** In place of {@code System.exit(status)}. */
    public static void systemExit(int status) {
        throw new PluginExitRefused("System.exit(" + status + ")");
    }

    /** In place of {@code runtime.exit(status)}. */
    public static void runtimeExit(Runtime runtime, int status) {
        throw new PluginExitRefused("Runtime.exit(" + status + ")");
    }

    /** In place of {@code runtime.halt(status)}. */
    public static void runtimeHalt(Runtime runtime, int status) {
        throw new PluginExitRefused("Runtime.halt(" + status + ")");
    }
}
