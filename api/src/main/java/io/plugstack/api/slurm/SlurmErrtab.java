package io.plugstack.api.slurm;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import io.plugstack.api.plugin.SlurmVersion;

/**
 * A release series' whole {@code slurm_errtab} (src/common/slurm_errno.c): every error Slurm names, with
 * its number and text, in the table's order. From 23.02 Slurm's Lua exports each entry by name
 * ({@code slurm.ESLURM_INVALID_QOS}); before, the table has no names. One resource per series
 * ({@code errtab/<series>.tsv}), made by api/src/build/slurm-errtab.sh from Slurm's own source at one
 * release of that series, which the file's first line names (a later release of the series may add an
 * entry). {@link SlurmErrno} is the part plugin authors use, and agrees with every table that has its
 * names (SlurmErrtabTest).
 */
public final class SlurmErrtab {

    /** One entry: {@code { ERRTAB_ENTRY(name), "text" }}. */
    public record Entry(int number, String name, String text) {
    }

    private static final Map<String, Optional<SlurmErrtab>> BY_SERIES = new ConcurrentHashMap<>();

    private final String source;
    private final List<Entry> entries;

    private SlurmErrtab(String source, List<Entry> entries) {
        this.source = source;
        this.entries = List.copyOf(entries);
    }

    /**
     * The table of a release's series.
     *
     * @param release any release
     * @return its series' table; empty before 23.02 (no names) or for a series with no table here
     */
    public static Optional<SlurmErrtab> of(SlurmVersion release) {
        return BY_SERIES.computeIfAbsent(release.series(), SlurmErrtab::load);
    }

    /**
     * {@code slurm_strerror(code)} as {@code release} answers it: its series' table's text, else
     * {@link SlurmErrno#strerror(int)} (the C library's text, or "Unknown negative error number").
     *
     * @param release the release played
     * @param code    any errno value
     * @return the text
     */
    public static String strerror(SlurmVersion release, int code) {
        return of(release).flatMap(t -> t.entries.stream().filter(e -> e.number() == code).findFirst())
                .map(Entry::text).orElseGet(() -> SlurmErrno.strerror(code));
    }

    /** @return the entries, in slurm_errno.c's order */
    public List<Entry> entries() {
        return entries;
    }

    /** @return the release and tag the table was taken from (the resource's first line) */
    public String source() {
        return source;
    }

    private static Optional<SlurmErrtab> load(String series) {
        String name = "errtab/" + series + ".tsv";
        try (InputStream in = SlurmErrtab.class.getResourceAsStream(name)) {
            if (in == null) {
                return Optional.empty();
            }
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String source = r.readLine();
            List<Entry> entries = new ArrayList<>();
            int line = 1;
            for (String l = r.readLine(); l != null; l = r.readLine()) {
                line++;
                String[] f = l.split("\t", 3);
                if (f.length != 3) {
                    throw new IllegalStateException(name + ":" + line + ": not number<TAB>name<TAB>text: " + l);
                }
                entries.add(new Entry(Integer.parseInt(f[0]), f[1], f[2]));
            }
            return Optional.of(new SlurmErrtab(source.replaceFirst("^# ", ""), entries));
        } catch (IOException e) {
            throw new UncheckedIOException(name, e);
        }
    }
}
