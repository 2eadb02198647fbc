package io.plugstack.runtime.bench.controller;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import io.plugstack.api.slurm.NoVal;

/** priority/basic as a real 22.05 gave it: the first eligible job 4294901759, each next one less, --nice subtracted. */
class BasicPriorityTest {

    @Test
    void theFirstJobGetsTopPriorityLessOneAndEachNextOneLess() {
        BasicPriority p = new BasicPriority();
        assertThat(p.next(NoVal.NO_VAL)).isEqualTo(4294901759L);
        assertThat(p.next(NoVal.NICE_OFFSET)).isEqualTo(4294901758L);
    }

    @Test
    void aNiceJobIsLowerByItsNiceAndDoesNotLowerTheNextOne() {
        BasicPriority p = new BasicPriority();
        assertThat(p.next(NoVal.NICE_OFFSET + 5)).isEqualTo(4294901754L);
        assertThat(p.next(NoVal.NO_VAL)).isEqualTo(4294901758L);
    }

    @Test
    void aNegativeNiceRaisesTheJob() {
        BasicPriority p = new BasicPriority();
        assertThat(p.next(NoVal.NICE_OFFSET - 10)).isEqualTo(4294901769L);
        assertThat(p.next(NoVal.NO_VAL)).isEqualTo(4294901758L);
    }
}
