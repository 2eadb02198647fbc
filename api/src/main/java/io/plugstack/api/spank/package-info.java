/**
 * The SPANK plugin API ({@code slurm/spank.h}, spank(8)) as Java: a plugin is an OSGi service
 * implementing {@link io.plugstack.api.spank.SpankPlugin}; the host passes it a
 * {@link io.plugstack.api.spank.Spank} handle. Emulates Slurm 25.11.
 * <p>
 * 0.2.0: {@code Spank.setTaskNiceness(int)} (a method added to a provider type: minor).
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.2.0")
package io.plugstack.api.spank;
