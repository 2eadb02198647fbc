package io.plugstack.itest;

import java.util.List;

/**
 * What a site's cli_filter.lua reads as {@code options.argv} and as json_cli_options' "argv" at pre_submit
 * (the clifilter-probe's two argv lines), the same rows for the bench (LuaPluginsIT) and for Slurm's own
 * cli_filter/lua in a real 22.05 (RealSlurmCliFilterProbeIT): salloc shows none (its option struct keeps
 * no command), sbatch its script as search_path found it, srun its program as typed. {@code <work>} is the
 * directory the command ran in (in JSON with its slashes escaped, as Slurm's serializer writes them); script.sh
 * is there.
 */
public final class CliFilterArgv {

    private CliFilterArgv() {
    }

    /** A command line and the probe's two lines for it. */
    public record Row(String commandLine, String argv, String json) {
    }

    /** The probe's dump with the work directory, plain or JSON-escaped, written {@code <work>}. */
    public static String withWork(String dump, String workDir) {
        return dump.replace(workDir.replace("/", "\\/"), "<work>").replace(workDir, "<work>");
    }

    /** The argv lines of a probe dump. */
    public static List<String> argvLines(String dump) {
        return dump.lines().filter(l -> l.startsWith("argv\t") || l.startsWith("json argv\t")).toList();
    }

    public static final List<Row> ROWS = List.of(
            new Row("salloc true", "argv\t0 ", "json argv\t\"argv\":[]"),
            new Row("salloc -n 1 sh -c true", "argv\t0 ", "json argv\t\"argv\":[]"),
            new Row("srun true", "argv\t1 true", "json argv\t\"argv\":[\"true\"]"),
            new Row("sbatch -H script.sh a b", "argv\t3 <work>/script.sh a b", "json argv\t\"argv\":[\"<work>\\/script.sh\",\"a\",\"b\"]"),
            new Row("sbatch -H ./script.sh", "argv\t1 ./script.sh", "json argv\t\"argv\":[\".\\/script.sh\"]"),
            new Row("sbatch -H --wrap true", "argv\t0 ", "json argv\t\"argv\":[]"));
}
