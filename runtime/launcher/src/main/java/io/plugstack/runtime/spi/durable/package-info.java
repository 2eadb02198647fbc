/** Writing a state file so that a crash leaves the old or the new one whole (exported by the system bundle). */
package io.plugstack.runtime.spi.durable;
