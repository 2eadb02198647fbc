package io.plugstack.spank.privatetmp;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ServiceScope;

import io.plugstack.api.spank.Spank;
import io.plugstack.api.spank.SpankError;
import io.plugstack.api.spank.SpankPlugin;
import io.plugstack.api.spank.SpankResult;

/**
 * A private TMPDIR per job: {@code <base>/slurm-<jobid>}, made in the prolog (or by the first step
 * if the prolog did not run), set as TMPDIR in every step's environment, removed in the epilog.
 * plugstack.conf: {@code optional private-tmp [base=/tmp]}.
 */
@Component(service = SpankPlugin.class, scope = ServiceScope.PROTOTYPE)
public class PrivateTmpPlugin implements SpankPlugin {

    @Override
    public int jobProlog(Spank spank, List<String> args) {
        return withDirectory(spank, args, (dir, uid) -> JobTmp.create(dir, uid));
    }

    @Override
    public int userInit(Spank spank, List<String> args) {
        return withDirectory(spank, args, (dir, uid) -> {
            JobTmp.create(dir, uid);
            SpankError e = spank.setenv("TMPDIR", dir.toString(), true);
            if (e != SpankError.SUCCESS) {
                throw new IOException("cannot set TMPDIR: " + e.strerror());
            }
        });
    }

    @Override
    public int jobEpilog(Spank spank, List<String> args) {
        return withDirectory(spank, args, (dir, uid) -> JobTmp.remove(dir));
    }

    private interface DirectoryAction {
        void apply(Path dir, long uid) throws IOException;
    }

    private static int withDirectory(Spank spank, List<String> args, DirectoryAction action) {
        SpankResult<Long> job = spank.jobId();
        SpankResult<Long> uid = spank.uid();
        if (!job.isSuccess() || !uid.isSuccess()) {
            spank.log().error("private-tmp: no job id here: " + (job.isSuccess() ? uid : job).error().strerror());
            return -1;
        }
        Path dir;
        try {
            dir = JobTmp.directory(args, job.orElseThrow());
            action.apply(dir, uid.orElseThrow());
            return 0;
        } catch (IllegalArgumentException | IOException e) {
            spank.log().error("private-tmp: " + e.getMessage());
            return -1;
        }
    }
}
