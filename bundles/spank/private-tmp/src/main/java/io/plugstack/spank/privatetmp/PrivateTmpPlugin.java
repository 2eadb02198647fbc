package io.plugstack.spank.privatetmp;

import java.io.IOException;
import java.util.List;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ServiceScope;

import io.plugstack.api.spank.Spank;
import io.plugstack.api.spank.SpankError;
import io.plugstack.api.spank.SpankPlugin;
import io.plugstack.api.spank.SpankResult;
import io.plugstack.api.user.OnBehalfOf;
import io.plugstack.api.user.PrivateDirectory;

/**
 * A private TMPDIR per job: {@code <base>/slurm-<jobid>}, made in the prolog (or by the first step
 * if the prolog did not run), set as TMPDIR in every step's environment, removed in the epilog.
 * plugstack.conf: {@code optional private-tmp [base=/tmp]}.
 *
 * <p>These callbacks run as root on a node, in a base any user can write to: the directory is made
 * and removed with {@link PrivateDirectory}, which never follows a link and refuses anything already
 * there that is not a private directory of root or the job's user (the callback then fails, naming the
 * path, and plugstack.conf's required/optional decides the job). The epilog removes only a tree of
 * root or the job's user, unlinking links in it without following them.
 */
@Component(service = SpankPlugin.class, scope = ServiceScope.PROTOTYPE)
public class PrivateTmpPlugin implements SpankPlugin {

    @Override
    public int jobProlog(Spank spank, List<String> args) {
        return withDirectory(spank, args, (tmp, user) -> PrivateDirectory.make(tmp.base(), tmp.name(), user));
    }

    @Override
    public int userInit(Spank spank, List<String> args) {
        return withDirectory(spank, args, (tmp, user) -> {
            PrivateDirectory.make(tmp.base(), tmp.name(), user);
            SpankError e = spank.setenv("TMPDIR", tmp.directory().toString(), true);
            if (e != SpankError.SUCCESS) {
                throw new IOException("cannot set TMPDIR: " + e.strerror());
            }
        });
    }

    @Override
    public int jobEpilog(Spank spank, List<String> args) {
        return withDirectory(spank, args, (tmp, user) -> PrivateDirectory.remove(tmp.base(), tmp.name(), user));
    }

    private interface DirectoryAction {
        void apply(JobTmp tmp, OnBehalfOf user) throws IOException;
    }

    private static int withDirectory(Spank spank, List<String> args, DirectoryAction action) {
        SpankResult<Long> job = spank.jobId();
        SpankResult<Long> uid = spank.uid();
        SpankResult<Long> gid = spank.gid();
        for (SpankResult<Long> r : List.of(job, uid, gid)) {
            if (!r.isSuccess()) {
                spank.log().error("private-tmp: no job here: " + r.error().strerror());
                return -1;
            }
        }
        try {
            action.apply(JobTmp.of(args, job.orElseThrow()), OnBehalfOf.user(uid.orElseThrow(), gid.orElseThrow()));
            return 0;
        } catch (IllegalArgumentException | IOException e) {
            spank.log().error("private-tmp: " + e.getMessage());
            return -1;
        }
    }
}
