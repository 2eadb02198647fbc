package io.plugstack.itest.realslurm;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A real-Slurm test class that runs on the Slurm of a Debian suite, in that suite's own Debian root
 * ({@link SlurmUnderTest#ofSuite}): "trixie" (Debian 13, Slurm 24.11), "forky" (Debian testing, Slurm 26.05).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface OnDebian {
    /** The Debian suite whose Slurm the class runs. */
    String value();
}
