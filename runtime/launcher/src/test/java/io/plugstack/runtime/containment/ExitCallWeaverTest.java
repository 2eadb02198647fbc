package io.plugstack.runtime.containment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

import org.junit.jupiter.api.Test;

import io.plugstack.runtime.spi.containment.PluginExitRefused;

/** The weaver's rewrite, on real class files: every covered call throws instead of ending the JVM. */
class ExitCallWeaverTest {

    static byte[] bytesOf(Class<?> c) throws IOException {
        try (InputStream in = c.getResourceAsStream(c.getSimpleName() + ".class")) {
            return in.readAllBytes();
        }
    }

    /** ExitingPlugin woven, in a class loader of its own (the test's loader gives it ProcessExits). */
    static Class<?> woven() throws IOException {
        byte[] woven = ExitCallWeaver.rewrite(bytesOf(ExitingPlugin.class));
        assertThat(woven).isNotNull();
        return new ClassLoader(ExitCallWeaverTest.class.getClassLoader()) {
            Class<?> define() {
                return defineClass(ExitingPlugin.class.getName(), woven, 0, woven.length);
            }
        }.define();
    }

    static Throwable thrownBy(String method) throws Exception {
        Method m = woven().getMethod(method);
        try {
            m.invoke(null);
            return null;
        } catch (InvocationTargetException e) {
            return e.getCause();
        }
    }

    @Test
    void systemExitThrowsInsteadOfEndingTheRuntime() throws Exception {
        assertThat(thrownBy("systemExit")).isInstanceOf(PluginExitRefused.class).hasMessageStartingWith("System.exit(3) refused");
    }

    @Test
    void runtimeExitThrowsInsteadOfEndingTheRuntime() throws Exception {
        assertThat(thrownBy("runtimeExit")).isInstanceOf(PluginExitRefused.class).hasMessageStartingWith("Runtime.exit(4) refused");
    }

    @Test
    void runtimeHaltThrowsInsteadOfEndingTheRuntime() throws Exception {
        assertThat(thrownBy("runtimeHalt")).isInstanceOf(PluginExitRefused.class).hasMessageStartingWith("Runtime.halt(5) refused");
    }

    @Test
    void aMethodReferenceToSystemExitThrowsToo() throws Exception {
        assertThat(thrownBy("exitByMethodReference")).isInstanceOf(PluginExitRefused.class).hasMessageStartingWith("System.exit(6)");
    }

    @Test
    void aBoundMethodReferenceToHaltThrowsToo() throws Exception {
        assertThat(thrownBy("haltByBoundMethodReference")).isInstanceOf(PluginExitRefused.class).hasMessageStartingWith("Runtime.halt(7)");
    }

    @Test
    void aPluginsCatchOfExceptionDoesNotSwallowTheRefusal() throws Exception {
        assertThat(thrownBy("exitInsideCatchException")).isInstanceOf(PluginExitRefused.class);
    }

    @Test
    void aClassWithoutSuchCallsIsLeftAlone() throws IOException {
        assertThat(ExitCallWeaver.rewrite(bytesOf(ExitCallWeaverTest.class))).isNull();
        assertThatThrownBy(() -> { throw new PluginExitRefused("x"); }).isNotInstanceOf(Exception.class);
    }
}
