/**
 * The SPANK stack service: stacks per context from plugstack.conf and the plugin catalog.
 * <p>
 * 0.2.0: {@code TaskFacts.niceness()} and {@code withNiceness} (methods added to a class: minor).
 * 0.3.0: {@code JobPluginVersions}, {@code SpankSession.versions()}.
 * 0.4.0: {@code SpankStacks.localOptions}, {@code SessionOptions.provided()} (the shell's view of a plugin's options).
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.4.0")
package io.plugstack.runtime.spank;
