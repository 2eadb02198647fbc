/** A SPANK stack, its handle (spank_t) and the job/task facts it reports. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.1.0")
package io.plugstack.runtime.spank.stack;
