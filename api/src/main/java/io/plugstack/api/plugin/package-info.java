/** The generic Slurm plugin layer shared by every plugin family (plugin-api.txt). */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.1.0")
package io.plugstack.api.plugin;
