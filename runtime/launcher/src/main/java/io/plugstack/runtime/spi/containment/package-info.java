/**
 * What plugin code's calls to System.exit, Runtime.exit and Runtime.halt become (exported by the
 * system bundle, so woven plugin classes reach it by a dynamic import).
 */
package io.plugstack.runtime.spi.containment;
