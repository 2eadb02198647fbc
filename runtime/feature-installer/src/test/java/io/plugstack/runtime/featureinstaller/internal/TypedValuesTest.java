package io.plugstack.runtime.featureinstaller.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

class TypedValuesTest {

    @Test
    void scalarsKeepTheirType() {
        for (Object v : List.of("a:b", 3, 4L, 1.5f, 2.5d, true, (short) 7, (byte) 8, 'c')) {
            assertThat(TypedValues.decode(TypedValues.encode(v))).isEqualTo(v);
        }
        assertThat(TypedValues.encode(3)).isEqualTo("Integer:3");
    }

    @Test
    void arraysKeepTheirTypeAndItemsWithCommasAndBackslashes() {
        String[] items = {"a,b", "c\\d", ""};
        assertThat(TypedValues.encode(items)).isEqualTo("String[]:3:a\\,b,c\\\\d,");
        assertThat((String[]) TypedValues.decode(TypedValues.encode(items))).containsExactly(items);
        assertThat((Integer[]) TypedValues.decode(TypedValues.encode(new int[] {1, 2}))).containsExactly(1, 2);
    }

    @Test
    void emptyArrayAndArrayOfOneEmptyStringDiffer() {
        assertThat((String[]) TypedValues.decode(TypedValues.encode(new String[0]))).isEmpty();
        assertThat((String[]) TypedValues.decode(TypedValues.encode(new String[] {""}))).containsExactly("");
    }

    @Test
    void collectionsComeBackAsLists() {
        assertThat(TypedValues.decode(TypedValues.encode(List.of(1L, 2L)))).isEqualTo(List.of(1L, 2L));
    }

    @Test
    void unsupportedTypeIsRefused() {
        assertThatThrownBy(() -> TypedValues.encode(new Object())).hasMessage("unsupported configuration value type Object");
    }
}
