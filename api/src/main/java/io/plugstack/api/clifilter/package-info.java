/**
 * The cli_filter plugin API (salloc, sbatch, srun): {@link io.plugstack.api.clifilter.CliFilterPlugin}
 * reads and rewrites command-line options before anything reaches slurmctld.
 *
 * <h2>Where to start</h2>
 * <ol>
 * <li>Implement {@link io.plugstack.api.clifilter.CliFilterPlugin}: {@code setupDefaults} to set default
 * options, {@code preSubmit} to check or change the final options, {@code postSubmit} to log the job id;
 * return 0 to let the command go on, non-zero to stop it.</li>
 * <li>Register it as a prototype-scoped OSGi service
 * ({@code @Component(service = CliFilterPlugin.class, scope = ServiceScope.PROTOTYPE)}): each srun, sbatch
 * and salloc loads its own copy of a cli_filter plugin in Slurm, so each command gets an instance of its
 * own; a singleton is refused. The bundle's manifest carries {@code Slurm-Plugin-Type: cli_filter/<minor>}, {@code Slurm-Plugin-Name} and
 * {@code Slurm-Plugin-Version} ({@link io.plugstack.api.plugin.PluginHeaders}); list the minor in
 * {@code CliFilterPlugins=}.</li>
 * <li>Options are read and set by their long names, as strings, through Slurm's own getters and
 * setters ({@link io.plugstack.api.clifilter.CliOptions}); the user running the command is
 * {@link io.plugstack.api.clifilter.CliOptions#uid()}. A cli_filter can be bypassed: enforce policy in
 * job_submit as well.</li>
 * </ol>
 *
 * <p>A plugin that charges jobs to the account "general" unless the user names another:
 * <pre>{@code
 * @Component(service = CliFilterPlugin.class, scope = ServiceScope.PROTOTYPE)
 * public class DefaultAccount implements CliFilterPlugin {
 *     @Override
 *     public int setupDefaults(CliOptions options, boolean early) {
 *         options.set("account", "general"); // false in the early pass, which is no error
 *         return 0;
 *     }
 *
 *     @Override
 *     public int preSubmit(CliOptions options, int offset) {
 *         return 0;
 *     }
 *
 *     @Override
 *     public void postSubmit(int offset, long jobId, long stepId) {
 *     }
 * }
 * }</pre>
 *
 * <p>0.2.0: {@code CliOptions.log()}, the command's log.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.3.0")
package io.plugstack.api.clifilter;
