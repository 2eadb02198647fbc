/**
 * The generic Slurm plugin layer shared by every plugin family (plugin-api.txt).
 * <p>
 * 0.2.0: {@code PluginFamily.callTimeoutProperty()}, {@code defaultCallTimeoutMs()}, {@code FrameworkProperty}.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.3.0")
package io.plugstack.api.plugin;
