/**
 * Fresh, isolated class spaces for the job_script context: Slurm runs job_prolog/job_epilog in a helper
 * process that builds a new stack every time, so nothing of a plugin survives from one run to the next or
 * comes from the long-lived slurmd instance (SPANK-17, SPANK-10). Here each run defines the plugin's own
 * (private) classes again from a cached {@link io.plugstack.runtime.spank.isolation.PluginJar} in a
 * {@link io.plugstack.runtime.spank.isolation.FreshClassSpace}, delegates everything else to the bundle's
 * wiring loader, and drops the space afterwards.
 *
 * <p>What isolation does not cover (a plugin can still keep its space alive, or share state, through
 * things outside its own classes): threads or timers it starts and leaves running; ThreadLocals it sets
 * on the host's thread (or a pooled one) and does not remove; registrations in JVM-wide or parent-side
 * registries (shutdown hooks, {@code java.util.logging} handlers/levels, {@code DriverManager}, JMX,
 * {@code Thread#setDefaultUncaughtExceptionHandler}, the thread context class loader if it sets one and
 * does not restore it, static fields of imported/API classes, system properties, environment); a
 * {@code ClassValue} or cache in a parent-side class keyed by its classes; native libraries (a JNI library
 * can be loaded by one class loader at a time, so a fresh space cannot load a library the long-lived
 * instance already loaded). Anything of that kind is shared with, or pins, other runs.
 */
package io.plugstack.runtime.spank.isolation;
