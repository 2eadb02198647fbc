/** The host's catalog of plugin bundles: for the shell and the stacks. 0.3.0: {@code PluginCatalog.selectAndTake}. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.4.0")
package io.plugstack.runtime.host.catalog;
