package io.plugstack.runtime.bench.client;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * getopt_long for the query commands (squeue, sinfo, scancel): each command lists its options once,
 * as a table of {@link Opt}; a bad word is refused in getopt's words, which the command prints after
 * its name, then "Try "cmd --help" for more information", as Slurm's commands do.
 */
final class Getopt {
    private Getopt() {
    }

    /**
     * One option: its short letter ('\0' for none), long name, whether it takes an argument, and
     * what it does, as --help lists it.
     */
    record Opt(char shortName, String longName, boolean hasArg, String help) {
        /** Its --help line in Slurm's layout: "  -j, --jobs=job(s)          comma separated list of jobs". */
        String helpLine() {
            String left = (shortName != '\0' ? "  -" + shortName + ", " : "      ") + "--" + longName;
            return String.format("%-30s", left) + (left.length() >= 30 ? " " : "") + help;
        }
    }

    /** What the words gave: each option's values in order (a flag's value is ""), and the other words. */
    record Parsed(Map<String, List<String>> options, List<String> operands) {
        boolean has(String longName) {
            return options.containsKey(longName);
        }

        /** The last value given, if the option was. */
        Optional<String> last(String longName) {
            List<String> v = options.get(longName);
            return v == null ? Optional.empty() : Optional.of(v.get(v.size() - 1));
        }

        /** Every value given, comma lists split. */
        List<String> list(String longName) {
            List<String> out = new ArrayList<>();
            for (String v : options.getOrDefault(longName, List.of())) {
                for (String w : v.split(",")) {
                    if (!w.isBlank()) {
                        out.add(w.trim());
                    }
                }
            }
            return out;
        }
    }

    /** A word getopt refuses, in its words ("invalid option -- 'x'"). */
    static final class BadOption extends Exception {
        BadOption(String message) {
            super(message);
        }
    }

    static Parsed parse(List<Opt> table, List<String> args) throws BadOption {
        Map<String, List<String>> options = new LinkedHashMap<>();
        List<String> operands = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--")) {
                operands.addAll(args.subList(i + 1, args.size()));
                break;
            }
            if (a.startsWith("--")) {
                int eq = a.indexOf('=');
                String name = a.substring(2, eq < 0 ? a.length() : eq);
                Opt o = table.stream().filter(x -> x.longName.equals(name)).findFirst()
                        .orElseThrow(() -> new BadOption("unrecognized option '" + a + "'"));
                String value = eq < 0 ? null : a.substring(eq + 1);
                if (o.hasArg && value == null) {
                    if (++i >= args.size()) {
                        throw new BadOption("option '--" + name + "' requires an argument");
                    }
                    value = args.get(i);
                } else if (!o.hasArg && value != null) {
                    throw new BadOption("option '--" + name + "' doesn't allow an argument");
                }
                options.computeIfAbsent(o.longName, k -> new ArrayList<>()).add(value == null ? "" : value);
            } else if (a.startsWith("-") && a.length() > 1) {
                i = shortOptions(table, args, i, options);
            } else {
                operands.add(a);
            }
        }
        return new Parsed(options, operands);
    }

    private static int shortOptions(List<Opt> table, List<String> args, int i, Map<String, List<String>> options)
            throws BadOption {
        String a = args.get(i);
        for (int k = 1; k < a.length(); k++) {
            char c = a.charAt(k);
            Opt o = table.stream().filter(x -> x.shortName == c).findFirst()
                    .orElseThrow(() -> new BadOption("invalid option -- '" + c + "'"));
            String value = "";
            if (o.hasArg) {
                if (k + 1 < a.length()) {
                    value = a.substring(k + 1);
                } else if (++i < args.size()) {
                    value = args.get(i);
                } else {
                    throw new BadOption("option requires an argument -- '" + c + "'");
                }
                k = a.length();
            }
            options.computeIfAbsent(o.longName, x -> new ArrayList<>()).add(value);
        }
        return i;
    }
}
