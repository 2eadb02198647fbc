package io.plugstack.runtime.bench.options;

import java.util.ArrayList;
import java.util.List;

import io.plugstack.api.jobsubmit.JobDescField;
import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.plugin.ReleaseBehaviour;
import io.plugstack.api.plugin.SlurmVersion;

/**
 * How the GPU options fill the job_desc's TRES strings (slurm_opt.c slurm_opt_create_job_desc and
 * _validate_tres_per_task): --gpus into tres_per_job, --gpus-per-node then --gres into tres_per_node,
 * --gpus-per-task into tres_per_task, --cpus-per-gpu into cpus_per_tres, --mem-per-gpu into
 * mem_per_tres; "gres/gpu:N" from 23.02, "gres:gpu:N" before ({@link ReleaseBehaviour#GRES_TRES_SLASH_FORM}).
 */
final class TresRequests {
    private TresRequests() {
    }

    /** A count, or type:count, per comma-separated item (what --gpus* take). */
    private static final String GPU_ITEM = "([A-Za-z0-9_.-]+:)?\\d+";

    /** The GPU type prefix of the release: "gres/gpu" or "gres:gpu". */
    static String gpu(SlurmVersion release) {
        return ReleaseBehaviour.GRES_TRES_SLASH_FORM.at(release) ? "gres/gpu" : "gres:gpu";
    }

    /** xfmt_tres: each item as "&lt;gpu&gt;:item"; the error of gres_job_state_validate for a malformed one. */
    static String gpus(String value, SlurmVersion release) {
        List<String> out = new ArrayList<>();
        for (String item : value.split(",")) {
            if (!item.matches(GPU_ITEM)) {
                throw new IllegalArgumentException("Invalid generic resource (gres) specification");
            }
            out.add(gpu(release) + ":" + item);
        }
        return String.join(",", out);
    }

    /** --gpus-per-task in tres_per_task: "gres/gpu=N" ("gres/gpu:type=N") in 25.11, "gres:gpu:N" before 23.02. */
    static String perTask(String value, SlurmVersion release) {
        if (!ReleaseBehaviour.GRES_TRES_SLASH_FORM.at(release)) {
            return gpus(value, release);
        }
        gpus(value, release); // the same validation
        int colon = value.lastIndexOf(':');
        return colon < 0 ? "gres/gpu=" + value : "gres/gpu:" + value.substring(0, colon) + "=" + value.substring(colon + 1);
    }

    /** Adds {@code tres} to a TRES list field after what is there (--gres after --gpus-per-node). */
    static void append(JobDescriptor d, JobDescField field, String tres) {
        String before = d.getString(field);
        d.setString(field, before == null ? tres : before + "," + tres);
    }
}
