package io.plugstack.cli_filter.user_defaults;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** CLI-21/CLI-22 details of reading the file as the C plugin does (getline, isspace, strtok). */
class DefaultsFileTest {

    @Test
    void lastLineWithoutNewlineStillCounts() {
        assertThat(DefaultsFile.parse("# c\npartition=p"))
                .containsExactly(new DefaultsEntry(2, null, null, "partition", "p"));
    }

    @Test
    void onlyNewlineEndsALine() {
        assertThat(DefaultsFile.parse("comment=1\rtime=2\n"))
                .containsExactly(new DefaultsEntry(1, null, null, "comment", "1\rtime=2"));
    }

    @Test
    void trimmingRemovesCIsspaceCharactersOnly() {
        assertThat(DefaultsFile.cTrim(" \t\u000B\f\r\nx y\n")).isEqualTo("x y");
        assertThat(DefaultsFile.cTrim("\u00A0x\u2003")).isEqualTo("\u00A0x\u2003");
    }

    @Test
    void keyTokensAreCommandClusterOptionFromTheLeft() {
        assertThat(DefaultsFile.parseLine("srun : c1 : mem = 4G", 7))
                .isEqualTo(new DefaultsEntry(7, "srun", "c1", "mem", "4G"));
        assertThat(DefaultsFile.parseLine("c1:mem=4G", 1)).isEqualTo(new DefaultsEntry(1, null, "c1", "mem", "4G"));
    }
}
