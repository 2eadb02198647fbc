/** Features as the launcher reads them, and Maven coordinates, for the feature installer and the host (exported by the system bundle). */
package io.plugstack.runtime.spi.features;
