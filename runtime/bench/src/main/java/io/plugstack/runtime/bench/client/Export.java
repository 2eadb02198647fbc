package io.plugstack.runtime.bench.client;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** sbatch --export: ALL (the default), NONE, or [ALL,]NAME[=value],... — the batch job's environment. */
final class Export {
    private Export() {
    }

    static List<String> environment(String spec, Map<String, String> env) {
        List<String> out = new ArrayList<>();
        String[] words = spec.split(",");
        boolean all = spec.equals("ALL") || words[0].equals("ALL");
        if (all) {
            env.forEach((k, v) -> out.add(k + "=" + v));
        } else {
            env.forEach((k, v) -> {
                if (k.startsWith("SLURM_")) {
                    out.add(k + "=" + v); // Slurm's own variables always travel
                }
            });
        }
        for (String w : words) {
            if (w.equals("ALL") || w.equals("NONE") || w.isBlank()) {
                continue;
            }
            int eq = w.indexOf('=');
            String name = eq < 0 ? w : w.substring(0, eq);
            String value = eq < 0 ? env.get(w) : w.substring(eq + 1);
            out.removeIf(e -> e.startsWith(name + "="));
            if (value != null) {
                out.add(name + "=" + value);
            }
        }
        return out;
    }
}
