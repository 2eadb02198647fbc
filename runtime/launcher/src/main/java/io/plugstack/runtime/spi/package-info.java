/**
 * What the launcher shares with bundles: exported by the system bundle
 * (org.osgi.framework.system.packages.extra), so it lives outside any bundle's class space.
 */
package io.plugstack.runtime.spi;
