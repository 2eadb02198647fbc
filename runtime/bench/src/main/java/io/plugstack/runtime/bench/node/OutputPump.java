package io.plugstack.runtime.bench.node;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;

/** Copies a child process's output to the command's stream, as srun/salloc forward task output. */
public final class OutputPump {
    private OutputPump() {
    }

    public static Thread start(InputStream in, PrintStream to) {
        Thread t = new Thread(() -> {
            try (in) {
                in.transferTo(to);
                to.flush();
            } catch (IOException ignored) {
                // the process closed its end
            }
        }, "task-output");
        t.setDaemon(true);
        t.start();
        return t;
    }
}
