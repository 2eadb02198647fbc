/**
 * The bench's command protocol: how a job's srun/sbatch shims reach the runtime that started the job.
 * Like every {@code io.plugstack.runtime.spi} package, exported by the system bundle
 * (org.osgi.framework.system.packages.extra): it lives outside any bundle's class space.
 */
package io.plugstack.runtime.spi.bench;
