/**
 * The SPANK plugin API ({@code slurm/spank.h}, spank(8)) as Java: a plugin is an OSGi service
 * implementing {@link io.plugstack.api.spank.SpankPlugin}; the host passes it a
 * {@link io.plugstack.api.spank.Spank} handle. Emulates Slurm 25.11.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.1.0")
package io.plugstack.api.spank;
