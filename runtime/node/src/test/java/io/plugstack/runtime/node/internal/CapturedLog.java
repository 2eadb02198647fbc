package io.plugstack.runtime.node.internal;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.plugstack.api.slurm.SlurmLog;

/** A daemon log whose lines a test reads back. */
final class CapturedLog {

    final List<String> lines = new CopyOnWriteArrayList<>();
    final SlurmLog log = SlurmLog.lines("t", new PrintStream(new OutputStream() {
        private final StringBuilder line = new StringBuilder();

        @Override
        public void write(int b) {
            if (b == '\n') {
                lines.add(line.toString());
                line.setLength(0);
            } else {
                line.append((char) b);
            }
        }
    }, true), 0);
}
