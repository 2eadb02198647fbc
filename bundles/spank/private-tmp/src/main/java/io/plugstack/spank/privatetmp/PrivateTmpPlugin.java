package io.plugstack.spank.privatetmp;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ServiceScope;

import io.plugstack.api.plugin.RuntimeHome;
import io.plugstack.api.spank.Spank;
import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.spank.SpankError;
import io.plugstack.api.spank.SpankPlugin;
import io.plugstack.api.spank.SpankResult;
import io.plugstack.api.user.OnBehalfOf;
import io.plugstack.api.user.PrivateDirectory;

/**
 * A private TMPDIR per job: {@code <base>/slurm-<jobid>}, made in the prolog (or by the first step
 * if the prolog did not run), set as TMPDIR in every step's environment, removed in the epilog (or, with
 * no prolog, when the job's last step on the node ends: {@link StepMarks}).
 * plugstack.conf: {@code optional private-tmp [base=<dir>] [records=<dir>]}; the base is the runtime's own
 * {@code <home>/data/tmp} unless {@code base=} says otherwise ({@link JobTmp}).
 *
 * <p>These callbacks run as root on a node, in a base any user can write to, and a job id can come back
 * (another job of another user, while the first still runs). So the plugin never hands over a directory it
 * did not make for this very job and user: {@link PrivateDirectory#recordedIn} records, in a directory only
 * root writes ({@code <home>/data/private-tmp}, or {@code records=}), which directory (device and inode) it
 * made for which job and uid. The prolog makes and records it; each step (another session, maybe after a
 * runtime restart: nothing is kept in memory, the plugin is prototype-scoped) accepts it only when the
 * record matches; anything else already there (a link, a file, root's or the user's own directory, one made
 * for another uid) is refused, never followed or chowned, and the callback fails naming the path, its owner
 * and whom private-tmp made it for, if anyone (plugstack.conf's required/optional decides the job). The
 * epilog removes only the recorded directory, unlinking links in it without following them, and its record.
 */
@Component(service = SpankPlugin.class, scope = ServiceScope.PROTOTYPE)
public class PrivateTmpPlugin implements SpankPlugin {

    /** The plugin's name, as its records and messages say it. */
    static final String NAME = "private-tmp";

    /** {@code <home>/data/private-tmp} of the runtime this runs in; null outside one (give records=). */
    private final Path homeRecords;

    /** In a runtime (the job_script context's fresh class space too: it makes instances with this constructor). */
    public PrivateTmpPlugin() {
        this(homeRecords());
    }

    PrivateTmpPlugin(Path homeRecords) {
        this.homeRecords = homeRecords;
    }

    @Override
    public int jobProlog(Spank spank, List<String> args) {
        return withDirectory(spank, args, (tmp, user) -> {
            StepMarks marks = new StepMarks(tmp.records());
            marks.locked(() -> {
                marks.prolog(tmp.job());
                tmp.makeHomeBase();
                return directories(tmp).make(tmp.base(), tmp.name(), tmp.job(), user);
            });
        });
    }

    @Override
    public int userInit(Spank spank, List<String> args) {
        return withDirectory(spank, args, (tmp, user) -> {
            StepMarks marks = new StepMarks(tmp.records());
            marks.locked(() -> {
                marks.stepBegins(tmp.job(), step(spank));
                tmp.makeHomeBase();
                return directories(tmp).make(tmp.base(), tmp.name(), tmp.job(), user);
            });
            SpankError e = spank.setenv("TMPDIR", tmp.directory().toString(), true);
            if (e != SpankError.SUCCESS) {
                throw new IOException("cannot set TMPDIR: " + e.strerror());
            }
        });
    }

    /**
     * A step ends (slurmstepd's exit): when no job_prolog made the directory (the bridge built without
     * job_script callbacks, whose job_epilog never comes) and this was the job's last step running here, the
     * directory goes now, so that no job leaves one behind. A later step of the same allocation gets a new one.
     */
    @Override
    public int exit(Spank spank, List<String> args) {
        if (spank.context() != SpankContext.REMOTE) {
            return 0;
        }
        return withDirectory(spank, args, (tmp, user) -> {
            StepMarks marks = new StepMarks(tmp.records());
            marks.locked(() -> {
                if (marks.stepEndsLast(tmp.job(), step(spank))) {
                    directories(tmp).remove(tmp.base(), tmp.name(), tmp.job(), user);
                    marks.forget(tmp.job());
                }
                return null;
            });
        });
    }

    @Override
    public int jobEpilog(Spank spank, List<String> args) {
        return withDirectory(spank, args, (tmp, user) -> {
            directories(tmp).remove(tmp.base(), tmp.name(), tmp.job(), user);
            new StepMarks(tmp.records()).forget(tmp.job());
        });
    }

    private static long step(Spank spank) {
        return spank.stepId().orElse(-1L);
    }

    private static PrivateDirectory directories(JobTmp tmp) {
        return PrivateDirectory.recordedIn(tmp.records(), NAME);
    }

    /**
     * The runtime's home is a framework property; the plugin reads it through the API bundle, which is the
     * same in every class space (the job_script context defines the plugin's own classes afresh, outside any
     * bundle, and makes its instance without Declarative Services).
     */
    private static Path homeRecords() {
        Bundle api = FrameworkUtil.getBundle(Spank.class);
        BundleContext context = api == null ? null : api.getBundleContext();
        String home = context == null ? null : context.getProperty(RuntimeHome.PROPERTY);
        return home == null ? null : new RuntimeHome(Path.of(home).toAbsolutePath()).data().resolve(NAME);
    }

    private interface DirectoryAction {
        void apply(JobTmp tmp, OnBehalfOf user) throws IOException;
    }

    private int withDirectory(Spank spank, List<String> args, DirectoryAction action) {
        SpankResult<Long> job = spank.jobId();
        SpankResult<Long> uid = spank.uid();
        SpankResult<Long> gid = spank.gid();
        for (SpankResult<Long> r : List.of(job, uid, gid)) {
            if (!r.isSuccess()) {
                spank.log().error(NAME + ": no job here: " + r.error().strerror());
                return -1;
            }
        }
        try {
            action.apply(JobTmp.of(args, job.orElseThrow(), homeRecords), OnBehalfOf.user(uid.orElseThrow(), gid.orElseThrow()));
            return 0;
        } catch (IllegalArgumentException | IOException e) {
            spank.log().error(NAME + ": " + e.getMessage());
            return -1;
        }
    }
}
