package io.plugstack.itest.realslurm;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** A real-Slurm test class that runs on Debian 13's Slurm 24.11, in its own Debian root ({@link SlurmUnderTest#DEBIAN_13}). */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface OnDebian13 {
}
