/**
 * The generic Slurm plugin layer shared by every plugin family (plugin-api.txt).
 * <p>
 * 0.4.0: {@code ReleaseBehaviour}, {@code SlurmVersion.running}, {@code SlurmVersion.RELEASE_PROPERTY}.
 * 0.2.0: {@code PluginFamily.callTimeoutProperty()}, {@code defaultCallTimeoutMs()}, {@code FrameworkProperty}.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.4.0")
package io.plugstack.api.plugin;
