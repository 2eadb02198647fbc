package io.plugstack.paxexam.it;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import org.junit.Test;
import org.junit.runner.JUnitCore;
import org.junit.runner.Result;

/**
 * A plugin that cannot resolve fails its test class with the resolver's reason, once FileInstall is done with
 * it (the kit does not ask the resolver while FileInstall starts the bundle: that took FileInstall's global
 * resolve lock, and a plugin that would have run stayed RESOLVED, issue 29).
 */
public class UnresolvablePluginIT {

    @Test
    public void anUnresolvablePluginFailsTheTestClassWithTheResolversReason() {
        Result result = new JUnitCore().run(UnresolvablePluginExam.class);

        assertFalse("the class passed with its plugin unresolved", result.wasSuccessful());
        assertEquals(result.getFailures().toString(), 1, result.getFailureCount());
        String message = String.valueOf(result.getFailures().get(0).getException().getMessage());
        assertTrue(message, message.contains("cannot resolve"));
        assertTrue(message, message.contains(UnresolvablePluginExam.MISSING));
    }
}
