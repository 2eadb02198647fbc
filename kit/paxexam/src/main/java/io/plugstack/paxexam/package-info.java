/**
 * In-container tests of a Plugstack plugin with Pax Exam 4 (JUnit 4 on the JUnit Platform's vintage engine):
 * {@link io.plugstack.paxexam.PlugstackExam} boots the real runtime with the plugin deployed, and
 * {@link io.plugstack.paxexam.BenchShell} runs Slurm commands on its bench.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.1.0")
package io.plugstack.paxexam;
