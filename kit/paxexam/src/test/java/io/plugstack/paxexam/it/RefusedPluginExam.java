package io.plugstack.paxexam.it;

import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;

import io.plugstack.api.plugin.SlurmRelease;
import io.plugstack.paxexam.PlugstackExam;

/**
 * An author's test class whose plugin the runtime refuses: built for the API's release (Slurm-Plugin-Version
 * 25.11.0, no Slurm-Plugin-Releases), tested on a runtime set to play the site's Slurm 22.05.8. Run by
 * {@link RefusedPluginIT}, it must fail. Not an IT itself (failsafe runs *IT), since failing is what it is for.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class RefusedPluginExam {

    static final String SITE_RELEASE = "22.05.8";
    static final String BSN = "io.plugstack.paxexam.fixture.refused";

    @Configuration
    public Option[] config() {
        return PlugstackExam.configuration(PlugstackExam.pluginBundle(FixtureBundles.build(BSN, SlurmRelease.BUILT_FOR)),
                PlugstackExam.plugstackConf("required project"), PlugstackExam.runtimeSetting("plugstack.slurm.release", SITE_RELEASE));
    }

    @Test
    public void neverRuns() {
        // the runtime refuses the plugin before any test of the class runs
    }
}
