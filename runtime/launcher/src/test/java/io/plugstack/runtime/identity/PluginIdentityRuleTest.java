package io.plugstack.runtime.identity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.plugstack.api.plugin.SlurmVersion;

/** The resolver's verdict, one behaviour of Slurm's loader checks per test. */
class PluginIdentityRuleTest {

    private static final String SPANK_SERVICE = "io.plugstack.api.spank.SpankPlugin";
    private final PluginIdentityRule rule = new PluginIdentityRule(SlurmVersion.parse("25.11.2"));

    private static Map<String, String> headers(String type, String name, String version) {
        Map<String, String> h = new HashMap<>();
        if (type != null) h.put("Slurm-Plugin-Type", type);
        if (name != null) h.put("Slurm-Plugin-Name", name);
        if (version != null) h.put("Slurm-Plugin-Version", version);
        return h;
    }

    private Verdict judge(Map<String, String> h, String... services) {
        return rule.judge(h::get, List.of(services));
    }

    private Verdict.Refused refused(Verdict v) {
        return assertInstanceOf(Verdict.Refused.class, v);
    }

    @Test
    void bundleWithoutHeadersOrPluginServiceIsNotJudged() {
        assertInstanceOf(Verdict.NotAPlugin.class, judge(Map.of(), "org.example.Other"));
    }

    @Test
    void spankPluginOfSameReleaseIsAccepted() {
        assertInstanceOf(Verdict.Accepted.class, judge(headers("spank", "renice", "25.11.2"), SPANK_SERVICE));
    }

    @Test
    void spankPluginIgnoresMicroVersion() {
        assertInstanceOf(Verdict.Accepted.class, judge(headers("spank", "renice", "25.11.0")));
    }

    @Test
    void spankPluginOfAnotherMinorIsRefused() {
        Verdict.Refused r = refused(judge(headers("spank", "renice", "25.05.2")));
        assertEquals("Slurm-Plugin-Version", r.header());
        assertEquals("Slurm-Plugin-Version 25.05.2 does not match the runtime's Slurm 25.11.2: expected 25.11.x"
                + " (Incompatible Slurm plugin version)", r.reason());
    }

    @Test
    void jobSubmitPluginMustMatchMicroVersion() {
        Verdict.Refused r = refused(judge(headers("job_submit/partition", "partition", "25.11.3")));
        assertEquals("Slurm-Plugin-Version 25.11.3 does not match the runtime's Slurm 25.11.2: expected 25.11.2"
                + " (Incompatible Slurm plugin version)", r.reason());
    }

    @Test
    void aShippedPluginWrittenForTheRuntimesSeriesIsAcceptedAt22_05() {
        PluginIdentityRule at2205 = new PluginIdentityRule(SlurmVersion.parse("22.05.8"));
        Map<String, String> h = headers("job_submit/lua", "lua", "25.11.0");
        h.put("Slurm-Plugin-Releases", "22.05-25.11");
        assertInstanceOf(Verdict.Accepted.class, at2205.judge(h::get, List.of()));
    }

    @Test
    void aThirdPartyPluginBuiltFor25_11IsRefusedAt22_05WithSlurmsMessage() {
        PluginIdentityRule at2205 = new PluginIdentityRule(SlurmVersion.parse("22.05.8"));
        Verdict.Refused r = refused(at2205.judge(headers("job_submit/site", "site", "25.11.0")::get, List.of()));
        assertEquals("Slurm-Plugin-Version", r.header());
        assertEquals("Slurm-Plugin-Version 25.11.0 does not match the runtime's Slurm 22.05.8: expected 22.05.8"
                + " (Incompatible Slurm plugin version)", r.reason());
    }

    @Test
    void malformedReleasesHeaderIsRefusedNamingIt() {
        Map<String, String> h = headers("spank", "renice", "25.11.2");
        h.put("Slurm-Plugin-Releases", "all");
        assertEquals("Slurm-Plugin-Releases", refused(judge(h)).header());
    }

    @Test
    void cliFilterPluginOfSameReleaseIsAccepted() {
        assertInstanceOf(Verdict.Accepted.class, judge(headers("cli_filter/user_defaults", "user_defaults", "25.11.2")));
    }

    @Test
    void pluginServiceWithoutHeadersIsRefusedForMissingType() {
        Verdict.Refused r = refused(judge(Map.of(), SPANK_SERVICE));
        assertEquals("Slurm-Plugin-Type", r.header());
    }

    @Test
    void missingVersionHeaderIsRefused() {
        assertEquals("Slurm-Plugin-Version", refused(judge(headers("spank", "x", null))).header());
    }

    @Test
    void unknownMajorTypeIsRefused() {
        Verdict.Refused r = refused(judge(headers("sched/backfill", "backfill", "25.11.2")));
        assertEquals("Slurm-Plugin-Type", r.header());
    }

    @Test
    void typedPluginWithoutMinorIsRefused() {
        assertEquals("Slurm-Plugin-Type", refused(judge(headers("job_submit", "x", "25.11.2"))).header());
    }

    @Test
    void spankTypeWithMinorIsRefused() {
        assertEquals("Slurm-Plugin-Type", refused(judge(headers("spank/renice", "x", "25.11.2"))).header());
    }

    @Test
    void malformedVersionIsRefused() {
        Verdict.Refused r = refused(judge(headers("spank", "x", "25.11")));
        assertEquals("Slurm-Plugin-Version \"25.11\" is not major.minor.micro (e.g. 25.11.0)", r.reason());
    }

    @Test
    void versionPartAbove255IsRefused() {
        assertEquals("Slurm-Plugin-Version", refused(judge(headers("spank", "x", "25.300.0"))).header());
    }

    @Test
    void nameWithSpacesIsRefused() {
        assertEquals("Slurm-Plugin-Name", refused(judge(headers("spank", "my plugin", "25.11.2"))).header());
    }

    @Test
    void typeThatContradictsTheProvidedServiceIsRefused() {
        Verdict.Refused r = refused(judge(headers("job_submit/x", "x", "25.11.2"), SPANK_SERVICE));
        assertEquals("Slurm-Plugin-Type", r.header());
    }
}
