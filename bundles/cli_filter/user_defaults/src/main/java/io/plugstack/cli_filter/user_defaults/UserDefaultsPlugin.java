package io.plugstack.cli_filter.user_defaults;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.LongFunction;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ServiceScope;
import org.osgi.service.component.annotations.Modified;

import io.plugstack.api.slurm.SlurmCommand;
import io.plugstack.api.clifilter.CliFilterPlugin;
import io.plugstack.api.clifilter.CliOptions;
import io.plugstack.api.user.OnBehalfOf;
import io.plugstack.api.user.UnixUsers;

/**
 * cli_filter/user_defaults (CLI-20…CLI-25): each user's own option defaults, read from
 * {@code <home>/.slurm/defaults} at every setup_defaults call, where home is the password database
 * entry of the command's real uid (not $HOME), and the file is read as that user. A line is {@code [[command:]cluster:]option = value}:
 * <ul>
 * <li>command — salloc, sbatch or srun, compared case-insensitively (ASCII), or exactly {@code *} for
 *     any command; anything else is logged as "Unknown command "&lt;cmd&gt;" in ~/.slurm/defaults, line
 *     &lt;n&gt;" and the line skipped;</li>
 * <li>cluster — applies when it starts with {@code *} or equals ClusterName exactly (case-sensitive);</li>
 * <li>option — a long option name, set through {@link CliOptions#set} only in the pass it belongs to
 *     ({@link EarlyPass}); unknown names and invalid values are silently ignored.</li>
 * </ul>
 * Later lines override earlier ones. A missing or unreadable file means no defaults; an unknown home is
 * logged and also means no defaults. Every hook returns SUCCESS; pre_submit and post_submit do nothing.
 *
 * <p>Slurm takes ClusterName from slurm.conf; here it comes from ConfigAdmin, PID {@value #PID},
 * property {@code cluster_name} (default "cluster"), and a change applies to the next call.
 */
@Component(service = CliFilterPlugin.class, scope = ServiceScope.PROTOTYPE, configurationPid = UserDefaultsPlugin.PID)
public class UserDefaultsPlugin implements CliFilterPlugin {

    static final String PID = "cli_filter.user_defaults";
    static final String PLUGIN_TYPE = "cli_filter/user_defaults";
    /** The file below the home directory, as Slurm names it (USER_DEFAULTS_FILE). */
    static final String USER_DEFAULTS_FILE = ".slurm/defaults";
    static final int SUCCESS = 0;

    /** Configuration. The double underscore makes the property "cluster_name". */
    public @interface Config {
        /** slurm.conf's ClusterName. */
        String cluster__name() default "cluster";
    }

    /** The most of a defaults file that is read (Slurm reads any size; a larger one here is refused and logged). */
    static final int MAX_FILE_BYTES = 1 << 20;

    private final LongFunction<Optional<Path>> defaultsFile;
    private final Logger log;
    private volatile String clusterName;

    @Activate
    public UserDefaultsPlugin(Config config) {
        this(UserDefaultsPlugin::defaultsFileOf, config.cluster__name(), System.getLogger(PLUGIN_TYPE));
    }

    /** For tests: the defaults file is {@code file}, whoever runs the command. */
    UserDefaultsPlugin(Path file, String clusterName, Logger log) {
        this(uid -> Optional.of(file), clusterName, log);
    }

    UserDefaultsPlugin(LongFunction<Optional<Path>> defaultsFile, String clusterName, Logger log) {
        this.defaultsFile = defaultsFile;
        this.clusterName = clusterName;
        this.log = log;
    }

    /** A new ClusterName from ConfigAdmin. */
    @Modified
    void modified(Config config) {
        clusterName = config.cluster__name();
    }

    /**
     * {@code <home>/.slurm/defaults} of {@code uid}, home from the password database (CLI-20: Slurm's
     * {@code uid_to_dir(getuid())}, not $HOME), as Slurm builds it ("%s/%s"); empty if home is unknown.
     */
    static Optional<Path> defaultsFileOf(long uid) {
        return UnixUsers.byUid(uid).map(e -> Path.of(e.home() + "/" + USER_DEFAULTS_FILE));
    }

    @Override
    public int setupDefaults(CliOptions options, boolean early) {
        Optional<Path> file = defaultsFile.apply(options.uid());
        if (file.isEmpty()) {
            log.log(Level.ERROR, "Failed to lookup user homedir to load slurm defaults.");
            return SUCCESS;
        }
        String cluster = clusterName;
        for (DefaultsEntry e : read(file.get(), options.user())) {
            apply(options, early, cluster, e);
        }
        return SUCCESS;
    }

    /**
     * The file's entries, read as the command's user: the host may be root, and the file (or a link
     * in its place) may name what the user cannot read. No file: stock defaults, silently, as in Slurm;
     * one the user cannot read: stock defaults, and a log line naming the path (never its content).
     */
    private List<DefaultsEntry> read(Path file, OnBehalfOf user) {
        try {
            return DefaultsFile.parse(new String(user.readFile(file, MAX_FILE_BYTES), StandardCharsets.UTF_8));
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException e) {
            log.log(Level.ERROR, "cannot read " + e.getMessage() + "; using stock defaults");
            return List.of();
        }
    }

    private void apply(CliOptions options, boolean early, String cluster, DefaultsEntry e) {
        SlurmCommand command = options.command();
        if (e.command() != null && !commandMatches(e, command)) {
            return;
        }
        if (e.cluster() != null && !e.cluster().startsWith("*") && !e.cluster().equals(cluster)) {
            return;
        }
        if (e.option().isEmpty() || !EarlyPass.belongsTo(early, command, e.option())) {
            return;
        }
        options.set(e.option(), e.value()); // false (unknown name, bad value) is ignored, as in Slurm
    }

    /** Whether a line's command token admits {@code running}; logs and refuses an unknown token. */
    private boolean commandMatches(DefaultsEntry e, SlurmCommand running) {
        String token = e.command();
        for (SlurmCommand c : new SlurmCommand[] {SlurmCommand.SALLOC, SlurmCommand.SBATCH, SlurmCommand.SRUN}) {
            if (asciiEqualsIgnoreCase(token, c.slurmName())) {
                return running == c;
            }
        }
        if (token.equals("*")) {
            return true;
        }
        log.log(Level.ERROR, "Unknown command \"" + token + "\" in ~/" + USER_DEFAULTS_FILE + ", line " + e.line());
        return false;
    }

    @Override
    public int preSubmit(CliOptions options, int offset) {
        return SUCCESS;
    }

    @Override
    public void postSubmit(int offset, long jobId, long stepId) {
        // nothing to do
    }

    /** strcasecmp in the C locale: only A-Z and a-z fold. */
    static boolean asciiEqualsIgnoreCase(String a, String b) {
        if (a.length() != b.length()) {
            return false;
        }
        for (int i = 0; i < a.length(); i++) {
            if (asciiLower(a.charAt(i)) != asciiLower(b.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static char asciiLower(char c) {
        return c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c;
    }
}
