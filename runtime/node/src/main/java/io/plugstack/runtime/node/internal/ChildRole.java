package io.plugstack.runtime.node.internal;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.osgi.framework.BundleContext;

/**
 * The roles a root node daemon starts beside itself, one row each (docs/security.md): which sessions it
 * serves, as whom, where its sockets are, and whether it acts for other users through the monitor.
 * {@code roles} in {@value NodeComponent#PID} (else the framework property {@value #ROLES_PROPERTY}) lists
 * the ones a node runs; all of them by default.
 */
enum ChildRole {
    /** srun, sbatch, salloc and their cli_filter shim: SPANK local/allocator and cli_filter, as the user's own command would. */
    USER("user", "user-role", NodeServer.USER_SOCKET, "rw-rw-rw-", true),
    /** slurmctld's job_submit shim: job_submit, as SlurmUser, as slurmctld would. */
    CTLD("ctld", "ctld-role", CtldServer.SOCKET, "rw-------", false);

    static final String ROLES = "roles";
    static final String ROLES_PROPERTY = "plugstack.node.roles";

    /** The value of {@value NodeComponent#ROLE_PROPERTY} in the role's own process. */
    final String name;
    /** Its socket directory in the root role's, and its home in the root home's data/. */
    final String dir;
    /** The socket the root role serves and relays to the role's role.sock, and its mode. */
    final String socket;
    final String mode;
    /** Whether its plugin code acts for other users (through the root role's monitor). */
    final boolean actsForUsers;

    ChildRole(String name, String dir, String socket, String mode, boolean actsForUsers) {
        this.name = name;
        this.dir = dir;
        this.socket = socket;
        this.mode = mode;
        this.actsForUsers = actsForUsers;
    }

    /** The role this process plays, from {@value NodeComponent#ROLE_PROPERTY}; empty in the root role (or a bench). */
    static Optional<ChildRole> of(BundleContext context) {
        String role = context.getProperty(NodeComponent.ROLE_PROPERTY);
        return Arrays.stream(values()).filter(r -> r.name.equals(role)).findFirst();
    }

    /** The roles this node runs ({@value #ROLES}: comma-separated names; unknown names are ignored). */
    static Set<ChildRole> configured(BundleContext context, Map<String, Object> properties) {
        Object v = properties.get(ROLES);
        String list = v != null ? String.valueOf(v) : context.getProperty(ROLES_PROPERTY);
        Set<ChildRole> out = new LinkedHashSet<>();
        for (ChildRole r : values()) {
            if (list == null || Arrays.stream(list.split(",")).map(String::trim).anyMatch(r.name::equals)) {
                out.add(r);
            }
        }
        return out;
    }
}
