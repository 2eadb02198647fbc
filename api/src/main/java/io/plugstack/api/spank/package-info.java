/**
 * The SPANK plugin API ({@code slurm/spank.h}, spank(8)) as Java: a plugin is an OSGi service
 * implementing {@link io.plugstack.api.spank.SpankPlugin}; the host passes it a
 * {@link io.plugstack.api.spank.Spank} handle. Emulates Slurm 25.11.
 *
 * <h2>Where to start</h2>
 * <ol>
 * <li>Implement {@link io.plugstack.api.spank.SpankPlugin} and override only the callbacks you need:
 * overriding one is what defining the C symbol is. Each callback's javadoc says in which contexts
 * (srun, slurmstepd, sbatch/salloc/scrontab, slurmd, prolog/epilog) Slurm calls it and what a non-zero
 * return does there; {@link io.plugstack.api.spank.SpankCallback} is the same table as data.</li>
 * <li>Register it as an OSGi service, e.g. a Declarative Services component
 * ({@code @Component(service = SpankPlugin.class, scope = ServiceScope.PROTOTYPE)}), in a bundle whose
 * manifest carries {@code Slurm-Plugin-Type: spank}, {@code Slurm-Plugin-Name} and
 * {@code Slurm-Plugin-Version} ({@link io.plugstack.api.plugin.PluginHeaders}). The scope must be
 * prototype: Slurm loads a SPANK plugin into each srun, sbatch, salloc, slurmstepd and slurmd, so each
 * session gets an instance of its own, and fields are that session's alone, as a C plugin's globals are
 * its process's. A singleton or bundle-scoped service is refused ({@code plugins} shows why): one
 * instance would carry one user's options into another user's job.</li>
 * <li>Talk to Slurm through the handle: items ({@link io.plugstack.api.spank.SpankItem}, e.g.
 * {@link io.plugstack.api.spank.Spank#jobId()}), the job's environment
 * ({@link io.plugstack.api.spank.Spank#setenv}), options ({@link io.plugstack.api.spank.SpankOption},
 * registered in {@code spankInit} and read with {@link io.plugstack.api.spank.Spank#optionGetopt}) and the
 * log ({@link io.plugstack.api.spank.Spank#log()}). Calls answer Slurm's codes
 * ({@link io.plugstack.api.spank.SpankError}, {@link io.plugstack.api.spank.SpankResult}) instead of
 * throwing.</li>
 * </ol>
 *
 * <p>A plugin that adds {@code --project=NAME} to srun and sbatch and exports it as PROJECT into every
 * task:
 * <pre>{@code
 * @Component(service = SpankPlugin.class, scope = ServiceScope.PROTOTYPE)
 * public class ProjectOption implements SpankPlugin {
 *     private final SpankOption project =
 *             new SpankOption("project", "NAME", "charge the job to NAME", SpankOption.Arg.REQUIRED, 0, null);
 *
 *     @Override
 *     public int spankInit(Spank spank, List<String> args) {
 *         return spank.optionRegister(project).code();
 *     }
 *
 *     @Override
 *     public int taskInit(Spank spank, List<String> args) {
 *         SpankResult<Optional<String>> given = spank.optionGetopt(project);
 *         if (given.isSuccess() && given.value().isPresent()) {
 *             return spank.setenv("PROJECT", given.value().get(), true).code();
 *         }
 *         return 0;
 *     }
 * }
 * }</pre>
 *
 * <p>0.2.0: {@code Spank.setTaskNiceness(int)} (a method added to a provider type: minor).
 *
 * <p>0.4.0: option callbacks may take the stack's handle ({@code SpankOptionCallback.withHandle}), to log why
 * they refuse a value.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.4.0")
package io.plugstack.api.spank;
