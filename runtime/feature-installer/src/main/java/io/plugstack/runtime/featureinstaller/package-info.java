/** Installing, uninstalling and listing features (OSGi Feature files) at run time. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.1.0")
package io.plugstack.runtime.featureinstaller;
