package io.plugstack.paxexam.container;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

import org.ops4j.pax.exam.TestAddress;
import org.ops4j.pax.exam.TestContainerException;
import org.osgi.framework.BundleContext;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;

/**
 * Calls a test through the ProbeInvoker service Pax Exam's extender registers for the probe inside the
 * framework. Pax Exam's native container has the system bundle export Pax Exam's API so that the service
 * is of the test JVM's ProbeInvoker type; our launcher exports only its own SPI packages, so inside the
 * framework that type comes from Pax Exam's bundle, and the call is made by name: ProbeInvoker's one
 * method, {@code call(Object...)}, with the address's arguments (an Integer index at most).
 */
final class ProbeCalls {

    private static final String PROBE_INVOKER = "org.ops4j.pax.exam.ProbeInvoker";
    /** The probe header naming the test (NativeTestContainer's key). */
    private static final String PROBE_SIGNATURE = "Probe-Signature";

    private ProbeCalls() {
    }

    static void call(BundleContext context, TestAddress address, long timeoutMillis) {
        Object invoker = invoker(context, address.root().identifier(), timeoutMillis);
        try {
            Method call = callMethod(invoker.getClass());
            call.invoke(invoker, new Object[] {address.arguments()});
        } catch (InvocationTargetException e) {
            // the test's own failure (an AssertionError, wrapped by the invoker): Pax Exam's runner unwinds it
            throw new TestContainerException(e.getCause().getMessage(), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new TestContainerException("cannot call " + PROBE_INVOKER + " of " + invoker.getClass(), e);
        }
    }

    private static Object invoker(BundleContext context, String signature, long timeoutMillis) {
        String filter = "(" + PROBE_SIGNATURE + "=" + signature + ")";
        long end = System.nanoTime() + timeoutMillis * 1_000_000;
        while (true) {
            try {
                ServiceReference<?>[] refs = context.getAllServiceReferences(PROBE_INVOKER, filter);
                if (refs != null) {
                    Object service = context.getService(refs[0]);
                    if (service != null) {
                        return service;
                    }
                }
            } catch (InvalidSyntaxException e) {
                throw new TestContainerException("bad probe signature " + signature, e);
            }
            if (System.nanoTime() > end) {
                throw new TestContainerException("no " + PROBE_INVOKER + " service " + filter + " within " + timeoutMillis
                        + " ms: did Pax Exam's bundles and the probe start? (pax.exam.invoker=junit, junitBundles())");
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new TestContainerException("interrupted while looking up the probe invoker", e);
            }
        }
    }

    /** {@code call(Object[])} as the in-framework ProbeInvoker interface declares it (the class may be private). */
    private static Method callMethod(Class<?> c) throws NoSuchMethodException {
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            for (Class<?> i : k.getInterfaces()) {
                if (i.getName().equals(PROBE_INVOKER)) {
                    return i.getMethod("call", Object[].class);
                }
            }
        }
        throw new NoSuchMethodException(c + " does not implement " + PROBE_INVOKER);
    }
}
