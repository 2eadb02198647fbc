/** spank.8's Errors table: what a failed callback does to the command, the node and the job. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.1.0")
package io.plugstack.runtime.spank.outcome;
