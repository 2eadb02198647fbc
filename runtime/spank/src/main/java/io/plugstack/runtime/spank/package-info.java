/** The SPANK stack service: stacks per context from plugstack.conf and the plugin catalog. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.1.0")
package io.plugstack.runtime.spank;
