package io.plugstack.runtime.host.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.osgi.framework.Version;

class PluginPinTest {

    @Test
    void aReferenceWithoutAtIsUnpinned() {
        PluginPin p = PluginPin.parse("renice.so");
        assertThat(p.reference()).isEqualTo("renice.so");
        assertThat(p.range()).isEmpty();
        assertThat(p.admits(Version.parseVersion("9.9"))).isTrue();
    }

    @Test
    void aBracketedRangeIncludesLeftAndExcludesRightParenthesis() {
        PluginPin p = PluginPin.parse("renice@[1.2,1.3)");
        assertThat(p.reference()).isEqualTo("renice");
        assertThat(p.admits(Version.parseVersion("1.2.0"))).isTrue();
        assertThat(p.admits(Version.parseVersion("1.2.9"))).isTrue();
        assertThat(p.admits(Version.parseVersion("1.3.0"))).isFalse();
        assertThat(p.admits(Version.parseVersion("1.1.9"))).isFalse();
    }

    @Test
    void aBareVersionPinsExactlyThatVersion() {
        PluginPin p = PluginPin.parse("job_submit/partition@1.0.2");
        assertThat(p.admits(Version.parseVersion("1.0.2"))).isTrue();
        assertThat(p.admits(Version.parseVersion("1.0.3"))).isFalse();
        assertThat(p.toString()).isEqualTo("job_submit/partition@1.0.2");
    }

    @Test
    void atLeastIsSpelledWithGreaterOrEqual() {
        PluginPin p = PluginPin.parse("renice@>=1.2");
        assertThat(p.admits(Version.parseVersion("7.0"))).isTrue();
        assertThat(p.admits(Version.parseVersion("1.1"))).isFalse();
        assertThat(p.toString()).isEqualTo("renice@>=1.2.0");
    }

    @Test
    void thePathBeforeTheLastAtIsTheReference() {
        assertThat(PluginPin.parse("/usr/lib64/slurm/renice.so@1.0").reference()).isEqualTo("/usr/lib64/slurm/renice.so");
    }

    @Test
    void aMalformedPinSaysWhatIsWrongAndHowToWriteOne() {
        assertThatThrownBy(() -> PluginPin.parse("renice@[1.2"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("bad version pin '[1.2'")
                .hasMessageContaining("[1.2,1.3)");
        assertThatThrownBy(() -> PluginPin.parse("renice@")).hasMessageContaining("no version after '@'");
        assertThatThrownBy(() -> PluginPin.parse("renice@one")).hasMessageContaining("bad version pin 'one'");
        assertThatThrownBy(() -> PluginPin.parse("@1.0")).hasMessageContaining("no plugin name");
    }

    @Test
    void aListSplitsOnCommasOutsideRanges() {
        assertThat(PluginPin.splitList(" partition@[1.0,2.0), require_timelimit ,,lua@(1.0,1.5]"))
                .containsExactly("partition@[1.0,2.0)", "require_timelimit", "lua@(1.0,1.5]");
        assertThat(PluginPin.splitList(null)).isEmpty();
    }

    @Test
    void formatIsTheInverseOfParse() {
        for (String pin : new String[] {"1.2.3", "[1.2.0,1.3.0)", ">=2.0.0", "(1.0.0,2.0.0]"}) {
            assertThat(PluginPin.format(PluginPin.range(pin))).isEqualTo(pin);
        }
    }
}
