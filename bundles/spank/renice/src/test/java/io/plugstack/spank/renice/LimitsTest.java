package io.plugstack.spank.renice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

class LimitsTest {

    @Test
    void withoutArgumentsTheWholeNiceRangeIsAllowed() {
        assertThat(Limits.parse(List.of())).isEqualTo(new Limits(-20, 19));
    }

    @Test
    void pluginArgumentsNarrowTheRange() {
        Limits l = Limits.parse(List.of("min=0", "max=10"));
        assertThat(l.check("10")).isEqualTo(10);
        assertThatThrownBy(() -> l.check("-1")).hasMessage("--renice=-1: priority must be from 0 to 10");
    }

    @Test
    void nonNumericPriorityIsRefused() {
        assertThatThrownBy(() -> Limits.DEFAULT.check("high")).hasMessage("--renice=high: not an integer");
    }

    @Test
    void unknownPluginArgumentIsAnError() {
        assertThatThrownBy(() -> Limits.parse(List.of("prio=3"))).hasMessageContaining("unknown argument \"prio=3\"");
    }

    @Test
    void limitsOutsideNiceRangeAreAnError() {
        assertThatThrownBy(() -> Limits.parse(List.of("min=-30"))).hasMessageContaining("not within -20..19");
    }
}
