/** Which plugin bundles the launcher's resolver hook refused, and why (exported by the system bundle). */
package io.plugstack.runtime.spi.refusals;
