/** The runtime's own log, whatever thread writes to it (exported by the system bundle). */
package io.plugstack.runtime.spi.log;
