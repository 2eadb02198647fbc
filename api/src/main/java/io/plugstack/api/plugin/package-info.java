/**
 * The generic Slurm plugin layer shared by every plugin family (plugin-api.txt): what makes a bundle a
 * Slurm plugin, whatever its family.
 *
 * <h2>Where to start</h2>
 * A plugin author needs little here: the family interfaces extend {@link io.plugstack.api.plugin.SlurmPlugin}
 * (the loader's optional {@code init}/{@code fini}), and the bundle's manifest carries the identity
 * headers of {@link io.plugstack.api.plugin.PluginHeaders} ({@code Slurm-Plugin-Type},
 * {@code Slurm-Plugin-Name}, {@code Slurm-Plugin-Version} = {@link io.plugstack.api.plugin.SlurmRelease#BUILT_FOR}
 * of the API compiled against, and optionally {@code Slurm-Plugin-Releases}), checked before any of the
 * plugin's code runs ({@link io.plugstack.api.plugin.PluginIdentity}). {@link io.plugstack.api.plugin.PluginLog}
 * writes Slurm-style log lines; {@link io.plugstack.api.plugin.ReleaseBehaviour} says what differs between the
 * Slurm releases the runtime can play. The rest serves the runtime.
 *
 * <p>0.6.0: {@code SlurmVersion.ofVersionString}.
 * 0.5.0: {@code PluginFamily.instancePerSession()}, {@code PluginFamily.ownProcesses()}.
 * 0.4.0: {@code ReleaseBehaviour}, {@code SlurmVersion.running}, {@code SlurmVersion.RELEASE_PROPERTY}.
 * 0.2.0: {@code PluginFamily.callTimeoutProperty()}, {@code defaultCallTimeoutMs()}, {@code FrameworkProperty}.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.6.0")
package io.plugstack.api.plugin;
