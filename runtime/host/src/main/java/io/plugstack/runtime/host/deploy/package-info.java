/** The hot-deploy folder as a service: what the shell's deploy and undeploy commands ask of the host. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.1.0")
package io.plugstack.runtime.host.deploy;
