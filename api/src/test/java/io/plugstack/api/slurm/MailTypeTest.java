package io.plugstack.api.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** slurm.h's MAIL_* bits and --mail-type's words (parse_mail_type), row by row. */
class MailTypeTest {

    @ParameterizedTest
    @CsvSource({"BEGIN, 1", "END, 2", "FAIL, 4", "REQUEUE, 8", "TIME_LIMIT, 16", "TIME_LIMIT_90, 32", "TIME_LIMIT_80, 64",
        "TIME_LIMIT_50, 128", "STAGE_OUT, 256", "INVALID_DEPEND, 1024", "NONE, 0", "ALL, 271", "'begin,end', 3",
        "'BEGIN, FAIL', 5"})
    void mailTypeWordsGiveSlurmsFlags(String words, long flags) {
        assertThat(MailType.flags(words)).isEqualTo(flags);
    }

    @ParameterizedTest
    @CsvSource({"BEGIN, MAIL_JOB_BEGIN", "TIME90, MAIL_JOB_TIME890", "INVALID_DEPEND, MAIL_INVALID_DEPEND"})
    void luaNamesAreThoseSlurmExports(MailType t, String name) {
        assertThat(t.luaName()).isEqualTo(name);
    }

    @ParameterizedTest
    @CsvSource({"SOMETIMES", "'BEGIN,LATER'"})
    void anUnknownWordIsRefusedWithSbatchsMessage(String words) {
        assertThatThrownBy(() -> MailType.flags(words)).hasMessage("Invalid --mail-type specification");
    }
}
