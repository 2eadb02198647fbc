package io.plugstack.runtime.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * A node daemon's child role (runtime/node's RoleProcess) starts from the root role's choices: before its
 * framework starts, it copies the root role's version state (the host's plugin-versions.properties) and
 * feature state (the feature installer's features.state) into its own data/, as its own user, so root never
 * writes below a directory the role owns. A file the root role lacks is removed here too.
 */
final class RoleSeed {

    /** The system property naming the root role's data/ (set by the root role when it starts the role). */
    static final String PROPERTY = "plugstack.node.role.seed";
    /** Their names, as runtime/host's VersionStateFile and runtime/feature-installer's FeatureInstaller write them. */
    static final List<String> FILES = List.of("plugin-versions.properties", "features.state");

    private RoleSeed() {
    }

    /** Copies {@link #FILES} from {@code rootData} into {@code ownData}. */
    static void copy(Path rootData, Path ownData) throws IOException {
        Files.createDirectories(ownData);
        for (String name : FILES) {
            Path from = rootData.resolve(name);
            Path to = ownData.resolve(name);
            if (Files.isRegularFile(from, LinkOption.NOFOLLOW_LINKS)) {
                Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
            } else {
                Files.deleteIfExists(to);
            }
        }
    }
}
