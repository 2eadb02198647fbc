package io.plugstack.runtime.bench.api;

/**
 * The simulated node as sinfo/scontrol show it.
 *
 * @param name    node name
 * @param state   IDLE, ALLOCATED, DRAIN
 * @param reason  why it is drained
 * @param slurmdStarts how many times the simulated slurmd has started (restarts + 1)
 */
public record NodeView(String name, String state, String reason, int slurmdStarts) {
}
