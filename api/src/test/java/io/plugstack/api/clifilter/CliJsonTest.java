package io.plugstack.api.clifilter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The compact JSON Slurm's serializer/json (json-c, plain) writes. */
class CliJsonTest {

    @Test
    void objectIsCompactAndKeepsItsOrder() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("b", "1");
        m.put("a", List.of("x", "y"));
        m.put("c", null);
        m.put("d", Map.of());
        assertThat(CliJson.write(m)).isEqualTo("{\"b\":\"1\",\"a\":[\"x\",\"y\"],\"c\":null,\"d\":{}}");
    }

    @Test
    void quoteBackslashAndSlashAreBackslashEscaped() {
        assertThat(CliJson.write("say \"hi\" C:\\dir /usr/bin")).isEqualTo("\"say \\\"hi\\\" C:\\\\dir \\/usr\\/bin\"");
    }

    @Test
    void controlCharactersUseShortEscapesOrLowerCaseUnicodeEscapes() {
        assertThat(CliJson.write("\b\f\n\r\t\u0000\u001b\u001F")).isEqualTo("\"\\b\\f\\n\\r\\t\\u0000\\u001b\\u001f\"");
    }

    @Test
    void otherCharactersAreWrittenAsIs() {
        assertThat(CliJson.write("é ü \u007f 日本")).isEqualTo("\"é ü \u007f 日本\"");
    }

    @Test
    void keysAreEscapedLikeValues() {
        assertThat(CliJson.write(Map.of("a\"b/c", "v"))).isEqualTo("{\"a\\\"b\\/c\":\"v\"}");
    }

    @Test
    void listMayHoldNull() {
        assertThat(CliJson.write(Arrays.asList("a", null))).isEqualTo("[\"a\",null]");
    }

    @Test
    void otherValueTypesAreRefused() {
        assertThatThrownBy(() -> CliJson.write(42)).isInstanceOf(IllegalArgumentException.class);
    }
}
