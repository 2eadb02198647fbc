/** plugstack.conf, read byte-compatibly with Slurm's spank.c. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.1.0")
package io.plugstack.runtime.spank.conf;
