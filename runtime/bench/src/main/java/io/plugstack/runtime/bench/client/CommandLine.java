package io.plugstack.runtime.bench.client;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.plugstack.runtime.bench.options.SubmitOption;

/**
 * A client command's words, getopt_long style: Slurm's options (the {@link SubmitOption} table),
 * plugin options (--name, --name=arg, --name arg), then the command and its arguments. Plugin
 * options are only known after the stack's init registered them, so parsing happens then.
 */
final class CommandLine {

    /** Long options the commands own; plugin options may not shadow them (SPANK-32). */
    static final Set<String> BUILTINS = Stream.of(SubmitOption.values()).map(SubmitOption::longName)
            .collect(Collectors.toUnmodifiableSet());

    /** One Slurm option as given; value null for a flag. */
    record Given(SubmitOption option, String value) {
    }

    final List<Given> options = new ArrayList<>();
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

        PluginOptions NONE = new PluginOptions() {
            @Override
            public boolean knows(String name) {
                return false;
            }

            @Override
            public int hasArg(String name) {
                return 0;
            }
        };
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
            throw new BadOption("heterogeneous job steps (srun/salloc components separated by ':') are not supported by the bench yet");
        }
        return c;
    }

    /**
     * sbatch's heterogeneous job: the words split at each standalone ':' into components, each
     * with its own options; the batch script and its arguments follow the last component.
     * A command line without ':' is one component.
     */
    static List<CommandLine> components(List<String> args, PluginOptions plugins) throws BadOption {
        List<List<String>> parts = new ArrayList<>();
        List<String> current = new ArrayList<>();
        boolean optionsEnded = false;
        for (String a : args) {
            if (a.equals(":") && !optionsEnded) {
                parts.add(current);
                current = new ArrayList<>();
            } else {
                current.add(a);
                optionsEnded |= !a.startsWith("-") && !current.isEmpty() && takesNoValue(current);
            }
        }
        parts.add(current);
        List<CommandLine> out = new ArrayList<>();
        for (List<String> p : parts) {
            out.add(parse(p, plugins));
        }
        // the script belongs to the job: keep it with component 0
        CommandLine last = out.get(out.size() - 1);
        if (out.size() > 1) {
            out.get(0).command.addAll(last.command);
            last.command.clear();
        }
        return out;
    }

    /** Whether the word just added is not the value of the option before it (so it starts the command). */
    private static boolean takesNoValue(List<String> words) {
        if (words.size() < 2) {
            return true;
        }
        String prev = words.get(words.size() - 2);
        if (!prev.startsWith("-") || prev.contains("=")) {
            return true;
        }
        Optional<SubmitOption> o = prev.startsWith("--") ? SubmitOption.byLongName(prev.substring(2))
                : prev.length() == 2 ? SubmitOption.byShortName(prev.charAt(1)) : Optional.empty();
        return o.map(x -> x.arg() != SubmitOption.Arg.REQUIRED).orElse(true);
    }

    private int longOption(List<String> args, int i, PluginOptions plugins) throws BadOption {
        String a = args.get(i).substring(2);
        int eq = a.indexOf('=');
        String name = eq < 0 ? a : a.substring(0, eq);
        String value = eq < 0 ? null : a.substring(eq + 1);
        Optional<SubmitOption> own = SubmitOption.byLongName(name);
        if (own.isPresent()) {
            return given(own.get(), value, args, i, "--" + name);
        }
        if (!plugins.knows(name)) {
            throw new BadOption("unrecognized option '--" + a + "'"); // glibc names the whole word, value and all
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

    /** Records a Slurm option; takes the next word as its argument when it needs one. */
    private int given(SubmitOption o, String value, List<String> args, int i, String spelled) throws BadOption {
        if (o.arg() == SubmitOption.Arg.NONE && value != null) {
            throw new BadOption("option '" + spelled + "' doesn't allow an argument");
        }
        if (o.arg() == SubmitOption.Arg.REQUIRED && value == null) {
            if (i + 1 >= args.size()) {
                throw new BadOption("option '" + spelled + "' requires an argument");
            }
            value = args.get(++i);
        }
        if (o == SubmitOption.VERBOSE) {
            verbosity++;
        } else if (o == SubmitOption.HELP) {
            help = true;
        }
        options.add(new Given(o, value));
        return i;
    }

    private int shortOptions(List<String> args, int i) throws BadOption {
        String a = args.get(i);
        for (int k = 1; k < a.length(); k++) {
            char ch = a.charAt(k);
            SubmitOption o = SubmitOption.byShortName(ch).orElseThrow(() -> new BadOption("invalid option -- '" + ch + "'"));
            if (o.arg() == SubmitOption.Arg.NONE) {
                given(o, null, args, i, "-" + ch);
                continue;
            }
            String rest = a.substring(k + 1);
            return rest.isEmpty() ? given(o, null, args, i, "-" + ch) : given(o, rest, args, i, "-" + ch);
        }
        return i;
    }

    /** The value of the last occurrence of {@code option}, if given. */
    Optional<String> last(SubmitOption option) {
        String v = null;
        boolean seen = false;
        for (Given g : options) {
            if (g.option() == option) {
                v = g.value();
                seen = true;
            }
        }
        return seen ? Optional.ofNullable(v) : Optional.empty();
    }
}
