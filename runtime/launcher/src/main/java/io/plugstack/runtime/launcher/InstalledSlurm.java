package io.plugstack.runtime.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.plugstack.api.plugin.SlurmVersion;

/**
 * The Slurm installed on this node, which a node daemon plays unless told otherwise (issue 27): its release,
 * as its own programs print it ({@code slurmd -V}: "slurm-wlm 22.05.8"), and the Lua version its
 * job_submit/lua and cli_filter/lua link (the liblua their ELF file names: Debian 12's link liblua5.1).
 *
 * @param release the release, major.minor.micro; empty when no Slurm program answered
 * @param releaseFrom the program that said it
 * @param lua the Lua version, "5.1" to "5.4"; empty when no Lua plugin of Slurm was found
 * @param luaFrom the plugin file that links it
 */
public record InstalledSlurm(Optional<String> release, String releaseFrom, Optional<String> lua, String luaFrom) {

    /** Where distributions put Slurm's programs, in the order asked. */
    static final List<String> PROGRAMS = List.of("/usr/sbin/slurmd", "/usr/sbin/slurmctld", "/usr/bin/srun", "/usr/bin/sinfo",
            "/usr/local/sbin/slurmd", "/usr/local/bin/srun");
    /** Where distributions put Slurm's plugins (Debian's, RPMs', a source build's). */
    static final List<String> PLUGIN_DIRS = List.of("/usr/lib/x86_64-linux-gnu/slurm-wlm", "/usr/lib/aarch64-linux-gnu/slurm-wlm",
            "/usr/lib64/slurm", "/usr/lib/slurm", "/usr/local/lib/slurm");
    private static final Pattern RELEASE = Pattern.compile("^slurm(?:-wlm)? (.+)$", Pattern.MULTILINE);
    private static final Pattern LIBLUA = Pattern.compile("liblua-?(5\\.[1-4])\\.so|liblua\\.so\\.(5\\.[1-4])");

    /** What this machine has: the first Slurm program that prints its release, the first Lua plugin found. */
    public static InstalledSlurm find() {
        Optional<String> release = Optional.empty();
        String from = "";
        for (String program : PROGRAMS) {
            if (Files.isExecutable(Path.of(program))) {
                release = releaseOf(versionOf(program));
                if (release.isPresent()) {
                    from = program + " -V";
                    break;
                }
            }
        }
        for (String dir : PLUGIN_DIRS) {
            for (String plugin : List.of("job_submit_lua.so", "cli_filter_lua.so")) {
                Path so = Path.of(dir, plugin);
                Optional<String> lua = Files.isRegularFile(so) ? luaOf(so) : Optional.empty();
                if (lua.isPresent()) {
                    return new InstalledSlurm(release, from, lua, so.toString());
                }
            }
        }
        return new InstalledSlurm(release, from, Optional.empty(), "");
    }

    /** "slurm-wlm 22.05.8" (Debian), "slurm 24.11.5" (a source build), "slurm 23.11.0-0rc1" (a pre-release): the release; anything else: none. */
    static Optional<String> releaseOf(String versionLine) {
        Matcher m = RELEASE.matcher(versionLine.strip());
        return m.lookingAt() ? SlurmVersion.ofVersionString(m.group(1)).map(SlurmVersion::toString) : Optional.empty();
    }

    /** The Lua version a shared object links, from the liblua its dynamic section names. */
    static Optional<String> luaOf(Path so) {
        try {
            if (Files.size(so) > 64L << 20) {
                return Optional.empty();
            }
            return luaIn(new String(Files.readAllBytes(so), StandardCharsets.ISO_8859_1));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    static Optional<String> luaIn(String bytes) {
        Matcher m = LIBLUA.matcher(bytes);
        return m.find() ? Optional.of(m.group(1) != null ? m.group(1) : m.group(2)) : Optional.empty();
    }

    /** The program's {@code -V} line, or "" when it does not answer within 5 s. */
    private static String versionOf(String program) {
        Path out = null;
        try {
            out = Files.createTempFile("plugstack-slurm-version", ".txt");
            Process p = new ProcessBuilder(program, "-V").redirectErrorStream(true).redirectOutput(out.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
            if (!p.waitFor(5, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "";
            }
            try (InputStream in = Files.newInputStream(out)) {
                return new String(in.readNBytes(4096), StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        } finally {
            if (out != null) {
                try {
                    Files.deleteIfExists(out);
                } catch (IOException e) {
                    // a temporary file left behind is all
                }
            }
        }
    }
}
