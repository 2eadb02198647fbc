/**
 * Fixtures for job_submit plugins: an in-memory slurmctld ({@link io.plugstack.testkit.jobsubmit.FakeSlurmctld})
 * to hand a plugin as its {@link io.plugstack.api.jobsubmit.Slurmctld} reference, and job records
 * ({@link io.plugstack.testkit.jobsubmit.Jobs}) for job_modify and the controller's job list.
 */
package io.plugstack.testkit.jobsubmit;
