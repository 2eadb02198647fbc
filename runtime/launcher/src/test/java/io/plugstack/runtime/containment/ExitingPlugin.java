package io.plugstack.runtime.containment;

import java.util.function.IntConsumer;

/** Plugin code that tries every way the weaver covers to stop the process (never run unwoven). */
public class ExitingPlugin {

    public static void systemExit() {
        System.exit(3);
    }

    public static void runtimeExit() {
        Runtime.getRuntime().exit(4);
    }

    public static void runtimeHalt() {
        Runtime.getRuntime().halt(5);
    }

    public static void exitByMethodReference() {
        IntConsumer exit = System::exit;
        exit.accept(6);
    }

    public static void haltByBoundMethodReference() {
        IntConsumer halt = Runtime.getRuntime()::halt;
        halt.accept(7);
    }

    /** What a plugin's own catch-all does: it must not swallow the refusal. */
    public static String exitInsideCatchException() {
        try {
            System.exit(8);
            return "went on";
        } catch (Exception e) {
            return "swallowed";
        }
    }
}
