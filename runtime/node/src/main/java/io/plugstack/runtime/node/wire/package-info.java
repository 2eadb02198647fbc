/**
 * The wire protocol between the C SPANK bridge ({@code plugstack_bridge.so} in srun, sbatch, salloc,
 * slurmstepd and slurmd) and the node daemon: one table, documented in runtime/bridge/PROTOCOL.md and
 * pinned by golden frames that the C and the Java tests both read.
 */
package io.plugstack.runtime.node.wire;
