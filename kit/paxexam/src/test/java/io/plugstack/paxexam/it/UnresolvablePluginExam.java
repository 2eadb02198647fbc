package io.plugstack.paxexam.it;

import java.util.Map;

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
 * An author's test class whose plugin imports a package nothing exports. Run by {@link UnresolvablePluginIT},
 * it must fail with the resolver's reason. Not an IT itself (failsafe runs *IT), since failing is what it is for.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class UnresolvablePluginExam {

    static final String BSN = "io.plugstack.paxexam.fixture.unresolvable";
    static final String MISSING = "com.example.nowhere";

    @Configuration
    public Option[] config() {
        return PlugstackExam.configuration(PlugstackExam.pluginBundle(FixtureBundles.build(BSN, SlurmRelease.BUILT_FOR,
                Map.of("Import-Package", MISSING + ",*"))), PlugstackExam.plugstackConf("required project"));
    }

    @Test
    public void neverRuns() {
        // the plugin never resolves: the class fails before any test runs
    }
}
