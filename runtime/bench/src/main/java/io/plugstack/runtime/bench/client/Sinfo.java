package io.plugstack.runtime.bench.client;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import io.plugstack.api.jobsubmit.Partition;
import io.plugstack.api.slurm.NoVal;
import io.plugstack.runtime.bench.api.CommandIO;
import io.plugstack.runtime.bench.controller.Controller;
import io.plugstack.runtime.bench.controller.NodeInfo;

/**
 * sinfo: one line per partition with the node in it, in Slurm's layout ("%#P %.5a %.10l %.6D %.6t %N"),
 * filtered by -p and -t; -o takes sinfo's % letters, -R lists why the node is drained, -s summarizes,
 * -l is the long report.
 */
public final class Sinfo {
    private Sinfo() {
    }

    static final String DEFAULT_FORMAT = "%#P %.5a %.10l %.6D %.6t %N";
    static final String LONG_FORMAT = "%#P %.5a %.10l %.10s %.4r %.8h %.10g %.6D %.11T %N";
    static final String SUMMARY_FORMAT = "%#P %.5a %.10l %.15F %N";
    static final String REASONS_FORMAT = "%20E %9u %19H %N";

    /** The options sinfo takes here (sinfo/opts.c's, the common ones). */
    static final List<Getopt.Opt> OPTIONS = List.of(
            new Getopt.Opt('a', "all", false, "show all partitions (including hidden and those not accessible)"),
            new Getopt.Opt('h', "noheader", false, "no headers on output"),
            new Getopt.Opt('l', "long", false, "long output - displays more information"),
            new Getopt.Opt('o', "format", true, "format specification"),
            new Getopt.Opt('p', "partition", true, "report on specific partition"),
            new Getopt.Opt('R', "list-reasons", false, "list reason nodes are down or drained"),
            new Getopt.Opt('s', "summarize", false, "report state summary only"),
            new Getopt.Opt('t', "states", true, "specify the what states of nodes to view"),
            new Getopt.Opt('\0', "help", false, "show this help message"));

    /** One output line: a partition and the node, or none when -t filtered it out ("n/a"). */
    record Row(Partition partition, NodeInfo node, boolean shown) {
    }

    /** sinfo's % letters the bench knows, with their column titles (sinfo/print.c). */
    static Map<Character, FieldFormat.Field<Row>> fields() {
        Map<Character, FieldFormat.Field<Row>> f = new LinkedHashMap<>();
        put(f, 'P', "PARTITION", r -> r.partition().name() + (r.partition().isDefault() ? "*" : ""));
        put(f, 'R', "PARTITION", r -> r.partition().name());
        put(f, 'a', "AVAIL", r -> r.partition().state().name().toLowerCase());
        put(f, 'l', "TIMELIMIT", r -> r.partition().maxTime() == NoVal.INFINITE ? "infinite"
                : FieldFormat.elapsed(r.partition().maxTime() * 60));
        put(f, 's', "JOB_SIZE", r -> Math.max(1, r.partition().minNodes()) + "-"
                + (r.partition().maxNodes() == NoVal.INFINITE ? "infinite" : String.valueOf(r.partition().maxNodes())));
        put(f, 'r', "ROOT", r -> r.partition().rootOnly() ? "yes" : "no");
        put(f, 'h', "OVERSUBSCRIBE", r -> "NO");
        put(f, 'g', "GROUPS", r -> r.partition().allowedUids().isEmpty() ? "all" : "(restricted)");
        put(f, 'D', "NODES", r -> r.shown() ? "1" : "0");
        put(f, 't', "STATE", r -> r.shown() ? r.node().compactState() : "n/a");
        put(f, 'T', "STATE", r -> r.shown() ? r.node().longState() : "n/a");
        put(f, 'N', "NODELIST", r -> r.shown() ? r.node().name() : "");
        put(f, 'c', "CPUS", r -> String.valueOf(r.node().cpus()));
        put(f, 'C', "CPUS(A/I/O/T)", r -> r.node().allocCpus() + "/" + (r.node().drained() ? 0 : r.node().cpus() - r.node().allocCpus())
                + "/" + (r.node().drained() ? r.node().cpus() - r.node().allocCpus() : 0) + "/" + r.node().cpus());
        put(f, 'F', "NODES(A/I/O/T)", r -> (r.node().allocCpus() > 0 ? "1/0/0/1" : r.node().drained() ? "0/0/1/1" : "0/1/0/1"));
        put(f, 'E', "REASON", r -> r.node().reason().isEmpty() ? "none" : r.node().reason());
        put(f, 'u', "USER", r -> Usage.runtimeUser()); // who drained it: the controller, the runtime's user
        put(f, 'H', "TIMESTAMP", r -> FieldFormat.date(r.node().drainTime(), "Unknown"));
        return f;
    }

    private static void put(Map<Character, FieldFormat.Field<Row>> f, char letter, String title, Function<Row, String> value) {
        f.put(letter, new FieldFormat.Field<>(title, value));
    }

    /** -t's names as sinfo takes them, each with the node states it matches. */
    private static final Map<String, List<String>> STATES = Map.of("idle", List.of("idle"), "alloc", List.of("allocated"),
            "allocated", List.of("allocated"), "mix", List.of("mixed"), "mixed", List.of("mixed"),
            "drain", List.of("drained", "draining"), "drained", List.of("drained"), "draining", List.of("draining"));

    public static int run(Controller c, List<String> args, CommandIO io) {
        Getopt.Parsed p;
        try {
            p = Getopt.parse(OPTIONS, args);
        } catch (Getopt.BadOption e) {
            return Usage.bad("sinfo", e, io);
        }
        if (p.has("help")) {
            return Usage.help("sinfo [OPTIONS]", OPTIONS, io);
        }
        NodeInfo node = c.nodeInfo();
        boolean shown = p.list("states").isEmpty();
        for (String s : p.list("states")) {
            List<String> matches = STATES.get(s.toLowerCase());
            if (matches == null) {
                io.err().println("sinfo: error: Bad state string: \"" + s + "\"");
                io.err().println("sinfo: error: valid states: " + String.join(",", STATES.keySet().stream().sorted().toList()));
                return 1;
            }
            shown |= matches.contains(node.longState());
        }
        String spec = p.last("format").orElse(p.has("list-reasons") ? REASONS_FORMAT : p.has("summarize") ? SUMMARY_FORMAT
                : p.has("long") ? LONG_FORMAT : DEFAULT_FORMAT);
        FieldFormat<Row> format;
        try {
            format = FieldFormat.parse(spec, fields());
        } catch (FieldFormat.BadFormat e) {
            io.err().println("sinfo: error: Invalid node format specification: " + e.getMessage());
            return 1;
        }
        List<String> wanted = p.list("partition");
        List<Row> rows = new ArrayList<>();
        for (Partition part : c.partitions()) {
            if (wanted.isEmpty() || wanted.contains(part.name())) {
                rows.add(new Row(part, node, shown));
            }
        }
        if (p.has("list-reasons")) {
            rows = node.drained() && !rows.isEmpty() ? List.of(rows.get(0)) : List.of(); // one line per drained node
        }
        if (p.has("long")) {
            Usage.longDate(io);
        }
        format.lines(rows, !p.has("noheader")).forEach(io.out()::println);
        return 0;
    }
}
