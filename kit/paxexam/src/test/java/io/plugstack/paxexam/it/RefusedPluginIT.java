package io.plugstack.paxexam.it;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import org.junit.Test;
import org.junit.runner.JUnitCore;
import org.junit.runner.Result;
import org.junit.runner.notification.Failure;

import io.plugstack.api.plugin.SlurmRelease;

/**
 * A plugin the runtime's identity check refuses fails its test class with the refusal, as the runtime
 * words it, at once: never a test that runs without the plugin, never a timeout. The refusal comes from a
 * runtime setting of the configuration (the release the runtime plays), so it is checked to arrive too.
 */
public class RefusedPluginIT {

    @Test
    public void refusedPluginFailsTheTestClassWithTheRefusalReason() {
        Result result = new JUnitCore().run(RefusedPluginExam.class);

        assertFalse("the class passed with its plugin refused", result.wasSuccessful());
        assertEquals(result.getFailures().toString(), 1, result.getFailureCount());
        Failure failure = result.getFailures().get(0);
        String message = String.valueOf(failure.getException().getMessage());
        assertTrue(message, message.contains("the runtime refused the plugin"));
        assertTrue(message, message.contains(RefusedPluginExam.BSN));
        assertTrue(message, message.contains("Slurm-Plugin-Version " + SlurmRelease.BUILT_FOR + " does not match the runtime's Slurm "
                + RefusedPluginExam.SITE_RELEASE));
    }
}
