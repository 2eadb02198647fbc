package io.plugstack.runtime.bench.options;

import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

import io.plugstack.api.plugin.ReleaseBehaviour;
import io.plugstack.api.plugin.SlurmVersion;
import io.plugstack.api.slurm.MailType;
import io.plugstack.api.slurm.NoVal;
import io.plugstack.api.slurm.SlurmCommand;

/**
 * The renderings of Slurm 25.11's option getters (src/common/slurm_opt.c, each option's get_func),
 * what cli_filter reads as {@code options[name]} and in {@code slurm.json_cli_options}. A getter
 * receives the option's value as given (null when unset, {@link JobOptions#SET} for a flag or an
 * optional argument left out) and answers Slurm's string, or null where Slurm's getter answers NULL.
 */
final class Get {
    private Get() {
    }

    /** What an option's getter answers: Slurm's string, or null (nil in Lua). */
    @FunctionalInterface
    interface Getter {
        String render(String value, OptionState state);
    }

    /** A command-specific getter outside its command (COMMON_SBATCH/SRUN_STRING_OPTION_GET and the like). */
    static final String INVALID_CONTEXT = "invalid-context";

    /** COMMON_STRING_OPTION_GET: the string as set, NULL when unset. */
    static final Getter STRING = (v, s) -> v;

    /** NULL whatever was given (arg_get_help, arg_get_usage: no-ops). */
    static final Getter NONE = (v, s) -> null;

    /** COMMON_BOOL_OPTION's getter: "set" or "unset". */
    static final Getter FLAG = (v, s) -> v == null ? "unset" : "set";

    /** COMMON_TIME_DURATION_OPTION_GET_AND_RESET (--time, --time-min): mins2time_str, NULL when unset. */
    static final Getter DURATION = (v, s) -> v == null ? null : SlurmTime.minsToTimeStr(zeroIsInfinite(SlurmTime.minutes(v)));

    /** COMMON_MBYTES_OPTION_GET (--mem, --mem-per-cpu, --mem-per-gpu): mbytes_to_str, NULL when unset. */
    static final Getter MBYTES = (v, s) -> v == null ? null : mbytesToStr(SlurmUnits.megabytes(v));

    /** arg_get_nodes: "min-max", or "min" when equal; unset is min 1, max 0: "1-0". */
    static final Getter NODES = (v, s) -> {
        if (v == null) {
            return "1-0";
        }
        String[] p = v.trim().split("-", 2);
        return p.length == 1 || p[0].equals(p[1]) ? p[0] : p[0] + "-" + p[1];
    };

    /** arg_get_begin: slurm_make_time_str, "Unknown" for 0 (unset). */
    static final Getter BEGIN = (v, s) -> v == null ? "Unknown"
            : DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss").withZone(ZoneId.systemDefault())
                    .format(Instant.ofEpochSecond(SlurmTime.epochSeconds(v, System.currentTimeMillis() / 1000)));

    /** arg_get_nice: "%d" of the nice value; --nice without a value is 100, unset NO_VAL ("-2"). */
    static final Getter NICE = (v, s) -> v == null ? "-2" : JobOptions.SET.equals(v) ? "100" : Integer.toString(Integer.parseInt(v.trim()));

    /**
     * arg_get_exclusive, for --exclusive and -s/--oversubscribe alike (both set the one shared field):
     * "unset", "exclusive", "oversubscribe", "user" or "mcs".
     */
    static final Getter SHARED = (v, s) -> s.value(SubmitOption.OVERSUBSCRIBE).isPresent() ? "oversubscribe"
            : s.value(SubmitOption.EXCLUSIVE).map(e -> JobOptions.SET.equals(e) ? "exclusive" : e.toLowerCase(java.util.Locale.ROOT))
            .orElse("unset");

    /** arg_get_mail_type: print_mail_type, "NONE" when unset. */
    static final Getter MAIL_TYPE = (v, s) -> MailType.print(v == null ? 0 : MailType.flags(v));

    /** arg_get_chdir: the full path; unset, sbatch and srun have getcwd() (arg_reset_chdir), salloc NULL. */
    static final Getter CHDIR = (v, s) -> v != null ? Path.of(s.workdir()).resolve(v).normalize().toString()
            : s.command() == SlurmCommand.SALLOC ? null : s.workdir();

    /** arg_get_gres: gres_prepend_tres_type's "gres/gpu:1" ("gres:gpu:1" before 23.02); "none" stays. */
    static final Getter GRES = (v, s) -> v == null || v.equalsIgnoreCase("none") ? v : gresTres(v, s.release());

    /** arg_get_uid / arg_get_gid: "%d" of the id the command runs as. */
    static final Getter UID = (v, s) -> Integer.toString((int) s.uid());
    static final Getter GID = (v, s) -> Integer.toString((int) s.gid());

    /** arg_get_requeue, shared by --requeue and --no-requeue: sbatch's setting, "unset" when neither was given. */
    static final Getter REQUEUE = (v, s) -> s.command() != SlurmCommand.SBATCH ? INVALID_CONTEXT
            : s.value(SubmitOption.NO_REQUEUE).isPresent() ? "no-requeue" : s.value(SubmitOption.REQUEUE).isPresent() ? "requeue" : "unset";

    /** COMMON_INT_OPTION_GET: "%d", {@code unset} when not given; a flag given without a value is {@code bare}. */
    static Getter integer(String unset, String bare) {
        return (v, s) -> v == null ? unset : JobOptions.SET.equals(v) ? bare : Integer.toString(Integer.parseInt(v.trim()));
    }

    /** COMMON_INT_OPTION_GET with reset 0 and no default for a bare flag (a count of -v or -Q). */
    static Getter integer(String unset) {
        return integer(unset, unset);
    }

    /** A getter of an option only {@code command}'s opt struct has: "invalid-context" elsewhere. */
    static Getter only(SlurmCommand command, Getter getter) {
        return (v, s) -> s.command() != command ? INVALID_CONTEXT : getter.render(v, s);
    }

    /** A string getter that sees "invalid-context" in salloc (arg_get_export: sbatch, scrontab and srun only). */
    static Getter notSalloc(Getter getter) {
        return (v, s) -> s.command() == SlurmCommand.SALLOC ? INVALID_CONTEXT : getter.render(v, s);
    }

    /** time_str2mins' 0 is INFINITE for --time and --time-min (arg_set_time_limit). */
    private static long zeroIsInfinite(long minutes) {
        return minutes == 0 ? NoVal.INFINITE : minutes;
    }

    /** proc_args.c mbytes_to_str: the largest whole unit of M, G, T, P ("4G", "1500"); 0 walks off the units: "0?". */
    static String mbytesToStr(long mbytes) {
        String unit = "MGTP?";
        int i = 0;
        for (; unit.charAt(i) != '?'; i++) {
            if (mbytes != 0 && mbytes % 1024 != 0) {
                break;
            }
            mbytes /= 1024;
        }
        return unit.charAt(i) == 'M' ? Long.toString(mbytes) : mbytes + String.valueOf(unit.charAt(i));
    }

    /** Each comma-separated GRES with the release's TRES type prefix ("gres/" from 23.02, "gres:" before). */
    static String gresTres(String list, SlurmVersion release) {
        String prefix = ReleaseBehaviour.GRES_TRES_SLASH_FORM.at(release) ? "gres/" : "gres:";
        List<String> out = new ArrayList<>();
        for (String g : list.split(",")) {
            out.add(g.startsWith("gres/") || g.startsWith("gres:") ? prefix + g.substring(5) : prefix + g);
        }
        return String.join(",", out);
    }
}
