package io.plugstack.runtime.host.internal;

import org.osgi.framework.Bundle;

/** OSGi bundle state constants as the words the shell shows. */
final class BundleStates {
    private BundleStates() {
    }

    static String name(int state) {
        return switch (state) {
            case Bundle.INSTALLED -> "INSTALLED";
            case Bundle.RESOLVED -> "RESOLVED";
            case Bundle.STARTING -> "STARTING";
            case Bundle.STOPPING -> "STOPPING";
            case Bundle.ACTIVE -> "ACTIVE";
            case Bundle.UNINSTALLED -> "UNINSTALLED";
            default -> "UNKNOWN(" + state + ")";
        };
    }
}
