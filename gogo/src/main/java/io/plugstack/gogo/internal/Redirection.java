package io.plugstack.gogo.internal;

import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Process;

/**
 * What Gogo did with a '&gt;' typed in a command's arguments. Gogo reads {@code pin renice >=0.3}
 * as {@code pin renice 0.3} with the output redirected to a file named "=": before the command runs,
 * the file is created and the '&gt;=' is gone from the arguments. A command whose arguments may hold
 * '&gt;' asks here whether its output was redirected to a file, so it can refuse what the admin cannot
 * have meant and take back the file Gogo created.
 */
public final class Redirection {
    private Redirection() {
    }

    /**
     * The files the running command's standard output was redirected to ({@code > f}, {@code >> f}),
     * from the statement Gogo parsed; empty when it was not, or when this Gogo does not tell.
     */
    public static List<String> targets() {
        List<String> files = new ArrayList<>();
        Process p = Process.Utils.current();
        if (p == null) {
            return files;
        }
        try {
            // Gogo keeps the parsed statement in its Pipe; only its redirections() accessor is public
            Field f = p.getClass().getDeclaredField("statement");
            f.setAccessible(true);
            Object statement = f.get(p);
            List<?> tokens = (List<?>) statement.getClass().getMethod("redirections").invoke(statement);
            for (int i = 0; i < tokens.size() - 1; i++) {
                String op = String.valueOf(tokens.get(i));
                if (op.equals(">") || op.equals(">>") || op.equals("1>") || op.equals("1>>")) {
                    files.add(String.valueOf(tokens.get(++i)));
                }
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            return files; // another Gogo: nothing known
        }
        return files;
    }

    /**
     * Refuses {@code command} when its output went to a file, which only an unquoted '&gt;' in its
     * arguments does, removing the file Gogo created for it when it is still empty.
     */
    public static void refuse(CommandSession session, String command, String quoted) {
        List<String> files = targets();
        if (files.isEmpty()) {
            return;
        }
        List<String> removed = new ArrayList<>();
        for (String name : files) {
            Path file = session == null || session.currentDir() == null ? Path.of(name) : session.currentDir().resolve(name);
            try {
                if (Files.isRegularFile(file) && Files.size(file) == 0) {
                    Files.delete(file);
                    removed.add(name);
                }
            } catch (IOException e) {
                // left: the message names it
            }
        }
        throw Commands.fail(command, "Gogo read '>' as a redirection of the output to the file '" + String.join("', '", files)
                + "'" + (removed.size() == files.size() ? " (removed)" : "") + ", not as part of an argument; nothing changed."
                + " Quote what holds '>': " + quoted);
    }
}
