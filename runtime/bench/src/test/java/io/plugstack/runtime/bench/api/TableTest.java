package io.plugstack.runtime.bench.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class TableTest {

    @Test
    void columnsAlignToWidestCellAndMissingCellsShowDash() {
        String t = new Table("ID", "NAME", "REASON").row(7, "demo", null).row(12, "x", "why").toString();
        assertEquals("ID  NAME  REASON\n7   demo  -\n12  x     why\n", t);
    }
}
