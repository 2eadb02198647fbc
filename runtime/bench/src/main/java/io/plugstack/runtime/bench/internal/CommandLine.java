package io.plugstack.runtime.bench.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A client command's arguments, getopt_long style: Slurm's own options (the few the bench
 * understands so far), then plugin options (--name, --name=arg, --name arg), then the command.
 * Plugin options are only known after the stack's init registered them, so parsing happens then.
 */
final class CommandLine {

    /** Long options the bench's commands own, with their short forms; plugin options may not shadow them (SPANK-32). */
    static final Map<String, Character> BUILTINS = Map.of("job-name", 'J', "ntasks", 'n', "nodes", 'N',
            "partition", 'p', "time", 't', "output", 'o', "verbose", 'v', "help", 'h');
    private static final Set<String> FLAGS = Set.of("verbose", "help");

    final Map<String, String> builtins = new LinkedHashMap<>();
    final List<String[]> pluginOptions = new ArrayList<>();
    final List<String> command = new ArrayList<>();
    int verbosity;
    boolean help;

    /** Thrown for an unknown option or a missing argument, with Slurm's wording. */
    static final class BadOption extends Exception {
        BadOption(String message) {
            super(message);
        }
    }

    /** What the command accepts as a plugin option. */
    interface PluginOptions {
        boolean knows(String name);

        int hasArg(String name);
    }

    /** Counts -v before the stack exists, so its log level is right from the start. */
    static int verbosity(List<String> args) {
        int v = 0;
        for (String a : args) {
            if (!a.startsWith("-")) {
                break;
            }
            if (a.equals("--verbose")) {
                v++;
            } else if (a.matches("-v+")) {
                v += a.length() - 1;
            }
        }
        return v;
    }

    static CommandLine parse(List<String> args, PluginOptions plugins) throws BadOption {
        CommandLine c = new CommandLine();
        int i = 0;
        for (; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--")) {
                i++;
                break;
            }
            if (!a.startsWith("-") || a.equals("-")) {
                break;
            }
            i = a.startsWith("--") ? c.longOption(args, i, plugins) : c.shortOptions(args, i);
        }
        c.command.addAll(args.subList(Math.min(i, args.size()), args.size()));
        if (!c.command.isEmpty() && c.command.get(0).equals(":")) {
            throw new BadOption("heterogeneous jobs (components separated by ':') are not supported by the bench yet");
        }
        return c;
    }

    private int longOption(List<String> args, int i, PluginOptions plugins) throws BadOption {
        String a = args.get(i).substring(2);
        int eq = a.indexOf('=');
        String name = eq < 0 ? a : a.substring(0, eq);
        String value = eq < 0 ? null : a.substring(eq + 1);
        if (BUILTINS.containsKey(name)) {
            return builtin(name, value, args, i);
        }
        if (!plugins.knows(name)) {
            throw new BadOption("unrecognized option '--" + name + "'");
        }
        int hasArg = plugins.hasArg(name);
        if (hasArg == 1 && value == null) {
            if (i + 1 >= args.size()) {
                throw new BadOption("option '--" + name + "' requires an argument");
            }
            value = args.get(++i);
        } else if (hasArg == 0 && value != null) {
            throw new BadOption("option '--" + name + "' doesn't allow an argument");
        }
        pluginOptions.add(new String[] {name, value});
        return i;
    }

    private int builtin(String name, String value, List<String> args, int i) throws BadOption {
        if (name.equals("verbose")) {
            verbosity++;
        } else if (name.equals("help")) {
            help = true;
        } else if (value != null) {
            builtins.put(name, value);
        } else if (i + 1 < args.size()) {
            builtins.put(name, args.get(++i));
        } else {
            throw new BadOption("option '--" + name + "' requires an argument");
        }
        return i;
    }

    private int shortOptions(List<String> args, int i) throws BadOption {
        String a = args.get(i);
        for (int k = 1; k < a.length(); k++) {
            char ch = a.charAt(k);
            String name = BUILTINS.entrySet().stream().filter(e -> e.getValue() == ch).map(Map.Entry::getKey)
                    .findFirst().orElseThrow(() -> new BadOption("invalid option -- '" + ch + "'"));
            if (FLAGS.contains(name)) {
                builtin(name, null, args, i);
                continue;
            }
            String rest = a.substring(k + 1);
            if (!rest.isEmpty()) {
                builtins.put(name, rest);
                return i;
            }
            return builtin(name, null, args, i);
        }
        return i;
    }

    int ntasks() throws BadOption {
        String n = builtins.getOrDefault("ntasks", "1");
        try {
            int v = Integer.parseInt(n);
            if (v < 1) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw new BadOption("invalid number of tasks (-n " + n + ")");
        }
    }
}
