package io.plugstack.api.plugin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PluginIdentityTest {

    private static final SlurmVersion HOST = SlurmVersion.parse("25.11.0");

    private static Map<String, String> headers(String type, String name, String version) {
        Map<String, String> h = new HashMap<>();
        h.put(PluginHeaders.TYPE, type);
        h.put(PluginHeaders.NAME, name);
        h.put(PluginHeaders.VERSION, version);
        return h;
    }

    private static PluginIdentity identity(String type, String version) {
        return PluginIdentity.fromHeaders(headers(type, "demo", version)::get);
    }

    @Test
    void spankPluginBuiltFor25_11_3IsAcceptedByA25_11_0Host() {
        assertEquals(Optional.empty(), identity("spank", "25.11.3").incompatibilityWith(HOST));
    }

    @Test
    void jobSubmitPluginBuiltFor25_11_3IsRefusedByA25_11_0Host() {
        String why = identity("job_submit/require_timelimit", "25.11.3").incompatibilityWith(HOST).orElseThrow();
        assertTrue(why.startsWith(PluginHeaders.VERSION), why);
        assertTrue(why.contains("expected 25.11.0"), why);
    }

    @Test
    void cliFilterPluginWithOtherMicroIsRefused() {
        assertTrue(identity("cli_filter/lua", "25.11.1").incompatibilityWith(HOST).isPresent());
    }

    @Test
    void spankPluginWhoseMinorDiffersIsRefused() {
        String why = identity("spank", "25.05.0").incompatibilityWith(HOST).orElseThrow();
        assertTrue(why.contains("expected 25.11.x"), why);
    }

    @Test
    void theExpectedReleaseIsShownAsSlurmShowsIt() {
        SlurmVersion host = SlurmVersion.parse("22.05.8");
        assertEquals("22.05.8", host.toString());
        assertTrue(identity("job_submit/partition", "23.02.1").incompatibilityWith(host).orElseThrow().endsWith(
                "does not match the runtime's Slurm 22.05.8: expected 22.05.8 (Incompatible Slurm plugin version)"));
        assertTrue(identity("spank", "21.08.1").incompatibilityWith(host).orElseThrow().contains(": expected 22.05.x ("));
    }

    private static PluginIdentity writtenFor(String type, String version, String releases) {
        Map<String, String> h = headers(type, "demo", version);
        h.put(PluginHeaders.RELEASES, releases);
        return PluginIdentity.fromHeaders(h::get);
    }

    @ParameterizedTest
    @ValueSource(strings = {"22.05.8", "23.02.1", "23.11.4", "24.05.8", "24.11.6", "25.05.3", "25.11.0", "25.11.2"})
    void aPluginWrittenForTheHostsSeriesLoadsWhateverReleaseItWasBuiltWith(String host) {
        assertEquals(Optional.empty(), writtenFor("job_submit/lua", "25.11.0", "22.05-25.11").incompatibilityWith(SlurmVersion.parse(host)));
        assertEquals(Optional.empty(), writtenFor("spank", "25.11.0", "22.05-25.11").incompatibilityWith(SlurmVersion.parse(host)));
    }

    @Test
    void withoutTheReleasesHeaderSlurmsRuleAloneDecides() {
        String why = identity("job_submit/lua", "25.11.0").incompatibilityWith(SlurmVersion.parse("22.05.8")).orElseThrow();
        assertEquals("Slurm-Plugin-Version 25.11.0 does not match the runtime's Slurm 22.05.8: expected 22.05.8 "
                + "(Incompatible Slurm plugin version)", why);
    }

    @Test
    void aHostOutsideTheDeclaredSeriesGetsSlurmsRefusalNamingTheSeriesToo() {
        String why = writtenFor("cli_filter/lua", "25.11.0", "23.02-25.11").incompatibilityWith(SlurmVersion.parse("22.05.8")).orElseThrow();
        assertTrue(why.startsWith("Slurm-Plugin-Version 25.11.0 does not match the runtime's Slurm 22.05.8: expected 22.05.8 "
                + "(Incompatible Slurm plugin version)"), why);
        assertTrue(why.endsWith("; Slurm-Plugin-Releases 23.02-25.11 does not include it"), why);
    }

    @Test
    void malformedReleasesHeaderGivesAMessageNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> writtenFor("spank", "25.11.0", "22.5.8-25"));
        assertTrue(e.getMessage().startsWith(PluginHeaders.RELEASES + " \"22.5.8-25\" is not a release series range"), e.getMessage());
    }

    @Test
    void refusalRendersTheVersionAsSlurmDoesWithTwoDigitMinor() {
        String why = identity("spank", "24.5.1").incompatibilityWith(HOST).orElseThrow();
        assertTrue(why.contains("24.05.1"), why);
    }

    @Test
    void malformedVersionGivesAMessageNamingTheVersionHeader() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> identity("spank", "25.11"));
        assertTrue(e.getMessage().startsWith(PluginHeaders.VERSION), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {PluginHeaders.TYPE, PluginHeaders.NAME, PluginHeaders.VERSION})
    void missingHeaderGivesAMessageNamingIt(String missing) {
        Map<String, String> h = headers("spank", "demo", "25.11.0");
        h.remove(missing);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PluginIdentity.fromHeaders(h::get));
        assertTrue(e.getMessage().startsWith(missing + " is missing"), e.getMessage());
    }

    @Test
    void unknownMajorTypeGivesAMessageNamingTheTypeHeader() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> identity("burst_buffer/lua", "25.11.0"));
        assertTrue(e.getMessage().startsWith(PluginHeaders.TYPE), e.getMessage());
        assertTrue(e.getMessage().contains("burst_buffer"), e.getMessage());
    }

    @Test
    void spankTypeWithAMinorIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> PluginType.parse("spank/renice"));
    }

    @Test
    void typedPluginWithoutMinorIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> PluginType.parse("job_submit"));
    }

    @Test
    void versionNumberPacksOneBytePerPart() {
        assertEquals(0x190B02, SlurmVersion.parse("25.11.2").number());
    }

    @Test
    void apiIsBuiltForSlurm25_11() {
        SlurmVersion v = SlurmVersion.builtFor();
        assertEquals(25, v.major());
        assertEquals(11, v.minor());
    }

    @Test
    void familiesNameTheApiServiceInterfaces() {
        assertEquals(io.plugstack.api.spank.SpankPlugin.class.getName(), PluginFamily.SPANK.serviceInterface());
        assertEquals(io.plugstack.api.jobsubmit.JobSubmitPlugin.class.getName(), PluginFamily.JOB_SUBMIT.serviceInterface());
        assertEquals(io.plugstack.api.clifilter.CliFilterPlugin.class.getName(), PluginFamily.CLI_FILTER.serviceInterface());
    }

    @Test
    void onlySpankMatchesOnMajorMinor() {
        assertEquals(SlurmVersion.Match.MAJOR_MINOR, PluginFamily.SPANK.versionMatch());
        assertEquals(SlurmVersion.Match.MAJOR_MINOR_MICRO, PluginFamily.JOB_SUBMIT.versionMatch());
        assertEquals(SlurmVersion.Match.MAJOR_MINOR_MICRO, PluginFamily.CLI_FILTER.versionMatch());
    }

    @Test
    void genericInitSucceedsByDefault() {
        assertEquals(0, new SlurmPlugin() { }.init());
    }
}
