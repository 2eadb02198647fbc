package io.plugstack.runtime.bench.internal;

/**
 * The slurm.conf parameters the bench's controller and commands read, from the ConfigAdmin
 * configuration "plugstack.slurm" (e.g. deploy/plugstack.slurm.cfg), changeable at run time.
 */
record SlurmConfig(String jobSubmitPlugins, String cliFilterPlugins, String clusterName) {

    static final SlurmConfig DEFAULT = new SlurmConfig("", "", "cluster");

    static SlurmConfig of(java.util.Map<String, ?> p) {
        return new SlurmConfig(text(p, "JobSubmitPlugins", ""), text(p, "CliFilterPlugins", ""),
                text(p, "ClusterName", "cluster"));
    }

    private static String text(java.util.Map<String, ?> p, String key, String def) {
        Object v = p.get(key);
        return v == null ? def : String.valueOf(v).trim();
    }
}
