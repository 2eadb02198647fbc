package io.plugstack.runtime.bench.api;

import java.util.ArrayList;
import java.util.List;

/** A plain text table: columns as wide as their widest cell, two spaces apart (the bench's squeue and sinfo, the shell's tables). */
public final class Table {
    private final List<String[]> rows = new ArrayList<>();
    private final int columns;

    public Table(String... header) {
        this.columns = header.length;
        rows.add(header);
    }

    public Table row(Object... cells) {
        String[] r = new String[columns];
        for (int i = 0; i < columns; i++) {
            r[i] = i < cells.length && cells[i] != null ? String.valueOf(cells[i]) : "-";
        }
        rows.add(r);
        return this;
    }

    @Override
    public String toString() {
        int[] width = new int[columns];
        for (String[] r : rows) {
            for (int i = 0; i < columns - 1; i++) {
                width[i] = Math.max(width[i], r[i].length());
            }
        }
        StringBuilder sb = new StringBuilder();
        for (String[] r : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < columns; i++) {
                line.append(i < columns - 1 ? String.format("%-" + width[i] + "s  ", r[i]) : r[i]);
            }
            sb.append(line.toString().stripTrailing()).append('\n');
        }
        return sb.toString();
    }
}
