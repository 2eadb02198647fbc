package io.plugstack.itest;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;

/**
 * Runs Gogo commands in the booted runtime, as a user at the prompt would. Gogo's classes live
 * in the framework, not on the test class path, so it is driven by reflection.
 */
final class Shell {

    private static final String PROCESSOR = "org.apache.felix.service.command.CommandProcessor";
    private final Object session;
    private final Method execute;
    private final ByteArrayOutputStream console = new ByteArrayOutputStream();

    Shell(BundleContext system) throws Exception {
        ServiceReference<?>[] refs = system.getAllServiceReferences(PROCESSOR, null);
        if (refs == null) {
            throw new IllegalStateException("no Gogo CommandProcessor service");
        }
        Object processor = system.getService(refs[0]);
        Class<?> api = interfaceNamed(processor.getClass(), PROCESSOR);
        Method create = api.getMethod("createSession", InputStream.class, OutputStream.class, OutputStream.class);
        PrintStream sink = new PrintStream(console, true);
        session = create.invoke(processor, new ByteArrayInputStream(new byte[0]), sink, sink);
        execute = interfaceNamed(session.getClass(), "org.apache.felix.service.command.CommandSession")
                .getMethod("execute", CharSequence.class);
    }

    /** Sets the session's current directory, where relative paths of later commands resolve (Gogo's cd). */
    void cd(java.nio.file.Path dir) throws Exception {
        interfaceNamed(session.getClass(), "org.apache.felix.service.command.CommandSession")
                .getMethod("currentDir", java.nio.file.Path.class).invoke(session, dir);
    }

    /** The command's result as text; a failing command throws what it threw. */
    String run(String command) throws Exception {
        try {
            return String.valueOf(execute.invoke(session, command));
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof Exception ex ? ex : e;
        }
    }

    /**
     * {@link #runPrinting} again until its output satisfies {@code ok} (configuration reaches the bench a
     * poll later); the last output.
     */
    String runPrintingUntil(String command, java.util.function.Predicate<String> ok) throws InterruptedException {
        String[] last = {""};
        PlugstackRuntime.await(() -> {
            try {
                last[0] = runPrinting(command);
                return ok.test(last[0]);
            } catch (Exception e) {
                return false;
            }
        }, "'" + command + "' to answer as expected");
        return last[0];
    }

    /**
     * What the command printed on the session's console (task output included), and its result; for a Slurm
     * command that failed, this helper adds "{@code <command>: exit code N}" from the session's {@code status}
     * (the console prints only what the real command prints), so a test reads the outcome where $? would be.
     */
    String runPrinting(String command) throws Exception {
        synchronized (console) {
            console.reset();
        }
        status(0);
        Object result = run(command);
        String printed;
        synchronized (console) {
            printed = console.toString(java.nio.charset.StandardCharsets.UTF_8);
        }
        String out = printed + ("null".equals(result) ? "" : result);
        Object status = sessionMethod("get", String.class).invoke(session, "status");
        int code = status instanceof Number n ? n.intValue() : 0;
        return code == 0 ? out : out + (out.isEmpty() || out.endsWith("\n") ? "" : "\n") + command.strip().split("\\s+")[0]
                + ": exit code " + code;
    }

    /** Sets the session's {@code status}, which a Slurm command sets to its exit code. */
    void status(int code) throws Exception {
        sessionMethod("put", String.class, Object.class).invoke(session, "status", code);
    }

    private Method sessionMethod(String name, Class<?>... types) throws NoSuchMethodException {
        return interfaceNamed(session.getClass(), "org.apache.felix.service.command.CommandSession").getMethod(name, types);
    }

    /** What the console shows for the command: what it printed, then its result or the message it failed with. */
    String transcript(String command) {
        synchronized (console) {
            console.reset();
        }
        String end;
        try {
            String result = run(command);
            end = "null".equals(result) ? "" : result;
        } catch (Exception e) {
            end = String.valueOf(e.getMessage());
        }
        synchronized (console) {
            return console.toString(java.nio.charset.StandardCharsets.UTF_8) + end;
        }
    }

    private static Class<?> interfaceNamed(Class<?> c, String name) {
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            for (Class<?> i : k.getInterfaces()) {
                if (i.getName().equals(name)) {
                    return i;
                }
            }
        }
        throw new IllegalStateException(c + " does not implement " + name);
    }
}
